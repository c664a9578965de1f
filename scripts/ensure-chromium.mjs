// The browser the end-to-end tests drive. `npm test` sets it up itself: CHROMIUM_PATH, then the usual install
// paths; when none is there and this runs as root with apt-get, Debian's `chromium` package is installed (never a
// browser downloaded from the web); otherwise it stops with one line saying what to install.
//
//   node scripts/ensure-chromium.mjs                 finds (or installs) Chromium, prints its path
//   node scripts/ensure-chromium.mjs <command...>    then runs the command with CHROMIUM_PATH set to it
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function fail(line) {
  console.error(line);
  process.exit(1);
}

function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (executable(configured)) return configured;
    fail(`CHROMIUM_PATH=${configured} is not an executable file: point it at a Chromium or Chrome binary.`);
  }
  return USUAL_PATHS.find(executable);
}

function installWithApt() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.error('Chromium not found: installing Debian\'s "chromium" package with apt-get...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
}

let chromium = findChromium();
if (!chromium && installWithApt()) chromium = findChromium();
if (!chromium) {
  fail(
    'The end-to-end tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.log(`Chromium for the end-to-end tests: ${chromium}`);
} else {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
}
