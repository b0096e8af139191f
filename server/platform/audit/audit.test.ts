/**
 * Audit events written outside a transaction are grouped into shared inserts under load (see
 * audit.ts); every request must still find its own row written when it is answered, and one
 * row the database refuses must not take the others down with it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { setupTestApp, signedInStaff } from '../../test/harness';
import { SYSTEM_ACTOR } from '../actor';
import { audit } from './index';

const ctx = await setupTestApp();
const db = ctx.database.db;

describe('audit group commit', () => {
  it('records each of 40 concurrent list reads before answering it', async () => {
    const s = await signedInStaff(ctx, { role: 'admin' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/patients', headers: s.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, s.id), eq(auditEvents.action, 'patient.list')));
    expect(rows).toHaveLength(40);
  });

  it('writes the good rows of a group when one of them is refused', async () => {
    const writes = ['a', 'b', 'bad', 'c', 'd'].map((tag) =>
      audit(db, SYSTEM_ACTOR, {
        action: 'admin.settings.update',
        entityType: 'group-test',
        entityId: tag,
        // PostgreSQL refuses a NUL character in jsonb: this row cannot be written.
        details: tag === 'bad' ? { text: 'x\u0000y' } : { text: tag },
      }),
    );
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.entityType, 'group-test'));
    expect(rows.map((r) => r.entityId).sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
