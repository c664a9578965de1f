import { ID_TYPE_LABELS, ID_TYPES, SUPPORT_EMAIL } from '@coincard/shared';
import { Anchor, Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { IconArrowRight } from '../../../icons/IconArrowRight';
import { COUNTRY_OPTIONS } from '../../../lib/country-names';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { type IdentityValues, validateIdentity } from './identity-values';

type IdentityFormProps = {
  initialValues: IdentityValues;
  /** Country codes the server refuses (from GET /cardholder/restricted-countries). */
  restricted: readonly string[];
  /** What the server said about the fields last time, by field path. */
  serverErrors: Record<string, string> | null;
  onReview: (values: IdentityValues) => void;
  onCancel?: () => void;
};

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Stack gap={2} component="legend" p={0} mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

const countrySelect = {
  data: COUNTRY_OPTIONS as { value: string; label: string }[],
  searchable: true,
  nothingFoundMessage: 'No country of that name',
  placeholder: 'Choose a country',
  comboboxProps: { withinPortal: true },
  autoComplete: 'off',
} as const;

/**
 * The person as their identity document and their post know them. Each field is checked as it is left and all of them
 * before the review, with the schema the server applies; a restricted country is refused here, before anything is sent.
 */
export function IdentityForm({ initialValues, restricted, serverErrors, onReview, onCancel }: IdentityFormProps) {
  const { ref, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  const form = useForm<IdentityValues>({
    // Uncontrolled: a keystroke re-renders one field, not the whole form with its two lists of 249 countries.
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => validateIdentity(values, restricted),
    validateInputOnBlur: true,
  });

  // Once per answer from the server (the form object is new on each render, its setter is not).
  // biome-ignore lint/correctness/useExhaustiveDependencies: form.setErrors is stable
  useEffect(() => {
    if (!serverErrors) return;
    form.setErrors(serverErrors);
    focusFirstInvalid();
  }, [serverErrors, focusFirstInvalid]);

  const submit = form.onSubmit((values) => onReview(values), focusFirstInvalid);

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Your identity">
      <Stack gap="xl">
        <Section
          title="Your legal name"
          description="Exactly as printed on your identity document. It is also the name on your cards."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First and middle names"
              autoComplete="given-name"
              required
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Date of birth and phone" description="Cards are for adults: you must be 18 or older.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Date of birth"
              type="date"
              autoComplete="bday"
              description="As on your document"
              required
              key={form.key('dateOfBirth')}
              {...form.getInputProps('dateOfBirth')}
            />
            <TextInput
              label="Mobile phone"
              type="tel"
              autoComplete="tel"
              description="With + and the country code, e.g. +44 20 7946 0958"
              required
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Home address" description="Where you live now. We cannot serve residents of some countries.">
          <TextInput
            label="Address line 1"
            autoComplete="address-line1"
            required
            {...form.getInputProps('address.line1')}
          />
          <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address.line2')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="City"
              autoComplete="address-level2"
              required
              key={form.key('address.city')}
              {...form.getInputProps('address.city')}
            />
            <TextInput
              label="State, province or region"
              autoComplete="address-level1"
              key={form.key('address.state')}
              {...form.getInputProps('address.state')}
            />
            <TextInput
              label="Postal code"
              autoComplete="postal-code"
              required
              key={form.key('address.postalCode')}
              {...form.getInputProps('address.postalCode')}
            />
            <Select
              label="Country of residence"
              required
              {...countrySelect}
              key={form.key('address.country')}
              {...form.getInputProps('address.country')}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="Identity document"
          description="A valid document with your photo. We send its number to our card issuer and do not keep it."
        >
          <Radio.Group label="Document type" required key={form.key('idType')} {...form.getInputProps('idType')}>
            <Group gap="lg" mt={6}>
              {ID_TYPES.map((type) => (
                <Radio key={type} value={type} label={ID_TYPE_LABELS[type]} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Document number"
              autoComplete="off"
              spellCheck={false}
              required
              key={form.key('idNumber')}
              {...form.getInputProps('idNumber')}
            />
            <Select
              label="Issuing country"
              required
              {...countrySelect}
              key={form.key('idCountry')}
              {...form.getInputProps('idCountry')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Living in, or holding a document from, a country on{' '}
            <Anchor component={Link} to="/restricted-countries" inherit underline="always">
              our list of restricted countries
            </Anchor>
            ? We cannot verify you. Questions:{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit underline="always">
              {SUPPORT_EMAIL}
            </Anchor>
            .
          </Text>
        </Section>

        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" rightSection={<IconArrowRight size={16} aria-hidden />}>
            Review your details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
