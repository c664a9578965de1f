import { Badge, Switch } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useToggleTwoFactorMutation } from '../api/toggle-two-factor';
import { SettingsSection } from './settings-section';

type TwoFactorSectionProps = { isEnabled: boolean };

/** E-mail based two-factor authentication: a code by e-mail at every sign-in. */
export function TwoFactorSection({ isEnabled }: TwoFactorSectionProps) {
  const mutation = useToggleTwoFactorMutation();
  const shownEnabled = mutation.isPending ? Boolean(mutation.variables) : isEnabled;

  return (
    <SettingsSection
      id="two-factor-settings"
      title="Two-Factor Authentication"
      aside={
        isEnabled ? (
          <Badge color="green" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
            Active
          </Badge>
        ) : null
      }
      description="When it is on, we e-mail you a 6-digit code each time you sign in, so a stolen password alone is not enough."
    >
      <Switch
        label="Require an e-mailed code at sign-in"
        checked={shownEnabled}
        disabled={mutation.isPending}
        onChange={(event) => {
          mutation.mutate(event.currentTarget.checked, {
            onSuccess: (response) => notifySuccess(response.message),
            onError: (error) => notifyError(error),
          });
        }}
        size="md"
      />
    </SettingsSection>
  );
}
