/**
 * zod with the project's settings. Every domain schema module takes `z` from here (not from
 * 'zod'), so the settings are in place wherever a schema runs, on the server and in the browser,
 * and the browser's entry does not carry zod: it comes with the first page that validates
 * (docs/decisions/0042-public-form-first-load.md).
 */
import { z } from 'zod';
import { ro } from 'zod/v4/locales';

/** Romanian default messages for the checks our schemas do not word themselves. */
z.config(ro());
/** An unknown key of a strict object (every request body): named, in Romanian. */
z.config({
  customError: (issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.length === 1
        ? `Câmp necunoscut: ${issue.keys[0]}.`
        : `Câmpuri necunoscute: ${issue.keys.join(', ')}.`
      : undefined,
});

export { z };
