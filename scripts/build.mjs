// Builds the three packages in order (shared, web, api), each only when its inputs changed since the build that
// is in its dist/ folder: `npm start` on an unchanged checkout starts at once instead of rebuilding for a minute.
// A package's inputs are its own files (sources, configs, build scripts; not its tests) plus the inputs of what
// it uses and the lock file; their SHA-256 is written to dist/.inputs-sha256 after a build that succeeded.
//
//   node scripts/build.mjs            builds what changed
//   node scripts/build.mjs --force    builds everything
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.inputs-sha256';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);
const NOT_AN_INPUT = /\.test\.[cm]?[jt]sx?$|\.tsbuildinfo$/;

const PACKAGES = [
  // Its JavaScript only: `npm run typecheck` writes its declaration files (`tsc -b packages/shared`).
  { workspace: '@coincard/shared', dir: 'packages/shared', uses: [], script: 'build:js' },
  // Vite's list of every chunk is for someone reading a build, not for a start: warnings and errors only.
  { workspace: '@coincard/web', dir: 'apps/web', uses: ['packages/shared'], args: ['--logLevel', 'warn'] },
  { workspace: '@coincard/api', dir: 'apps/api', uses: ['packages/shared'] },
];

function filesUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...filesUnder(path));
    } else if (entry.isFile() && !NOT_AN_INPUT.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

function inputsHash(pkg) {
  const hash = createHash('sha256');
  const files = [pkg.dir, ...pkg.uses]
    .flatMap((dir) => filesUnder(join(root, dir)))
    .concat(['package-lock.json', 'tsconfig.base.json'].map((file) => join(root, file)))
    .sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function builtFrom(pkg) {
  const stamp = join(root, pkg.dir, 'dist', STAMP);
  return existsSync(stamp) && statSync(stamp).isFile() ? readFileSync(stamp, 'utf8') : null;
}

const force = process.argv.includes('--force');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const pkg of PACKAGES) {
  const hash = inputsHash(pkg);
  if (!force && builtFrom(pkg) === hash) {
    console.error(`${pkg.workspace}: up to date`);
    continue;
  }
  const started = Date.now();
  const args = [
    'run',
    pkg.script ?? 'build',
    '--silent',
    '-w',
    pkg.workspace,
    ...(pkg.args ? ['--', ...pkg.args] : []),
  ];
  const { status } = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(join(root, pkg.dir, 'dist', STAMP), hash);
  console.error(`${pkg.workspace}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
