/** A multipart body written by hand, so tests control field order, names and raw bytes. */
import { randomBytes } from 'node:crypto';

export type Part = { name: string; value?: string; filename?: string; data?: Buffer; type?: string };

export function multipart(parts: Part[]) {
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
