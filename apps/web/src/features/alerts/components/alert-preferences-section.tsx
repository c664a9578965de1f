import { ALERT_KINDS, type AlertKind } from '@coincard/shared';
import { Skeleton, Stack, Switch } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { notifyError } from '../../../lib/notify';
import { SettingsSection } from '../../profile/components/settings-section';
import { useAlertPreferences, useSetEmailAlert } from '../api/alert-preferences';

const LABELS: Record<AlertKind, { label: string; description: string }> = {
  card_purchase: { label: 'Card purchases', description: 'Each purchase made with one of your cards.' },
  card_decline: { label: 'Declined purchases', description: 'A purchase a card refused, and why.' },
  card_refund: { label: 'Refunds', description: 'Money a merchant sent back to a card.' },
  top_up_credited: {
    label: 'Top-ups credited',
    description: 'Crypto received and added to your balance, and what to do when the amount was off.',
  },
  card_low_balance: { label: 'Low card balance', description: 'A purchase left a card with less than $5.00.' },
  card_frozen_by_admin: { label: 'Card frozen by support', description: 'Always sent: it concerns your money.' },
  new_device_sign_in: {
    label: 'Sign-ins from a new device',
    description: 'Always sent: it is how you learn someone else has your password.',
  },
  card_revealed: {
    label: 'Card details shown',
    description: 'Always sent: it is how you learn someone else saw your card number.',
  },
  card_unlocked: {
    label: 'Card unfrozen or its limits loosened',
    description: 'Always sent: it is how you learn someone else opened up one of your cards.',
  },
};

/** Profile Settings: which alerts also arrive by e-mail (all of them always show under the bell). */
export function AlertPreferencesSection() {
  const preferences = useAlertPreferences();
  const setEmail = useSetEmailAlert();
  return (
    <SettingsSection
      id="alert-emails-title"
      title="E-mail alerts"
      description="Every alert shows under the bell at the top of the page. Choose which ones we also e-mail you."
    >
      {preferences.isPending ? (
        <Stack gap="md" aria-label="Loading e-mail alert choices" aria-busy>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : preferences.isError ? (
        <ErrorState
          title="Your choices did not load"
          message="Check your connection and try again."
          onRetry={() => void preferences.refetch()}
          headingLevel={3}
        />
      ) : (
        <Stack gap="md">
          {ALERT_KINDS.map((kind) => {
            const locked = preferences.data.alwaysMailed.includes(kind);
            const pending = setEmail.isPending && setEmail.variables?.kind === kind;
            return (
              <Switch
                key={kind}
                label={LABELS[kind].label}
                description={LABELS[kind].description}
                checked={pending ? setEmail.variables.enabled : preferences.data.email[kind]}
                disabled={locked || pending}
                onChange={(event) =>
                  setEmail.mutate(
                    { kind, enabled: event.currentTarget.checked },
                    { onError: (error) => notifyError(error, 'Your choice was not saved. Please try again.') },
                  )
                }
              />
            );
          })}
        </Stack>
      )}
    </SettingsSection>
  );
}
