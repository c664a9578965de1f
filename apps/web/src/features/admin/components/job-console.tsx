import { Paper, Stack, Title } from '@mantine/core';
import { AdminPageHeader } from './admin-page-header';
import { DeadLetters } from './dead-letters';
import { JobQueuesTable } from './job-queues-table';

/** The job engine as an operator sees it from the console: each queue's backlog, and the dead letters to retry. */
export function JobConsole() {
  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Jobs"
        description="Background work: mail, provider events, card movements, checks and schedules. A job that fails is retried with back-off; one that fails for good waits here as a dead letter until you retry it."
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="queues-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="queues-title">
            Queues
          </Title>
          <JobQueuesTable />
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="dead-letters-title"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="dead-letters-title">
            Dead letters
          </Title>
          <DeadLetters />
        </Stack>
      </Paper>
    </Stack>
  );
}
