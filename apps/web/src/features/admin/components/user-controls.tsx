import type { User } from '@coincard/shared';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useSetUserSuspensionMutation } from '../api/set-user-suspension';
import { useToggleUserTwoFactorMutation } from '../api/toggle-user-two-factor';

type UserControlsProps = {
  user: User;
  /** The signed-in admin, who cannot suspend themself. */
  adminId: string | undefined;
};

/** Why the suspend button is off (docs/admin.md, Controls), or null when it can be used. */
export function suspendBlockedReason(user: User, adminId: string | undefined): string | null {
  if (user._id === adminId) return 'You cannot suspend your own account.';
  if (user.role === 'admin' && !user.isSuspended) return 'Administrator accounts cannot be suspended.';
  return null;
}

/** The two-factor switch and Suspend Account / Activate Account (after a confirmation). */
export function UserControls({ user, adminId }: UserControlsProps) {
  const twoFactorHelpId = useId();
  const suspendHelpId = useId();
  const twoFactor = useToggleUserTwoFactorMutation(user._id);
  const suspension = useSetUserSuspensionMutation(user._id);
  const [isConfirmOpen, confirm] = useDisclosure(false);

  const shownTwoFactor = twoFactor.isPending ? Boolean(twoFactor.variables) : user.isTwoFactorEnabled;
  const isOtherAdmin = user.role === 'admin' && user._id !== adminId;
  const twoFactorLocked = isOtherAdmin && user.isTwoFactorEnabled;
  const suspendReason = suspendBlockedReason(user, adminId);
  const isSuspended = user.isSuspended;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Switch
          label="Two-factor authentication"
          description="An e-mailed 6-digit code at every sign-in"
          checked={shownTwoFactor}
          disabled={twoFactor.isPending || twoFactorLocked}
          onChange={(event) => twoFactor.mutate(event.currentTarget.checked)}
          aria-describedby={twoFactorLocked ? twoFactorHelpId : undefined}
          size="md"
        />
        {twoFactorLocked ? (
          <Text id={twoFactorHelpId} size="xs" c="dimmed">
            Another administrator&apos;s two-factor can only be turned off by them.
          </Text>
        ) : null}
      </Stack>
      <Stack gap={6} align="flex-start">
        <Button
          color={isSuspended ? 'green' : 'red'}
          variant={isSuspended ? 'filled' : 'light'}
          leftSection={isSuspended ? <IconCircleCheck size={16} aria-hidden /> : <IconBan size={16} aria-hidden />}
          onClick={confirm.open}
          disabled={suspendReason !== null}
          aria-describedby={suspendHelpId}
        >
          {isSuspended ? 'Activate Account' : 'Suspend Account'}
        </Button>
        <Text id={suspendHelpId} size="xs" c="dimmed">
          {suspendReason ??
            (isSuspended
              ? 'The account is suspended: the user cannot sign in.'
              : 'Suspending signs the user out everywhere at once and blocks sign-in.')}
        </Text>
      </Stack>
      <Modal
        opened={isConfirmOpen}
        onClose={confirm.close}
        title={isSuspended ? 'Activate this account?' : 'Suspend this account?'}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {isSuspended ? (
              <>
                <strong>{user.email}</strong> will be able to sign in and use their balance and cards again.
              </>
            ) : (
              <>
                <strong>{user.email}</strong> is signed out everywhere at once and cannot sign in until the account is
                activated again. Nothing is deleted.
              </>
            )}{' '}
            The change is recorded in the audit log.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close}>
              Cancel
            </Button>
            <Button
              color={isSuspended ? 'green' : 'red'}
              loading={suspension.isPending}
              onClick={() => suspension.mutate(!isSuspended, { onSettled: confirm.close })}
              data-autofocus
            >
              {isSuspended ? 'Yes, activate' : 'Yes, suspend'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
