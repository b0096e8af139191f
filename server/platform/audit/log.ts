/** Audit log reads (owner: platform/audit): filters, pages newest first, and the CSV rendering of the export. */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditFilters, AuditRow } from '../../../domain/admin';
import { addDays } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';
import { patientCards, staffNames } from '../../db/views';
import { builtOnce } from '../built-once';
import { countColumn, pageAndTotal, TOTAL_COLUMN } from '../list-total';
import { literalInt } from '../page-sql';

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
      actorName: staffNames.name,
      actorEmail: staffNames.email,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      patientId: auditEvents.patientId,
      patientName: patientCards.name,
      ip: auditEvents.ip,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(staffNames, eq(staffNames.id, auditEvents.actorId))
    .leftJoin(patientCards, eq(patientCards.id, auditEvents.patientId))
    .where(where(f))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
}

const toRow = (r: Awaited<ReturnType<typeof rowsQuery>>[number]): AuditRow => ({
  ...r,
  at: r.at.toISOString(),
});

export async function listAudit(db: Db, f: AuditFilters, page: number, perPage: number) {
  const filtered = where(f);
  const matching = db.select({ id: auditEvents.id }).from(auditEvents).where(filtered);
  const pageOf = (column: SQL<number> | null) =>
    rowsQuery(db, f, column)
      .limit(literalInt(perPage))
      .offset(literalInt((page - 1) * perPage));
  // Exact up to 1,000, estimated beyond (platform/list-total.ts); the CSV export is the exhaustive
  // answer. Without a filter the page's statement has one text per page: built once (0061).
  const { rows, total } = filtered
    ? await pageAndTotal(db, matching, pageOf)
    : await pageAndTotal(db, matching, (column) =>
        builtOnce(db, `audit:${perPage}:${page}:${column !== null}`, (name) =>
          pageOf(column && countColumn(matching)).prepare(name),
        ).execute(),
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
