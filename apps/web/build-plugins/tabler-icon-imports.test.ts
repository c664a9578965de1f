import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { iconFiles, rewriteIconImports } from './tabler-icon-imports';

const barrel = [
  "export { default as Icon123, default as IconNumber123 } from './icons/IconNumber123.mjs';",
  "export { default as IconX } from './icons/IconX.mjs';",
  "export { default as IconBan } from './icons/IconBan.mjs';",
].join('\n');
const files = iconFiles(barrel);

it('maps every exported name, aliases included, to the file that defines it', () => {
  expect(Object.fromEntries(files)).toEqual({
    Icon123: '@tabler/icons-react/dist/esm/icons/IconNumber123.mjs',
    IconNumber123: '@tabler/icons-react/dist/esm/icons/IconNumber123.mjs',
    IconX: '@tabler/icons-react/dist/esm/icons/IconX.mjs',
    IconBan: '@tabler/icons-react/dist/esm/icons/IconBan.mjs',
  });
});

it('imports each icon from its own file, keeps types on the package and keeps the line count', () => {
  const code = [
    'import {',
    '  IconBan,',
    '  Icon123 as Count,',
    '  type TablerIcon,',
    "} from '@tabler/icons-react';",
    'export const icons: TablerIcon[] = [IconBan, Count];',
  ].join('\n');
  const rewritten = rewriteIconImports(code, files);
  expect(rewritten?.split('\n')).toEqual([
    "import IconBan from '@tabler/icons-react/dist/esm/icons/IconBan.mjs'; " +
      "import Count from '@tabler/icons-react/dist/esm/icons/IconNumber123.mjs'; " +
      "import type { TablerIcon } from '@tabler/icons-react';",
    '',
    '',
    '',
    '',
    'export const icons: TablerIcon[] = [IconBan, Count];',
  ]);
});

it('keeps a value that is not an icon on the package', () => {
  expect(rewriteIconImports("import { IconX, createReactComponent } from '@tabler/icons-react';", files)).toBe(
    "import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs'; " +
      "import { createReactComponent } from '@tabler/icons-react';",
  );
});

it('leaves code without an icon import alone', () => {
  expect(rewriteIconImports("import { Button } from '@mantine/core';", files)).toBeNull();
  expect(rewriteIconImports("import type { TablerIcon } from '@tabler/icons-react';", files)).toBeNull();
});

it("reads the installed package's index", () => {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@tabler/icons-react/package.json'));
  const installed = iconFiles(readFileSync(join(dir, 'dist/esm/tabler-icons-react.mjs'), 'utf8'));
  expect(installed.get('IconX')).toBe('@tabler/icons-react/dist/esm/icons/IconX.mjs');
  expect(installed.size).toBeGreaterThan(5000);
});
