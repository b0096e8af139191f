/**
 * Watches an upload's raw body for the multipart closing delimiter (`--boundary--`). A body cut
 * short but sent whole (its Content-Length matches what arrived) never makes the multipart parser
 * finish or fail: the handler would wait for the next part until the socket times out, holding
 * the request and a half-written file. When the body has ended without the delimiter,
 * `truncated` rejects so the upload can be refused at once.
 */
import type { FastifyRequest } from 'fastify';

export function watchMultipartEnd(req: FastifyRequest, error: () => Error) {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(String(req.headers['content-type'] ?? ''));
  const boundary = m?.[1] ?? m?.[2]?.trim();
  let seenClose = false;
  let fired = false;
  let tail = '';
  let reject: (err: Error) => void = () => {};
  const truncated = new Promise<never>((_, r) => {
    reject = r;
  });
  truncated.catch(() => {});
  const raw = req.raw;
  const delimiter = boundary ? `--${boundary}--` : '';
  const onData = (chunk: Buffer) => {
    if (seenClose) return;
    const text = tail + chunk.toString('latin1');
    if (text.includes(delimiter)) seenClose = true;
    tail = text.slice(-(delimiter.length - 1));
  };
  const onEnd = () => {
    if (!seenClose && !fired) {
      fired = true;
      reject(error());
    }
  };
  // Without a boundary the parser fails on its own. Attach only after the parser is piped:
  // a 'data' listener on a paused stream would start the flow without it.
  const start = () => {
    if (!boundary) return;
    raw.on('data', onData);
    raw.once('end', onEnd);
  };
  return {
    start,
    truncated,
    get isTruncated() {
      return fired;
    },
    stop() {
      raw.off('data', onData);
      raw.off('end', onEnd);
    },
  };
}
