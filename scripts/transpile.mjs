// A package's JavaScript build: esbuild strips the types from each file of <package>/src into <package>/dist (same
// layout, source maps beside), in well under a second where `tsc -b` took 7 to 50 s on a busy two-core machine.
// Type checking is `npm run typecheck`'s job, which CI and `npm run validate` run (and which writes the shared
// package's declaration files for the others to check against); starting the app only needs the JavaScript. Tests
// and the API's test helpers (src/test) are left out, as the packages' tsconfig.json leave them out.
//
//   node scripts/transpile.mjs <package folder>
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(process.argv[2] ?? '.');
const src = join(root, 'src');
const dist = join(root, 'dist');

const entryPoints = readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((file) => !file.startsWith(`${join(src, 'test')}/`));

// A clean folder: a file deleted from src/ must not live on in dist/. tsc's record of what it last wrote there goes
// too, or `tsc -b` would take the package for built and not write the declaration files again.
rmSync(dist, { recursive: true, force: true });
rmSync(join(root, 'tsconfig.tsbuildinfo'), { force: true });
await build({
  entryPoints,
  outbase: src,
  outdir: dist,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
