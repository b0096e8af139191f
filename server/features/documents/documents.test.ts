/**
 * GET/PUT/DELETE /api/documents through the app: the list with its filters and pages, the
 * patients offered by the upload modal, status changes, opening through signed links, deletion
 * of the row and its stored file.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../../domain/documents';
import { auditEvents, documents } from '../../db/schema';
import { listAllFiles } from '../../platform/storage/disk';
import { makePatient } from '../../test/factories';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { documentsContext } from './test/fixture';
import { ACCEPTED, PDF } from './test/samples';

const { ctx, staff, db, filesDir, newPatient, doc, expectConsistent } = await documentsContext();

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
    // The last four digits, as the list shows them (issue 22).
    res = await get({ cnp: maria.cnp.slice(-4) });
    expect(res.json()._meta.total).toBe(2);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date());
    res = await get({ patient_id: maria.id, created_at: today });
    expect(res.json()._meta.total).toBe(2);
    // A day or a status alone (their statement is prepared, the status written into the text).
    const titles = (r: typeof res) => r.json().documents.map((d: { title: string }) => d.title);
    expect(titles(await get({ created_at: today }))).toEqual(
      expect.arrayContaining(['EKG', 'Bilet externare']),
    );
    expect(titles(await get({ status: 'sent' }))).toContain('EKG');
    expect(titles(await get({ status: 'sent' }))).not.toContain('Bilet externare');
    expect(titles(await get({ status: 'tosend', created_at: today }))).toContain('Bilet externare');
    expect(titles(await get({ status: 'tosend', created_at: today }))).not.toContain('EKG');
    expect((await get({ created_at: '2001-01-01' })).json()).toMatchObject({
      documents: [],
      _meta: { total: 0 },
    });
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
      // The masked CNP and the birth date beside the name, to tell namesakes apart (issue 22).
      {
        id: expect.any(Number),
        name: 'Ștefan Vlădescu',
        cnp: expect.stringMatching(/^\*{9}\d{4}$/),
        birth_date: '1980-01-01',
      },
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
    expect(url).toMatch(new RegExp(`^/api/documents/${pdfId}/file\\?exp=\\d+&sid=[\\w-]+&sig=`));

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
    const sid = params.get('sid') as string;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `/api/documents/${csvId}/file?${query}`, // another document with this signature
      `/api/documents/${pdfId}/file?exp=${Number(params.get('exp')) + 3600}&sid=${sid}&sig=${sig}`, // longer life
      `/api/documents/${pdfId}/file?exp=${params.get('exp')}&sid=${sid}&sig=${flipped}`,
      `/api/documents/${pdfId}/file?exp=${params.get('exp')}&sid=x${sid}&sig=${sig}`, // another session
      `/api/documents/${pdfId}/file?exp=${params.get('exp')}&sig=${sig}`,
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

  it('ends every link of a session when it signs out or its account is deactivated', async () => {
    const p = await newPatient();
    const id = (await doc(p.id, 'a.pdf', PDF)).json().id;
    const linkFor = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}/url`, headers })).json()
        .url as string;
    const open = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

    const leaving = await signedInStaff(ctx);
    const kept = await linkFor(staff.headers);
    const ended = await linkFor(leaving.headers);
    expect(await open(ended)).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: leaving.headers });
    expect(out.statusCode).toBe(200);
    expect(await open(ended)).toBe(403);
    expect(await open(kept)).toBe(200); // another session's link is not affected

    const boss = await signedInStaff(ctx, { superadmin: true });
    const deactivated = await signedInStaff(ctx);
    const link = await linkFor(deactivated.headers);
    expect(await open(link)).toBe(200);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${deactivated.id}/deactivate`,
      headers: boss.headers,
    });
    expect(off.statusCode).toBe(200);
    expect(await open(link)).toBe(403);
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
  return (await makePatient(other, { name: 'Ana Timp' })).id;
}
