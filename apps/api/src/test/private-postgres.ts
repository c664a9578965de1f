import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, pg_ctl on a free port, trust auth), so a
 * test can stop and restart it as a managed database's failover does without touching the server other tests use.
 * Run as root (CI), it runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export type PrivatePostgres = {
  url: string;
  /** Fast shutdown: every session is terminated (57P01), as in a restart or a failover. */
  stop: () => void;
  start: () => void;
  destroy: () => void;
};

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = execFileSync('ls', [root]).toString().trim().split('\n').sort().at(-1);
  const dir = join(root, version ?? '', 'bin');
  if (!existsSync(join(dir, 'pg_ctl'))) throw new Error(`no PostgreSQL server binaries in ${dir}`);
  return dir;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'coincard-pg-'));
  const data = join(dir, 'data');
  // The postgres user must be able to write there; the folder holds nothing else.
  chmodSync(dir, 0o777);
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-w', '-l', join(dir, 'log'), 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
