import type { User } from '@coincard/shared';
import { Stack, Text, Title } from '@mantine/core';
import { AlertPreferencesSection } from '../../alerts/components/alert-preferences-section';
import { useAuthenticatorStatus } from '../api/authenticator';
import { usePasskeysQuery } from '../api/passkeys';
import { AuthenticatorSection } from './authenticator-section';
import { EmailSection } from './email-section';
import { PasskeysSection } from './passkeys-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

type ProfileSettingsProps = { user: User };

/** The API refuses to leave an administrator without a second factor; the page says so instead of a failing switch. */
const ADMIN_KEEPS_EMAIL_CODES =
  'Administrators always keep a second factor. To turn e-mail codes off, set up the authenticator app or a passkey first.';
const ADMIN_KEEPS_APP =
  'Administrators always keep a second factor. To turn the app off, turn on e-mail codes or add a passkey first.';

/**
 * The signed-in person's own e-mail, password and sign-in protection, for users and administrators alike, and for
 * users which alerts arrive by e-mail.
 */
export function ProfileSettings({ user }: ProfileSettingsProps) {
  const authenticator = useAuthenticatorStatus();
  const isAdmin = user.role === 'admin';
  // Until the authenticator's status is known, an administrator's e-mail codes count as the last factor.
  const hasApp = authenticator.data?.enabled ?? false;
  const hasPasskey = (usePasskeysQuery().data?.passkeys.length ?? 0) > 0;
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Profile Settings
        </Title>
        <Text c="dimmed" size="sm">
          {isAdmin
            ? 'Your e-mail address, password, sign-in protection and where you are signed in.'
            : 'Your e-mail address, password, sign-in protection, where you are signed in and which alerts we e-mail you.'}
        </Text>
      </Stack>
      <EmailSection currentEmail={user.email} />
      <PasswordSection />
      <TwoFactorSection
        isEnabled={user.isTwoFactorEnabled}
        keepOnReason={isAdmin && !hasApp && !hasPasskey ? ADMIN_KEEPS_EMAIL_CODES : undefined}
      />
      <AuthenticatorSection
        keepOnReason={isAdmin && !user.isTwoFactorEnabled && !hasPasskey ? ADMIN_KEEPS_APP : undefined}
      />
      <PasskeysSection />
      <SessionsSection />
      {isAdmin ? null : <AlertPreferencesSection />}
    </Stack>
  );
}
