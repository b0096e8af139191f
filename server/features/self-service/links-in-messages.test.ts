/**
 * No working patient link is kept in the outbox (issue 54): a message keeps a placeholder and the
 * worker puts the link in as it sends; the messages written before are rewritten by migration
 * 0033; a message whose appointment is gone is cancelled; a gateway's echoed error is masked.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { type ChannelSender, createOutboxWorker, insertMessagesOnce } from '../../platform/outbox';
import { SendError } from '../../platform/outbox/channels';
import { makeAppointment, makePatient } from '../../test/factories';
import { setupTestApp } from '../../test/harness';
import { linkSecrets, patientLinks, selfServiceUrl } from './links';

const ctx = await setupTestApp();
const db = ctx.database.db;
const keys = linkSecrets(ctx.app.deps.config);
const WORKING_LINK = /\/p\/[A-Za-z0-9_-]{22}/;

/** A sender that records what the patient received, or fails echoing the text as gateways do. */
function phone(mode: 'receive' | 'echo' = 'receive') {
  const received: string[] = [];
  const sender: ChannelSender = {
    channel: 'sms',
    async send(m) {
      if (mode === 'echo') throw new SendError(`400 rejected: "${m.text}"`, 'HTTP 400', true);
      received.push(m.text);
    },
    close() {},
  };
  const worker = createOutboxWorker(db, {
    senders: [sender],
    maxInFlight: 2,
    sendTimeoutMs: 5000,
    links: patientLinks(db, keys),
  });
  return { worker, received };
}

async function appointmentWithLink() {
  const patient = await makePatient(db);
  const a = await makeAppointment(db, { patientId: patient.id, status: 'scheduled_paperless' });
  return { a, url: (await selfServiceUrl(db, keys, a.id)) as string };
}

const queueSms = (appointmentId: number, text: string) =>
  insertMessagesOnce(db, [
    { channel: 'sms', to: '+40722000111', subject: '', text, appointmentId, purpose: `test:${text.length}` },
  ]);

const rows = (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

describe("the patient's link in the outbox", () => {
  it('a message written before keeps only a placeholder after migration 0033, and is sent with the working link', async () => {
    const { a, url } = await appointmentWithLink();
    // Messages written then carried the links of then: 43 characters.
    const then = `${keys.publicUrl}/p/${'T'.repeat(43)}`;
    const ids = await queueSms(a.id, `INSTITUT: programare 04.03.2026 ora 10:00. Detalii: ${then}`);
    const migration = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0033_patient_links_built_when_sent.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const [stored] = await rows(ids);
    expect(stored.text).toBe(
      `INSTITUT: programare 04.03.2026 ora 10:00. Detalii: {link:appointment:${a.id}}`,
    );

    const { worker, received } = phone();
    expect(await worker.runUntilIdle()).toBe(1);
    expect(received).toEqual([`INSTITUT: programare 04.03.2026 ora 10:00. Detalii: ${url}`]);
    const [sent] = await rows(ids);
    expect(sent.state).toBe('sent');
    expect(sent.text).not.toMatch(WORKING_LINK);
  });

  it('a message whose appointment was deleted is cancelled, not sent with a link that opens nothing', async () => {
    const { a } = await appointmentWithLink();
    const ids = await queueSms(a.id, `INSTITUT: detalii {link:appointment:${a.id}}`);
    await db.execute(sql`delete from appointments where id = ${a.id}`);
    const { worker, received } = phone();
    expect(await worker.runUntilIdle()).toBe(0);
    expect(received).toEqual([]);
    const [row] = await rows(ids);
    expect(row.state).toBe('cancelled');
    expect(row.lastError).toBe("EXPIRED: the patient's link no longer opens");
  });

  it("a gateway's error that echoes the message is stored with the link masked, as the outbox page shows it", async () => {
    const { a } = await appointmentWithLink();
    const ids = await queueSms(a.id, `INSTITUT: detalii {link:appointment:${a.id}}`);
    const { worker } = phone('echo');
    await worker.runUntilIdle();
    const [row] = await rows(ids);
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('/p/***');
    expect(row.lastError).not.toMatch(WORKING_LINK);
  });

  it('a link sent before the short tokens (43 characters) keeps opening its appointment; the next message carries the short link, which opens it too', async () => {
    const patient = await makePatient(db);
    const a = await makeAppointment(db, { patientId: patient.id, status: 'scheduled_paperless' });
    // The link as it was made before: the whole HMAC, its SHA-256 stored.
    const nonce = 'nonce-of-an-older-link';
    const long = createHmac('sha256', keys.secret)
      .update(`self-service:${a.id}:${nonce}`)
      .digest('base64url');
    expect(long).toHaveLength(43);
    const hash = createHash('sha256').update(long).digest('hex');
    await db.execute(
      sql`insert into self_service_links (appointment_id, nonce, token_hash) values (${a.id}, ${nonce}, ${hash})`,
    );
    const page = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/self-service/${token}` });
    expect((await page(long)).statusCode).toBe(200);

    const ids = await queueSms(a.id, `INSTITUT: detalii {link:appointment:${a.id}}`);
    const { worker, received } = phone();
    expect(await worker.runUntilIdle()).toBe(1);
    const short = /\/p\/([A-Za-z0-9_-]+)$/.exec(received[0])?.[1] ?? '';
    expect(short).toHaveLength(22);
    expect(received[0]).toBe(`INSTITUT: detalii ${keys.publicUrl}/p/${short}`);
    expect((await rows(ids))[0].state).toBe('sent');
    expect((await page(short)).statusCode).toBe(200);
    expect((await page(long)).statusCode).toBe(200);
    expect(await selfServiceUrl(db, keys, a.id)).toBe(`${keys.publicUrl}/p/${short}`);
    // A long token whose first 128 bits differ opens nothing.
    expect((await page(`${long[0] === 'B' ? 'C' : 'B'}${long.slice(1)}`)).statusCode).toBe(404);
  });
});
