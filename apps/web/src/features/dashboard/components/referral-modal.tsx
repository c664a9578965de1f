import { formatCents, REFERRED_FIRST_CARD_REWARD_CENTS } from '@coincard/shared';
import { Badge, Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { IconGift } from '../../../icons/IconGift';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { hasShownReferralModal, markReferralModalShown } from '../../../lib/referral-modal-flag';

type ReferralInfo = { referralAttempted: boolean; referrerEligible: boolean };

function referralFromState(state: unknown): ReferralInfo | null {
  if (typeof state !== 'object' || state === null || !('referral' in state)) return null;
  const referral = (state as { referral: unknown }).referral;
  if (typeof referral !== 'object' || referral === null) return null;
  const { referralAttempted, referrerEligible } = referral as Partial<ReferralInfo>;
  return { referralAttempted: referralAttempted === true, referrerEligible: referrerEligible === true };
}

/** After e-mail verification: the referral outcome, shown once per browser. */
export function ReferralModal() {
  const location = useLocation();
  const [referral] = useState(() => {
    const info = referralFromState(location.state);
    return info?.referralAttempted && !hasShownReferralModal() ? info : null;
  });
  const [isOpen, setIsOpen] = useState(referral !== null);

  useEffect(() => {
    if (referral) markReferralModalShown();
  }, [referral]);

  if (!referral) return null;
  const isEligible = referral.referrerEligible;

  return (
    <Modal
      opened={isOpen}
      onClose={() => setIsOpen(false)}
      title={isEligible ? 'Referral Applied' : 'Referral Not Applied'}
      centered
      radius="lg"
    >
      <Stack gap="md">
        {isEligible ? (
          <>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" variant="light" color="green" aria-hidden>
                <IconGift size={24} />
              </ThemeIcon>
              <Badge color="yellow" variant="light" size="lg">
                Reward Pending
              </Badge>
            </Group>
            <Text size="sm">
              Your friend&apos;s referral code was applied. Create your first bank card to unlock your{' '}
              {formatCents(REFERRED_FIRST_CARD_REWARD_CENTS)} reward; rewards are credited when the card is activated.
            </Text>
          </>
        ) : (
          <>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
                <IconInfoCircle size={24} />
              </ThemeIcon>
              <Text size="sm">The referral code from your sign-up link could not be applied. Possible reasons:</Text>
            </Group>
            <List size="sm" spacing={6}>
              <List.Item>the referrer&apos;s account is not eligible,</List.Item>
              <List.Item>the code is invalid or expired, or</List.Item>
              <List.Item>the code was already used.</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              Your account works normally either way.
            </Text>
          </>
        )}
        <Button onClick={() => setIsOpen(false)} fullWidth>
          Got it
        </Button>
      </Stack>
    </Modal>
  );
}
