import {
  DEPOSIT_MIN_CENTS,
  formatCents,
  REFERRAL_LINK_MIN_BALANCE_CENTS,
  REFERRAL_PAYOUT_MILESTONE_CENTS,
  REFERRED_FIRST_CARD_REWARD_CENTS,
  REFERRER_FIRST_CARD_REWARD_CENTS,
  REFERRER_SIGNUP_REWARD_CENTS,
} from '@coincard/shared';
import { Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '../../../icons/create-icon';
import { IconCash } from '../../../icons/IconCash';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconLink } from '../../../icons/IconLink';
import { IconMailCheck } from '../../../icons/IconMailCheck';
import { IconWallet } from '../../../icons/IconWallet';

type Step = { icon: TablerIcon; title: string; text: string };

const STEPS: Step[] = [
  {
    icon: IconWallet,
    title: `Keep ${formatCents(REFERRAL_LINK_MIN_BALANCE_CENTS)} in your balance`,
    text: 'Your link is active while your account balance is at least that much.',
  },
  {
    icon: IconLink,
    title: 'Share your link',
    text: 'Friends open it and sign up; the link carries your code, nothing to type.',
  },
  {
    icon: IconMailCheck,
    title: `They verify their e-mail: you earn ${formatCents(REFERRER_SIGNUP_REWARD_CENTS)}`,
    text: `The referral applies when their address is verified. Your reward is held until they have added ${formatCents(DEPOSIT_MIN_CENTS)} or more.`,
  },
  {
    icon: IconCreditCard,
    title: `They create their first card: you earn ${formatCents(REFERRER_FIRST_CARD_REWARD_CENTS)}`,
    text: `And they get ${formatCents(REFERRED_FIRST_CARD_REWARD_CENTS)} in their balance. Your reward is held until the card is issued. Each reward is paid once per friend.`,
  },
  {
    icon: IconCash,
    title: `Withdraw from ${formatCents(REFERRAL_PAYOUT_MILESTONE_CENTS)}`,
    text: 'Once your earnings reach the payout, Withdraw moves them into your account balance, ready for your cards.',
  },
];

/** The rules of the programme in five steps. */
export function ReferralHowItWorks() {
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <Group component="li" key={title} gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size={40} aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Box>
            <Text fw={600} size="sm">
              <Text span c="dimmed" inherit>
                {index + 1}.{' '}
              </Text>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Box>
        </Group>
      ))}
    </Stack>
  );
}
