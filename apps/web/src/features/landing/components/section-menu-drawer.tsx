import { Anchor, Drawer, Group, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { LANDING_SECTIONS } from '../content/legal';

type SectionMenuDrawerProps = { opened: boolean; onClose: () => void };

/** The phone-sized menu of the landing header: the section links and the colour-scheme switch. */
export function SectionMenuDrawer({ opened, onClose }: SectionMenuDrawerProps) {
  const navigate = useNavigate();
  const pendingHash = useRef<string | null>(null);

  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="top"
      hiddenFrom="md"
      onExitTransitionEnd={() => {
        // Navigate once the drawer has closed and handed focus back, so focus can move on to the section.
        if (pendingHash.current) navigate({ hash: pendingHash.current });
        pendingHash.current = null;
      }}
    >
      <Drawer.Overlay />
      <Drawer.Content style={{ height: 'auto' }}>
        <Drawer.Body pt="md">
          <Group justify="space-between" mb="xs">
            <Drawer.Title fw={600}>Jump to</Drawer.Title>
            <Drawer.CloseButton aria-label="Close section menu" />
          </Group>
          <Stack component="nav" aria-label="Page sections" gap={4} pb="md">
            {LANDING_SECTIONS.map((section) => (
              <Anchor
                key={section.id}
                component={Link}
                to={{ hash: section.id }}
                onClick={(event) => {
                  event.preventDefault();
                  pendingHash.current = section.id;
                  onClose();
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
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
