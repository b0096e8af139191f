/** Replies of the small public routes (/health, /misc/institute): the web client takes its types from them. */
import { z } from 'zod';
import { ok } from './api';

export const healthReply = ok({ uptime: z.number().int() });

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
