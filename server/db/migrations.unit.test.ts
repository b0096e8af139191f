/**
 * The migrator applies a migration only when its journal time is later than the last one the
 * database ran: a migration written with an earlier time than its predecessor would be skipped on
 * every database that already had the predecessor (0034 once was).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

it("keeps the migrations' journal times increasing, one file per entry", () => {
  const dir = path.join(import.meta.dirname, 'migrations');
  const { entries } = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  entries.forEach((e, i) => {
    expect(e.idx, e.tag).toBe(i);
    if (i > 0) expect(e.when, `${e.tag} after ${entries[i - 1].tag}`).toBeGreaterThan(entries[i - 1].when);
    expect(() => readFileSync(path.join(dir, `${e.tag}.sql`)), e.tag).not.toThrow();
  });
});
