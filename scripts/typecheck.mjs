// Type-checks the two apps, the shared package's tests and the end-to-end suite side by side (each `tsc` uses one
// core), after the shared package whose declaration files they read. Exits non-zero if any of them found an error.
import { spawn, spawnSync } from 'node:child_process';

const tsc = (args) => [process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' }];

const shared = spawnSync(...tsc(['-b', 'packages/shared']));
if (shared.status !== 0) process.exit(shared.status ?? 1);

const checks = [
  // The shared package's build leaves its tests out; they are checked here.
  ['-p', 'packages/shared/tsconfig.test.json'],
  ['-p', 'apps/api/tsconfig.test.json'],
  ['-p', 'apps/web', '--noEmit'],
  ['-p', 'e2e'],
];
const codes = await Promise.all(
  checks.map(
    (args) =>
      new Promise((resolve) => {
        spawn(...tsc(args)).on('exit', (code) => resolve(code ?? 1));
      }),
  ),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
