import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconWorld } from '../../../icons/IconWorld';
import { LEGAL_LINKS, RESTRICTED_COUNTRIES_LINK, RESTRICTED_COUNTRIES_NOTICE } from '../../../lib/legal-notices';

/** Terms text shown under the auth forms. */
export function TermsNotice() {
  return (
    <Text size="xs" c="dimmed" ta="center">
      By continuing you agree to the CoinCard{' '}
      <Anchor component={Link} to={LEGAL_LINKS.terms.to} inherit underline="always">
        {LEGAL_LINKS.terms.label}
      </Anchor>{' '}
      and{' '}
      <Anchor component={Link} to={LEGAL_LINKS.privacy.to} inherit underline="always">
        {LEGAL_LINKS.privacy.label}
      </Anchor>
      , and confirm that you are at least 18 years old.
    </Text>
  );
}

/** The restricted-countries notice and the About, FAQ and Support links of the auth screen. */
export function AuthFooter() {
  return (
    <>
      <Alert variant="light" color="yellow" icon={<IconWorld size={18} aria-hidden />} title="Availability" role="note">
        {RESTRICTED_COUNTRIES_NOTICE}{' '}
        <Anchor component={Link} to={RESTRICTED_COUNTRIES_LINK.to} inherit underline="always">
          {RESTRICTED_COUNTRIES_LINK.label}
        </Anchor>
        .
      </Alert>
      <Group justify="center" gap="lg" component="nav" aria-label="Information">
        <Anchor component={Link} to="/about" size="sm">
          About
        </Anchor>
        <Anchor component={Link} to="/faq" size="sm">
          FAQ
        </Anchor>
        <Anchor component={Link} to="/support" size="sm">
          Support
        </Anchor>
      </Group>
    </>
  );
}
