// The server's resident memory, read from Linux's /proc (null elsewhere): the bench reports it at idle and after
// the load, and the soak samples it over time.
import { readFileSync } from 'node:fs';

/** Resident set size of a process in MiB, or null where /proc is not available. */
export function residentMiB(pid) {
  try {
    const kib = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 1024) : null;
  } catch {
    return null;
  }
}
