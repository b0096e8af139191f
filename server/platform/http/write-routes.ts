/**
 * The two shapes most write routes share: do one command, then answer its Romanian confirmation
 * (`{ status: 1, message }`), or, for a creation, the new row's id with it (201). The route file
 * still declares everything a reader looks for: method, URL, who may call, summary, inputs.
 */
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messageReply, replies } from '../../../domain/api';
import type { Actor } from '../actor';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

interface WriteRoute<P extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  config?: FastifyContextConfig;
  tags: string[];
  summary: string;
  params?: P;
  body?: B;
  /** The confirmation the answer carries. */
  message: string;
}

/** What the command needs of the request: who acts and the parsed inputs. */
interface WriteRequest<P, B> {
  actor: Actor;
  params: Input<P>;
  body: Input<B>;
}

function schemaOf<P extends z.ZodType | undefined, B extends z.ZodType | undefined>(
  route: WriteRoute<P, B>,
  response: ReturnType<typeof replies>,
) {
  const { tags, summary, params, body } = route;
  return { tags, summary, ...(params && { params }), ...(body && { body }), response };
}

const requestOf = <P, B>(req: { actor: Actor; params: unknown; body: unknown }): WriteRequest<P, B> => ({
  actor: req.actor,
  params: req.params as Input<P>,
  body: req.body as Input<B>,
});

/** A command answered `{ status: 1, message }` (200). */
export function messageRoute<
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  app: App,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  route: WriteRoute<P, B>,
  run: (req: WriteRequest<P, B>) => Promise<unknown>,
) {
  app.route({
    method,
    url,
    config: route.config,
    schema: schemaOf(route, replies({ 200: messageReply })),
    handler: async (req) => {
      await run(requestOf<P, B>(req));
      return { status: 1 as const, message: route.message };
    },
  });
}

/** A POST that creates a row, answered 201 `{ status: 1, id, message }` with the id `run` returns. */
export function createdRoute<
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  app: App,
  url: string,
  route: WriteRoute<P, B> & { reply: z.ZodType },
  run: (req: WriteRequest<P, B>) => Promise<number | string>,
) {
  app.route({
    method: 'POST',
    url,
    config: route.config,
    schema: schemaOf(route, replies({ 201: route.reply })),
    handler: async (req, reply) => {
      const id = await run(requestOf<P, B>(req));
      return reply.status(201).send({ status: 1 as const, id, message: route.message });
    },
  });
}
