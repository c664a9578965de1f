import { Alert, Card, Grid, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '../../../icons/IconCheck';
import { IconGift } from '../../../icons/IconGift';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { IconUserPlus } from '../../../icons/IconUserPlus';
import { IconUsers } from '../../../icons/IconUsers';
import { pricing } from '../content/pricing';
import { LandingSection } from './landing-section';

const rewards = [
  {
    icon: IconUserPlus,
    amount: pricing.referralSignupReward,
    title: 'for each verified signup',
    text: 'You earn it as soon as the person you invited confirms their e-mail address.',
  },
  {
    icon: IconUsers,
    amount: pricing.referralFirstCardReward,
    title: 'when they create a first card',
    text: 'You earn it when your referral creates their first virtual card.',
  },
  {
    icon: IconGift,
    amount: pricing.referredFirstCardReward,
    title: 'for your friend',
    text: 'The person you invited gets it on their balance with their first card.',
  },
];

const terms = [
  `Your referral link becomes active once your account balance reaches ${pricing.referralLinkMinBalance}.`,
  `Rewards collect as referral earnings. Withdraw them to your balance once you have earned ${pricing.referralPayoutMilestone}.`,
  'Each reward is paid once per referred person, and only for new accounts that sign up with your link.',
  'Share your link with people you know. Spam, fake accounts and self-referrals are not rewarded.',
];

export function ReferralsSection() {
  return (
    <LandingSection
      id="referrals"
      eyebrow="Referral programme"
      title="Invite friends, both of you earn"
      description="Share your personal link. When a friend signs up and starts using CoinCard, the rewards land in your account."
      tinted
    >
      <Grid gutter={{ base: 32, md: 48 }} align="center">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {rewards.map((reward) => (
              <Card key={reward.title} withBorder radius="lg" padding="lg" shadow="xs">
                <ThemeIcon size={40} radius="md" color="teal" variant="light" aria-hidden="true">
                  <reward.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} mt="md" fz="md" fw={600}>
                  <Text span inherit fz={30} fw={750} display="block" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {reward.amount}
                  </Text>
                  {reward.title}
                </Title>
                <Text fz="sm" c="dimmed" mt={6} lh={1.6}>
                  {reward.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={3} fz="lg">
              The terms, in plain words
            </Title>
            <List
              spacing="sm"
              fz="sm"
              center={false}
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
                  <IconCheck size={13} stroke={2.5} />
                </ThemeIcon>
              }
            >
              {terms.map((term) => (
                <List.Item key={term}>{term}</List.Item>
              ))}
            </List>
            <Alert variant="light" color="navy" icon={<IconInfoCircle aria-hidden="true" />} radius="md">
              Withdrawn rewards move to your account balance in US dollars, ready to load onto a card.
            </Alert>
          </Stack>
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}
