/**
 * POST /api/documents through the app, on the disk storage of the test's data directory: every
 * accepted type, impostors refused by content, size limit, hostile names, a client gone
 * mid-upload, and after every failure the database and the storage hold the same set of files.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../../domain/documents';
import { auditEvents, documents } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { multipart } from '../../test/multipart';
import { documentsContext, MAX } from './test/fixture';
import { ACCEPTED, IMPOSTORS, PDF } from './test/samples';

const { ctx, staff, db, filesDir, newPatient, upload, doc, expectConsistent } = await documentsContext();

describe('POST /api/documents', () => {
  it('accepts every type the spec lists, stored under a generated name', async () => {
    const p = await newPatient();
    for (const [ext, data] of Object.entries(ACCEPTED)) {
      const res = await doc(p.id, `fisier.${ext}`, data, `Titlu ${ext}`);
      expect(res.statusCode, ext).toBe(200);
      expect(res.json(), ext).toMatchObject({ status: 1, id: expect.any(Number) });
      const [row] = await db.select().from(documents).where(eq(documents.id, res.json().id));
      expect(row).toMatchObject({ title: `Titlu ${ext}`, filename: `fisier.${ext}`, ext, size: data.length });
      expect(row.status).toBe('tosend');
      expect(row.storageKey).toMatch(/^documents\/[0-9a-f-]{36}$/);
    }
    await expectConsistent();
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, 'document.upload'));
    expect(audits.length).toBe(Object.keys(ACCEPTED).length);
    expect(audits[0]).toMatchObject({ actorId: staff.id, patientId: p.id, entityType: 'document' });
  });

  it.each(Object.entries(IMPOSTORS))('refuses %s', async (_label, [filename, data]) => {
    const p = await newPatient();
    const res = await doc(p.id, filename, data);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      message: DOCUMENT_MESSAGES.contentMismatch,
      errors: { document: DOCUMENT_MESSAGES.contentMismatch },
    });
    expect(await db.select().from(documents).where(eq(documents.patientId, p.id))).toEqual([]);
    await expectConsistent();
  });

  it('refuses extensions the spec does not list, and files without one', async () => {
    const p = await newPatient();
    for (const name of ['run.exe', 'pagina.html', 'logo.svg', 'script.js', 'fara-extensie', 'arhiva.zip']) {
      const res = await doc(p.id, name, PDF);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(DOCUMENT_MESSAGES.invalidType);
    }
    await expectConsistent();
  });

  it('refuses an empty file', async () => {
    const p = await newPatient();
    const res = await doc(p.id, 'gol.pdf', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ document: DOCUMENT_MESSAGES.empty });
    await expectConsistent();
  });

  it('requires title, patient and file with the spec texts', async () => {
    const p = await newPatient();
    let res = await upload([
      { name: 'title', value: '  ' },
      { name: 'patient_id', value: String(p.id) },
      { name: 'document', filename: 'a.pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: DOCUMENT_MESSAGES.titleRequired });

    res = await upload([
      { name: 'title', value: 'Analize' },
      { name: 'document', filename: 'a.pdf', data: PDF },
    ]);
    expect(res.json().errors).toEqual({ patient_id: DOCUMENT_MESSAGES.patientRequired });

    res = await upload([
      { name: 'title', value: 'Analize' },
      { name: 'patient_id', value: String(p.id) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ document: DOCUMENT_MESSAGES.fileRequired });
    await expectConsistent();
  });

  it('checks title and patient before storing the file (unknown patient, blank title, file first)', async () => {
    const p = await newPatient();
    const before = await listAllFiles(filesDir);
    let res = await upload([
      { name: 'title', value: 'Analize' },
      { name: 'patient_id', value: '999999' },
      { name: 'document', filename: 'a.pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ patient_id: DOCUMENT_MESSAGES.patientRequired });
    expect(await listAllFiles(filesDir)).toEqual(before);

    res = await upload([
      { name: 'title', value: ' ' },
      { name: 'patient_id', value: String(p.id) },
      { name: 'document', filename: 'a.pdf', data: PDF },
    ]);
    expect(res.json().errors).toEqual({ title: DOCUMENT_MESSAGES.titleRequired });
    expect(await listAllFiles(filesDir)).toEqual(before);

    // A file before its fields is refused unread: the fields it would belong to are unknown.
    res = await upload([
      { name: 'document', filename: 'a.pdf', data: PDF },
      { name: 'title', value: 'Analize' },
      { name: 'patient_id', value: String(p.id) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: DOCUMENT_MESSAGES.titleRequired,
      patient_id: DOCUMENT_MESSAGES.patientRequired,
    });
    expect(await listAllFiles(filesDir)).toEqual(before);
    await expectConsistent();
  });

  it('answers 413 above UPLOAD_MAX_BYTES, cut off while streaming or from the declared size', async () => {
    const p = await newPatient();
    const justOver = Buffer.concat([PDF, randomBytes(MAX + 1 - PDF.length)]);
    let res = await doc(p.id, 'mare.pdf', justOver);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 0, message: DOCUMENT_MESSAGES.tooLarge });
    const wayOver = Buffer.concat([PDF, randomBytes(MAX * 4)]);
    res = await doc(p.id, 'enorm.pdf', wayOver);
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(await db.select().from(documents).where(eq(documents.patientId, p.id))).toEqual([]);
    await expectConsistent();
    // Exactly at the limit is fine.
    res = await doc(p.id, 'limita.pdf', Buffer.concat([PDF, randomBytes(MAX - PDF.length)]));
    expect(res.statusCode).toBe(200);
    await expectConsistent();
  });

  it('keeps hostile file names only as harmless display names', async () => {
    const p = await newPatient();
    const names: [string, string][] = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
      ['re\u0007te\u001bta.pdf', 'reteta.pdf'],
      ['invoice\u202Efdp.exe.pdf', 'invoicefdp.exe.pdf'],
      ['.pdf', 'document.pdf'],
      ['Scrisoare medicală ștampilă.pdf', 'Scrisoare medicală ștampilă.pdf'],
    ];
    for (const [sent, shown] of names) {
      const res = await doc(p.id, sent, PDF);
      expect(res.statusCode, sent).toBe(200);
      const [row] = await db.select().from(documents).where(eq(documents.id, res.json().id));
      expect(row.filename, sent).toBe(shown);
    }
    // Nothing was written outside the storage root, and nothing under a client's name.
    const files = await listAllFiles(ctx.dataDir);
    expect(files.filter((f) => !f.startsWith('files/documents/') && f !== 'auth-secret')).toEqual([]);
    await expectConsistent();
  });

  it('leaves no file and no row when the client disconnects mid-upload', async () => {
    const p = await newPatient();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const body = multipart([
      { name: 'title', value: 'Intrerupt' },
      { name: 'patient_id', value: String(p.id) },
      { name: 'document', filename: 'mare.pdf', data: Buffer.concat([PDF, randomBytes(200 * 1024)]) },
    ]);
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${staff.cookie}\r\n` +
        `Content-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 120 * 1024));
    // Wait until the server is writing the file, then vanish.
    for (let i = 0; i < 100 && !(await listAllFiles(filesDir)).some((f) => f.includes('.partial-')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await listAllFiles(filesDir)).some((f) => f.includes('.partial-'))).toBe(true);
    socket.destroy();
    for (let i = 0; i < 100 && (await listAllFiles(filesDir)).some((f) => f.includes('.partial-')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await db.select().from(documents).where(eq(documents.patientId, p.id))).toEqual([]);
    await expectConsistent();
  });

  it('needs a session', async () => {
    const res = await upload([{ name: 'document', filename: 'a.pdf', data: PDF }], {});
    expect(res.statusCode).toBe(401);
  });
});
