// CPU time spent by processes, read from Linux's /proc: the benchmark reports how much CPU each request cost the
// server and PostgreSQL, because on a shared two-core machine requests per second swing with whatever else runs,
// while CPU per request barely moves. Elsewhere (no /proc) it answers null and the columns stay empty.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function ticksOf(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes; with `databases`, only the backends serving those (their command line names the database). */
function postgresPids(databases) {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') return false;
      if (!databases) return true;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return databases.some((name) => command.includes(` ${name} `));
    } catch {
      return false;
    }
  });
}

/**
 * CPU seconds used so far by the given process and by PostgreSQL: every PostgreSQL process on the machine, or with
 * `databases` only the backends serving them (other work on a shared server is then left out; a backend that ends
 * between two snapshots takes its time with it, so measure over connections that stay open).
 */
export function cpuSnapshot(pid, databases) {
  try {
    readdirSync('/proc');
  } catch {
    return null;
  }
  const postgres = postgresPids(databases).reduce((sum, p) => sum + ticksOf(p), 0);
  return { server: ticksOf(pid) / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}

/** Microseconds of CPU per request between two snapshots, for the server and for PostgreSQL. */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null;
  const per = (seconds) => Math.round((seconds * 1e6) / requests);
  return { server: per(after.server - before.server), postgres: per(after.postgres - before.postgres) };
}
