/**
 * What `Paper.extend({...})` does, with the same types, without importing the component: the theme is in every
 * page's first load, and `Paper.extend` would bring the component's code into it, and with it (through
 * build-plugins/mantine-component-css.ts) its render-blocking CSS. Use with a type-only import:
 * `import type { Paper } from '@mantine/core'; extend<typeof Paper>({...})`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's extend(), whatever it accepts.
export function extend<Component extends { extend: (input: any) => unknown }>(
  input: Parameters<Component['extend']>[0],
): Parameters<Component['extend']>[0] {
  return input;
}
