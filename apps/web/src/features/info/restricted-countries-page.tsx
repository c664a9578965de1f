import { FATF_CALL_FOR_ACTION_URL, PRODUCT_NAME, SUPPORT_EMAIL } from '@coincard/shared';
import { Anchor, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '../../components/error-state';
import { countryName } from '../../lib/country-names';
import { useRestrictedCountries } from '../../lib/restricted-countries';
import { InfoLayout } from './components/info-layout';

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /restricted-countries: the list the service refuses, as this installation is configured (the API's answer), and
 * where the default comes from. Linked from every restricted-countries notice.
 */
export function RestrictedCountriesPage() {
  const list = useRestrictedCountries();
  return (
    <InfoLayout
      title="Restricted countries"
      eyebrow="Where we cannot offer cards"
      intro={`${PRODUCT_NAME} cannot issue cards to people who live in these countries, or whose identity document was issued by one. We check both before anything is sent to our card issuer.`}
    >
      <Stack gap="xl" maw={680}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-busy={list.isPending}>
          {list.isPending ? (
            <Stack gap="sm" aria-hidden>
              <Skeleton h={20} w={200} />
              <Skeleton h={14} w="60%" />
              <Skeleton h={14} w="50%" />
              <Skeleton h={14} w="55%" />
            </Stack>
          ) : list.isError ? (
            <ErrorState headingLevel={2} title="The list could not be loaded" onRetry={() => void list.refetch()} />
          ) : (
            <Stack gap="md">
              <Title order={2} size="h4">
                The list
              </Title>
              <List spacing="xs" aria-label="Restricted countries">
                {list.data.countries.map((code) => (
                  <List.Item key={code}>
                    {countryName(code)}{' '}
                    <Text span c="dimmed" size="sm">
                      ({code})
                    </Text>
                  </List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {list.data.isDefault
                  ? `As its sources stood on ${longDate(list.data.asOf)}.`
                  : 'This service has set its own list, which replaces the default described below.'}
              </Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Where the list comes from
          </Title>
          <Text size="sm">
            It joins two public sources: the countries the{' '}
            <Anchor href={FATF_CALL_FOR_ACTION_URL} target="_blank" rel="noreferrer" underline="always">
              Financial Action Task Force (FATF) lists as high-risk jurisdictions subject to a call for action
            </Anchor>
            , and the countries under comprehensive sanctions, where almost every payment is forbidden. Regions under
            sanctions that are not countries are screened by our card issuer.
          </Text>
          <Text size="sm">
            The sources change a few times a year and we update the list when they do. If you think your country is
            listed in error, write to{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
              {SUPPORT_EMAIL}
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </InfoLayout>
  );
}
