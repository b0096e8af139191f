/**
 * E-mail through the outbox: writers queue a row (inside their transaction when they have one);
 * the outbox worker (platform/outbox/worker.ts) sends it later with this channel's sender.
 * Without SMTP_URL the "sent" message is written as an .eml file under DATA_DIR/mail, so a
 * newcomer can read what would have gone out.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Db } from '../db/client';
import type { ChannelSender, OutboxMessage } from './outbox/channels';
import { insertMessage } from './outbox/repository';

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** Queues one e-mail; returns the outbox id. Its Message-ID is fixed now, kept across retries. */
export async function enqueueMail(db: Db, msg: MailMessage): Promise<number> {
  return insertMessage(db, {
    channel: 'email',
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    attachments: msg.attachments ?? null,
  });
}

export type MailerOptions = {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** Milliseconds; defaults are the configuration's (seconds, not nodemailer's minutes). */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
};

/** `<key@domain of the sender>`: the same for every attempt of one outbox row. */
export function messageIdOf(messageKey: string, from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1) || 'localhost';
  return `<${messageKey}@${domain}>`;
}

/** The e-mail channel's sender: SMTP with short timeouts, or .eml files without SMTP_URL. */
export function emailSender(opts: MailerOptions): ChannelSender {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: opts.connectionTimeoutMs ?? 5000,
        dnsTimeout: opts.connectionTimeoutMs ?? 5000,
        greetingTimeout: opts.greetingTimeoutMs ?? 5000,
        socketTimeout: opts.socketTimeoutMs ?? 15000,
        socketCloseTimeout: 1000,
      } as SMTPTransport.Options)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    channel: 'email',
    async send(m: OutboxMessage) {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        messageId: messageIdOf(m.messageKey, opts.from),
        attachments: ((m.attachments as MailAttachment[] | null) ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      if (!opts.smtpUrl && info.message) {
        await mkdir(opts.mailDir, { recursive: true });
        await writeFile(
          path.join(opts.mailDir, `${String(m.id).padStart(6, '0')}.eml`),
          info.message as Buffer,
        );
      }
    },
    close() {
      transport.close();
    },
  };
}
