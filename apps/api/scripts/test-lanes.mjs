// `npm test` for the API: two Vitest runs side by side. The in-process files share two workers; the suites that start
// the built server as child processes (the `servers` project of vitest.config.ts) run one at a time beside them, since
// most of their time is their children's and waiting for them. On this two-core machine the suite took 404 s as one
// run, 317 s as two lanes (decision 036). Arguments (a file filter, a reporter) go to both runs.
import { runSideBySide } from '../../../scripts/side-by-side.mjs';

const args = process.argv.slice(2);
const inProcess = process.env.TEST_DATABASE_URL
  ? ['--project', 'postgres', '--project', 'embedded']
  : ['--project', 'embedded'];
const vitest = (projects, workers) => ({
  command: 'npx',
  args: ['vitest', 'run', '--passWithNoTests', ...projects, ...args],
  env: { API_TEST_WORKERS: workers },
});

process.exitCode = await runSideBySide([
  { name: 'api servers', ...vitest(['--project', 'servers'], '1') },
  { name: 'api', ...vitest(inProcess, process.env.API_TEST_WORKERS ?? '2') },
]);
