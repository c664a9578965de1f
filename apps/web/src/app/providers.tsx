import { TOAST_DURATION_MS } from '@coincard/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '../lib/color-scheme-storage';
import { cssVariablesResolver, theme } from '../theme';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

/** Theme, toasts (5 s) and the query cache: everything a page needs around it. */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Notifications autoClose={TOAST_DURATION_MS} position="top-right" limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
