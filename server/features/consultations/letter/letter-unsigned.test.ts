/**
 * Without a signing certificate (LETTER_SIGNING_P12 unset): signing is refused with a Romanian
 * message and the letter prints "Document nesemnat electronic", to give to the patient.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LETTER_ACTION_TEXTS, LETTER_TEXTS } from '../../../../domain/letter';
import { users } from '../../../db/schema';
import { makePatient } from '../../../test/factories';
import { setupTestApp, signedInStaff } from '../../../test/harness';
import { letterForm as form, pdfText } from '../test/letter-fixture';

const plain = await setupTestApp();

describe('without a signing certificate', () => {
  it('refuses to sign with a Romanian message; the letter prints unsigned', async () => {
    const doc = await signedInStaff(plain, { doctor: true });
    await plain.database.db
      .update(users)
      .set({ specialty: 'cardiologie', parafaCode: 'C1' })
      .where(eq(users.id, doc.id));
    const pid = (await makePatient(plain.database.db, { name: 'Ana Nesemnat' })).id;
    const saved = await plain.app.inject({
      method: 'PUT',
      url: '/api/patients',
      payload: { patientId: pid, consultationTitle: 'C', reason: '<p>r</p>' },
      headers: doc.headers,
    });
    const url = `/api/patients/${pid}/consultation-letter/${saved.json().consultation.guid}`;
    const inject = (method: 'GET' | 'POST', u: string, payload?: object) =>
      plain.app.inject({ method, url: u, payload, headers: doc.headers });
    expect((await inject('POST', url, form())).statusCode).toBe(200);
    expect((await inject('GET', `${url}/state`)).json().signingAvailable).toBe(false);
    const res = await inject('POST', `${url}/sign`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LETTER_ACTION_TEXTS.signingUnavailable);
    const link = (await inject('GET', url)).json().url;
    const pdf = await plain.app.inject({ method: 'GET', url: link });
    expect(await pdfText(pdf.rawPayload)).toContain(LETTER_TEXTS.unsigned);
  });
});
