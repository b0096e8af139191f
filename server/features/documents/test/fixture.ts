/**
 * The documents API tests' shared setting: an app on a fresh database with the disk storage of
 * the test's data directory and a small upload limit, a signed-in staff member, and helpers to
 * create patients, send hand-written multipart uploads, and check that the rows and the stored
 * files are the same set. Each test file that calls it gets its own database.
 */
import path from 'node:path';
import { expect } from 'vitest';
import { documents } from '../../../db/schema/documents';
import { listAllFiles } from '../../../platform/storage/disk';
import { makePatient, nextCnp } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';
import { multipart, type Part } from '../../../test/multipart';

export const MAX = 256 * 1024;

export async function documentsContext() {
  const ctx = await setupTestApp({ env: { UPLOAD_MAX_BYTES: String(MAX) } });
  const staff = await signedInStaff(ctx);
  const db = ctx.database.db;
  const filesDir = path.join(ctx.dataDir, 'files');

  // Born on 1 January 1980: the upload modal's patient list shows the birth date.
  const newPatient = (name = 'Ion Popescu') => makePatient(db, { name, cnp: nextCnp('1980-01-01') });

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
