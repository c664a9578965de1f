import { PRODUCT_NAME, SUPPORT_EMAIL } from '@coincard/shared';
import { Anchor, Box, Container, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconMail } from '../../../icons/IconMail';
import {
  LEGAL_LINKS,
  NOT_A_BANK_DISCLAIMER,
  RESTRICTED_COUNTRIES_LINK,
  RESTRICTED_COUNTRIES_NOTICE,
} from '../../../lib/legal-notices';
import { LANDING_SECTIONS } from '../content/legal';
import { BrandLogo } from './brand-logo';

const companyLinks = [
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/support', label: 'Support' },
  LEGAL_LINKS.terms,
  LEGAL_LINKS.privacy,
];

/** The footer of every public page: links, support contact and the legal notices. */
export function SiteFooter() {
  return (
    <Box
      component="footer"
      py={{ base: 40, md: 56 }}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        background: 'var(--cc-tint)',
      }}
    >
      <Container size="lg">
        <Grid gutter={{ base: 32, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm" maw={360}>
              <BrandLogo size="sm" />
              <Text fz="sm" c="dimmed" lh={1.6}>
                Virtual USD cards funded with cryptocurrency. Deposit, convert automatically, and spend online.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <FooterColumn title="Product">
              {LANDING_SECTIONS.map((section) => (
                <FooterLink key={section.id} to={{ pathname: '/', hash: section.id }}>
                  {section.label}
                </FooterLink>
              ))}
            </FooterColumn>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <FooterColumn title="Company">
              {companyLinks.map((link) => (
                <FooterLink key={link.to} to={link.to}>
                  {link.label}
                </FooterLink>
              ))}
            </FooterColumn>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <FooterColumn title="Contact" isNav={false}>
              <Text fz="sm" c="dimmed">
                Questions about your account or a payment? Write to us.
              </Text>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="sm" fw={500}>
                <Group component="span" gap={6} wrap="nowrap">
                  <IconMail size={16} aria-hidden="true" />
                  {SUPPORT_EMAIL}
                </Group>
              </Anchor>
            </FooterColumn>
          </Grid.Col>
        </Grid>
        <Divider my="xl" />
        <Stack gap={8}>
          <Text fz="xs" c="dimmed" lh={1.6}>
            {RESTRICTED_COUNTRIES_NOTICE}{' '}
            <Anchor component={Link} to={RESTRICTED_COUNTRIES_LINK.to} inherit underline="always">
              {RESTRICTED_COUNTRIES_LINK.label}
            </Anchor>
            .
          </Text>
          <Text fz="xs" c="dimmed" lh={1.6}>
            {NOT_A_BANK_DISCLAIMER}
          </Text>
          <Text fz="xs" c="dimmed" mt="xs">
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function FooterColumn({ title, isNav = true, children }: { title: string; isNav?: boolean; children: ReactNode }) {
  return (
    <Stack gap={10} component={isNav ? 'nav' : 'div'} aria-label={isNav ? title : undefined}>
      <Title order={2} fz="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.1em' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterLink({ to, children }: { to: string | { pathname: string; hash: string }; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fz="sm" c="var(--mantine-color-text)" w="fit-content">
      {children}
    </Anchor>
  );
}
