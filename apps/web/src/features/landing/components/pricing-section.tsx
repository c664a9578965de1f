import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { pricing } from '../content/pricing';
import { LandingSection } from './landing-section';

type Price = { name: string; price: string; unit: string; detail: string; highlight?: boolean };

const prices: Price[] = [
  {
    name: 'Card creation',
    price: pricing.creationFee,
    unit: 'one-time, first month included',
    detail: `A new card is ready at once. Hold up to ${pricing.maxCards} cards at the same time.`,
    highlight: true,
  },
  {
    name: 'Monthly card fee',
    price: pricing.monthlyFee,
    unit: 'per card',
    detail: 'From the second month, paid from your balance or, if that is empty, from the card.',
  },
  {
    name: 'Card load fee',
    price: pricing.loadFee,
    unit: 'per load',
    detail: `Loading ${pricing.exampleLoad} costs ${pricing.exampleLoadFee} in fees.`,
  },
  {
    name: 'Unloading a card',
    price: 'Free',
    unit: 'no fee',
    detail: `Move money back to your balance. ${pricing.cardMinRemaining} stays on the card.`,
  },
];

export function PricingSection() {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple, published fees"
      description={`Four fees, all listed here. Deposits of ${pricing.depositMin} to ${pricing.depositMax} reach your balance in US dollars; the network fee of your wallet is set by the blockchain, not by us.`}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'md', md: 'lg' }}>
        {prices.map((item) => (
          <Card
            key={item.name}
            withBorder
            radius="lg"
            padding="lg"
            shadow={item.highlight ? 'md' : 'xs'}
            style={item.highlight ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
          >
            <Stack gap={6}>
              <Title order={3} fz="sm" fw={600} c="dimmed">
                {item.name}
              </Title>
              <Text fz={28} fw={750} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em' }}>
                {item.price}
              </Text>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
                {item.unit}
              </Text>
              <Text fz="sm" c="dimmed" mt={4} lh={1.6}>
                {item.detail}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text ta="center" fz="sm" c="dimmed" mt="xl">
        Each card can be loaded with up to {pricing.monthlyLimit} per calendar month.
      </Text>
    </LandingSection>
  );
}
