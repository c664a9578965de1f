import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Providers } from './providers';
import { AppRoutes } from './router';

type AppProps = {
  queryClient: QueryClient;
  /** Wraps the routes in a router element: the browser's in main.tsx, a static one when prerendering pages. */
  router: (routes: ReactNode) => ReactNode;
};

/**
 * The whole app, the same tree in the browser and when guest pages are prerendered at build time, so the
 * prerendered HTML hydrates without a difference (a wrapper component on one side only would shift React's ids).
 */
export function App({ queryClient, router }: AppProps) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>{router(<AppRoutes />)}</Providers>
    </StrictMode>
  );
}
