// The measuring tools (Lighthouse, autocannon) are not part of the app's install: `npm ci` stays small and fast for
// everyone who only runs or tests the app. `npm run bench` and `npm run lighthouse` call this first; it installs
// bench/package.json from its committed lock file when bench/node_modules is missing or was installed from another
// lock file, and does nothing otherwise.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench');
const lockHash = createHash('sha256')
  .update(readFileSync(join(bench, 'package-lock.json')))
  .digest('hex');
const stamp = join(bench, 'node_modules', '.installed-lock-sha256');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  console.error('Installing the measuring tools (bench/package.json: Lighthouse, autocannon)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { status } = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: bench,
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(stamp, lockHash);
}
