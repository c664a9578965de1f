import { PRODUCT_NAME } from '@coincard/shared';
import { Card, Grid, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '../../icons/IconCheck';
import { IconEye } from '../../icons/IconEye';
import { IconLock } from '../../icons/IconLock';
import { IconReceipt } from '../../icons/IconReceipt';
import { IconScale } from '../../icons/IconScale';
import { IconX } from '../../icons/IconX';
import { NOT_A_BANK_DISCLAIMER } from '../../lib/legal-notices';
import { COIN_COUNT_CLAIM } from '../landing/content/coins';
import { pricing } from '../landing/content/pricing';
import { InfoLayout } from './components/info-layout';

const whatItIs = [
  `A way to spend ${COIN_COUNT_CLAIM} cryptocurrencies as US dollars, with automatic conversion on every deposit`,
  `Up to ${pricing.maxCards} virtual Mastercard-style USD cards for online payments, each with its own 3DS code`,
  'A dashboard where you freeze, load, unload and delete cards yourself, at any hour',
  'A referral programme that rewards you and the people you invite',
];

const whatItIsNot = [
  'A bank: balances are not deposits and are not insured',
  'An exchange or a trading app: we convert deposits to USD, we do not trade for you',
  'A crypto wallet: we never hold your private keys or ask for them',
  'Available everywhere: some countries are restricted by regulation',
];

const principles = [
  {
    icon: IconReceipt,
    title: 'Fees you can read',
    text: `${pricing.creationFee} to create a card, ${pricing.monthlyFee} a month from the second month, ${pricing.loadFee} per load. Every fee is shown before you confirm.`,
  },
  {
    icon: IconLock,
    title: 'Security by default',
    text: 'E-mail two-factor sign-in, a 3DS code on every card, and card details fetched from the issuer only when you ask to see them.',
  },
  {
    icon: IconScale,
    title: 'Books that always balance',
    text: 'Every cent that moves is recorded twice, as a debit and a credit, so your balance can always be traced to its entries.',
  },
  {
    icon: IconEye,
    title: 'Straight answers',
    text: 'Plain words in the app and in support replies. If something is not possible, we say so and tell you why.',
  },
];

/** /about: what CoinCard is, what it is not, and how we work. */
export function AboutPage() {
  return (
    <InfoLayout
      title={`About ${PRODUCT_NAME}`}
      eyebrow="Our mission"
      intro="Crypto you already hold should be as easy to spend as the money in a bank account. We built CoinCard so that paying for a subscription, a flight or a tool with crypto takes minutes, with every fee written down first."
    >
      <Stack gap={56}>
        <section aria-labelledby="about-what">
          <Title id="about-what" order={2} fz={{ base: 'xl', md: 26 }} mb="md">
            What {PRODUCT_NAME} is, and what it is not
          </Title>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <ListCard title={`${PRODUCT_NAME} is`} items={whatItIs} positive />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <ListCard title={`${PRODUCT_NAME} is not`} items={whatItIsNot} />
            </Grid.Col>
          </Grid>
        </section>
        <section aria-labelledby="about-how">
          <Title id="about-how" order={2} fz={{ base: 'xl', md: 26 }} mb="md">
            How we work
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {principles.map((item) => (
              <Stack key={item.title} gap="xs">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                  <item.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Title order={3} fz="md">
                  {item.title}
                </Title>
                <Text fz="sm" c="dimmed" lh={1.6}>
                  {item.text}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="about-partners">
          <Title id="about-partners" order={2} fz={{ base: 'xl', md: 26 }} mb="md">
            Our partners
          </Title>
          <Text c="dimmed" lh={1.7}>
            Crypto payments are processed by a specialised payment provider, which confirms each deposit on the
            blockchain before we credit your balance. Cards are issued by our card-issuing partner.{' '}
            {NOT_A_BANK_DISCLAIMER}
          </Text>
        </section>
      </Stack>
    </InfoLayout>
  );
}

function ListCard({ title, items, positive = false }: { title: string; items: string[]; positive?: boolean }) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      <List
        spacing="sm"
        fz="sm"
        center={false}
        icon={
          <ThemeIcon size={20} radius="xl" color={positive ? 'green' : 'gray'} variant="light" aria-hidden="true">
            {positive ? <IconCheck size={13} stroke={2.5} /> : <IconX size={13} stroke={2.5} />}
          </ThemeIcon>
        }
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Card>
  );
}
