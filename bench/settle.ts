/**
 * Before a load run on PostgreSQL: the database as a live institute's would be between two busy
 * minutes. A run that follows another would otherwise measure what the first one left behind:
 *
 * - the rows its public form wrote (appointments, their day counts, audit events) on pages that
 *   are no longer all-visible, so index-only scans visit the table too (a month's day counts
 *   fetched 656 of their 916 entries from it once). Production's autovacuum sets them visible
 *   again; a bench database may run without it. So the run starts with a plain `vacuum` (no
 *   `analyze`: the statistics, and so the plans, stay those of the data as generated);
 * - the e-mails and SMS that form queued: the server's outbox worker sends those due while the
 *   reads are measured. The run waits until none is due (the worker sends them), up to
 *   `maxWaitSeconds`, and says how many were left.
 */
import pg from 'pg';

export type Settled = {
  vacuumSeconds: number;
  /** Messages due when the server started, and those still due when the reads began. */
  outboxDue: { atStart: number; left: number; waitedSeconds: number };
};

const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;

export async function vacuumFirst(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  try {
    await c.query('vacuum');
  } finally {
    await c.end();
  }
  return seconds(t0);
}

export async function outboxDrained(url: string, maxWaitSeconds: number): Promise<Settled['outboxDue']> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const due = async () =>
    Number(
      (
        await c.query(
          `select count(*) as n from outbox where state in ('pending', 'sending') and next_attempt_at <= now()`,
        )
      ).rows[0].n,
    );
  const t0 = Date.now();
  try {
    const atStart = await due();
    let left = atStart;
    while (left > 0 && Date.now() - t0 < maxWaitSeconds * 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      left = await due();
    }
    return { atStart, left, waitedSeconds: seconds(t0) };
  } finally {
    await c.end();
  }
}
