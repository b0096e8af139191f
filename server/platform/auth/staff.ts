/**
 * Staff accounts outside better-auth's flows (owner: platform/auth): creation (admin:create, demo
 * data, invitations), the name, the second step, and what other features read of a staff member.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema/auth';

export type NewStaff = {
  email: string;
  password?: string;
  firstName: string;
  lastName: string;
  role?: 'doctor' | 'admin' | 'superadmin';
  doctor?: boolean;
  superadmin?: boolean;
  authorized?: boolean;
  /** Printed on medical letters. */
  specialty?: string | null;
  parafaCode?: string | null;
};

export async function createStaffUser(db: Db, s: NewStaff): Promise<string> {
  const id = randomUUID();
  const passwordHash = s.password ? await hashPassword(s.password) : null;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: `${s.firstName} ${s.lastName}`.trim(),
      email: s.email.toLowerCase(),
      emailVerified: true,
      firstName: s.firstName,
      lastName: s.lastName,
      role: s.role ?? (s.superadmin ? 'superadmin' : s.doctor ? 'doctor' : 'admin'),
      doctor: s.doctor ?? false,
      superadmin: s.superadmin ?? false,
      authorized: s.authorized ?? true,
      specialty: s.specialty ?? null,
      parafaCode: s.parafaCode ?? null,
    });
    if (passwordHash) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
    }
  });
  return id;
}

/** Whether the account signs in with a second step. */
export async function usesTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [me] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return !!me?.on;
}

/** The account's own first and last name (and the display name made of them). */
export async function renameUser(db: Db, userId: string, firstName: string, lastName: string) {
  await db
    .update(users)
    .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

const activeDoctor = and(eq(users.doctor, true), eq(users.active, true), eq(users.authorized, true));

/** Active, authorised doctors by name (the pickers). */
export async function activeDoctors(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(activeDoctor)
    .orderBy(asc(users.name));
}

export async function isActiveDoctor(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), activeDoctor));
  return row !== undefined;
}

/** What other features need of a staff member: the name, whether a doctor, a letter's parafă, the state. */
export async function staffMember(db: Db, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      doctor: users.doctor,
      specialty: users.specialty,
      parafaCode: users.parafaCode,
      active: users.active,
      authorized: users.authorized,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * The staff member's row, locked until the transaction ends: writes of one person's data (their
 * time off) then run one at a time, also across nodes.
 */
export async function lockStaffMember(tx: Db, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** The account of this e-mail address, if any. */
export async function staffIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}
