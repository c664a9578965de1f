import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityKind, formatCents, type User } from '@coincard/shared';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from '../../../icons/IconArrowLeft';
import { IconDownload } from '../../../icons/IconDownload';
import { IconSearch } from '../../../icons/IconSearch';
import { semanticColors } from '../../../theme';
import { useCardsQuery } from '../../cards/api/get-cards';
import { exportUrl, useActivityQuery } from '../api/get-activity';
import { StatementTable } from './statement-table';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const DAY_MS = 24 * 60 * 60_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The export's range: the chosen days when both are set, else this month so far (UTC). */
function exportRange(from: string, to: string, now = new Date()): { from: string; to: string; label: string } {
  if (from && to) return { from, to, label: `${from} to ${to}` };
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from: isoDay(first), to: isoDay(now), label: 'this month' };
}

function rangeProblem(from: string, to: string): string | null {
  if (from && to && from > to) return 'The start day is after the end day.';
  if (from && to && Date.parse(to) - Date.parse(from) > 365 * DAY_MS) return 'An export covers at most one year.';
  return null;
}

/**
 * The account statement: every movement of the user's money with the balance after it, filtered by kind, card,
 * days and words, and downloadable as CSV (docs/product-rules.md, Statement).
 */
export function StatementPage({ user }: { user: User }) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const problem = rangeProblem(from, to);
  const reversed = Boolean(from && to && from > to);
  const { data, isPending, isError, refetch, isPlaceholderData } = useActivityQuery({
    page,
    pageSize: PAGE_SIZE,
    kind,
    cardId,
    from: reversed ? null : from || null,
    to: reversed ? null : to || null,
    q: q || null,
  });
  const cards = useCardsQuery();
  const range = exportRange(from, to);
  // Any change of filter starts again at the first page.
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <Button
        component={Link}
        to="/dashboard"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
        px="xs"
      >
        Back to Dashboard
      </Button>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Statement
          </Title>
          <Text c="dimmed" size="sm">
            Every movement of your money, newest first, with your balance after it. Balance now:{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {formatCents(user.balance)}
            </Text>
          </Text>
        </Stack>
        <Button
          component="a"
          href={problem ? undefined : exportUrl(range.from, range.to)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={Boolean(problem)}
        >
          Download CSV ({range.label})
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Merchant, card, coin…"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={100}
            onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
          />
          <Select
            label="Kind"
            placeholder="All kinds"
            clearable
            data={ACTIVITY_KINDS.filter((value) => value !== 'other').map((value) => ({
              value,
              label: ACTIVITY_KIND_LABELS[value],
            }))}
            value={kind}
            onChange={(value) => filtered(setKind)(value as ActivityKind | null)}
          />
          <Select
            label="Card"
            placeholder="All cards"
            clearable
            data={(cards.data ?? []).map((card) => ({ value: card._id, label: card.name }))}
            value={cardId}
            onChange={filtered(setCardId)}
          />
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(event) => filtered(setFrom)(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(event) => filtered(setTo)(event.currentTarget.value)}
            error={reversed ? 'Must be on or after From.' : undefined}
          />
        </SimpleGrid>
        {problem && !reversed ? (
          <Alert mt="sm" variant="light" color={semanticColors.pending} radius="md">
            {problem}
          </Alert>
        ) : null}
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="statement-lines">
        <Stack gap="sm">
          <Title order={2} size="h4" id="statement-lines">
            Lines
          </Title>
          <StatementTable
            label="Your statement"
            lines={data?.items}
            isLoading={isPending}
            isError={isError}
            onRetry={() => void refetch()}
            isRefreshing={isPlaceholderData}
            pagination={data ? { meta: data.meta, page, onChange: setPage } : null}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
