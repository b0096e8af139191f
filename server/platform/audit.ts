import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

export type AuditEntry = {
  action: string;
  entityType?: string;
  entityId?: string | number;
  patientId?: number | null;
  details?: Record<string, unknown>;
};

/**
 * Appends an audit event (who, what, when, from where). Pass the transaction when the audited
 * write runs in one, so the event and the change commit together.
 */
export async function audit(db: Db, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: req?.user?.id ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    patientId: entry.patientId ?? null,
    ip: req?.ip ?? null,
    details: entry.details ?? null,
  });
}
