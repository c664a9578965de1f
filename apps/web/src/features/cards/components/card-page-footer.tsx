import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LEGAL_LINKS, NOT_A_BANK_DISCLAIMER } from '../../../lib/legal-notices';

const LINKS = [
  { to: LEGAL_LINKS.terms.to, label: 'Terms' },
  { to: LEGAL_LINKS.privacy.to, label: 'Privacy' },
  { to: '/support', label: 'Support' },
] as const;

/**
 * The card page's footer (docs/product-rules.md, Screens and navigation): Terms, Privacy, Support and the not-a-bank
 * disclaimer.
 */
export function CardPageFooter() {
  return (
    <Stack component="footer" gap={6} align="center" ta="center" mt="md">
      <Group gap="lg" justify="center" component="nav" aria-label="Legal and help">
        {LINKS.map((link) => (
          <Anchor key={link.label} component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ))}
      </Group>
      <Text size="xs" c="dimmed" maw={560}>
        {NOT_A_BANK_DISCLAIMER}
      </Text>
    </Stack>
  );
}
