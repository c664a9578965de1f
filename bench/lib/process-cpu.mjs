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
 * CPU ticks used so far by the given process and by each PostgreSQL process: every PostgreSQL process on the
 * machine, or with `databases` only the backends serving them (other work on a shared server is then left out).
 */
export function cpuSnapshot(pid, databases) {
  try {
    readdirSync('/proc');
  } catch {
    return null;
  }
  const postgres = new Map(postgresPids(databases).map((p) => [p, ticksOf(p)]));
  return { server: ticksOf(pid), postgres };
}

/**
 * PostgreSQL's ticks between two snapshots, backend by backend: one that started in between counts in full; one that
 * ended in between (a pool closing an idle connection) is left out, since its last ticks are gone with it. Summing the
 * two snapshots whole instead took an ended backend's whole life off the second, and the column went negative.
 */
function postgresTicksBetween(before, after) {
  let ticks = 0;
  for (const [p, now] of after) {
    const then = before.get(p) ?? 0;
    // Fewer ticks than before: the number was reused by a backend that started in between.
    ticks += now >= then ? now - then : now;
  }
  return ticks;
}

/** Microseconds of CPU per request between two snapshots, for the server and for PostgreSQL. */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null;
  const per = (ticks) => Math.round(((ticks / TICKS_PER_SECOND) * 1e6) / requests);
  return {
    server: per(after.server - before.server),
    postgres: per(postgresTicksBetween(before.postgres, after.postgres)),
  };
}
