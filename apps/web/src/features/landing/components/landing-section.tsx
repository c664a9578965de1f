import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { HEADER_HEIGHT } from '../content/legal';

type LandingSectionProps = {
  id: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** A faintly tinted background, to separate neighbouring sections. */
  tinted?: boolean;
  children: ReactNode;
};

export const tintedBackground = 'var(--cc-tint)';

/** A landing section with a real id (so #anchors scroll to it) and a centred heading block. */
export function LandingSection({ id, eyebrow, title, description, tinted = false, children }: LandingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      py={{ base: 56, md: 96 }}
      style={{
        scrollMarginTop: HEADER_HEIGHT,
        outline: 'none',
        background: tinted ? tintedBackground : 'var(--mantine-color-body)',
        borderTop: tinted ? '1px solid var(--mantine-color-default-border)' : undefined,
        borderBottom: tinted ? '1px solid var(--mantine-color-default-border)' : undefined,
      }}
    >
      <Container size="lg">
        <Stack gap="sm" align="center" ta="center" maw={680} mx="auto" mb={{ base: 32, md: 48 }}>
          {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
          <Title id={headingId} order={2} fz={{ base: 28, md: 36 }} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" fz={{ base: 'md', md: 'lg' }}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <Text
      component="p"
      fz="xs"
      fw={700}
      tt="uppercase"
      style={{ letterSpacing: '0.12em', color: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))' }}
    >
      {children}
    </Text>
  );
}
