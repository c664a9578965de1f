import { PRODUCT_NAME } from '@coincard/shared';
import { Box, Group, Stack, Text } from '@mantine/core';
import { IconWifi } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useId } from 'react';

type CardVisualProps = {
  label?: string;
  last4?: string;
  expiry?: string;
  /** Card gradient; the one place where the marketing pages use literal colours. */
  gradient?: string;
  style?: CSSProperties;
};

export const CARD_GRADIENTS = {
  navy: 'linear-gradient(135deg, #1d2e87 0%, #3c4cc1 52%, #18a494 125%)',
  midnight: 'linear-gradient(135deg, #0f172a 0%, #1e293b 55%, #334155 120%)',
} as const;

const white = '#ffffff';

/** A Mastercard-style virtual card: gradient, chip, contactless mark, masked number and network mark. */
export function CardVisual({
  label = 'Everyday',
  last4 = '4242',
  expiry = '09/29',
  gradient = CARD_GRADIENTS.navy,
  style,
}: CardVisualProps) {
  return (
    <Box
      role="img"
      aria-label={`Example ${PRODUCT_NAME} virtual card labelled ${label}, number ending in ${last4}`}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 400,
        aspectRatio: '1.586',
        borderRadius: 18,
        padding: 'clamp(16px, 5.5%, 24px)',
        background: gradient,
        color: white,
        overflow: 'hidden',
        boxShadow: '0 24px 48px -20px rgba(15, 23, 42, 0.55), 0 2px 6px rgba(15, 23, 42, 0.18)',
        ...style,
      }}
    >
      <CardSheen />
      <Stack justify="space-between" h="100%" gap={0} style={{ position: 'relative' }} aria-hidden="true">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} fz="sm" c={white} style={{ letterSpacing: '0.02em' }}>
            {PRODUCT_NAME}
          </Text>
          <Text fz={11} fw={600} c={white} opacity={0.8} tt="uppercase" style={{ letterSpacing: '0.12em' }}>
            Virtual · USD
          </Text>
        </Group>
        <Group gap={10} wrap="nowrap">
          <Chip />
          <IconWifi size={22} style={{ transform: 'rotate(90deg)', opacity: 0.85 }} />
        </Group>
        <Text
          ff="monospace"
          fz="clamp(1rem, 4.6vw, 1.35rem)"
          fw={500}
          c={white}
          style={{ letterSpacing: '0.14em', fontVariantNumeric: 'tabular-nums' }}
        >
          •••• {last4}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Box>
            <Text fz={10} c={white} opacity={0.7} tt="uppercase" style={{ letterSpacing: '0.12em' }}>
              {label}
            </Text>
            <Text fz="xs" c={white} opacity={0.9} style={{ fontVariantNumeric: 'tabular-nums' }}>
              Valid thru {expiry}
            </Text>
          </Box>
          <NetworkMark />
        </Group>
      </Stack>
    </Box>
  );
}

function CardSheen() {
  return (
    <Box
      aria-hidden="true"
      style={{
        position: 'absolute',
        inset: 0,
        background:
          'radial-gradient(120% 80% at 100% 0%, rgba(255,255,255,0.22) 0%, rgba(255,255,255,0) 55%), radial-gradient(80% 60% at 0% 100%, rgba(255,255,255,0.10) 0%, rgba(255,255,255,0) 60%)',
      }}
    />
  );
}

function Chip() {
  const id = `chip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width="42" height="32" viewBox="0 0 42 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6e3a1" />
          <stop offset="0.5" stopColor="#d4b15f" />
          <stop offset="1" stopColor="#b08a3e" />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width="41" height="31" rx="6" fill={`url(#${id})`} stroke="#8f6f2e" strokeOpacity="0.5" />
      <path
        d="M0.5 11h12M0.5 21h12M29.5 11h12M29.5 21h12M12.5 0.5v31M29.5 0.5v31M12.5 16h17"
        stroke="#8f6f2e"
        strokeOpacity="0.55"
        fill="none"
      />
    </svg>
  );
}

/** Two overlapping circles, in the style of the card network's mark. */
function NetworkMark() {
  return (
    <svg width="52" height="32" viewBox="0 0 52 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#eb001b" />
      <circle cx="36" cy="16" r="15" fill="#f79e1b" fillOpacity="0.92" />
      <path d="M26 4.8a15 15 0 0 1 0 22.4a15 15 0 0 1 0-22.4z" fill="#ff5f00" />
    </svg>
  );
}
