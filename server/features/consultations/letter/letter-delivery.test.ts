/**
 * E-mailing the signed medical letter to the family doctor through the API: refused before it is
 * signed or without the family doctor's e-mail, no health data in subject or body, the signed PDF
 * attached as signed, the document "sent" only once the outbox delivered it, a second send only
 * when asked and audited as a resend.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LETTER_ACTION_TEXTS } from '../../../../domain/letter';
import { consultationLetters, documents, outbox } from '../../../db/schema';
import { emailSender } from '../../../platform/mail';
import { createOutboxWorker } from '../../../platform/outbox';
import { makePatient } from '../../../test/factories';
import { TestRelay } from '../../../test/smtp';
import { letterContext } from '../test/letter-fixture';
import { letterDeliverySettled } from './service';

const { ctx, db, doctor, patientId, audited, as, letterUrl, newConsultation, servedPdf, form } =
  await letterContext();
/** The outbox worker as main.ts runs it: the letter's document follows the delivery's outcome. */
const deliveryWorker = (smtpUrl: string) =>
  createOutboxWorker(db, {
    senders: [emailSender({ smtpUrl, mailDir: ctx.dataDir, from: 'no-reply@test.example' })],
    maxInFlight: 2,
    sendTimeoutMs: 10_000,
    onSettled: (id, outcome) => letterDeliverySettled(db, id, outcome),
  });

describe('delivery', () => {
  let guid: string;
  let signed: Buffer;
  beforeAll(async () => {
    guid = await newConsultation('Consultatie semnata');
    expect((await as(doctor.headers).post(letterUrl(guid), form())).statusCode).toBe(200);
  });

  it('refuses to e-mail the letter before it is signed', async () => {
    const res = await as(doctor.headers).post(`${letterUrl(guid)}/send`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LETTER_ACTION_TEXTS.unsignedSend);
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  describe('once signed', () => {
    beforeAll(async () => {
      expect((await as(doctor.headers).post(`${letterUrl(guid)}/sign`)).statusCode).toBe(200);
      signed = await servedPdf(guid);
    });

    it('e-mails the signed PDF to the family doctor: no health data in subject or body; the document is sent', async () => {
      const res = await as(doctor.headers).post(`${letterUrl(guid)}/send`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().letter.delivery).toEqual({ state: 'pending', error: null });
      const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'));
      const [letter] = await db
        .select()
        .from(consultationLetters)
        .where(eq(consultationLetters.groupGuid, guid));
      const no = `${letter.registerNumber}/2026`;
      const institute = ctx.app.deps.config.INSTITUTE_NAME;
      expect(mail.subject).toBe(`Scrisoare medicală nr. ${no} - ${institute}`);
      expect(mail.subject).not.toContain('Țăranu');
      expect(mail.text).toContain('Ștefan Țăranu');
      expect(mail.text).toContain(institute);
      for (const health of ['Palpitații', 'Fibrilație', 'I48', 'Bisoprolol'])
        expect(mail.text).not.toContain(health);
      const [att] = mail.attachments as { filename: string; contentBase64: string }[];
      expect(att.filename).toBe(`scrisoare-medicala-${letter.registerNumber}-2026.pdf`);
      expect(Buffer.from(att.contentBase64, 'base64').equals(signed)).toBe(true);
      expect(letter.sentAt).not.toBeNull();
      expect(await audited('consultation.letter.send', patientId)).toHaveLength(1);
      // Queued is not sent: the document stays "de trimis" until the outbox delivers the e-mail.
      const docStatus = async () =>
        (await db.select().from(documents).where(eq(documents.id, letter.documentId!)))[0].status;
      expect(await docStatus()).toBe('tosend');

      // A relay that refuses the family doctor's address for good: given up, still "de trimis",
      // and the letter's state says why.
      const relay = await new TestRelay().listen();
      relay.mode = 'reject';
      try {
        expect(await deliveryWorker(relay.url).runUntilIdle()).toBe(0);
        expect(await docStatus()).toBe('tosend');
        const state = await as(doctor.headers).get(`${letterUrl(guid)}/state`);
        expect(state.json().letter.delivery).toMatchObject({
          state: 'failed',
          error: expect.stringMatching(/550/),
        });

        // Sent again from the outbox page, to a relay that takes it: now the document is sent.
        relay.mode = 'accept';
        await db
          .update(outbox)
          .set({ state: 'pending', nextAttemptAt: new Date() })
          .where(eq(outbox.id, mail.id));
        expect(await deliveryWorker(relay.url).runUntilIdle()).toBe(1);
        expect(relay.stored.map((m) => m.to)).toEqual(['dr.muresan@example.com']);
        expect(await docStatus()).toBe('sent');
      } finally {
        await relay.close();
      }
    });

    it('sends a letter already sent only when asked to send it again, and audits the resend (issue 54)', async () => {
      const mails = async () =>
        (await db.select().from(outbox).where(eq(outbox.to, 'dr.muresan@example.com'))).length;
      const before = await mails();
      const twice = await as(doctor.headers).post(`${letterUrl(guid)}/send`, {});
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(LETTER_ACTION_TEXTS.alreadySent);
      expect(await mails()).toBe(before);
      const again = await as(doctor.headers).post(`${letterUrl(guid)}/send`, { again: true });
      expect(again.statusCode, again.body).toBe(200);
      expect(await mails()).toBe(before + 1);
      const [resend] = await audited('consultation.letter.resend', patientId);
      expect(resend.details).toMatchObject({ previouslySentAt: expect.any(String) });
      expect((await as(doctor.headers).post(`${letterUrl(guid)}/send`, { again: 'da' })).statusCode).toBe(
        400,
      );
    });

    it('refuses to send when the family doctor has no e-mail', async () => {
      const pid = (await makePatient(db, { name: 'Fără Medic', gpEmail: null })).id;
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/patients',
        payload: { patientId: pid, consultationTitle: 'C', reason: '<p>r</p>' },
        headers: doctor.headers,
      });
      const g = saved.json().consultation.guid;
      expect((await as(doctor.headers).post(letterUrl(g, pid), form())).statusCode).toBe(200);
      expect((await as(doctor.headers).post(`${letterUrl(g, pid)}/sign`)).statusCode).toBe(200);
      const res = await as(doctor.headers).post(`${letterUrl(g, pid)}/send`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Medicul de familie nu are o adresă de e-mail.');
    });
  });
});
