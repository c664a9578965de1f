import { AUDIT_ACTIONS, idSchema } from '@coincard/shared';
import { Autocomplete, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { IconFilter } from '../../../icons/IconFilter';
import { IconFilterOff } from '../../../icons/IconFilterOff';
import { type AuditFilters, NO_AUDIT_FILTERS } from '../api/get-audit-log';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as the value of a datetime-local input, in the admin's own time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO date-time; `to` covers its whole minute. */
export function fromLocalInput(value: string, edge: 'from' | 'to'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + (edge === 'to' ? 59_999 : 0)).toISOString();
}

type Draft = { action: string; actorId: string; targetUserId: string; from: string; to: string };

const draftOf = (filters: AuditFilters): Draft => ({
  ...filters,
  from: filters.from ? toLocalInput(filters.from) : '',
  to: filters.to ? toLocalInput(filters.to) : '',
});

function idError(value: string): string | null {
  if (!value.trim()) return null;
  return idSchema.safeParse(value.trim()).success ? null : 'Enter a full user id (a UUID).';
}

type AuditFiltersFormProps = { filters: AuditFilters; onApply: (filters: AuditFilters) => void };

/** Action, actor, target and a date range; applied together with Apply filters (or Enter), cleared with Clear. */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [shown, setShown] = useState(filters);
  const [showErrors, setShowErrors] = useState(false);
  // The address changed (back button, a link from a user's page): the form follows it.
  if (shown !== filters && JSON.stringify(shown) !== JSON.stringify(filters)) {
    setShown(filters);
    setDraft(draftOf(filters));
    setShowErrors(false);
  }

  const errors = {
    actorId: idError(draft.actorId),
    targetUserId: idError(draft.targetUserId),
    to:
      draft.from && draft.to && new Date(draft.to).getTime() < new Date(draft.from).getTime()
        ? 'The end must be after the start.'
        : null,
  };
  const hasErrors = Object.values(errors).some((error) => error !== null);
  const set = (name: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (hasErrors) return;
    onApply({
      action: draft.action.trim(),
      actorId: draft.actorId.trim(),
      targetUserId: draft.targetUserId.trim(),
      from: fromLocalInput(draft.from, 'from'),
      to: fromLocalInput(draft.to, 'to'),
    });
  };

  const clear = () => {
    setDraft(draftOf(NO_AUDIT_FILTERS));
    setShowErrors(false);
    onApply(NO_AUDIT_FILTERS);
  };

  const isEmpty = Object.values(draft).every((value) => value === '');
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm" verticalSpacing="sm">
        <Autocomplete
          label="Action"
          placeholder="Any action"
          description="e.g. admin.user_suspended"
          value={draft.action}
          onChange={set('action')}
          data={AUDIT_ACTIONS}
          limit={8}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label="Actor id"
          placeholder="Who did it"
          description="A user id"
          value={draft.actorId}
          onChange={(event) => set('actorId')(event.currentTarget.value)}
          error={showErrors ? errors.actorId : null}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label="Target user id"
          placeholder="Whom it concerned"
          description="A user id"
          value={draft.targetUserId}
          onChange={(event) => set('targetUserId')(event.currentTarget.value)}
          error={showErrors ? errors.targetUserId : null}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          type="datetime-local"
          label="From"
          description="Your local time"
          value={draft.from}
          onChange={(event) => set('from')(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="To"
          description="Your local time, inclusive"
          value={draft.to}
          onChange={(event) => set('to')(event.currentTarget.value)}
          error={showErrors ? errors.to : null}
        />
      </SimpleGrid>
      <Group gap="sm" mt="md">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          Apply filters
        </Button>
        <Button
          type="button"
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={clear}
          disabled={isEmpty && Object.values(filters).every((value) => value === '')}
        >
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
