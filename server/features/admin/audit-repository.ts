/** Audit log reads: filters, pages newest first, and the CSV rendering of the export. */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditFilters, AuditRow } from '../../../domain/admin';
import { addDays } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { auditEvents, patients, users } from '../../db/schema';
import { viewPage } from '../../platform/built-once';
import { pageAndTotal, TOTAL_COLUMN } from '../../platform/list-total';
import { literalInt } from '../../platform/page-sql';

/** A day's start in Europe/Bucharest, whatever the server's time zone. */
const dayStart = (day: string) => sql`((${day})::date)::timestamp at time zone 'Europe/Bucharest'`;

function where(f: AuditFilters): SQL | undefined {
  return and(
    f.actorId ? eq(auditEvents.actorId, f.actorId) : undefined,
    f.patientId ? eq(auditEvents.patientId, f.patientId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.from ? gte(auditEvents.at, dayStart(f.from)) : undefined,
    // `to` is inclusive: everything before the next day's start.
    f.to ? lt(auditEvents.at, dayStart(addDays(f.to, 1))) : undefined,
  );
}

/** The rows newest first; with `total`, the count riding along as a column (list-total.ts). */
function rowsQuery(db: Db, f: AuditFilters, total: SQL<number> | null = null) {
  return db
    .select({
      ...(total ? { [TOTAL_COLUMN]: total } : {}),
      id: auditEvents.id,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      actorName: users.name,
      actorEmail: users.email,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      patientId: auditEvents.patientId,
      patientName: patients.name,
      ip: auditEvents.ip,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(patients, eq(patients.id, auditEvents.patientId))
    .where(where(f))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
}

const toRow = (r: Awaited<ReturnType<typeof rowsQuery>>[number]): AuditRow => ({
  ...r,
  at: r.at.toISOString(),
});

export async function listAudit(db: Db, f: AuditFilters, page: number, perPage: number) {
  const filtered = where(f);
  // Without a filter the page's statement has one text per page: built by Drizzle once, and its
  // kept total found by the view's name (decision 0061).
  const view = filtered ? null : 'audit';
  // Exact up to 1,000, estimated beyond (server/platform/list-total.ts); the CSV export is the
  // exhaustive answer. The count rides along with the page when it must be counted.
  const { rows, total } = await pageAndTotal(
    db,
    db.select({ id: auditEvents.id }).from(auditEvents).where(filtered),
    filtered ? 'capped' : 'default-view',
    viewPage(db, view, `${perPage}:${page}`, (column) =>
      rowsQuery(db, f, column)
        .limit(literalInt(perPage))
        .offset(literalInt((page - 1) * perPage)),
    ),
    { key: view ?? `audit-filtered:${JSON.stringify(f)}` },
  );
  return { total, rows: rows.map(toRow) };
}

/** The export is capped so one click cannot hold the database for minutes. */
export const EXPORT_LIMIT = 50_000;

export async function exportAudit(db: Db, f: AuditFilters): Promise<AuditRow[]> {
  return (await rowsQuery(db, f).limit(EXPORT_LIMIT)).map(toRow);
}

export async function distinctActions(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .orderBy(auditEvents.action);
  return rows.map((r) => r.action);
}

/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) neutralised with a quote
 * so a spreadsheet never runs it as a formula (CSV injection).
 */
export function csvCell(value: unknown): string {
  let s =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = [
  'id',
  'data_ora',
  'utilizator',
  'email',
  'actiune',
  'entitate',
  'id_entitate',
  'id_pacient',
  'pacient',
  'ip',
  'detalii',
];

export function toCsv(rows: AuditRow[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.id,
        r.at,
        r.actorName,
        r.actorEmail,
        r.action,
        r.entityType,
        r.entityId,
        r.patientId,
        r.patientName,
        r.ip,
        r.details,
      ]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
