import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router';
import { Toasts } from '../components/toasts';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../theme';

type RenderOptions = { route?: InitialEntry; queryClient?: QueryClient };

/** Renders inside the app's providers and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createQueryClient() }: RenderOptions = {},
) {
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Shows where the router is, so tests can assert redirects by text. */
export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Current location">{`${location.pathname}${location.search}`}</output>;
}
