/** Staff accounts' queries (owner: platform/auth): the administration's rules are in features/admin/staff/. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema/auth';

export type UserChanges = Partial<typeof users.$inferInsert>;

/** Every account with its password state and the outbox message of its invitation. */
export async function staffRows(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      doctor: users.doctor,
      superadmin: users.superadmin,
      authorized: users.authorized,
      active: users.active,
      specialty: users.specialty,
      parafaCode: users.parafaCode,
      twoFactorEnabled: users.twoFactorEnabled,
      hasPassword: sql<boolean>`exists (select 1 from accounts a where a.user_id = users.id and a.provider_id = 'credential' and a.password is not null)`,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
      invitationOutboxId: users.invitationOutboxId,
    })
    .from(users)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

export async function userById(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

/** How many other active, authorised superadmins there are; their rows stay locked. */
export async function lockOtherActiveSuperadmins(tx: Db, userId: string): Promise<number> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.superadmin, true),
        eq(users.active, true),
        eq(users.authorized, true),
        ne(users.id, userId),
      ),
    )
    .for('update');
  return others.length;
}

/** The person's only invitation link: older reset tokens go, this one is stored until `expiresAt`. */
export async function replaceInvitationToken(tx: Db, userId: string, token: string, expiresAt: Date) {
  await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
  });
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(existing);
}

export async function hasCredentialAccount(db: Db, userId: string): Promise<boolean> {
  const [cred] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return Boolean(cred);
}

export async function updateUser(tx: Db, id: string, changes: UserChanges): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, id));
}

export async function endSessions(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function removeTwoFactor(tx: Db, userId: string): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
}
