import type { User } from '@coincard/shared';
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { IconBan } from '../../../icons/IconBan';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconShieldX } from '../../../icons/IconShieldX';
import { useResetUserSecondFactorMutation } from '../api/reset-user-second-factor';
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

/** Why Reset second factor is off (another admin's factors are theirs, one's own are in Profile Settings). */
export function resetBlockedReason(user: User, adminId: string | undefined): string | null {
  if (user._id === adminId) return 'Change your own sign-in methods in Profile Settings.';
  if (user.role === 'admin') return "Another administrator's sign-in methods can only be changed by them.";
  return null;
}

/** Reset second factor, after a confirmation that says what it does and does not do. */
function ResetSecondFactor({ user, adminId }: UserControlsProps) {
  const helpId = useId();
  const reset = useResetUserSecondFactorMutation(user._id);
  const [isOpen, dialog] = useDisclosure(false);
  const reason = resetBlockedReason(user, adminId);
  return (
    <Stack gap={6} align="flex-start">
      <Button
        color="orange"
        variant="light"
        leftSection={<IconShieldX size={16} aria-hidden />}
        onClick={dialog.open}
        disabled={reason !== null}
        aria-describedby={helpId}
      >
        Reset second factor
      </Button>
      <Text id={helpId} size="xs" c="dimmed">
        {reason ?? 'For a user who lost their authenticator app or passkeys: removes them and turns e-mail codes on.'}
      </Text>
      <Modal opened={isOpen} onClose={dialog.close} title="Reset this user's second factor?" centered radius="lg">
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>{user.email}</strong> loses their authenticator app, recovery codes and passkeys, is signed out
            everywhere, and gets an e-mail saying so. Their next sign-in asks for their password and a code mailed to
            them; then they can set up a new authenticator or passkey.
          </Text>
          <Text size="sm">
            Do this only after you have confirmed it is the account holder asking. It does not let you sign in as them.
            The reset is recorded in the audit log.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dialog.close}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSettled: dialog.close })}
              data-autofocus
            >
              Yes, reset
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The two-factor switch, Reset second factor, and Suspend Account / Activate Account (after a confirmation). */
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
      <ResetSecondFactor user={user} adminId={adminId} />
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
