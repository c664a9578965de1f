import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../components/toasts';
import { colorSchemeManager } from '../lib/color-scheme-storage';
import { cssVariablesResolver, theme } from '../theme';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

/** Theme, toasts and the query cache: everything a page needs around it. */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
