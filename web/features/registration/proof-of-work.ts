/**
 * The public form's proof of work (ALTCHA, self-hosted): a challenge from the server, solved in
 * the background while the patient types (a second or so of hashing), sent with the request.
 * A solution is taken once by the server, so each attempt to send starts the next one. Nothing
 * is asked of the patient; a failure shows the server's Romanian message.
 *
 * A challenge expires (30 minutes by default, REGISTRATION_CHALLENGE_SECONDS): a form left open
 * longer renewed nothing and failed on the first tap (issue 54, item 19). The solved proof is now
 * renewed in the background when four fifths of its life have gone, and `take` never hands out
 * one that old (a phone's sleeping tab runs no timer); the form also asks for a fresh one and sends
 * again, once, when the server still refuses it (docs/decisions/0095-proof-of-work-renewed.md).
 */
import { useCallback, useEffect, useRef } from 'react';
import { getChallenge } from './api';

type Solved = { proof: string; staleAt: number };

/** The share of a challenge's life after which the page fetches the next one. */
const RENEW_AT = 0.8;

async function solve(): Promise<Solved | undefined> {
  try {
    const fetchedAt = Date.now();
    const [challenge, { solveChallenge }, { deriveKey }] = await Promise.all([
      getChallenge(),
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) return undefined;
    // The challenge says when it expires by the server's clock (seconds); its life counted from
    // when this page asked for it, so a clock set differently here only moves the renewal.
    const expiresAt = (challenge.parameters.expiresAt ?? 0) * 1000;
    const life = Math.max(0, expiresAt - fetchedAt);
    return { proof: btoa(JSON.stringify({ challenge, solution })), staleAt: fetchedAt + life * RENEW_AT };
  } catch {
    return undefined; // the server then says what to do
  }
}

/**
 * `start` begins solving (the form calls it when the patient first focuses a field, so the
 * solver is fetched after the page is usable); `take` gives a solved proof that is not about to
 * expire, waiting for it if it is still being solved, and starts the next one. `take({ fresh:
 * true })` solves a new one whatever the one held (after the server refused a proof).
 */
export function useProofOfWork() {
  const pending = useRef<Promise<Solved | undefined> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const renew = useCallback(() => {
    clearTimeout(timer.current);
    const next = solve();
    pending.current = next;
    void next.then((solved) => {
      // Renewed again before it goes stale, if it is still the one held (and the page still open).
      if (!solved || pending.current !== next) return;
      timer.current = setTimeout(
        () => {
          if (pending.current === next) renew();
        },
        Math.max(0, solved.staleAt - Date.now()),
      );
    });
    return next;
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    if (!pending.current) renew();
  }, [renew]);

  const take = useCallback(
    async ({ fresh = false }: { fresh?: boolean } = {}) => {
      let solved = fresh ? undefined : await (pending.current ?? renew());
      if (!solved || Date.now() >= solved.staleAt) solved = await renew();
      renew(); // the next attempt's, solved meanwhile
      return solved?.proof;
    },
    [renew],
  );
  return { start, take };
}
