import { PRODUCT_NAME } from '@coincard/shared';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useId } from 'react';
import { IconWifi } from '../icons/IconWifi';

export type CardRibbon = { label: string; tone: 'danger' | 'pending' };

type CardVisualProps = {
  label?: string;
  /** Last four digits; null while the issuer has not numbered the card yet. */
  last4?: string | null;
  /** The full number once revealed: shown in groups of four instead of the masked one. */
  cardNumber?: string | null;
  /** MM/YY; null shows it masked. */
  expiry?: string | null;
  holderName?: string | null;
  /** A ribbon across the corner for a card that cannot be used now ("Frozen", "Being created"). */
  ribbon?: CardRibbon | null;
  /** What screen readers hear for the whole card (the face itself is decorative). */
  accessibleName?: string;
  /** Card gradient; the one place where the product uses literal colours. */
  gradient?: string;
  style?: CSSProperties;
};

export const CARD_GRADIENTS = {
  navy: 'linear-gradient(135deg, #1d2e87 0%, #3c4cc1 52%, #18a494 125%)',
  midnight: 'linear-gradient(135deg, #0f172a 0%, #1e293b 55%, #334155 120%)',
} as const;

const white = '#ffffff';
const RIBBON_COLORS = {
  danger: { background: '#c92a2a', color: white },
  pending: { background: '#fcc419', color: '#1a1b1e' },
} as const;
const MASK = '••••';

/** "4242424242424242" as "4242 4242 4242 4242". */
export function groupCardNumber(cardNumber: string): string {
  return cardNumber.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A Mastercard-style virtual card: gradient, chip, contactless mark, masked number and network mark. */
export function CardVisual({
  label = 'Everyday',
  last4 = '4242',
  cardNumber = null,
  expiry = '09/29',
  holderName = null,
  ribbon = null,
  accessibleName,
  gradient = CARD_GRADIENTS.navy,
  style,
}: CardVisualProps) {
  const number = cardNumber ? groupCardNumber(cardNumber) : `${MASK} ${last4 ?? MASK}`;
  return (
    <Box
      role="img"
      aria-label={
        accessibleName ??
        `Example ${PRODUCT_NAME} virtual card labelled ${label}, number ending in ${last4 ?? 'unknown digits'}`
      }
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 400,
        aspectRatio: '1.586',
        borderRadius: 18,
        padding: 'clamp(16px, 5.5%, 24px)',
        color: white,
        overflow: 'hidden',
        boxShadow: '0 24px 48px -20px rgba(15, 23, 42, 0.55), 0 2px 6px rgba(15, 23, 42, 0.18)',
        ...style,
      }}
    >
      <Box
        aria-hidden="true"
        style={{
          position: 'absolute',
          inset: 0,
          background: gradient,
          // A card that cannot pay looks it: the colour drains while the ribbon says why.
          filter: ribbon?.tone === 'danger' ? 'grayscale(0.75) brightness(0.85)' : undefined,
        }}
      />
      <CardSheen />
      <Stack justify="space-between" h="100%" gap={0} style={{ position: 'relative' }} aria-hidden="true">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box miw={0}>
            <Text fw={700} fz="sm" c={white} style={{ letterSpacing: '0.02em' }}>
              {PRODUCT_NAME}
            </Text>
            <Text fz={11} c={white} opacity={0.85} truncate="end" tt="uppercase" style={{ letterSpacing: '0.1em' }}>
              {label}
            </Text>
          </Box>
          {ribbon ? null : (
            <Text
              fz={11}
              fw={600}
              c={white}
              opacity={0.8}
              tt="uppercase"
              style={{ letterSpacing: '0.12em', flexShrink: 0 }}
            >
              Virtual · USD
            </Text>
          )}
        </Group>
        <Group gap={10} wrap="nowrap">
          <Chip />
          <IconWifi size={22} style={{ transform: 'rotate(90deg)', opacity: 0.85 }} />
        </Group>
        <Text
          ff="monospace"
          fz="clamp(0.95rem, 4.4vw, 1.35rem)"
          fw={500}
          c={white}
          style={{ letterSpacing: cardNumber ? '0.08em' : '0.14em', fontVariantNumeric: 'tabular-nums' }}
        >
          {number}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
          <Box miw={0}>
            <Text fz="xs" c={white} opacity={0.9} style={{ fontVariantNumeric: 'tabular-nums' }}>
              Valid thru {expiry ?? '••/••'}
            </Text>
            {holderName ? (
              <Text
                fz="xs"
                fw={600}
                c={white}
                tt="uppercase"
                truncate="end"
                style={{ letterSpacing: '0.08em' }}
                opacity={0.95}
              >
                {holderName}
              </Text>
            ) : null}
          </Box>
          <NetworkMark />
        </Group>
      </Stack>
      {ribbon ? <Ribbon ribbon={ribbon} /> : null}
    </Box>
  );
}

/** A band across the top-right corner, like a stamp on the card. */
function Ribbon({ ribbon }: { ribbon: CardRibbon }) {
  const colors = RIBBON_COLORS[ribbon.tone];
  return (
    <Box
      aria-hidden="true"
      style={{
        position: 'absolute',
        top: 22,
        right: -44,
        width: 170,
        transform: 'rotate(38deg)',
        padding: '5px 0',
        textAlign: 'center',
        fontSize: 11,
        fontWeight: 800,
        letterSpacing: '0.16em',
        textTransform: 'uppercase',
        boxShadow: '0 4px 10px rgba(15, 23, 42, 0.35)',
        ...colors,
      }}
    >
      {ribbon.label}
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
export function NetworkMark({ width = 52 }: { width?: number }) {
  return (
    <svg
      width={width}
      height={(width * 32) / 52}
      viewBox="0 0 52 32"
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      <circle cx="16" cy="16" r="15" fill="#eb001b" />
      <circle cx="36" cy="16" r="15" fill="#f79e1b" fillOpacity="0.92" />
      <path d="M26 4.8a15 15 0 0 1 0 22.4a15 15 0 0 1 0-22.4z" fill="#ff5f00" />
    </svg>
  );
}
