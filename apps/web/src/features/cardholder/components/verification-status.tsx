import {
  type CardholderDetails,
  type CardholderStatus,
  type CardholderVerification,
  ID_TYPE_LABELS,
  SUPPORT_EMAIL,
} from '@coincard/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlertTriangle } from '../../../icons/IconAlertTriangle';
import { IconCircleCheck } from '../../../icons/IconCircleCheck';
import { IconClock } from '../../../icons/IconClock';
import { IconInfoCircle } from '../../../icons/IconInfoCircle';
import { IconMail } from '../../../icons/IconMail';
import { IconRefresh } from '../../../icons/IconRefresh';
import { CARDHOLDER_STATUS_LOOK } from '../../../lib/cardholder-status';
import { countryName } from '../../../lib/country-names';

export function VerificationBadge({ status }: { status: CardholderStatus }) {
  const { label, color } = CARDHOLDER_STATUS_LOOK[status];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none">
      {label}
    </Badge>
  );
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What we kept of the submission: never the full document number or date of birth. */
function MaskedDetails({ details }: { details: CardholderDetails }) {
  const rows: Array<[string, string]> = [
    ['Legal name', `${details.firstName} ${details.lastName}`],
    ['Year of birth', String(details.birthYear)],
    ['Country of residence', countryName(details.country)],
    [
      'Identity document',
      `${ID_TYPE_LABELS[details.idType]} from ${countryName(details.idCountry)}, number ending ${details.idNumberLast4}`,
    ],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0} aria-label="The details you sent">
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function StatusCard({
  icon,
  color,
  title,
  children,
  verification,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  verification: CardholderVerification;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="verification-status"
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} size="h3" id="verification-status">
                {title}
              </Title>
              <VerificationBadge status={verification.status} />
            </Group>
            {children}
          </Stack>
        </Group>
        {verification.details ? (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <MaskedDetails details={verification.details} />
          </Paper>
        ) : null}
        <Group gap="lg">
          {verification.submittedAt ? (
            <Text size="xs" c="dimmed">
              Sent <time dateTime={verification.submittedAt}>{dateTime(verification.submittedAt)}</time>
            </Text>
          ) : null}
          {verification.decidedAt ? (
            <Text size="xs" c="dimmed">
              Decided <time dateTime={verification.decidedAt}>{dateTime(verification.decidedAt)}</time>
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

const WHAT_TO_CHECK = [
  'Your first, middle and last names exactly as printed on the document, accents and hyphens included',
  'Your date of birth',
  'The document type, its number and the country that issued it',
];

/** After a refusal or a request for more: send again while attempts are left, else write to support. */
function NextStep({ verification, onResubmit }: { verification: CardholderVerification; onResubmit: () => void }) {
  if (verification.attemptsLeft === 0) {
    return (
      <Alert color="red" variant="light" icon={<IconMail size={18} aria-hidden />} title="No attempts left">
        <Stack gap="xs">
          <Text size="sm">
            You have used every attempt to verify your identity. Write to us and a person will help you finish.
          </Text>
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} variant="light" color="red" w="fit-content">
            Write to {SUPPORT_EMAIL}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        What to do
      </Text>
      <List size="sm" spacing={4}>
        {WHAT_TO_CHECK.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text size="sm">
        Then send your details again. You have {verification.attemptsLeft}{' '}
        {verification.attemptsLeft === 1 ? 'attempt' : 'attempts'} left.
      </Text>
      <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onResubmit} w="fit-content">
        {verification.status === 'needs_more_information' ? 'Send more information' : 'Fix and send again'}
      </Button>
    </Stack>
  );
}

type VerificationStatusProps = { verification: CardholderVerification; onResubmit: () => void };

/** Where the identity check stands once something was sent: checking, verified, refused or asked for more. */
export function VerificationStatus({ verification, onResubmit }: VerificationStatusProps) {
  switch (verification.status) {
    case 'pending':
      return (
        <StatusCard
          icon={<IconClock size={26} />}
          color="blue"
          title="We are checking your identity"
          verification={verification}
        >
          <Text size="sm">
            Our card issuer is verifying the details you sent. It usually takes a moment; when a person at the issuer
            has to look, up to 24 hours. The decision appears here, and we e-mail you.
          </Text>
          {verification.reason ? (
            <Text size="sm" c="dimmed">
              {verification.reason}
            </Text>
          ) : null}
          <Group gap={6} aria-live="polite">
            <Loader size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              Waiting for the card issuer…
            </Text>
          </Group>
        </StatusCard>
      );
    case 'approved':
      return (
        <StatusCard
          icon={<IconCircleCheck size={26} />}
          color="green"
          title="Your identity is verified"
          verification={verification}
        >
          <Text size="sm">
            {verification.details
              ? `The card issuer has verified you as ${verification.details.firstName} ${verification.details.lastName}: your cards carry this name.`
              : 'Your identity was verified when your account was set up.'}
          </Text>
          <Button component={Link} to="/dashboard" w="fit-content" mt="xs">
            Create your card
          </Button>
        </StatusCard>
      );
    case 'rejected':
      return (
        <StatusCard
          icon={<IconAlertTriangle size={26} />}
          color="red"
          title="We could not verify your identity"
          verification={verification}
        >
          <Alert
            color="red"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title="The card issuer said"
          >
            {verification.reason ?? 'The details could not be confirmed.'}
          </Alert>
          <NextStep verification={verification} onResubmit={onResubmit} />
        </StatusCard>
      );
    case 'needs_more_information':
      return (
        <StatusCard
          icon={<IconInfoCircle size={26} />}
          color="yellow"
          title="We need more information"
          verification={verification}
        >
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="What is missing">
            {verification.reason ?? 'The card issuer needs more information to confirm your identity.'}
          </Alert>
          <NextStep verification={verification} onResubmit={onResubmit} />
        </StatusCard>
      );
    default:
      return null;
  }
}
