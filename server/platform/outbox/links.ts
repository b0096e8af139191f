/**
 * A patient's link in a queued message (issue 54, docs/decisions/0087-patient-links-built-when-sent.md).
 * The row keeps a placeholder that names the link, `{link:<kind>:<id>}`, and the worker puts the
 * working link in just before the send, derived from the server's secret, which is not in the
 * database. So no waiting or sent row, no database copy and no backup holds a link that opens an
 * appointment or a waitlist offer.
 */
export type LinkKind = 'appointment' | 'waitlist-offer';

/** What a message stores where the patient's link goes. */
export const linkPlaceholder = (kind: LinkKind, id: number) => `{link:${kind}:${id}}`;

const PLACEHOLDER = /\{link:(appointment|waitlist-offer):(\d+)\}/g;

/** The working link of a placeholder, or null when it no longer opens anything (revoked, gone). */
export type LinkResolver = (kind: LinkKind, id: number) => Promise<string | null>;

export const hasLinks = (text: string) => new RegExp(PLACEHOLDER.source).test(text);

/** The texts with their links in, or null when one of them no longer opens anything. */
export async function withLinks<M extends { text: string; html: string | null }>(
  message: M,
  resolve: LinkResolver,
): Promise<M | null> {
  const links = new Map<string, string | null>();
  for (const [placeholder, kind, id] of `${message.text}\n${message.html ?? ''}`.matchAll(PLACEHOLDER))
    if (!links.has(placeholder)) links.set(placeholder, await resolve(kind as LinkKind, Number(id)));
  if ([...links.values()].includes(null)) return null;
  const fill = (s: string) => s.replace(PLACEHOLDER, (p) => links.get(p) as string);
  return { ...message, text: fill(message.text), html: message.html === null ? null : fill(message.html) };
}
