/**
 * The public form's proof of work (ALTCHA, self-hosted: altcha-lib, no third party, no cookie).
 * The page fetches a challenge signed with the server's secret and solves it while the patient
 * types (a few thousand SHA-256 rounds); POST /api/appointment verifies the solution and takes
 * it once, so a script pays the work for every request (docs/decisions/0028-security-findings.md).
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Solution } from 'altcha-lib/types';
import type { Db } from '../../db/client';
import { takeOnce } from '../../platform/auth';

/** A challenge as JSON carries it (the answer's schema takes its parameters as they are). */
export type ChallengeJson = { parameters: Record<string, unknown>; signature?: string };

export async function issueChallenge(
  secret: string,
  now: Date,
  /**
   * How long the challenge may be solved and used (REGISTRATION_CHALLENGE_SECONDS, 30 minutes by
   * default): a form left open longer sends a newer one, which the page fetches before this one
   * expires, or when the server refuses it (web/features/registration/proof-of-work.ts).
   */
  validMs: number,
): Promise<ChallengeJson> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    // The number the page must find by trying: about a second on a phone, a little work for each
    // scripted request.
    counter: randomInt(2_000, 12_000),
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(now.getTime() + validMs),
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/**
 * Whether `proof` (base64 of `{ challenge, solution }`, as the page sends it) solves a challenge
 * this server signed, not expired and not used before.
 */
export async function acceptProof(
  db: Db,
  secret: string,
  proof: string | undefined,
  now: Date,
  validMs: number,
): Promise<boolean> {
  if (!proof) return false;
  let payload: { challenge: Challenge; solution: Solution };
  try {
    payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (!payload?.challenge?.parameters || !payload.solution) return false;
  let verified = false;
  try {
    const r = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    verified = r.verified;
  } catch {
    return false;
  }
  if (!verified || !payload.challenge.signature) return false;
  return takeOnce(db, 'proof-of-work', payload.challenge.signature, now, validMs + 60_000);
}
