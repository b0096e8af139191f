/** SQL of the documents feature (Drizzle; the same on PGlite and PostgreSQL). */
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type {
  DocumentFilters,
  DocumentItem,
  DocumentPatient,
  DocumentStatus,
} from '../../../domain/documents';
import { maskCnp, pickerPatient } from '../../../domain/privacy';
import { foldText } from '../../../domain/text';
import type { Db } from '../../db/client';
import { appointments, documents, patients } from '../../db/schema';
import { viewPage } from '../../platform/built-once';
import { pageAndTotal, TOTAL_COLUMN } from '../../platform/list-total';
import { customPlan, literalInt, plainLiterals } from '../../platform/page-sql';
import { cnpMatches, likeContains } from '../../platform/prefix-match';

function where(f: DocumentFilters) {
  // A status has two values and a day is one range of the order's own index, whatever the day:
  // typed without a CNP or a patient, the statement is prepared and planned once, the status
  // written into the text (decisions 0055 and 0059). A CNP or a patient is planned for its value
  // (server/db/prepared-client.ts).
  const keyed = !f.cnp && !f.patient_id;
  const lit = keyed ? plainLiterals({ status: f.status }) : null;
  const conds = [];
  if (f.status)
    conds.push(lit?.status ? sql`${documents.status} = ${lit.status}` : eq(documents.status, f.status));
  if (f.patient_id) conds.push(eq(documents.patientId, f.patient_id));
  const cnp = f.cnp ? cnpMatches(sql`${patients.cnp}`, f.cnp) : null;
  if (cnp) conds.push(cnp);
  if (f.created_at) {
    // The clinic's calendar day, as a range on the indexed timestamp (whatever the server TZ).
    conds.push(
      sql`${documents.createdAt} >= (${f.created_at}::date)::timestamp AT TIME ZONE 'Europe/Bucharest'`,
      sql`${documents.createdAt} < (${f.created_at}::date + 1)::timestamp AT TIME ZONE 'Europe/Bucharest'`,
    );
  }
  if (!conds.length) return undefined;
  return lit ? and(...conds) : and(...conds, customPlan);
}

const listColumns = {
  id: documents.id,
  title: documents.title,
  filename: documents.filename,
  type: documents.ext,
  created_at: documents.createdAt,
  status: documents.status,
  patient: patients.name,
  pid: patients.cnp,
  patient_id: documents.patientId,
  appointment_id: documents.appointmentId,
  size: documents.size,
};

export async function listDocuments(
  db: Db,
  filters: DocumentFilters,
  page: number,
  perPage: number,
): Promise<{ total: number; documents: DocumentItem[] }> {
  const w = where(filters);
  // Every document has its patient (foreign key, not null): the count joins patients only for
  // the CNP filter, so otherwise it is an index-only scan (docs/PERFORMANCE.md).
  // Exact up to 1,000, estimated beyond (server/platform/list-total.ts).
  const ids = db.select({ id: documents.id }).from(documents);
  const pageOf = (column: SQL<number> | null) =>
    db
      .select({ ...listColumns, ...(column ? { [TOTAL_COLUMN]: column } : {}) })
      .from(documents)
      .innerJoin(patients, eq(patients.id, documents.patientId))
      .where(w)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(literalInt(perPage))
      .offset(literalInt((page - 1) * perPage));
  // Without a typed value (every document, or a status alone, written into the text) the page's
  // statement has one text per status and page: built once, and a kept total found by the view's
  // name (decision 0061).
  const view =
    !filters.cnp && !filters.patient_id && !filters.created_at ? `documents:${filters.status ?? ''}` : null;
  // The total rides along with the page when it must be counted (list-total.ts).
  const { rows, total } = await pageAndTotal(
    db,
    !w
      ? ids
      : filters.cnp
        ? ids.innerJoin(patients, eq(patients.id, documents.patientId)).where(w)
        : ids.where(w),
    // Date, status and patient are btree ranges of documents: counted with the cap at once.
    !w ? 'default-view' : filters.cnp ? 'capped' : 'indexed',
    viewPage(db, view, `${perPage}:${page}`, pageOf),
    { key: view ?? `documents-filtered:${JSON.stringify(filters)}` },
  );
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

export async function searchPatients(db: Db, name: string | null | undefined): Promise<DocumentPatient[]> {
  const folded = name ? foldText(name) : '';
  const found = await db
    .select({ id: patients.id, name: patients.name, cnp: patients.cnp })
    .from(patients)
    .where(folded ? like(patients.nameSearch, likeContains(folded)) : undefined)
    .orderBy(patients.nameSearch, patients.id)
    .limit(50);
  return found.map((r) => pickerPatient(r));
}

export async function findDocument(db: Db, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** The appointment exists and is the given patient's (a document links only to its own patient's). */
export async function appointmentOfPatient(
  db: Db,
  appointmentId: number,
  patientId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.patientId, patientId)));
  return Boolean(row);
}

export async function patientExists(db: Db, patientId: number): Promise<boolean> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId));
  return Boolean(row);
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
