// `npm test`: every test. The browser first (installed if missing, so a failure to get it shows at once), the shared
// package, then the API and web unit tests side by side (the API suite leaves about a third of two cores idle while
// it waits on databases and child servers; the web tests fill it: 457 s one after the other, 382 s side by side here,
// decision 036), then the end-to-end suite, which needs both cores to itself.
import { spawnSync } from 'node:child_process';
import { runSideBySide } from './side-by-side.mjs';

function step(command, args) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`npm test: '${[command, ...args].join(' ')}' failed`);
    process.exit(status ?? 1);
  }
  console.log(`npm test: '${[command, ...args].join(' ')}' took ${Math.round((Date.now() - started) / 1000)} s`);
}

step('node', ['scripts/ensure-chromium.mjs']);
step('npm', ['run', 'build', '-w', '@coincard/shared']);
step('npm', ['run', 'test', '-w', '@coincard/shared']);
const started = Date.now();
const unit = await runSideBySide([
  { name: 'api tests', command: 'npm', args: ['run', 'test', '-w', '@coincard/api'] },
  { name: 'web tests', command: 'npm', args: ['run', 'test', '-w', '@coincard/web'] },
]);
console.log(`npm test: the API and web tests took ${Math.round((Date.now() - started) / 1000)} s`);
if (unit !== 0) process.exit(unit);
step('npm', ['run', 'test:e2e']);
