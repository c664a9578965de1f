import { OTP_LENGTH } from '@coincard/shared';
import { Button, Grid, Paper, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { IconCoins } from '../../../icons/IconCoins';
import { IconCreditCard } from '../../../icons/IconCreditCard';
import { IconShoppingBag } from '../../../icons/IconShoppingBag';
import { IconUserCheck } from '../../../icons/IconUserCheck';
import { COIN_COUNT_CLAIM } from '../content/coins';
import { pricing } from '../content/pricing';
import { LandingSection } from './landing-section';

const steps = [
  {
    icon: IconUserCheck,
    title: 'Sign up and verify',
    text: `Create an account with your e-mail and confirm it. Turn on two-factor and each login is checked with a ${OTP_LENGTH}-digit one-time code (OTP).`,
  },
  {
    icon: IconCoins,
    title: 'Deposit crypto',
    text: `Pick one of ${COIN_COUNT_CLAIM} coins and a network, and deposit from ${pricing.depositMin} to ${pricing.depositMax}. It reaches your balance in US dollars.`,
  },
  {
    icon: IconCreditCard,
    title: 'Create cards',
    text: `Create up to ${pricing.maxCards} virtual cards, each with a label and its own 3DS code. ${pricing.creationFeeShort} per card, first month included.`,
  },
  {
    icon: IconShoppingBag,
    title: 'Spend',
    text: `Load a card from your balance (${pricing.loadFeeShort}) and pay online in USD. Freeze, unload or delete a card whenever you like.`,
  },
];

export function HowItWorksSection() {
  return (
    <LandingSection
      id="how-it-works"
      eyebrow="How it works"
      title="From crypto to card in four steps"
      description="Most people go from sign-up to their first payment in a single sitting."
    >
      <Grid gutter={{ base: 'xl', md: 64 }} align="center">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
          <Timeline active={steps.length - 1} bulletSize={40} lineWidth={2}>
            {steps.map((step, index) => (
              <Timeline.Item
                key={step.title}
                bullet={<step.icon size={20} stroke={1.8} aria-hidden="true" />}
                title={
                  <Title order={3} fz="lg">
                    <Text span c="dimmed" fz="sm" fw={600} mr={4}>
                      Step {index + 1}
                    </Text>{' '}
                    {step.title}
                  </Title>
                }
              >
                <Text c="dimmed" fz="sm" mt={4} maw={520} lh={1.6}>
                  {step.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', md: 'xl' }} shadow="xs">
            <Stack gap="md">
              <ThemeIcon size={48} radius="md" color="teal" variant="light" aria-hidden="true">
                <IconCreditCard size={26} stroke={1.7} />
              </ThemeIcon>
              <Title order={3} fz="xl">
                You see every fee before you confirm
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                Loading {pricing.exampleLoad} onto a card costs {pricing.exampleLoadFee} in fees, so{' '}
                {pricing.exampleLoadTotal} leaves your balance. Prefer to spend an exact total? Switch on "include fee"
                and we work out the largest amount that fits.
              </Text>
              <Button
                component={Link}
                to="/signup"
                variant="light"
                w="fit-content"
                rightSection={<IconArrowRight size={16} />}
              >
                Create your account
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </LandingSection>
  );
}
