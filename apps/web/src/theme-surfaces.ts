import type {
  AppShell,
  Card,
  Combobox,
  Drawer,
  HoverCard,
  MantineColorsTuple,
  Menu,
  Paper,
  Popover,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { extend } from './theme-extend';

/**
 * The dark scheme's greys, tinted towards the navy primary so the dark theme reads as deep blue-black rather than flat
 * grey. Mantine's roles for the shades are kept: 0 text, 2 dimmed, 4 borders, 5 hover, 6 inputs and default buttons,
 * 7 and 8 backgrounds.
 */
export const darkPalette: MantineColorsTuple = [
  '#d5d8e2',
  '#b4b9c8',
  '#8d93a6',
  '#646a80',
  '#363c51',
  '#2e3346',
  '#252a3a',
  '#1b1f2d',
  '#131621',
  '#0c0e16',
];

/**
 * Three layers, like paper on a desk: the page (`--mantine-color-body`), surfaces on it (cards, papers, the app bars:
 * `--cc-surface`) and what floats above those (menus, popovers, modals, drawers, toasts: `--cc-raised`). In the light
 * scheme the surfaces and the raised layer are white and shadows make the depth; in the dark scheme shadows barely
 * show, so each layer is a step lighter than the one beneath it.
 *
 * A layer sets Mantine's body colour for everything inside it rather than only its own background, so the parts of
 * Mantine that paint "the background they sit on" (tab underlines, avatar rings, sticky table headers, modal headers)
 * match the layer they are in.
 */
export const onLayer = (layer: 'surface' | 'raised') =>
  ({ '--mantine-color-body': `var(--cc-${layer})` }) as CSSProperties;

export const surfaceComponents = {
  Paper: extend<typeof Paper>({ styles: { root: onLayer('surface') } }),
  Card: extend<typeof Card>({ styles: { root: onLayer('surface') } }),
  AppShell: extend<typeof AppShell>({ styles: { header: onLayer('surface'), navbar: onLayer('surface') } }),
  Drawer: extend<typeof Drawer>({ styles: { content: onLayer('raised') } }),
  Popover: extend<typeof Popover>({ styles: { dropdown: onLayer('raised') } }),
  Menu: extend<typeof Menu>({ styles: { dropdown: onLayer('raised') } }),
  Combobox: extend<typeof Combobox>({ styles: { dropdown: onLayer('raised') } }),
  HoverCard: extend<typeof HoverCard>({ styles: { dropdown: onLayer('raised') } }),
};

/** Shadows that still read on a dark page: deeper, and with a faint top light so a raised edge catches it. */
const darkShadows = {
  '--mantine-shadow-xs': '0 1px 2px rgb(0 0 0 / 45%)',
  '--mantine-shadow-sm':
    '0 1px 3px rgb(0 0 0 / 50%), 0 6px 14px -6px rgb(0 0 0 / 45%), inset 0 1px 0 rgb(255 255 255 / 4%)',
  '--mantine-shadow-md':
    '0 2px 6px rgb(0 0 0 / 45%), 0 14px 28px -10px rgb(0 0 0 / 55%), inset 0 1px 0 rgb(255 255 255 / 5%)',
  '--mantine-shadow-lg':
    '0 4px 10px rgb(0 0 0 / 45%), 0 22px 44px -14px rgb(0 0 0 / 60%), inset 0 1px 0 rgb(255 255 255 / 5%)',
  '--mantine-shadow-xl':
    '0 6px 14px rgb(0 0 0 / 45%), 0 32px 64px -18px rgb(0 0 0 / 65%), inset 0 1px 0 rgb(255 255 255 / 6%)',
};

/** The layer colours and the tints between them, per scheme (used by the CSS variables resolver). */
export const surfaceVariables = {
  light: {
    '--cc-surface': 'var(--mantine-color-white)',
    '--cc-raised': 'var(--mantine-color-white)',
    // A faintly tinted band between white sections, and the backdrop behind a lone centred card.
    '--cc-tint': 'var(--mantine-color-gray-0)',
    '--cc-backdrop': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-body': 'var(--mantine-color-dark-8)',
    '--cc-surface': 'var(--mantine-color-dark-7)',
    '--cc-raised': 'color-mix(in srgb, var(--mantine-color-dark-6) 70%, var(--mantine-color-dark-5))',
    '--cc-tint': 'color-mix(in srgb, var(--mantine-color-dark-7) 50%, var(--mantine-color-dark-8))',
    '--cc-backdrop': 'var(--mantine-color-dark-8)',
    ...darkShadows,
  },
};
