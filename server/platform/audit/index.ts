import { and, asc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../domain/audit';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import type { Actor } from '../actor';

export type AuditEntry = {
  action: AuditAction;
  entityType?: string;
  entityId?: string | number;
  patientId?: number | null;
  details?: Record<string, unknown>;
};

type Row = typeof auditEvents.$inferInsert;
type Waiting = { row: Row; resolve: () => void; reject: (e: unknown) => void };

/**
 * Group commit for the audit events written outside a transaction (every list, detail and
 * search read audits who saw what). Each request still waits until its own row is committed,
 * so an answered read is always on record; but while one insert is in flight, the rows of the
 * requests arriving meanwhile are gathered and written by the next insert together. Under load
 * this turns N inserts and N commits into a few, at no added latency when the server is quiet
 * (a lone row is written at once).
 */
class AuditGroupCommit {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly db: Db) {}

  add(row: Row): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush() {
    this.flushing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, 500);
      try {
        await this.db.execute(auditInsert(batch.map((w) => w.row)));
        for (const w of batch) w.resolve();
      } catch (e) {
        // One bad row must not fail the others: a failed batch is retried row by row.
        if (batch.length === 1) batch[0].reject(e);
        else
          await Promise.all(
            batch.map((w) => this.db.execute(auditInsert([w.row])).then(() => w.resolve(), w.reject)),
          );
      }
    }
    this.flushing = false;
  }
}

const groupCommits = new WeakMap<Db, AuditGroupCommit>();

/** Called once per database handle by the app: its own (non-transactional) audits are grouped. */
export function enableAuditGroupCommit(db: Db) {
  if (!groupCommits.has(db)) groupCommits.set(db, new AuditGroupCommit(db));
}

/** The row of an audit event: who (`actor`), what, about which entity and patient, from where. */
export function auditRow(actor: Actor, entry: AuditEntry): Row {
  return {
    actorId: actor.userId,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    patientId: entry.patientId ?? null,
    ip: actor.ip,
    details: entry.details ?? null,
  };
}

/**
 * The statement that appends `rows`, written only when `only` holds: a statement that makes a
 * change and records it together passes "the change was made" (the public form's request). The
 * rows travel as one JSON value, so the text is the same for one event or five hundred: prepared
 * once per connection (0044), where a multi-row insert would be a new text for every batch size.
 */
export function auditInsert(rows: Row[], only: SQL = sql`true`): SQL {
  const json = JSON.stringify(
    rows.map((r) => ({
      actor_id: r.actorId ?? null,
      action: r.action,
      entity_type: r.entityType ?? null,
      entity_id: r.entityId ?? null,
      patient_id: r.patientId ?? null,
      ip: r.ip ?? null,
      details: r.details ?? null,
    })),
  );
  return sql`insert into audit_events (actor_id, action, entity_type, entity_id, patient_id, ip, details)
    select e.actor_id, e.action, e.entity_type, e.entity_id, e.patient_id, e.ip, e.details
    from jsonb_to_recordset(${json}::jsonb) as e(actor_id text, action text, entity_type text, entity_id text,
         patient_id integer, ip text, details jsonb)
    where ${only}`;
}

/**
 * Appends an audit event (who, what, when, from where). Pass the transaction when the audited
 * write runs in one, so the event and the change commit together; on the app's own handle the
 * event joins the group commit above and this resolves once it is written.
 */
export async function audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const row = auditRow(actor, entry);
  const group = groupCommits.get(db);
  if (group) await group.add(row);
  else await db.execute(auditInsert([row]));
}

/**
 * Appends the event unless the same action on the same entity is on record since the start of
 * the clinic's day (by the database's clock, as the rows' times are): an anonymous page opened
 * again and again (a patient's link, or a scanner trying it) leaves one row a day, not one per
 * request (issue 54). Read from the patient's index; two requests at the same instant may both write.
 */
export async function auditOncePerDay(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const row = auditRow(actor, entry);
  await db.execute(
    auditInsert(
      [row],
      sql`not exists (select 1 from audit_events x where x.patient_id is not distinct from ${row.patientId ?? null}::int
        and x.action = ${row.action} and x.entity_type is not distinct from ${row.entityType ?? null}::text
        and x.entity_id is not distinct from ${row.entityId ?? null}::text
        and x.at >= date_trunc('day', now() at time zone 'Europe/Bucharest') at time zone 'Europe/Bucharest')`,
    ),
  );
}

/**
 * The audit call of one kind of entity, for a service that records many changes to it:
 * `const auditCalendar = auditOf('calendar')`, then `auditCalendar(tx, actor, action, { id }, details)`;
 * the entity names its patient when it has one (an appointment row passes as it is).
 */
export function auditOf(entityType: string) {
  return (
    db: Db,
    actor: Actor,
    action: AuditAction,
    entity: { id: string | number; patientId?: number | null },
    details?: AuditEntry['details'],
  ) => audit(db, actor, { action, entityType, entityId: entity.id, patientId: entity.patientId, details });
}

/** Every audit event about the patient (the privacy export), in order. */
export async function auditRowsOfPatient(db: Db, patientId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.patientId, patientId))
    .orderBy(asc(auditEvents.id));
}

/**
 * An anonymisation of the audit trail: the events stay (who did what, when) but lose the identity
 * they carried, through `scrub`, in their details; the patient's own actions on the public pages
 * (no staff actor) lose the address they came from.
 */
export async function scrubAuditOfPatient(
  tx: Db,
  patientId: number,
  values: string[],
  scrub: (d: unknown) => unknown,
) {
  const events = await tx
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(
      or(
        eq(auditEvents.patientId, patientId),
        ...values.map((v) => sql`strpos(${auditEvents.details}::text, ${v}) > 0`),
      ),
    );
  for (const e of events) {
    if (e.details == null) continue;
    const clean = scrub(e.details);
    if (JSON.stringify(clean) !== JSON.stringify(e.details))
      await tx.update(auditEvents).set({ details: clean }).where(eq(auditEvents.id, e.id));
  }
  await tx
    .update(auditEvents)
    .set({ ip: null })
    .where(and(eq(auditEvents.patientId, patientId), isNull(auditEvents.actorId)));
}

/** How many events `action` came from the client address `ip` in the last `minutes` (the sign-in throttle). */
export async function eventsFromAddressSince(db: Db, action: AuditAction, ip: string, minutes: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, action),
        gt(auditEvents.at, sql`now() - make_interval(mins => ${minutes})`),
        eq(auditEvents.ip, ip),
      ),
    );
  return row.n;
}
