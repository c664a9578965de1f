import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { stylesheetImportFor } from './mantine-component-css';

const require = createRequire(import.meta.url);
// The package's folder, found through a file its exports allow.
const coreEsm = require.resolve('@mantine/core/styles.css').replace(/styles\.css$/, 'esm/');

it('gives a Mantine class-names module the import of its stylesheet, nested components included', () => {
  expect(stylesheetImportFor(`${coreEsm}components/Button/Button.module.css.mjs`)).toBe(
    "import '@mantine/core/styles/Button.css';",
  );
  expect(stylesheetImportFor(`${coreEsm}components/Checkbox/CheckboxCard/CheckboxCard.module.css.mjs?v=1`)).toBe(
    "import '@mantine/core/styles/CheckboxCard.css';",
  );
});

it('leaves every other module alone', () => {
  expect(stylesheetImportFor(`${coreEsm}components/Button/Button.mjs`)).toBeNull();
  expect(stylesheetImportFor('/app/src/components/data-table/data-table.module.css')).toBeNull();
  expect(stylesheetImportFor('/app/node_modules/@mantine/charts/esm/grid-chart.module.css.mjs')).toBeNull();
});

it('names stylesheets that exist, for every class-names module Mantine ships', async () => {
  const entries = await readdir(`${coreEsm}components`, { recursive: true });
  const modules = entries.filter((entry) => entry.endsWith('.module.css.mjs'));
  expect(modules.length).toBeGreaterThan(50);
  for (const module of modules) {
    const name = stylesheetImportFor(`${coreEsm}components/${module}`)?.match(/styles\/(\w+)\.css/)?.[1];
    expect(name && existsSync(require.resolve(`@mantine/core/styles/${name}.css`)), module).toBeTruthy();
  }
});
