import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_TEXTS } from '../../../domain/consultations';
import { auditEvents, consultationEntries, consultationGroups, outbox } from '../../db/schema';
import { type Staff, setupTestApp, signedInStaff } from '../../test/harness';
import { insertPatient, NOW } from './test-helpers';

let now = NOW;
const ctx = await setupTestApp({ clock: { now: () => now } });
const db = ctx.database.db;
let doctor: Staff;
let patientId: number;

beforeAll(async () => {
  doctor = await signedInStaff(ctx, { firstName: 'Ioana', lastName: 'Popescu' });
  patientId = (await insertPatient(db, { name: 'Ștefan Țăranu' })).id;
});

const save = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/patients',
    payload: { patientId, ...payload },
    headers: doctor.headers,
  });
const groupsOf = (pid: number) =>
  db.select().from(consultationGroups).where(eq(consultationGroups.patientId, pid));
const entriesOf = (guid: string) =>
  db
    .select()
    .from(consultationEntries)
    .where(eq(consultationEntries.groupGuid, guid))
    .orderBy(consultationEntries.id);
const audited = (action: string, pid: number) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, pid)));

describe('consultation sections (PUT /api/patients)', () => {
  it('saves one section into a group dated today in Bucharest, then joins the others to it', async () => {
    const title = 'Consultatie 23.11.2026';
    const first = await save({ consultationTitle: title, reason: '<p>Durere toracică</p>' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 1,
      message: CONSULTATION_TEXTS.saved,
      consultation: { title, date: '2026-11-23', sections: ['reason'] },
    });
    const guid = first.json().consultation.guid;
    const second = await save({ consultationTitle: title, diagnosis: '<p>Angină</p>', recs: '<p></p>' });
    expect(second.json().consultation).toMatchObject({ guid, sections: ['diagnosis'] });
    const again = await save({ consultationTitle: title, reason: '<p>Durere toracică la efort</p>' });
    expect(again.json().consultation.guid).toBe(guid);

    const groups = await groupsOf(patientId);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ guid, title, date: '2026-11-23', createdBy: doctor.id });
    const entries = await entriesOf(guid);
    expect(entries.map((e) => [e.type, e.content, e.doctorId])).toEqual([
      ['reason', '<p>Durere toracică la efort</p>', doctor.id],
      ['diagnosis', '<p>Angină</p>', doctor.id],
    ]);
    expect(await audited('consultation.save', patientId)).toHaveLength(3);
  });

  it('starts a new group for another title', async () => {
    const res = await save({ consultationTitle: 'Control', treatment: '<p>Aspirină 75 mg</p>' });
    expect(res.statusCode).toBe(200);
    expect(await groupsOf(patientId)).toHaveLength(2);
  });

  it('shows the groups and entries in the patient record', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/patients/${patientId}`,
      headers: doctor.headers,
    });
    const groups = res.json().patient.consultations;
    const first = groups.find((g: { title: string }) => g.title === 'Consultatie 23.11.2026');
    expect(first.date).toBe('2026-11-23');
    expect(first.consultations).toEqual([
      expect.objectContaining({
        type: 'reason',
        type_label: 'Motivul consultației',
        doctor: 'Ioana Popescu',
      }),
      expect.objectContaining({
        type: 'diagnosis',
        type_label: 'Diagnostic prezumtiv',
        content: '<p>Angină</p>',
      }),
    ]);
  });

  it('refuses an empty form, a missing title and an unknown patient', async () => {
    const empty = await save({ consultationTitle: 'X', reason: '<p> </p>', recs: '<script>x</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CONSULTATION_TEXTS.nothingToSave);
    const noTitle = await save({ consultationTitle: '', reason: '<p>a</p>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ errors: { consultationTitle: CONSULTATION_TEXTS.titleRequired } });
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: 999999, consultationTitle: 'X', reason: '<p>a</p>' },
      headers: doctor.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('consultation entry update (PUT /api/patients/:id/consultations/:entryId)', () => {
  it('saves new sanitised content and audits it', async () => {
    const [g] = await groupsOf(patientId);
    const [entry] = await entriesOf(g.guid);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/patients/${patientId}/consultations/${entry.id}`,
      payload: {
        id: entry.id,
        patientId,
        content: '<p onclick="x()">Revizuit <b>azi</b></p><script>alert(1)</script>',
      },
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: CONSULTATION_TEXTS.entrySaved,
      content: '<p>Revizuit <b>azi</b></p>',
    });
    const [row] = await db.select().from(consultationEntries).where(eq(consultationEntries.id, entry.id));
    expect(row.content).toBe('<p>Revizuit <b>azi</b></p>');
    expect(await audited('consultation.entry.update', patientId)).toHaveLength(1);
  });

  it("refuses blank content, another patient's entry and mismatched ids", async () => {
    const [g] = await groupsOf(patientId);
    const [entry] = await entriesOf(g.guid);
    const url = `/api/patients/${patientId}/consultations/${entry.id}`;
    const blank = await ctx.app.inject({
      method: 'PUT',
      url,
      payload: { content: '<p></p>' },
      headers: doctor.headers,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CONSULTATION_TEXTS.contentRequired);
    const other = (await insertPatient(db, { name: 'Alt Pacient' })).id;
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: `/api/patients/${other}/consultations/${entry.id}`,
      payload: { content: '<p>x</p>' },
      headers: doctor.headers,
    });
    expect(wrong.statusCode).toBe(404);
    const mismatch = await ctx.app.inject({
      method: 'PUT',
      url,
      payload: { id: entry.id + 1, content: '<p>x</p>' },
      headers: doctor.headers,
    });
    expect(mismatch.statusCode).toBe(400);
  });
});

/** Known XSS vectors (OWASP filter evasion cheat sheet and friends). */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">link</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<span onclick=alert(1)>click</span>',
  '<div style="width:expression(alert(1))">expr</div>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>m</marquee>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<svg><script>alert(1)</script></svg>',
  '<textarea><script>alert(1)</script></textarea>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<h1 onclick="alert(1)">T</h1>',
  '<pre onmouseover=alert(1)>pre</pre>',
  "<style>@import 'javascript:alert(1)';</style>",
  '<b/onclick=alert(1)>bold</b>',
  '<a href="jAvAsCrIpT&colon;alert(1)">mixed</a>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<div><!--<img src=x onerror=alert(1)>--></div>',
  '<select onfocus=alert(1) autofocus><option>o</option></select>',
  '<table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<ul><li class="x" id="y" data-x="1">item</li></ul>',
];
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'div',
  'pre',
]);

describe('sanitising of rich text before it is stored', () => {
  it(`neutralises ${XSS.length} known XSS payloads`, async () => {
    expect(XSS.length).toBeGreaterThanOrEqual(30);
    for (const [i, payload] of XSS.entries()) {
      const res = await save({ consultationTitle: `XSS ${i}`, reason: `<p>Text ${i}</p>${payload}` });
      expect(res.statusCode, payload).toBe(200);
      const [entry] = await entriesOf(res.json().consultation.guid);
      const stored = entry.content;
      expect(stored.startsWith(`<p>Text ${i}</p>`), payload).toBe(true);
      for (const m of stored.matchAll(/<\/?([a-zA-Z][^\s/>]*)/g))
        expect(ALLOWED, `${payload} -> ${stored}`).toContain(m[1].toLowerCase());
      expect(stored, payload).not.toMatch(/<[a-z0-9]+[\s/][^>]*>/i); // no attributes at all
      expect(stored, payload).not.toMatch(/javascript|onerror|onload|onclick|<script|<img|<a[\s>]/i);
    }
  });

  it('keeps the allowed formatting', async () => {
    const html =
      '<h2>Titlu</h2><p><strong>a</strong> <em>b</em> <u>c</u><br></p><ol><li>x</li></ol><pre>cod</pre>';
    const res = await save({ consultationTitle: 'Format', recs: html });
    const [entry] = await entriesOf(res.json().consultation.guid);
    expect(entry.content).toBe(html.replace('<br>', '<br />'));
  });
});

async function letterLink(pid: number, guid: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/patients/${pid}/consultation-letter/${guid}`,
    headers: doctor.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

describe('consultation letter', () => {
  let guid: string;
  beforeAll(async () => {
    const res = await save({
      consultationTitle: 'Consultatie cardiologie',
      reason: '<p>Palpitații și dispnee</p>',
      personalPriors: '<p>Hipertensiune arterială</p>',
      familyPriors: '<p>Tatăl: infarct miocardic</p>',
      treatment: '<ul><li>Bisoprolol 5 mg</li><li>Atorvastatină 20 mg</li></ul>',
      diagnosis: '<p>Fibrilație atrială paroxistică</p>',
      recs: '<p>Control peste 3 luni; ECG Holter.</p>',
    });
    guid = res.json().consultation.guid;
  });

  it('saves a letter entry, replacing it on the next save', async () => {
    const url = `/api/patients/${patientId}/consultation-letter`;
    const first = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid, content: '<p>Stimate coleg, ...</p>' },
      headers: doctor.headers,
    });
    expect(first.statusCode).toBe(200);
    const second = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid, content: '<p>Vă rugăm să urmăriți tensiunea.</p><img src=x onerror=alert(1)>' },
      headers: doctor.headers,
    });
    expect(second.json().id).toBe(first.json().id);
    const letters = (await entriesOf(guid)).filter((e) => e.type === 'letter');
    expect(letters.map((e) => e.content)).toEqual(['<p>Vă rugăm să urmăriți tensiunea.</p>']);
    expect(await audited('consultation.letter.save', patientId)).toHaveLength(2);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { guid: '00000000-0000-4000-8000-000000000000', content: '<p>x</p>' },
      headers: doctor.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a signed URL that serves the PDF with the patient, sections and diacritics', async () => {
    const url = await letterLink(patientId, guid);
    expect(url).toMatch(
      new RegExp(`^/api/patients/${patientId}/consultation-letter/${guid}/pdf\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const res = await ctx.app.inject({ method: 'GET', url }); // no session: the signature is enough
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="scrisoare-medicala-2026-11-23.pdf"',
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Scrisoare medicală',
      'Ștefan Țăranu',
      'Consultatie cardiologie',
      '23.11.2026',
      'Motivul consultației',
      'Palpitații și dispnee',
      'Antecedente personale',
      'Antecedente heredo-colaterale semnificative',
      'Tatăl: infarct miocardic',
      'Tratament curent',
      'Atorvastatină 20 mg',
      'Diagnostic prezumtiv',
      'Fibrilație atrială paroxistică',
      'Recomandări',
      'Vă rugăm să urmăriți tensiunea.',
      'Ioana Popescu',
      'Cluj',
    ])
      expect(flat).toContain(expected);
    expect(await audited('consultation.letter.link', patientId)).not.toHaveLength(0);
    expect(await audited('consultation.letter.read', patientId)).toHaveLength(1);
  });

  it('refuses an altered or expired URL', async () => {
    const url = await letterLink(patientId, guid);
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;
    const other = (await insertPatient(db, { name: 'Altcineva' })).id;
    const variants = [
      `${u.pathname}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `${u.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${u.pathname}?exp=${exp}`,
      u.pathname,
      `${u.pathname.replace(`/patients/${patientId}/`, `/patients/${other}/`)}?exp=${exp}&sig=${sig}`,
      `${u.pathname.replace(guid, '00000000-0000-4000-8000-000000000000')}?exp=${exp}&sig=${sig}`,
    ];
    for (const v of variants) {
      const res = await ctx.app.inject({ method: 'GET', url: v });
      expect(res.statusCode, v).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: CONSULTATION_TEXTS.linkInvalid });
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    now = new Date(NOW.getTime() + 301_000);
    try {
      const expired = await ctx.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
    } finally {
      now = NOW;
    }
  });

  it('answers 404 for a group of another patient', async () => {
    const other = (await insertPatient(db, { name: 'Fără Consultații' })).id;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/patients/${other}/consultation-letter/${guid}`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('e-mails the PDF to the family doctor through the outbox', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/consultation-letter/${guid}/send`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: CONSULTATION_TEXTS.letterSent });
    const mails = await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Scrisoare medicală - Ștefan Țăranu - 23.11.2026');
    const [att] = mails[0].attachments as { filename: string; contentType: string; contentBase64: string }[];
    expect(att).toMatchObject({
      filename: 'scrisoare-medicala-2026-11-23.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(att.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await audited('consultation.letter.send', patientId)).toHaveLength(1);
  });

  it('refuses to send when the family doctor has no e-mail', async () => {
    const pid = (await insertPatient(db, { name: 'Fără Medic', gpEmail: null })).id;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: pid, consultationTitle: 'C', reason: '<p>r</p>' },
      headers: doctor.headers,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/patients/${pid}/consultation-letter/${saved.json().consultation.guid}/send`,
      headers: doctor.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 0, message: CONSULTATION_TEXTS.noGpEmail });
  });
});
