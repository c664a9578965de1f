import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';

/**
 * The HTML of a route as a signed-out visitor first sees it, for build-plugins/prerender-pages.ts. `prerender` waits
 * for every lazily loaded page and guard, so the HTML holds the page itself rather than a loader.
 */
export async function renderRoute(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <App queryClient={createQueryClient()} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
