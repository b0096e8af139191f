/**
 * Whether a new staff password is too easy to guess, by zxcvbn (`@zxcvbn-ts/core`) with the
 * language-common dictionaries: about 49,000 leaked passwords plus keyboard patterns, sequences,
 * repeats, dates and l33t variants, all offline. Server side only: the dictionaries never reach the
 * web bundle. They are loaded on the first check, not at start (decision record 0030).
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The lowest zxcvbn score accepted. 3 is "safely unguessable: moderate protection from an offline
 * slow-hash scenario" (about 10^8 guesses and more); the 12-character minimum comes first.
 */
const MIN_PASSWORD_SCORE = 3;

/** Words of this institute and of Romanian passwords that the English-centred lists miss. */
const LOCAL_WORDS = [
  'parola',
  'parolamea',
  'romania',
  'bucuresti',
  'spital',
  'spitalul',
  'doctor',
  'medic',
  'cardiologie',
  'cardio',
  'pacient',
  'pacienti',
  'institut',
  'institutul',
  'programare',
  'programari',
];

let factory: Promise<ZxcvbnFactory> | undefined;

function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, clinic: LOCAL_WORDS },
      graphs: common.adjacencyGraphs,
    });
  })();
  // A failed import is not cached: the next check tries again.
  factory.catch(() => {
    factory = undefined;
  });
  return factory;
}

/**
 * True when zxcvbn scores `password` (0..4) below MIN_PASSWORD_SCORE; `userInputs` (the person's
 * name, e-mail) count as known words, so "Popescu.Ana.2026" is weak for Ana Popescu.
 */
export async function isCommonPassword(password: string, userInputs: string[] = []): Promise<boolean> {
  return (await zxcvbn()).check(password, userInputs).score < MIN_PASSWORD_SCORE;
}
