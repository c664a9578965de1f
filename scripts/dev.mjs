// `npm run dev`: the API with tsx watch on :3000 and the Vite dev server on :5173 (which proxies /api), both
// reloading on change. Mail links point at Vite, so APP_URL is the Vite address.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build', '-w', '@coincard/shared'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = {
  ...process.env,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
const children = [
  spawn('npx', ['tsc', '-b', 'packages/shared', '--watch', '--preserveWatchOutput'], { stdio: 'ignore', env }),
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@coincard/web'], { stdio: 'inherit', env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
