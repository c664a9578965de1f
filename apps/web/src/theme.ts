import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  colors: { navy, teal },
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: {
    fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  autoContrast: true,
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
