import { CARD_PIN_LENGTH, OTP_LENGTH } from '@coincard/shared';
import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { IconBolt } from '../../../icons/IconBolt';
import { IconCards } from '../../../icons/IconCards';
import { IconCoins } from '../../../icons/IconCoins';
import { IconGauge } from '../../../icons/IconGauge';
import { IconMailCheck } from '../../../icons/IconMailCheck';
import { IconReceipt } from '../../../icons/IconReceipt';
import { IconShieldLock } from '../../../icons/IconShieldLock';
import { IconSnowflake } from '../../../icons/IconSnowflake';
import { COIN_COUNT_CLAIM } from '../content/coins';
import { pricing } from '../content/pricing';
import { LandingSection } from './landing-section';

type Feature = { icon: ComponentType<{ size?: number; stroke?: number }>; title: string; text: string };

const features: Feature[] = [
  {
    icon: IconBolt,
    title: 'Instant virtual cards',
    text: 'Create a card in seconds and use it online straight away. No plastic, no waiting for the post.',
  },
  {
    icon: IconCards,
    title: `Up to ${pricing.maxCards} cards`,
    text: 'Keep subscriptions, travel and shopping apart, each on its own labelled card with its own balance.',
  },
  {
    icon: IconCoins,
    title: `${COIN_COUNT_CLAIM} cryptocurrencies`,
    text: 'Deposit USDT, USDC, BTC, ETH, SOL, TON and more. Each deposit is converted to US dollars automatically.',
  },
  {
    icon: IconSnowflake,
    title: 'Freeze and unfreeze',
    text: 'Lost track of where a card is saved? Freeze it in one tap and unfreeze it just as quickly.',
  },
  {
    icon: IconShieldLock,
    title: '3DS security',
    text: `Every card has its own ${CARD_PIN_LENGTH}-digit 3DS code for online checkouts, and you can reset it at any time.`,
  },
  {
    icon: IconMailCheck,
    title: 'Two-factor sign-in',
    text: `Turn on e-mail two-factor and every login asks for a fresh ${OTP_LENGTH}-digit code sent to your inbox.`,
  },
  {
    icon: IconGauge,
    title: `${pricing.monthlyLimit} monthly limit`,
    text: `Load up to ${pricing.monthlyLimit} onto each card every calendar month. Enough for everyday spending.`,
  },
  {
    icon: IconReceipt,
    title: 'Transparent fees',
    text: `${pricing.creationFeeShort} to create a card, first month included, then ${pricing.monthlyFeeShort} a month. Loading costs ${pricing.loadFeeShort}.`,
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to spend crypto, nothing you don't"
      description="Virtual USD cards funded from your crypto, with the controls and the clarity you expect from a money app."
      tinted
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'md', md: 'lg' }}>
        {features.map((feature) => (
          <Card key={feature.title} withBorder radius="lg" padding="lg" shadow="xs">
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
              <feature.icon size={24} stroke={1.7} />
            </ThemeIcon>
            <Title order={3} fz="md" mt="md" mb={6}>
              {feature.title}
            </Title>
            <Text fz="sm" c="dimmed" lh={1.6}>
              {feature.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
