import {
  type AdminCardholder,
  type CARDHOLDER_HISTORY_EVENTS,
  ID_TYPE_LABELS,
  reverifyCardholderBodySchema,
} from '@coincard/shared';
import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { IconRefreshAlert } from '../../../icons/IconRefreshAlert';
import { isApiError } from '../../../lib/api-client';
import { CARDHOLDER_STATUS_LOOK } from '../../../lib/cardholder-status';
import { countryName } from '../../../lib/country-names';
import { errorMessage } from '../../../lib/notify';
import { useUserCardholderQuery } from '../api/get-user-cardholder';
import { useReverifyUserMutation } from '../api/reverify-user';
import { formatDateTime } from './format-date';

type HistoryEvent = (typeof CARDHOLDER_HISTORY_EVENTS)[number];

const EVENT_LABELS: Record<HistoryEvent, { label: string; color: string }> = {
  submitted: { label: 'Submitted', color: 'blue' },
  approved: { label: 'Approved by the issuer', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  needs_more_information: { label: 'More information asked', color: 'yellow' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  reverify_requested: { label: 'Asked to verify again', color: 'orange' },
};

function History({ history }: { history: AdminCardholder['history'] }) {
  if (history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No submission yet.
      </Text>
    );
  }
  return (
    <Timeline active={history.length} bulletSize={14} lineWidth={2} aria-label="Verification history, newest first">
      {history.map((entry) => {
        const look = EVENT_LABELS[entry.event];
        return (
          <Timeline.Item key={entry._id} color={look.color} title={look.label}>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.actor ? ` · by ${entry.actor.email}` : entry.event === 'submitted' ? '' : ' · by the card issuer'}
            </Text>
            {entry.details ? (
              <Text size="sm">
                {entry.details.firstName} {entry.details.lastName}, living in {countryName(entry.details.country)},{' '}
                {ID_TYPE_LABELS[entry.details.idType].toLowerCase()}
              </Text>
            ) : null}
            {entry.reason ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                “{entry.reason}”
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function ReverifyModal({ userId, opened, onClose }: { userId: string; opened: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reverify = useReverifyUserMutation(userId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reverifyCardholderBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Say why.');
      return;
    }
    setFieldError(null);
    reverify.mutate(parsed.data.reason, {
      onSuccess: () => {
        setReason('');
        onClose();
      },
      onError: (error) => setFieldError(isApiError(error) ? (error.fields?.reason ?? null) : null),
    });
  };
  const refusal = reverify.error && !fieldError ? errorMessage(reverify.error, 'The request could not be sent.') : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Ask to verify again?" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The user&apos;s cardholder is removed at once: they cannot create a new card until the issuer approves a new
            verification. Cards they already have keep working; block them on this page if they must stop. The user gets
            an e-mail with your reason, and the request is recorded in the audit log.
          </Text>
          {refusal ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {refusal}
            </Alert>
          ) : null}
          <Textarea
            label="Reason, shown to the user"
            placeholder="The name on your document does not match your account. Please send it again."
            autosize
            minRows={3}
            maxLength={300}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={reverify.isPending}>
              Ask to verify again
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The user's identity verification for support (docs/admin.md): status, dates, the issuer's reasons and each step,
 * never a document number or a date of birth; and the request to verify again.
 */
export function UserVerification({ userId }: { userId: string }) {
  const query = useUserCardholderQuery(userId);
  const [isAsking, asking] = useDisclosure(false);
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-hidden>
        <Skeleton h={22} w={140} />
        <Skeleton h={14} w="70%" />
        <Skeleton h={14} w="50%" />
      </Stack>
    );
  }
  if (query.isError) {
    return <ErrorState title="The verification could not be loaded" onRetry={() => void query.refetch()} />;
  }
  const verification = query.data;
  const look = CARDHOLDER_STATUS_LOOK[verification.status];
  const canAsk = verification.status !== 'not_started';
  return (
    <Stack gap="md">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light" color={look.color} radius="sm" tt="none" size="lg">
              {look.label}
            </Badge>
            {verification.isLegacy ? (
              <Text size="xs" c="dimmed">
                Cardholder from before the verification step
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {verification.submittedAt ? `Last sent ${formatDateTime(verification.submittedAt)}` : 'Nothing sent yet'}
            {verification.decidedAt ? ` · decided ${formatDateTime(verification.decidedAt)}` : ''}
            {` · ${verification.attemptsLeft} attempts left`}
          </Text>
          {verification.reason ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Reason: {verification.reason}
            </Text>
          ) : null}
        </Stack>
        {canAsk ? (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconRefreshAlert size={16} aria-hidden />}
            onClick={asking.open}
          >
            Ask to verify again
          </Button>
        ) : null}
      </Group>
      <History history={verification.history} />
      <ReverifyModal userId={userId} opened={isAsking} onClose={asking.close} />
    </Stack>
  );
}
