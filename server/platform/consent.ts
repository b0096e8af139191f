import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { consentTexts } from '../db/schema';

/**
 * The consent text version the public form shows now: the newest row of consent_texts (a change
 * of text is a new version, never an edit). Null only on a database without any version.
 */
export async function currentConsentVersion(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ version: consentTexts.version })
    .from(consentTexts)
    .orderBy(desc(consentTexts.createdAt), desc(consentTexts.version))
    .limit(1);
  return row?.version ?? null;
}
