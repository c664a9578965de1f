import '@fontsource-variable/inter';
// Mantine's global styles; each component's own CSS comes with its code (build-plugins/mantine-component-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');

// A transition renders the first page in slices of a few milliseconds, yielding to the browser in between: a phone
// keeps responding while the landing page builds, instead of freezing for one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
