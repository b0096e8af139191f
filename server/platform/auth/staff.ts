/** Creating staff accounts outside the sign-up flow (admin:create, demo data, invitations). */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
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
