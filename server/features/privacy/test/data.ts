/**
 * Shared by the privacy API tests: a patient whose identity has spread the way it does in real
 * use (public form, consultation text, a signed letter e-mailed to the family doctor, an audit
 * trail, a stored document), written through the app's own routes wherever one exists. Rows
 * without a route come from server/test/factories.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { remoteConsultationDefaults } from '../../../../domain/letter';
import { makeCnp } from '../../../../domain/validation/cnp';
import { consultationGroups, patients } from '../../../db/schema';
import { getStorage } from '../../../platform/storage';
import { makeDocument, nextRealWeekday } from '../../../test/factories';
import type { Staff, TestContext } from '../../../test/harness';

let serial = 0;
export type Person = {
  name: string;
  cnp: string;
  email: string;
  phone: string;
  phoneE164: string;
  gpName: string;
  gpEmail: string;
};

export function person(): Person {
  serial++;
  const n = String(serial).padStart(2, '0');
  return {
    name: `Ștefania Vâlcu-Rădulescu ${String.fromCharCode(64 + serial)}`,
    cnp: makeCnp(2, '1975-04-09', '12', 300 + serial),
    email: `stefania.valcu${n}@example.ro`,
    phone: `07451${n}189`,
    phoneE164: `+407451${n}189`,
    gpName: `Dr. Ilie Crăciun ${n}`,
    gpEmail: `dr.craciun${n}@example.ro`,
  };
}

/** The whole life of a patient record; answers the patient id and the stored document's bytes. */
export async function patientWithHistory(ctx: TestContext, staff: Staff, who: Person) {
  const db = ctx.database.db;
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/appointment',
    remoteAddress: '198.51.100.23',
    payload: {
      appt_date: nextRealWeekday(),
      appt_time: '08:00',
      name: who.name,
      cnp: who.cnp,
      email: who.email,
      phone: who.phone,
      gp_name: who.gpName,
      gp_email: who.gpEmail,
      gp_phone: '0264 123 456',
      state_residency: 'RO-CJ',
      insurance_status: 'insured-employed',
      vaccine: 1,
      agreement: true,
    },
  });
  if (reg.statusCode !== 201) throw new Error(`registration failed: ${reg.statusCode} ${reg.body}`);
  const [p] = await db.select().from(patients).where(eq(patients.cnp, who.cnp));

  const read = await ctx.app.inject({ method: 'GET', url: `/api/patients/${p.id}`, headers: staff.headers });
  if (read.statusCode !== 200) throw new Error(`read failed: ${read.statusCode}`);

  const save = await ctx.app.inject({
    method: 'PUT',
    url: '/api/patients',
    headers: staff.headers,
    payload: {
      patientId: p.id,
      consultationTitle: 'Control anual',
      reason: `<p>${who.name} (tel. ${who.phone}) acuză palpitații.</p>`,
      diagnosis: '<p>Tahicardie sinusală</p>',
    },
  });
  if (save.statusCode !== 200) throw new Error(`consultation failed: ${save.statusCode} ${save.body}`);
  const [group] = await db.select().from(consultationGroups).where(eq(consultationGroups.patientId, p.id));
  // The medical letter: generated, signed (the app needs a certificate, the staff member a
  // specialty and parafă code) and e-mailed to the family doctor.
  const letter = `/api/patients/${p.id}/consultation-letter/${group.guid}`;
  for (const [url, payload] of [
    [
      letter,
      { diagnoses: [{ code: 'R00.0' }], followUp: { returns: 'no' }, ...remoteConsultationDefaults() },
    ],
    [`${letter}/sign`, {}],
    [`${letter}/send`, {}],
  ] as const) {
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: staff.headers });
    if (res.statusCode !== 200) throw new Error(`letter failed at ${url}: ${res.statusCode} ${res.body}`);
  }

  // A scanned form naming the patient, stored like an upload stores it.
  const bytes = Buffer.from(
    `%PDF-1.4\n% ${who.name} ${who.cnp} ${who.email}\n${randomUUID()}\n%%EOF\n`,
    'utf8',
  );
  const key = `documents/${randomUUID()}`;
  await getStorage(ctx.app.deps.config).put(key, bytes, { contentType: 'application/pdf' });
  await makeDocument(db, p.id, {
    title: 'Bilet de trimitere',
    filename: `trimitere ${who.name}.pdf`,
    size: bytes.length,
    storageKey: key,
    uploadedBy: staff.id,
  });
  return { id: p.id, key, bytes };
}
