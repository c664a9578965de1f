import { ID_TYPE_LABELS } from '@coincard/shared';
import { Alert, Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconAlertCircle } from '../../../icons/IconAlertCircle';
import { IconPencil } from '../../../icons/IconPencil';
import { IconSend } from '../../../icons/IconSend';
import { countryName } from '../../../lib/country-names';
import { LEGAL_LINKS } from '../../../lib/legal-notices';
import type { IdentityValues } from './identity-values';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={2} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

type IdentityReviewProps = {
  values: IdentityValues;
  onEdit: () => void;
  onSend: () => void;
  isSending: boolean;
  /** Why the last send failed, when it was not about a field. */
  error: string | null;
};

/** Everything the person typed, once more, before it goes to the card issuer. */
export function IdentityReview({ values, onEdit, onSend, isSending, error }: IdentityReviewProps) {
  const { address } = values;
  const addressLines = [address.line1, address.line2, address.city, address.state, address.postalCode]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap="lg">
      <Text size="sm">
        Check each detail against your identity document: a difference of one letter is enough for the card issuer to
        refuse it.
      </Text>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Not sent">
          {error}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Row label="Legal name (on your cards)">
            {values.firstName.trim()} {values.lastName.trim()}
          </Row>
          <Row label="Date of birth">{longDate(values.dateOfBirth)}</Row>
          <Row label="Mobile phone">{values.phone}</Row>
          <Row label="Home address">
            {addressLines}, {countryName(address.country ?? '')}
          </Row>
          <Row label="Identity document">{values.idType ? ID_TYPE_LABELS[values.idType] : ''}</Row>
          <Row label="Document number">{values.idNumber}</Row>
          <Row label="Issued by">{countryName(values.idCountry ?? '')}</Row>
        </SimpleGrid>
      </Paper>
      <Text size="xs" c="dimmed">
        By sending, you ask us to pass these details to our card issuer, which verifies your identity. We keep your
        name, your year of birth, your countries and the last 4 characters of the document number; the rest is deleted
        from our side once the issuer has it. See the{' '}
        <Anchor component={Link} to={LEGAL_LINKS.privacy.to} inherit underline="always">
          {LEGAL_LINKS.privacy.label}
        </Anchor>
        .
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
          disabled={isSending}
        >
          Edit details
        </Button>
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onSend} loading={isSending}>
          Send for verification
        </Button>
      </Group>
    </Stack>
  );
}
