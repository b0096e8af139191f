/**
 * The documents API tests' shared setting: an app on a fresh database with the disk storage of
 * the test's data directory and a small upload limit, a signed-in staff member, and helpers to
 * create patients, send hand-written multipart uploads, and check that the rows and the stored
 * files are the same set. Each test file that calls it gets its own database.
 */
import path from 'node:path';
import { expect } from 'vitest';
import { foldText } from '../../../domain/text';
import { makeCnp } from '../../../domain/validation/cnp';
import { documents, patients } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { multipart, type Part } from '../../test/multipart';

export const MAX = 256 * 1024;

export async function documentsContext() {
  const ctx = await setupTestApp({ env: { UPLOAD_MAX_BYTES: String(MAX) } });
  const staff = await signedInStaff(ctx);
  const db = ctx.database.db;
  const filesDir = path.join(ctx.dataDir, 'files');

  let serial = 0;
  async function newPatient(name = 'Ion Popescu') {
    serial++;
    const [row] = await db
      .insert(patients)
      .values({
        name,
        nameSearch: foldText(name),
        cnp: makeCnp(1, '1980-01-01', '40', serial),
        phone: '+40722123456',
        insuranceStatus: 'uninsured',
        stateResidency: 'RO-B',
      })
      .returning();
    return row;
  }

  function upload(parts: Part[], headers: Record<string, string> = staff.headers) {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  }

  const doc = (patientId: number, filename: string, data: Buffer, title = 'Analize') =>
    upload([
      { name: 'title', value: title },
      { name: 'patient_id', value: String(patientId) },
      { name: 'document', filename, data },
    ]);

  /** The storage keys the rows point to and the files on disk must be the same set. */
  async function expectConsistent() {
    const rows = await db.select({ key: documents.storageKey }).from(documents);
    expect(await listAllFiles(filesDir)).toEqual(rows.map((r) => r.key).sort());
  }

  return { ctx, staff, db, filesDir, newPatient, upload, doc, expectConsistent };
}
