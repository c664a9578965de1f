// `npm test` for the API: two Vitest runs side by side. The in-process files share two workers; the suites that start
// the built server as child processes (the `servers` project of vitest.config.ts) run one at a time beside them, since
// most of their time is their children's and waiting for them. On this two-core machine the suite took 404 s as one run,
// 317 s as two lanes (decision 036). Arguments (a file filter, a reporter) go to both runs; the exit code is the worse.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const inProcess = process.env.TEST_DATABASE_URL
  ? ['--project', 'postgres', '--project', 'embedded']
  : ['--project', 'embedded'];

const lanes = [
  { name: 'servers', projects: ['--project', 'servers'], workers: '1' },
  { name: 'in-process', projects: inProcess, workers: process.env.API_TEST_WORKERS ?? '2' },
];

function run(lane) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--passWithNoTests', ...lane.projects, ...args], {
      env: { ...process.env, API_TEST_WORKERS: lane.workers },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Each line says which lane wrote it: the two runs' reports interleave.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${lane.name}] ${line}`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(lanes.map(run));
for (const [i, lane] of lanes.entries())
  console.log(`api tests, ${lane.name}: ${codes[i] === 0 ? 'passed' : 'FAILED'}`);
process.exit(Math.max(...codes));
