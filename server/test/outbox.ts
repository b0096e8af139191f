import { inArray } from 'drizzle-orm';
import { afterEach } from 'vitest';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** Cancels every message still waiting or being sent, so what follows sees only its own. */
export const cancelWaitingMessages = (db: Db) =>
  db
    .update(outbox)
    .set({ state: 'cancelled' })
    .where(inArray(outbox.state, ['pending', 'sending']));

/**
 * For test files on the outbox: each test sees only its own messages (what is still waiting is
 * cancelled after it). Returns `rowsOf`, the rows of the given ids in the order they were queued.
 */
export function ownMessagesPerTest(db: Db) {
  afterEach(async () => {
    await cancelWaitingMessages(db);
  });
  return (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
}
