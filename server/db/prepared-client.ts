/**
 * A `pg` client that sends every plain statement as a named prepared statement, so PostgreSQL
 * parses it once per connection and, once its plan cache finds a generic plan as good as the
 * custom ones, plans it once too (docs/decisions/0044-prepared-statements.md). Measured on
 * 100,000 patients: planning the appointment list took 2.4 ms of PostgreSQL's CPU per request
 * against 0.4 ms to run it, and planning was two thirds of the database's work on every read.
 *
 * The name is a hash of the SQL text: the same text always gets the same name, so a client never
 * sees one name with two texts. Statements PostgreSQL cannot prepare (EXPLAIN, DDL, several
 * statements in one text) go as before, and each connection prepares at most `PER_CONNECTION`
 * distinct texts (the lists build their SQL from the filters given, a bounded but large set).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

const PER_CONNECTION = 500;
/**
 * A statement whose best plan depends on its values (a filter matching 3 or 300,000 rows) carries
 * this comment and is never prepared: PostgreSQL would otherwise settle on one generic plan for
 * all values, and at 1,000,000 patients a plan good for a common CNP prefix walked the whole name
 * index for a rare one (seconds). Such statements are planned for their values on every call.
 */
export const CUSTOM_PLAN_MARK = '/* custom plan */';
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
const names = new Map<string, string | null>();

/**
 * Whether the text holds more than one statement: a `;` with more SQL after it, outside quotes and
 * comments. A `;` inside a comment once kept a month's statement from being prepared, so that it
 * was planned again on every request (docs/decisions/0077-month-prepared-again.md). Dollar
 * quotes are not read (a `;` inside one counts: the text is sent unnamed, as before), nor E'…'
 * strings' backslash escapes (the app writes none).
 */
export function severalStatements(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return true;
      i = end; // a doubled quote ('') closes and reopens: the same as reading on
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      if (end < 0) return false;
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return true;
      i = end + 1;
    } else if (c === ';') return text.slice(i + 1).trim() !== '';
  }
  return false;
}

/** The statement's name, or null when it is sent unnamed. */
export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name !== undefined) return name;
  name =
    PREPARABLE.test(text) && !severalStatements(text) && !text.includes(CUSTOM_PLAN_MARK)
      ? `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
      : null;
  // The cache only saves the hash; when it is full the name is computed again, never lost.
  if (names.size < 5000) names.set(text, name);
  return name;
}

type Config = { text?: unknown; name?: unknown };

export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    const c = config as Config | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && c.name === undefined) {
      const name = statementName(c.text);
      if (name && (this.prepared.has(name) || this.prepared.size < PER_CONNECTION)) {
        this.prepared.add(name);
        return super.query({ ...c, name } as never, values, callback);
      }
    }
    return super.query(config as never, values, callback);
  }
}
