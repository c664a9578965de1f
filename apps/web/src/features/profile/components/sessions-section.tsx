import type { Session } from '@coincard/shared';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { IconDeviceDesktop } from '../../../icons/IconDeviceDesktop';
import { IconDeviceMobile } from '../../../icons/IconDeviceMobile';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from '../api/sessions';
import { SettingsSection } from './settings-section';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const MOBILE = /iOS|iPadOS|Android/;

function SessionItem({ session }: { session: Session }) {
  const end = useEndSessionMutation();
  const Icon = MOBILE.test(session.device) ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${session.device}${session.current ? ', this device' : ''}`}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 240px' }}>
          <Icon size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Group gap={6}>
              <Text fw={600}>{session.device}</Text>
              {session.current ? (
                <Badge color="green" variant="light" size="sm">
                  This device
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {session.place}
            </Text>
            <Text size="xs" c="dimmed">
              Signed in {when.format(new Date(session.signedInAt))} ·{' '}
              {session.current ? 'Active now' : `Last seen ${when.format(new Date(session.lastSeenAt))}`}
            </Text>
          </Stack>
        </Group>
        {session.current ? null : (
          <Button
            variant="default"
            size="xs"
            loading={end.isPending}
            aria-label={`Sign out ${session.device}, ${session.place}`}
            onClick={() =>
              end.mutate(session._id, {
                onSuccess: (response) => notifySuccess(response.message, 'Signed out'),
                onError: (error) => notifyError(error),
              })
            }
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Where you are signed in: each session's device, rough place (its network, not a lookup) and times, this one
 * marked; any other can be signed out, or all at once.
 */
export function SessionsSection() {
  const query = useSessionsQuery();
  const endOthers = useEndOtherSessionsMutation();
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current).length;

  const body = () => {
    if (query.isPending)
      return (
        <Stack gap="sm" role="status" aria-label="Loading where you are signed in">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      );
    if (query.isError)
      return <ErrorState message="Your sessions could not be loaded." onRetry={() => query.refetch()} />;
    return (
      <Stack gap="md">
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your sessions">
          {sessions.map((session) => (
            <SessionItem key={session._id} session={session} />
          ))}
        </Stack>
        {others > 0 ? (
          <Button
            w="fit-content"
            variant="light"
            color="red"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (response) => notifySuccess(response.message, 'Signed out'),
                onError: (error) => notifyError(error),
              })
            }
          >
            Sign out everywhere else
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            You are not signed in anywhere else.
          </Text>
        )}
      </Stack>
    );
  };

  return (
    <SettingsSection
      id="sessions-settings"
      title="Where you are signed in"
      description="Devices signed in to your account. If you do not recognise one, sign it out and change your password. We e-mail you when a new device signs in."
    >
      {body()}
    </SettingsSection>
  );
}
