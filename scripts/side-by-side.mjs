// Runs commands at the same time, each line of their output prefixed with the command's name (their reports
// interleave), and answers the worst exit code once every one has ended: a failing command does not stop the others,
// so one run shows every failure. Used where two steps of `npm test` leave each other's idle CPU to use (decision 036).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * @param {{ name: string; command: string; args: string[]; env?: Record<string, string>; cwd?: string }[]} lanes
 * @returns {Promise<number>} 0 when every command passed
 */
export async function runSideBySide(lanes) {
  const codes = await Promise.all(
    lanes.map(
      (lane) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(lane.command, lane.args, {
            cwd: lane.cwd,
            env: { ...process.env, ...lane.env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          for (const stream of [child.stdout, child.stderr]) {
            createInterface({ input: stream }).on('line', (line) => console.log(`[${lane.name}] ${line}`));
          }
          child.on('error', (error) => {
            console.log(`[${lane.name}] could not start: ${error.message}`);
            resolve(1);
          });
          child.on('close', (code, signal) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            const result = code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
            console.log(`[${lane.name}] ${result} in ${seconds} s`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  return Math.max(0, ...codes);
}
