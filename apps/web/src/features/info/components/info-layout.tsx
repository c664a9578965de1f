import { PRODUCT_NAME } from '@coincard/shared';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Eyebrow } from '../../landing/components/landing-section';
import { SiteFooter } from '../../landing/components/site-footer';
import { useHashScroll } from '../../landing/components/use-hash-scroll';
import { InfoHeader } from './info-header';

type InfoLayoutProps = {
  /** Shown as the page's h1 and in the browser tab. */
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** Frame shared by /about, /faq and /support: header, a page heading, the content, and the site footer. */
export function InfoLayout({ title, eyebrow, intro, children }: InfoLayoutProps) {
  useHashScroll();
  return (
    <Box bg="var(--mantine-color-body)" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <InfoHeader />
      <Box component="main" id="main-content" style={{ flexGrow: 1 }}>
        <Box
          py={{ base: 40, md: 64 }}
          style={{
            borderBottom: '1px solid var(--mantine-color-default-border)',
            background:
              'radial-gradient(48rem 20rem at 90% -20%, color-mix(in srgb, var(--mantine-color-navy-5) 14%, transparent), transparent 70%)',
          }}
        >
          <Container size="md">
            <Stack gap="sm" maw={680}>
              {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
              <Title order={1} fz={{ base: 32, md: 44 }} style={{ letterSpacing: '-0.02em' }}>
                {title}
              </Title>
              {intro ? (
                <Text c="dimmed" fz={{ base: 'md', md: 'lg' }} lh={1.6}>
                  {intro}
                </Text>
              ) : null}
            </Stack>
          </Container>
        </Box>
        <Container size="md" py={{ base: 40, md: 64 }}>
          {children}
        </Container>
      </Box>
      <SiteFooter />
    </Box>
  );
}
