import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack, Text, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { HEADER_HEIGHT, LANDING_SECTIONS } from '../content/legal';
import { BrandLogo } from './brand-logo';

/** Sticky landing header: logo, in-page section links (a drawer on phones), Sign In and Get Started. */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const buttonSize = useMatches({ base: 'xs', sm: 'sm' });
  const logoSize = useMatches<'sm' | 'md'>({ base: 'sm', sm: 'md' });
  const navigate = useNavigate();
  const pendingHash = useRef<string | null>(null);

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: HEADER_HEIGHT,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: 'color-mix(in srgb, var(--mantine-color-body) 88%, transparent)',
        backdropFilter: 'saturate(180%) blur(12px)',
        WebkitBackdropFilter: 'saturate(180%) blur(12px)',
      }}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <BrandLogo size={logoSize} />
          <Group component="nav" aria-label="Page sections" gap={4} visibleFrom="md">
            {LANDING_SECTIONS.map((section) => (
              <Anchor
                key={section.id}
                component={Link}
                to={{ hash: section.id }}
                c="var(--mantine-color-text)"
                fz="sm"
                fw={500}
                px="sm"
                py={6}
                underline="never"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                {section.label}
              </Anchor>
            ))}
          </Group>
          <Group gap={8} wrap="nowrap">
            <Box visibleFrom="md">
              <ColorSchemeToggle />
            </Box>
            <Button component={Link} to="/login" variant="default" size={buttonSize}>
              Sign In
            </Button>
            <Button component={Link} to="/signup" size={buttonSize}>
              Get Started
            </Button>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              size="sm"
              hiddenFrom="md"
              aria-label={menuOpened ? 'Close section menu' : 'Open section menu'}
              aria-expanded={menuOpened}
              aria-controls="landing-section-menu"
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        id="landing-section-menu"
        opened={menuOpened}
        onClose={menu.close}
        position="top"
        size="auto"
        title="Jump to"
        hiddenFrom="md"
        onExitTransitionEnd={() => {
          // Navigate once the drawer has closed and handed focus back, so focus can move on to the section.
          if (pendingHash.current) navigate({ hash: pendingHash.current });
          pendingHash.current = null;
        }}
      >
        <Stack component="nav" aria-label="Page sections" gap={4} pb="md">
          {LANDING_SECTIONS.map((section) => (
            <Anchor
              key={section.id}
              component={Link}
              to={{ hash: section.id }}
              onClick={(event) => {
                event.preventDefault();
                pendingHash.current = section.id;
                menu.close();
              }}
              c="var(--mantine-color-text)"
              fw={500}
              py="sm"
              px="xs"
              underline="never"
            >
              {section.label}
            </Anchor>
          ))}
        </Stack>
        <Group justify="space-between" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text fz="sm" c="dimmed">
            Appearance
          </Text>
          <ColorSchemeToggle />
        </Group>
      </Drawer>
    </Box>
  );
}
