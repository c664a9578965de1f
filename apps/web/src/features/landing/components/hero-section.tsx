import { formatCents } from '@coincard/shared';
import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CARD_GRADIENTS, CardVisual } from '../../../components/card-visual';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { IconArrowsExchange } from '../../../icons/IconArrowsExchange';
import { IconCheck } from '../../../icons/IconCheck';
import { COIN_COUNT_CLAIM } from '../content/coins';
import { pricing } from '../content/pricing';
import { CoinStrip } from './coin-strip';

const highlights = [
  `${COIN_COUNT_CLAIM} cryptocurrencies`,
  `Up to ${pricing.maxCards} virtual cards`,
  '3DS-protected payments',
];

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      pt={{ base: 40, md: 88 }}
      pb={{ base: 56, md: 96 }}
      style={{
        background:
          'radial-gradient(60rem 32rem at 85% -10%, color-mix(in srgb, var(--mantine-color-navy-5) 16%, transparent), transparent 70%), radial-gradient(40rem 24rem at 0% 110%, color-mix(in srgb, var(--mantine-color-teal-5) 10%, transparent), transparent 70%)',
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" color="teal" size="lg" radius="xl" w="fit-content" tt="none" fw={600}>
              Crypto in, US dollars out
            </Badge>
            <Title
              id="hero-title"
              order={1}
              fz={{ base: 36, sm: 44, md: 54 }}
              lh={1.08}
              style={{ letterSpacing: '-0.03em' }}
            >
              Spend your crypto with a virtual USD card
            </Title>
            <Text fz={{ base: 'md', md: 'xl' }} c="dimmed" maw={540}>
              Fund a virtual Mastercard-style USD card with {COIN_COUNT_CLAIM} cryptocurrencies. Every deposit is
              converted to US dollars automatically, so you can pay online wherever cards are accepted.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/signup" size="md" rightSection={<IconArrowRight size={18} />}>
                Get Started
              </Button>
              <Button component={Link} to={{ hash: 'how-it-works' }} size="md" variant="default">
                See how it works
              </Button>
            </Group>
            <Group component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
              {highlights.map((item) => (
                <Group component="li" key={item} gap={6} wrap="nowrap">
                  <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden="true">
                    <IconCheck size={13} stroke={2.5} />
                  </ThemeIcon>
                  <Text fz="sm" fw={500}>
                    {item}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <HeroVisual />
        </SimpleGrid>
        <Box mt={{ base: 48, md: 72 }}>
          <CoinStrip />
        </Box>
      </Container>
    </Box>
  );
}

function HeroVisual() {
  return (
    <Box pos="relative" mx="auto" w="100%" maw={440} pb={76} pt={8}>
      <CardVisual
        label="Subscriptions"
        last4="8817"
        gradient={CARD_GRADIENTS.midnight}
        style={{ position: 'absolute', top: 0, left: '8%', width: '88%', transform: 'rotate(-7deg)', opacity: 0.9 }}
      />
      <CardVisual label="Everyday" last4="4242" style={{ position: 'relative', marginLeft: 'auto' }} />
      <Paper
        aria-hidden="true"
        shadow="md"
        radius="md"
        withBorder
        p="sm"
        pos="absolute"
        bottom={0}
        left={0}
        style={{ minWidth: 220 }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" radius="xl" size={36}>
            <IconArrowsExchange size={20} />
          </ThemeIcon>
          <Box>
            <Text fz="xs" c="dimmed">
              USDT deposit converted
            </Text>
            <Text fw={700} fz={20} lh={1.3} c="green" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCents(25_000, 'always')}
            </Text>
          </Box>
        </Group>
      </Paper>
    </Box>
  );
}
