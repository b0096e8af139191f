/** Staff accounts' own data outside better-auth's flows: creation (admin:create, demo data, invitations), the name, the second step. */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';

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
