/** The URL parameters of the routes that name a row by its serial id. */
import { z } from 'zod';

/** A serial id in a URL: a positive whole number within PostgreSQL's integer (beyond it: 400). */
export const serialId = z.coerce.number().int().positive().max(2147483647);

/** `/:id` */
export const idParams = z.object({ id: serialId });
