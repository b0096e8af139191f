/**
 * E-mail goes through the outbox table: writers insert a row (inside their transaction when they
 * have one), a worker sends pending rows with retries. Without SMTP_URL the "sent" message is
 * written as an .eml file under DATA_DIR/mail, so a newcomer can read what would have gone out.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export async function enqueueMail(db: Db, msg: MailMessage): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      attachments: msg.attachments ?? null,
    })
    .returning({ id: outbox.id });
  return row.id;
}

export type MailerOptions = { smtpUrl?: string; mailDir: string; from: string };

export function createTransport(opts: MailerOptions): Transporter {
  if (opts.smtpUrl) return nodemailer.createTransport(opts.smtpUrl);
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

const MAX_ATTEMPTS = 20;

/** Sends what is due; returns how many were sent. Safe to run on several nodes (row locks). */
export async function deliverPending(
  db: Db,
  transport: Transporter,
  opts: MailerOptions,
  limit = 20,
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.state, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          attachments: ((row.attachments as MailAttachment[] | null) ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
        if (!opts.smtpUrl && info.message) {
          await mkdir(opts.mailDir, { recursive: true });
          await writeFile(
            path.join(opts.mailDir, `${String(row.id).padStart(6, '0')}.eml`),
            info.message as Buffer,
          );
        }
        await tx
          .update(outbox)
          .set({ state: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
          .where(eq(outbox.id, row.id));
        return true;
      } catch (err) {
        const attempts = row.attempts + 1;
        // Back off: 30 s, 1 min, 2 min ... capped at 1 hour.
        const delay = Math.min(3600, 30 * 2 ** (attempts - 1));
        await tx
          .update(outbox)
          .set({
            attempts,
            state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            lastError: (err as Error).message.slice(0, 500),
            nextAttemptAt: new Date(Date.now() + delay * 1000),
          })
          .where(eq(outbox.id, row.id));
        return false;
      }
    });
    if (done === null || done === false) break;
    sent++;
  }
  return sent;
}

/** Polls the outbox every `intervalMs` until stopped. */
export function startMailWorker(
  db: Db,
  opts: MailerOptions,
  intervalMs = 2000,
  log?: (err: unknown) => void,
) {
  const transport = createTransport(opts);
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPending(db, transport, opts);
    } catch (err) {
      log?.(err);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return {
    transport,
    async stop() {
      clearInterval(timer);
      transport.close();
    },
  };
}
