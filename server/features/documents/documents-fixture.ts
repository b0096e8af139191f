/**
 * The documents API tests' shared setting: an app on a fresh database with the disk storage of
 * the test's data directory and a small upload limit, a signed-in staff member, and helpers to
 * create patients, send hand-written multipart uploads, and check that the rows and the stored
 * files are the same set. Each test file that calls it gets its own database.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import { foldText } from '../../../domain/text';
import { makeCnp } from '../../../domain/validation/cnp';
import { documents, patients } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { setupTestApp, signedInStaff } from '../../test/harness';

export const MAX = 256 * 1024;

export type Part = { name: string; value?: string; filename?: string; data?: Buffer; type?: string };

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

  /** A multipart body written by hand, so tests control field order and raw file names. */
  function multipart(parts: Part[]) {
    const boundary = `----clinic${randomBytes(8).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const file = p.filename !== undefined;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file ? `; filename="${p.filename}"` : ''}\r\n` +
            `${file ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
          'utf8',
        ),
        p.data ?? Buffer.from(p.value ?? '', 'utf8'),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
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

  return { ctx, staff, db, filesDir, newPatient, multipart, upload, doc, expectConsistent };
}
