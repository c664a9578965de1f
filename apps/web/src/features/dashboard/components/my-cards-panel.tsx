import { MAX_CARDS_PER_USER } from '@coincard/shared';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The user's cards. No card exists yet, so it shows the empty state and the (disabled) Create New Card tile. */
export function MyCardsPanel() {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
      component="section"
      aria-labelledby="my-cards-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="my-cards-title">
            My Cards
          </Title>
          <Text size="xs" c="dimmed">
            0 of {MAX_CARDS_PER_USER}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          You have no cards yet. Virtual USD cards you create will appear here with their label, status and balance.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <UnstyledButton
            disabled
            aria-describedby="create-card-tile-help"
            p="md"
            mih={140}
            style={{
              border: '2px dashed var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-lg)',
              cursor: 'not-allowed',
              opacity: 0.75,
            }}
          >
            <Stack align="center" justify="center" gap={6} h="100%">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
                <IconPlus size={22} />
              </ThemeIcon>
              <Text fw={600} size="sm">
                Create New Card
              </Text>
              <Text id="create-card-tile-help" size="xs" c="dimmed" ta="center">
                Available soon
              </Text>
            </Stack>
          </UnstyledButton>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
