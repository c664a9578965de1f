import { Avatar, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconQuote } from '../../../icons/IconQuote';
import { LandingSection } from './landing-section';

const testimonials = [
  {
    name: 'Maya R.',
    role: 'Freelance designer',
    quote:
      'My clients pay me in USDC. I top up in the morning, load a card and my design tools are paid for before lunch.',
  },
  {
    name: 'Daniel K.',
    role: 'Runs a small online shop',
    quote:
      'One card for ads, one for suppliers, one for software. When an ad account went strange I froze that card and the others kept working.',
  },
  {
    name: 'Priya S.',
    role: 'Software engineer',
    quote:
      'The fee is shown before I confirm a load, to the cent. No surprises on the statement at the end of the month.',
  },
];

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow="Testimonials" title="People who spend their crypto with CoinCard">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing={{ base: 'md', md: 'lg' }}>
        {testimonials.map((item) => (
          <Card key={item.name} component="figure" withBorder radius="lg" padding="lg" shadow="xs" m={0}>
            <IconQuote
              size={28}
              stroke={1.5}
              aria-hidden="true"
              style={{ color: 'var(--mantine-primary-color-light-color)' }}
            />
            <Text component="blockquote" fz="md" lh={1.65} mt="sm" mb="lg" mx={0} style={{ flexGrow: 1 }}>
              “{item.quote}”
            </Text>
            <Group component="figcaption" gap="sm" wrap="nowrap">
              <Avatar name={item.name} color="navy" radius="xl" aria-hidden="true" />
              <div>
                <Text fw={600} fz="sm">
                  {item.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {item.role}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
