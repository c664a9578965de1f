// Copies Tabler icons into src/icons (decision 038), one file per icon. Pages import each icon from its own file:
// through one index, every icon would land in the first page's chunk, whichever page shows it.
//
//   npm pack @tabler/icons-react@3.51.0 && tar xzf tabler-icons-react-3.51.0.tgz
//   node apps/web/scripts/copy-tabler-icons.mjs package IconName [IconName…]
//
// With no names it copies again every icon the folder has (to move them all to another release).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const iconsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'icons');
const [packageDir, ...asked] = process.argv.slice(2);
if (!packageDir) {
  console.error('usage: copy-tabler-icons.mjs <unpacked @tabler/icons-react> [IconName…]');
  process.exit(2);
}
const had = readdirSync(iconsDir)
  .filter((file) => /^Icon\w+\.ts$/.test(file))
  .map((file) => file.slice(0, -3));
const names = [...new Set([...had, ...asked])].sort();

for (const name of asked.length > 0 ? asked : names) {
  const source = readFileSync(join(packageDir, 'dist', 'esm', 'icons', `${name}.mjs`), 'utf8');
  const node = source.match(/const __iconNode = (\[.*\]);/)?.[1];
  const call = source.match(/createReactComponent\("(outline|filled)", "([\w-]+)", "(\w+)"/);
  if (!node || !call) throw new Error(`${name}: not the shape of a @tabler/icons-react 3 icon`);
  writeFileSync(
    join(iconsDir, `${name}.ts`),
    `import { createIcon } from './create-icon';\n\n` +
      `export const ${name} = /* @__PURE__ */ createIcon('${call[1]}', '${call[2]}', '${name}', ${node});\n`,
  );
}
// In the repository's own format, so that the lint passes on what this wrote.
spawnSync('npx', ['biome', 'check', '--write', iconsDir], { stdio: 'inherit' });
console.log(`${names.length} icons in ${iconsDir}`);
