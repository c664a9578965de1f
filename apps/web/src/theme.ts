import {
  type CSSVariablesResolver,
  createTheme,
  type Input,
  type MantineColorsTuple,
  type Modal,
  type ModalHeader,
  type Notification,
} from '@mantine/core';
import focusRing from './styles/focus-ring.module.css';
import { extend } from './theme-extend';
import { darkPalette, onLayer, surfaceComponents, surfaceVariables } from './theme-surfaces';

const navy: MantineColorsTuple = [
  '#eef0fb',
  '#d9ddf2',
  '#b0b8e4',
  '#8490d6',
  '#5f6eca',
  '#4858c3',
  '#3c4cc1',
  '#2f3eaa',
  '#283798',
  '#1d2e87',
];

const teal: MantineColorsTuple = [
  '#e2fbf8',
  '#d1f2ee',
  '#a7e3dc',
  '#79d4c9',
  '#54c7b9',
  '#3bbfae',
  '#2bbba9',
  '#18a494',
  '#019283',
  '#007f71',
];

/**
 * CoinCard's single Mantine theme. Semantic colours:
 * primary `navy`, accent `teal`, success `green`, danger `red`, pending `yellow` (amber).
 */
export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 8, dark: 5 },
  colors: { navy, teal, dark: darkPalette },
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: {
    fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // One visible focus ring for keyboard users, the same on buttons, links, tabs, menu items and fields, in both schemes.
  focusRing: 'auto',
  focusClassName: focusRing.ring,
  autoContrast: true,
  components: {
    ...surfaceComponents,
    // extend<…>() rather than Input.extend() and the like: the theme is in the first load (theme-extend.ts).
    Input: extend<typeof Input>({ classNames: { input: focusRing.input } }),
    // Mantine's close button is an icon alone: give every modal's one a name for screen readers.
    Modal: extend<typeof Modal>({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { content: onLayer('raised') },
    }),
    // A dialog's <header> sits outside any section (the modal is portalled to the body), so it would be a second
    // banner landmark beside the top bar's (axe: landmark-no-duplicate-banner); the dialog's name says what it is.
    ModalHeader: extend<typeof ModalHeader>({ defaultProps: { role: 'none' } }),
    Notification: extend<typeof Notification>({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine's own grey for the toast text is below AA contrast; the theme's dimmed colour passes.
      styles: { root: onLayer('raised'), description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
  other: {
    accentColor: 'teal',
    successColor: 'green',
    dangerColor: 'red',
    pendingColor: 'yellow',
  },
});

/** Semantic colour names for use in `color=` props, so components never hard-code a palette. */
export const semanticColors = {
  primary: 'navy',
  accent: 'teal',
  success: 'green',
  danger: 'red',
  pending: 'yellow',
} as const;

/** Semantic colours whose Mantine text shades are too light for small text on a white or tinted background. */
const STATUS_COLORS = ['green', 'teal', 'yellow', 'orange', 'red', 'gray'] as const;

const darkenedStatusText = Object.fromEntries(
  STATUS_COLORS.flatMap((color) => {
    const readable = `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, var(--mantine-color-black))`;
    return [
      [`--mantine-color-${color}-text`, readable],
      [`--mantine-color-${color}-light-color`, readable],
    ];
  }),
);

/** White on green-8 is 3.4:1 and on green-9 4.4:1, so filled green is green-9 darkened (set per scheme, as Mantine does). */
const readableFilledGreen = {
  '--mantine-color-green-filled': 'color-mix(in srgb, var(--mantine-color-green-9) 80%, var(--mantine-color-black))',
  '--mantine-color-green-filled-hover':
    'color-mix(in srgb, var(--mantine-color-green-9) 65%, var(--mantine-color-black))',
};

/**
 * WCAG AA contrast (4.5:1) on every page and portal. Mantine's defaults miss it in places (axe):
 * - dimmed text (gray-6 in light, dark-2 in dark): 3.3:1, so it is darker in light and lighter in dark (also on
 *   dark-5, the hover and subtle-panel background);
 * - the dark-scheme link colour (primary-4): 2.9:1, so links use navy-2 there;
 * - the error colour of inputs (red-6 in light, red-8 in dark): 3.3:1 and 3.4:1, so red-9 and red-5;
 * - light-variant badges and coloured text in green, teal, yellow, orange, red and gray use shade 8 in the light
 *   scheme (yellow 2.1:1), so they use shade 9 darkened instead;
 * - filled red buttons in the dark scheme use shade 5 (white on red-5 is 2.8:1), so they use shade 8; filled green
 *   misses it at every shade from 5 to 9 (4.4:1 at most), so it is green-9 darkened in both schemes.
 * The admin chart's series colours (`--cc-chart-*`) keep 3:1 against the card background in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...surfaceVariables.light,
    ...readableFilledGreen,
    '--mantine-color-dimmed': 'color-mix(in srgb, var(--mantine-color-gray-7) 65%, var(--mantine-color-gray-6))',
    '--mantine-color-anchor': 'var(--mantine-color-navy-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--cc-chart-users': 'var(--mantine-color-navy-6)',
    '--cc-chart-cards': 'var(--mantine-color-teal-9)',
    '--cc-chart-invoices': 'var(--mantine-color-orange-8)',
    ...darkenedStatusText,
  },
  dark: {
    ...surfaceVariables.dark,
    // Filled buttons follow the dark primary shade (5), too light under white text for red: shade 8 is AA.
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
    ...readableFilledGreen,
    '--mantine-color-dimmed': 'color-mix(in srgb, var(--mantine-color-dark-1) 70%, var(--mantine-color-dark-2))',
    '--mantine-color-anchor': 'var(--mantine-color-navy-2)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--cc-chart-users': 'var(--mantine-color-navy-3)',
    '--cc-chart-cards': 'var(--mantine-color-teal-4)',
    '--cc-chart-invoices': 'var(--mantine-color-orange-5)',
  },
});
