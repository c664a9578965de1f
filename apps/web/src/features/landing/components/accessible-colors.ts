import type { CSSProperties } from 'react';

/**
 * Mantine's default dimmed text (gray-6 / dark-2) and dark-scheme link colour (navy-4) fall below WCAG AA
 * contrast on these pages' backgrounds (axe: 3.3:1 and 2.9:1). The public pages set darker (light scheme) and
 * lighter (dark scheme) values on their root, so every `c="dimmed"` and Anchor below reaches at least 4.5:1.
 */
export const accessibleColorVars = {
  '--mantine-color-dimmed':
    'light-dark(color-mix(in srgb, var(--mantine-color-gray-7) 65%, var(--mantine-color-gray-6)), color-mix(in srgb, var(--mantine-color-dark-1) 55%, var(--mantine-color-dark-2)))',
  '--mantine-color-anchor': 'light-dark(var(--mantine-color-navy-8), var(--mantine-color-navy-2))',
} as CSSProperties;
