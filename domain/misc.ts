/** Replies of the small public routes (/health, /ready, /misc/states, /misc/institute). */

import { listReply, ok } from './api';
import { z } from './zod-setup';

export const healthReply = ok({ uptime: z.number().int() });

/** GET /ready: 200 when the database answers, 503 when it does not. */
export const readyReply = ok({ database: z.literal('ok') });
export const notReadyReply = z.object({
  status: z.literal(0),
  database: z.literal('unavailable'),
  message: z.string(),
});

/** A county (ISO 3166-2:RO code and name), as GET /misc/states lists them. */
export const state = z.object({ iso_code: z.string(), name: z.string() });
export const statesReply = listReply(state);
export type StatesReply = z.infer<typeof statesReply>;

/** What the public pages show about the institute (from configuration). */
export const institute = z.object({
  name: z.string(),
  tagline: z.string(),
  contactEmail: z.string(),
  gdprProtocolUrl: z.string(),
});
export type Institute = z.infer<typeof institute>;
export const instituteReply = ok(institute.shape);
export type InstituteReply = z.infer<typeof instituteReply>;
