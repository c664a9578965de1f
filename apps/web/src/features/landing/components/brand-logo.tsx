import { PRODUCT_NAME } from '@coincard/shared';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

type BrandLogoProps = {
  /** Where the logo links to; the landing page and the info pages both send it home. */
  to?: string;
  size?: 'sm' | 'md';
};

/** The CoinCard mark (a small card in the theme's navy-to-teal gradient) and the word mark, linking home. */
export function BrandLogo({ to = '/', size = 'md' }: BrandLogoProps) {
  const markSize = size === 'md' ? 30 : 24;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      aria-label={`${PRODUCT_NAME} home`}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group gap={8} wrap="nowrap">
        <BrandMark size={markSize} />
        <Text component="span" fw={750} fz={size === 'md' ? 20 : 17} lh={1} style={{ letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

export function BrandMark({ size = 30 }: { size?: number }) {
  const gradientId = `brand-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--mantine-color-navy-8)' }} />
          <stop offset="1" style={{ stopColor: 'var(--mantine-color-teal-6)' }} />
        </linearGradient>
      </defs>
      <rect x="1" y="5" width="30" height="22" rx="5" fill={`url(#${gradientId})`} />
      <rect x="5" y="10" width="7" height="5.5" rx="1.4" fill="#fff" opacity="0.9" />
      <rect x="5" y="20" width="12" height="2.2" rx="1.1" fill="#fff" opacity="0.75" />
      <circle cx="22.5" cy="20.5" r="3" fill="#fff" opacity="0.55" />
      <circle cx="25.5" cy="20.5" r="3" fill="#fff" opacity="0.85" />
    </svg>
  );
}
