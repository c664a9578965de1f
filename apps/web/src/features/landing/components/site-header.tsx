import { Anchor, Box, Burger, Button, Container, Group, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { HEADER_HEIGHT, LANDING_SECTIONS } from '../content/legal';
import { BrandLogo } from './brand-logo';
import { SectionMenuDrawer } from './section-menu-drawer';

/** Sticky landing header: logo, in-page section links (a drawer on phones), Sign In and Get Started. */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const buttonSize = useMatches({ base: 'xs', sm: 'sm' });
  const logoSize = useMatches<'sm' | 'md'>({ base: 'sm', sm: 'md' });

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
          <BrandLogo size={logoSize} compact />
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
            />
          </Group>
        </Group>
      </Container>
      <SectionMenuDrawer opened={menuOpened} onClose={menu.close} />
    </Box>
  );
}
