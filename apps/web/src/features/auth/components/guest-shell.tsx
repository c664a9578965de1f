import { Anchor, Box, Center, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { Logo } from '../../../components/logo';

type GuestShellProps = { children: ReactNode; footer?: ReactNode };

/** The frame of the guest pages: logo, a centred card, and room for notices and links below it. */
export function GuestShell({ children, footer }: GuestShellProps) {
  return (
    <Box mih="100dvh" bg="var(--cc-backdrop)">
      <Group justify="space-between" px={{ base: 'sm', sm: 'xl' }} py="md" component="header">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="CoinCard home">
          <Logo />
        </Anchor>
        <ColorSchemeToggle />
      </Group>
      <Center px="sm" pb="xl" component="main">
        <Stack w="100%" maw={460} gap="md">
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
            {children}
          </Paper>
          {footer}
        </Stack>
      </Center>
    </Box>
  );
}
