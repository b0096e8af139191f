import { z } from 'zod';
import { ro } from 'zod/v4/locales';

/** Romanian default messages for the checks our schemas do not word themselves. */
z.config(ro());

export { z };
