import type { User } from '@coincard/shared';
import { Stack, Text, Title } from '@mantine/core';
import { AuthenticatorSection } from './authenticator-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { TwoFactorSection } from './two-factor-section';

type ProfileSettingsProps = { user: User };

export function ProfileSettings({ user }: ProfileSettingsProps) {
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Profile Settings
        </Title>
        <Text c="dimmed" size="sm">
          Your e-mail address, password and sign-in protection.
        </Text>
      </Stack>
      <EmailSection currentEmail={user.email} />
      <PasswordSection />
      <TwoFactorSection isEnabled={user.isTwoFactorEnabled} />
      <AuthenticatorSection />
    </Stack>
  );
}
