/**
 * POST/GET/PUT/DELETE /api/documents through the app, on the disk storage of the test's data
 * directory: every accepted type, impostors refused by content, size limit, hostile names, and
 * after every failure the database and the storage hold exactly the same set of files.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../../domain/documents';
import { foldText } from '../../../domain/text';
import { makeCnp } from '../../../domain/validation/cnp';
import { auditEvents, documents, patients } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { ACCEPTED, IMPOSTORS, PDF } from './samples';

const MAX = 256 * 1024;
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

type Part = { name: string; value?: string; filename?: string; data?: Buffer; type?: string };

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

  it('removes the stored file when the row cannot be written (patient gone)', async () => {
    // The file comes first, so it is stored before the unknown patient id is even read.
    const res = await upload([
      { name: 'document', filename: 'a.pdf', data: PDF },
      { name: 'title', value: 'Analize' },
      { name: 'patient_id', value: '999999' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ patient_id: DOCUMENT_MESSAGES.patientRequired });
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

describe('GET /api/documents', () => {
  it('lists with the spec fields, filters and pages', async () => {
    const maria = await newPatient('Maria Ionescu');
    await doc(maria.id, 'a.pdf', PDF, 'Bilet externare');
    const second = (await doc(maria.id, 'b.png', ACCEPTED.png, 'EKG')).json().id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/documents/${second}`,
      headers: staff.headers,
      payload: { document_id: second, status: 'sent' },
    });
    const get = (filters: object, extra = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/documents?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
        headers: staff.headers,
      });

    let res = await get({ patient_id: maria.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body._meta).toEqual({ total: 2, page: 1, perPage: 20, pageCount: 1 });
    expect(body.documents[0]).toMatchObject({
      id: second,
      title: 'EKG',
      filename: 'b.png',
      type: 'png',
      status: 'sent',
      patient: 'Maria Ionescu',
      pid: `*********${maria.cnp.slice(-4)}`, // masked in lists (issue 11)
      patient_id: maria.id,
    });
    expect(body.documents[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    res = await get({ patient_id: maria.id, status: 'tosend' });
    expect(res.json().documents.map((d: { title: string }) => d.title)).toEqual(['Bilet externare']);
    res = await get({ cnp: maria.cnp.slice(0, 13) });
    expect(res.json()._meta.total).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date());
    res = await get({ patient_id: maria.id, created_at: today });
    expect(res.json()._meta.total).toBe(2);
    res = await get({ patient_id: maria.id, created_at: '2001-01-01' });
    expect(res.json()).toMatchObject({ documents: [], _meta: { total: 0 } });
    res = await get({ patient_id: maria.id }, '&page=2&perPage=10');
    expect(res.json()._meta).toEqual({ total: 2, page: 2, perPage: 10, pageCount: 1 });

    res = await get({ unknown: 1 });
    expect(res.statusCode).toBe(400);
    res = await get({ status: 'lost' });
    expect(res.statusCode).toBe(400);
  });

  it('lists patients for the upload modal, searched by name without diacritics', async () => {
    await newPatient('Ștefan Vlădescu');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/patients?filters=${encodeURIComponent(JSON.stringify({ name: 'stefan vla' }))}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: expect.any(Number), name: 'Ștefan Vlădescu', cnp: expect.any(String) },
    ]);
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/documents/patients',
      headers: staff.headers,
    });
    expect(all.json().data.length).toBeGreaterThan(1);
    expect(all.json().data.length).toBeLessThanOrEqual(50);
  });
});

describe('status, open and delete', () => {
  it('changes the status both ways, audited', async () => {
    const p = await newPatient();
    const id = (await doc(p.id, 'a.pdf', PDF)).json().id;
    for (const status of ['sent', 'tosend', 'sent']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/documents/${id}`,
        headers: staff.headers,
        payload: { document_id: id, status, appointment_id: null },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await db.select().from(documents).where(eq(documents.id, id));
      expect(row.status).toBe(status);
    }
    const events = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(id)))
      .orderBy(asc(auditEvents.id));
    expect(events.filter((e) => e.action === 'document.status').map((e) => e.details)).toEqual([
      { from: 'tosend', to: 'sent' },
      { from: 'sent', to: 'tosend' },
      { from: 'tosend', to: 'sent' },
    ]);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/documents/${id}`,
      headers: staff.headers,
      payload: { document_id: id, status: 'archived' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/documents/999999',
      headers: staff.headers,
      payload: { status: 'sent' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('opens a file through a signed URL with safe headers; tampered or expired links are refused', async () => {
    const p = await newPatient();
    const pdfId = (await doc(p.id, 'Scrisoare medicală; 100%.pdf', PDF)).json().id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/documents/${pdfId}/url`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/api/documents/${pdfId}/file\\?exp=\\d+&sig=`));

    // No cookie needed: the signature is the credential.
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Scrisoare medicala_ 100_.pdf"; filename*=UTF-8''Scrisoare%20medical%C4%83%3B%20100%25.pdf`,
    );

    const csvId = (await doc(p.id, 'tabel.csv', ACCEPTED.csv)).json().id;
    const csvUrl = (
      await ctx.app.inject({ method: 'GET', url: `/api/documents/${csvId}/url`, headers: staff.headers })
    ).json().url;
    const csv = await ctx.app.inject({ method: 'GET', url: csvUrl });
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="tabel.csv"/);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);

    const [, query] = url.split('?');
    const params = new URLSearchParams(query);
    const sig = params.get('sig') as string;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `/api/documents/${csvId}/file?${query}`, // another document with this signature
      `/api/documents/${pdfId}/file?exp=${Number(params.get('exp')) + 3600}&sig=${sig}`, // longer life
      `/api/documents/${pdfId}/file?exp=${params.get('exp')}&sig=${flipped}`,
      `/api/documents/${pdfId}/file?exp=${params.get('exp')}`,
      `/api/documents/${pdfId}/file`,
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(403);
      expect(r.json()).toEqual({ status: 0, message: DOCUMENT_MESSAGES.linkInvalid });
    }
    const opens = await db.select().from(auditEvents).where(eq(auditEvents.action, 'document.open'));
    expect(opens.map((e) => e.entityId)).toEqual([String(pdfId), String(csvId)]);
  });

  it('refuses a link once it has expired', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const timed = await setupTestApp({ clock: { now: () => now } });
    const s = await signedInStaff(timed);
    const p = await newPatientIn(timed.database.db);
    const { payload, contentType } = multipart([
      { name: 'title', value: 'Analize' },
      { name: 'patient_id', value: String(p) },
      { name: 'document', filename: 'a.pdf', data: PDF },
    ]);
    const up = await timed.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...s.headers, 'content-type': contentType },
      payload,
    });
    const id = up.json().id;
    const { url } = (
      await timed.app.inject({ method: 'GET', url: `/api/documents/${id}/url`, headers: s.headers })
    ).json();
    now = new Date(now.getTime() + 4 * 60 * 1000);
    expect((await timed.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    now = new Date(now.getTime() + 2 * 60 * 1000);
    expect((await timed.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('deletes the row and the stored file', async () => {
    const p = await newPatient();
    const id = (await doc(p.id, 'a.pdf', PDF)).json().id;
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    expect(await listAllFiles(filesDir)).toContain(row.storageKey);
    const { url } = (
      await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}/url`, headers: staff.headers })
    ).json();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
    expect(await listAllFiles(filesDir)).not.toContain(row.storageKey);
    await expectConsistent();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(404);
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'document.delete'));
    expect(event).toMatchObject({ entityId: String(id), patientId: p.id, actorId: staff.id });
  });
});

async function newPatientIn(other: typeof db): Promise<number> {
  const [row] = await other
    .insert(patients)
    .values({
      name: 'Ana Timp',
      nameSearch: 'ana timp',
      cnp: makeCnp(2, '1990-05-05', '12', 1),
      phone: '+40722123456',
      insuranceStatus: 'uninsured',
      stateResidency: 'RO-B',
    })
    .returning({ id: patients.id });
  return row.id;
}
