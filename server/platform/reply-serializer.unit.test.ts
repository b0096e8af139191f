import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedKeys, replySerializerCompiler } from './reply-serializer';

const schema = z.object({ status: z.literal(1), data: z.array(z.object({ id: z.number() })) });
const answer = { status: 1, data: [{ id: 1, name: 'Popescu Ion' }] };

describe('reply serialiser', () => {
  it('outside tests leaves undeclared keys out of the answer, as Fastify with zod does', () => {
    const serialise = replySerializerCompiler(false)({ schema, method: 'GET', url: '/api/x' });
    expect(JSON.parse(serialise(answer))).toEqual({ status: 1, data: [{ id: 1 }] });
  });

  it('under test fails an answer whose keys the reply schema would drop, naming them', () => {
    const serialise = replySerializerCompiler(true)({ schema, method: 'GET', url: '/api/x' });
    expect(() => serialise(answer)).toThrow(/data\[\]\.name/);
    expect(JSON.parse(serialise({ status: 1, data: [{ id: 2 }] }))).toEqual({ status: 1, data: [{ id: 2 }] });
  });

  it('refuses an answer that does not match its schema, in both modes', () => {
    for (const strict of [false, true]) {
      const serialise = replySerializerCompiler(strict)({ schema, method: 'GET', url: '/api/x' });
      expect(() => serialise({ status: 1, data: [{ id: 'unu' }] })).toThrow();
    }
  });

  it('finds dropped keys at any depth; undefined values are not data', () => {
    expect(droppedKeys({ a: 1, b: { c: 2, d: 3 }, e: undefined }, { a: 1, b: { c: 2 } })).toEqual(['b.d']);
    expect(droppedKeys({ a: [{ x: 1 }, { x: 1, y: 2 }] }, { a: [{ x: 1 }, { x: 1 }] })).toEqual(['a[].y']);
  });
});
