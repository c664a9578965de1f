import type { AuditEntry } from '@coincard/shared';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from './format-date';

/** Areas whose name belongs in the reading ("Card created"); for the others it goes without saying ("Login"). */
const NAMED_AREAS = new Set(['card', 'referral', 'user', 'session']);

/**
 * "admin.user_suspended" → "User suspended", "card.created" → "Card created", "auth.login" → "Login": the action in
 * words, for reading; the code stays beside it.
 */
export function describeAction(action: string): string {
  const dot = action.indexOf('.');
  const area = dot > 0 ? action.slice(0, dot) : '';
  const rest = dot > 0 ? action.slice(dot + 1) : action;
  const words = `${NAMED_AREAS.has(area) ? `${area} ` : ''}${rest}`.replaceAll('_', ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : action;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function AuditUser({ user, missing }: { user: AuditEntry['actor']; missing: string }) {
  if (!user) {
    return (
      <Text size="sm" c="dimmed" aria-label={missing}>
        —
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/users/${user._id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {user.email}
    </Anchor>
  );
}

function Details({ details }: { details: AuditEntry['details'] }) {
  const entries = Object.entries(details);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" aria-label="No details">
        —
      </Text>
    );
  }
  return (
    <Box component="dl" m={0} style={{ overflowWrap: 'anywhere' }}>
      {entries.map(([key, value]) => (
        <Text key={key} size="xs" component="div">
          <Text component="dt" display="inline" c="dimmed" inherit>
            {key}:
          </Text>{' '}
          <Text component="dd" display="inline" m={0} ff="monospace" inherit>
            {formatValue(value)}
          </Text>
        </Text>
      ))}
    </Box>
  );
}

type AuditColumnOptions = { withTarget?: boolean };

/** The audit log's columns: When, Action, Actor, Target, From (ip), Details; a user links to their detail page. */
export function auditColumns({ withTarget = true }: AuditColumnOptions = {}): DataTableColumn<AuditEntry>[] {
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'when',
      header: 'When',
      width: 176,
      render: (entry) => (
        <Text component="time" dateTime={entry.createdAt} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.createdAt)}
        </Text>
      ),
      renderStacked: (entry) => (
        <Text component="time" dateTime={entry.createdAt} size="xs" c="dimmed">
          {formatDateTime(entry.createdAt)}
        </Text>
      ),
      stacked: 'aside',
      skeleton: { w: 120, h: 12 },
    },
    {
      key: 'action',
      header: 'Action',
      width: 200,
      render: (entry) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {describeAction(entry.action)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {entry.action}
          </Text>
        </Stack>
      ),
      stacked: 'title',
      skeleton: { w: 130, h: 12 },
    },
    {
      key: 'actor',
      header: 'Actor',
      render: (entry) => <AuditUser user={entry.actor} missing="No actor recorded" />,
      skeleton: { w: 140, h: 12 },
    },
  ];
  if (withTarget) {
    columns.push({
      key: 'target',
      header: 'Target',
      render: (entry) => <AuditUser user={entry.target} missing="No target" />,
      skeleton: { w: 140, h: 12 },
    });
  }
  columns.push(
    {
      key: 'ip',
      header: 'From',
      // Room for a whole IPv4 address on one line; IPv6 wraps anywhere.
      width: 144,
      render: (entry) =>
        entry.ip ? (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {entry.ip}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" aria-label="Unknown address">
            —
          </Text>
        ),
      skeleton: { w: 90, h: 12 },
    },
    {
      key: 'details',
      header: 'Details',
      render: (entry) => <Details details={entry.details} />,
      skeleton: { w: 120, h: 12 },
    },
  );
  return columns;
}
