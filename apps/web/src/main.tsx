import '@fontsource-variable/inter';
// Mantine's global styles; each component's own CSS comes with its code (build-plugins/mantine-component-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadSignedInPage } from './app/router';
import { startEarlyGets } from './lib/early-requests';
import { createQueryClient } from './lib/query-client';
import { mayHaveSession } from './lib/session-hint';
import { listenForWindowFocus } from './lib/window-focus';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');

listenForWindowFocus();

const queryClient = createQueryClient();
if (mayHaveSession()) {
  // A visitor who may be signed in: ask who they are and for the page's first data, and fetch the page's code, now
  // and in parallel, rather than when rendering reaches the guard and then the page (one round trip per step on a
  // slow phone). The user query is the guard's own, so the guard finds it answered or in flight; the other reads
  // wait for their queries in src/lib/early-requests.ts.
  startEarlyGets(preloadSignedInPage(window.location.pathname));
  import('./lib/current-user')
    .then(({ currentUserQueryOptions }) => queryClient.prefetchQuery(currentUserQueryOptions))
    .catch(() => undefined);
}

const app = <App queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;

// A transition renders (or hydrates) the first page in slices of a few milliseconds, yielding to the browser in
// between: a phone keeps responding while the page builds, instead of freezing for one long task.
startTransition(() => {
  if (root.firstElementChild) {
    // A page prerendered at build time (build-plugins/prerender-pages.ts): React adopts the HTML already on screen.
    // Until its lazily loaded code arrives, the server's HTML stays as it is.
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
