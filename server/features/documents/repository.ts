/** SQL of the documents feature (Drizzle; the same on PGlite and PostgreSQL). */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DocumentFilters, DocumentItem, DocumentStatus } from '../../../domain/documents';
import { maskCnp } from '../../../domain/privacy';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/documents';
import { patientCards } from '../../db/views';
import { builtOnce } from '../../platform/built-once';
import { countColumn, pageAndTotal, TOTAL_COLUMN } from '../../platform/list-total';
import { customPlan, literalInt, plainLiteral } from '../../platform/page-sql';
import { cnpMatches } from '../../platform/prefix-match';

/** The values of the list's conditions: given as they are, or as a kept statement's placeholders. */
type Values = { day: SQL };

function where(f: DocumentFilters, v: Values) {
  const conds: SQL[] = [];
  // A status has two values: written into the text, each planned for itself (decision 0055).
  const status = f.status ? plainLiteral(f.status) : null;
  if (f.status) conds.push(status ? sql`${documents.status} = ${status}` : eq(documents.status, f.status));
  if (f.patient_id) conds.push(eq(documents.patientId, f.patient_id));
  const cnp = f.cnp ? cnpMatches(sql`${patientCards.cnp}`, f.cnp) : null;
  if (cnp) conds.push(cnp);
  if (f.created_at) {
    // The clinic's calendar day, as a range on the indexed timestamp (whatever the server TZ).
    conds.push(
      sql`${documents.createdAt} >= (${v.day}::date)::timestamp AT TIME ZONE 'Europe/Bucharest'`,
      sql`${documents.createdAt} < (${v.day}::date + 1)::timestamp AT TIME ZONE 'Europe/Bucharest'`,
    );
  }
  // A CNP or a patient is planned for its value (server/db/prepared-client.ts).
  if (f.cnp || f.patient_id) conds.push(customPlan);
  return conds.length ? and(...conds) : undefined;
}

/** A document as its lists show it: the file's facts (the patient record's tab needs no more). */
const fileColumns = {
  id: documents.id,
  title: documents.title,
  filename: documents.filename,
  type: documents.ext,
  created_at: documents.createdAt,
  status: documents.status,
};

const listColumns = {
  ...fileColumns,
  patient: patientCards.name,
  pid: patientCards.cnp,
  patient_id: documents.patientId,
  appointment_id: documents.appointmentId,
  size: documents.size,
};

/**
 * The documents area's list, newest first, with its total riding along (platform/list-total.ts).
 * Without a CNP or a patient (every document, a status, a day) the page's statement is one of few
 * shapes, built once (platform/built-once.ts), the day a placeholder.
 */
export async function listDocuments(
  db: Db,
  filters: DocumentFilters,
  page: number,
  perPage: number,
): Promise<{ total: number; documents: DocumentItem[] }> {
  const statement = (v: Values) => {
    const w = where(filters, v);
    // Every document has its patient (foreign key): the count joins patients only for the CNP.
    const ids = db.select({ id: documents.id }).from(documents);
    const matching = filters.cnp
      ? ids.innerJoin(patientCards, eq(patientCards.id, documents.patientId)).where(w)
      : ids.where(w);
    const pageOf = (column: SQL<number> | null) =>
      db
        .select({ ...listColumns, ...(column ? { [TOTAL_COLUMN]: column } : {}) })
        .from(documents)
        .innerJoin(patientCards, eq(patientCards.id, documents.patientId))
        .where(w)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(literalInt(perPage))
        .offset(literalInt((page - 1) * perPage));
    return { matching, pageOf };
  };
  const now = statement({ day: sql`${filters.created_at ?? null}` });
  const kept = !filters.cnp && !filters.patient_id && (!filters.status || plainLiteral(filters.status));
  const { rows, total } = kept
    ? await pageAndTotal(db, now.matching, async (column) => {
        const withCount = column !== null;
        const key = `documents:${filters.status ?? ''}:${Boolean(filters.created_at)}:${perPage}:${page}:${withCount}`;
        const prepared = builtOnce(db, key, (name) => {
          const p = statement({ day: sql`${sql.placeholder('day')}` });
          return p.pageOf(withCount ? countColumn(p.matching) : null).prepare(name);
        });
        return (await prepared.execute({ day: filters.created_at ?? null })) as Awaited<
          ReturnType<typeof now.pageOf>
        >;
      })
    : await pageAndTotal(db, now.matching, now.pageOf);
  return {
    total,
    documents: rows.map((r) => ({
      ...r,
      pid: maskCnp(r.pid),
      created_at: r.created_at.toISOString(),
      status: r.status as DocumentStatus,
    })),
  };
}

export async function findDocument(db: Db, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** An uploaded document's row (its file already stored under `storageKey`). */
export async function insertUploadedDocument(
  db: Db,
  d: Omit<typeof documents.$inferInsert, 'id' | 'status' | 'createdAt'>,
): Promise<number> {
  const [row] = await db
    .insert(documents)
    .values({ ...d, status: 'tosend' })
    .returning({ id: documents.id });
  return row.id;
}

/** A document another feature produced (a signed medical letter), inside its transaction. */
export async function insertGeneratedDocument(
  db: Db,
  d: {
    patientId: number;
    title: string;
    filename: string;
    storageKey: string;
    size: number;
    uploadedBy: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(documents)
    .values({ ...d, ext: 'pdf', mime: 'application/pdf', status: 'tosend' })
    .returning({ id: documents.id });
  return row.id;
}

export async function setDocumentStatus(db: Db, id: number, status: DocumentStatus): Promise<void> {
  await db.update(documents).set({ status }).where(eq(documents.id, id));
}

/** The status and, when given, the linked appointment (null unlinks it). */
export async function updateDocument(
  db: Db,
  id: number,
  changes: { status: DocumentStatus; appointmentId?: number | null },
): Promise<void> {
  await db.update(documents).set(changes).where(eq(documents.id, id));
}

export async function deleteDocumentRow(db: Db, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

/** A patient's documents, newest first (the patient record's Documents tab). */
export async function documentsOfPatient(db: Db, patientId: number) {
  const rows = await db
    .select(fileColumns)
    .from(documents)
    .where(eq(documents.patientId, patientId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map((d) => ({
    ...d,
    created_at: d.created_at.toISOString(),
    status: d.status as DocumentStatus,
  }));
}

/** Every document row of the patient (the privacy export), in id order. */
export async function documentRowsOfPatient(db: Db, patientId: number) {
  return db.select().from(documents).where(eq(documents.patientId, patientId)).orderBy(documents.id);
}

/** Deletes the patient's document rows; their ids and storage keys (the files go after the commit). */
export async function deleteDocumentsOfPatient(tx: Db, patientId: number) {
  return tx
    .delete(documents)
    .where(eq(documents.patientId, patientId))
    .returning({ id: documents.id, key: documents.storageKey });
}
