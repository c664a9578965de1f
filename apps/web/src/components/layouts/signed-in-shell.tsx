import { Box, Container, Group } from '@mantine/core';
import { Logo } from '../logo';
import { PageLoader } from '../page-loader';

/** AppShell's header height in the signed-in layouts (user-layout.tsx). */
const HEADER_HEIGHT = 64;

/**
 * What a signed-in address shows until the session and the page's code are in: the top bar with the logo, and the
 * session check's spinner below it. The web build prerenders it into the HTML of the signed-in addresses
 * (build-plugins/prerender-pages.ts), so a returning phone paints the app's frame before any code arrives. Only
 * components whose CSS comes with index.html are used: the header is a plain box placed like AppShell's, whose CSS
 * comes with the layouts' code.
 */
export function SignedInShell() {
  return (
    <>
      <Box
        component="header"
        style={{
          position: 'fixed',
          top: 0,
          insetInline: 0,
          height: HEADER_HEIGHT,
          zIndex: 100,
          backgroundColor: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <Container size="lg" h="100%">
          <Group h="100%" wrap="nowrap">
            <Logo size="sm" />
          </Group>
        </Container>
      </Box>
      <Box component="main" pt={HEADER_HEIGHT}>
        <PageLoader label="Checking your session" />
      </Box>
    </>
  );
}
