/**
 * CPU time the server process and PostgreSQL spend per request during a measured run (Linux
 * `/proc`; null elsewhere). Throughput on a shared 2-core machine says which read is slower, not
 * which side makes it so: these figures split the cost between the server's JavaScript and the
 * database, whatever else the machine is doing. A CPU profile cannot: its samples count the time
 * the server waits, descheduled, after waking PostgreSQL as time spent in the socket write.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`). */
const TICK_MS = 10;

/** User and system CPU time (ms) of a process, or null when it is gone or /proc is absent. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Every process named `postgres` (the server's backends among them) and its CPU time. */
function postgresProcesses(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const d of pids) {
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = cpuMs(Number(d));
    if (ms !== null) out.set(Number(d), ms);
  }
  return out;
}

export type CpuReading = { server: number | null; postgres: Map<number, number> };

export function readCpu(serverPid: number | undefined): CpuReading {
  return { server: serverPid ? cpuMs(serverPid) : null, postgres: postgresProcesses() };
}

/**
 * Milliseconds of CPU per request between two readings: the server process, and PostgreSQL's
 * processes (null on PGlite, which runs inside the server, or without /proc). A backend that
 * started in between counts from zero.
 */
export function cpuPerRequest(before: CpuReading, after: CpuReading, requests: number, postgres: boolean) {
  if (!requests || before.server === null || after.server === null) return null;
  let pg = 0;
  for (const [pid, ms] of after.postgres) pg += ms - (before.postgres.get(pid) ?? 0);
  const round = (ms: number) => Math.round((ms / requests) * 100) / 100;
  return {
    serverMs: round(after.server - before.server),
    postgresMs: postgres && after.postgres.size ? round(pg) : null,
  };
}
