import { OTP_LENGTH, SUPPORT_EMAIL } from '@coincard/shared';
import { Alert, Anchor, Button, Card, Grid, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowRight } from '../../icons/IconArrowRight';
import { IconClock } from '../../icons/IconClock';
import { IconHelpCircle } from '../../icons/IconHelpCircle';
import { IconKey } from '../../icons/IconKey';
import { IconMail } from '../../icons/IconMail';
import { IconReceipt } from '../../icons/IconReceipt';
import { IconShieldCheck } from '../../icons/IconShieldCheck';
import { IconShieldLock } from '../../icons/IconShieldLock';
import { IconUsers } from '../../icons/IconUsers';
import { InfoLayout } from './components/info-layout';

const selfHelp = [
  { to: '/faq', icon: IconHelpCircle, label: 'Read the FAQ', text: 'Fees, limits, deposits and cards' },
  { to: '/faq#fees', icon: IconReceipt, label: 'Card fees explained', text: 'Creation, monthly and load fees' },
  { to: '/password/forgot', icon: IconKey, label: 'Reset your password', text: 'Get a reset link by e-mail' },
  {
    to: '/faq#two-factor',
    icon: IconShieldLock,
    label: 'Two-factor sign-in',
    text: `How the ${OTP_LENGTH}-digit codes work`,
  },
  { to: '/faq#referrals', icon: IconUsers, label: 'Referral rewards', text: 'When rewards are paid' },
];

const includeInEmail = [
  'The e-mail address of your account',
  'The label or last 4 digits of the card, if your question is about a card',
  'The date and amount of the deposit or payment, if your question is about one',
];

/** /support: how to reach a person, what to expect, and where to help yourself first. */
export function SupportPage() {
  return (
    <InfoLayout
      title="Support"
      eyebrow="We're here to help"
      intro="Real people answer every message. Write to us about your account, a deposit, a card or a payment."
    >
      <Grid gutter={{ base: 32, md: 48 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="xl" shadow="xs">
              <Stack gap="md">
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
                  <IconMail size={26} stroke={1.7} />
                </ThemeIcon>
                <Title order={2} fz="xl">
                  E-mail support
                </Title>
                <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="lg" fw={600} w="fit-content">
                  {SUPPORT_EMAIL}
                </Anchor>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconClock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text fz="sm">
                    We reply within one business day, Monday to Friday. Urgent card problems? Freeze the card from its
                    page first; you can unfreeze it at any time.
                  </Text>
                </Group>
                <Button
                  component="a"
                  href={`mailto:${SUPPORT_EMAIL}`}
                  leftSection={<IconMail size={18} />}
                  w="fit-content"
                >
                  Write to support
                </Button>
              </Stack>
            </Card>
            <div>
              <Title order={2} fz="lg" mb="sm">
                To help us answer quickly, include
              </Title>
              <List spacing="xs" fz="sm" c="dimmed">
                {includeInEmail.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
            <Alert
              variant="light"
              color="yellow"
              radius="md"
              icon={<IconShieldCheck aria-hidden="true" />}
              title="We will never ask for your secrets"
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              No one from CoinCard will ask for your password, a sign-in code, your full card number, CVV or 3DS code.
              If someone does, do not reply, and tell us.
            </Alert>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={2} fz="lg" mb="sm">
            Help yourself first
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {selfHelp.map((link) => (
              <li key={link.to}>
                <Card component={Link} to={link.to} withBorder radius="md" padding="md">
                  <Group wrap="nowrap" gap="md">
                    <ThemeIcon size={36} radius="md" variant="light" color="teal" aria-hidden="true">
                      <link.icon size={20} stroke={1.7} />
                    </ThemeIcon>
                    <div style={{ flexGrow: 1 }}>
                      <Text fw={600} fz="sm">
                        {link.label}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {link.text}
                      </Text>
                    </div>
                    <IconArrowRight size={16} aria-hidden="true" style={{ color: 'var(--mantine-color-dimmed)' }} />
                  </Group>
                </Card>
              </li>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </InfoLayout>
  );
}
