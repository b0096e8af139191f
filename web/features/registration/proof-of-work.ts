/**
 * The public form's proof of work (ALTCHA, self-hosted): a challenge from the server, solved in
 * the background while the patient types (a second or so of hashing), sent with the request.
 * A solution is taken once by the server, so each attempt to send starts the next one. Nothing
 * is asked of the patient; a failure shows the server's Romanian message.
 */
import { useCallback, useRef } from 'react';
import { getChallenge } from './api';

async function solve(): Promise<string | undefined> {
  try {
    const [challenge, { solveChallenge }, { deriveKey }] = await Promise.all([
      getChallenge(),
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    const solution = await solveChallenge({ challenge, deriveKey });
    return solution ? btoa(JSON.stringify({ challenge, solution })) : undefined;
  } catch {
    return undefined; // the server then says what to do
  }
}

/**
 * `start` begins solving (the form calls it when the patient first focuses a field, so the
 * solver is fetched after the page is usable); `take` gives the solved proof, waiting for it if
 * it is still being solved, and starts the next one.
 */
export function useProofOfWork() {
  const pending = useRef<Promise<string | undefined> | null>(null);
  const start = useCallback(() => {
    pending.current ??= solve();
  }, []);
  const take = useCallback(async () => {
    const proof = await (pending.current ?? solve());
    pending.current = solve();
    return proof;
  }, []);
  return { start, take };
}
