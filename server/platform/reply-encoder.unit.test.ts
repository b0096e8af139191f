import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { compileReplyEncoder } from './reply-encoder';

const appointment = z.object({
  id: z.number().int(),
  date: z.string().nullable(),
  kind: z.enum(['in-person', 'remote']),
  paid: z.boolean(),
  note: z.string().optional(),
});
const reply = z.object({
  status: z.literal(1),
  patients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      score: z.number(),
      appointments: z.array(appointment),
    }),
  ),
});
/** What the zod path wrote before: the encoded value through JSON.stringify, or undefined. */
const byZod = (schema: z.ZodType, value: unknown) => {
  const r = safeEncode(schema, value);
  return r.success ? JSON.stringify(r.data) : undefined;
};

const visit = { id: 7, date: '2026-12-01', kind: 'remote', paid: false };
const answer = {
  status: 1,
  patients: [
    { id: 1, name: 'Ștefănescu Ioana', score: 0.5, appointments: [visit, { ...visit, id: 8, date: null }] },
    { id: 2, name: 'Pop "Maria"\n\\ \u0007 \ud800 😀', score: -3, appointments: [], internal: 'secret' },
  ],
};

describe('compiled reply encoder', () => {
  it('writes what zod wrote: declared keys in schema order, escapes, nulls, an optional key only when set', () => {
    const encode = compileReplyEncoder(reply);
    const withNote = {
      ...answer,
      patients: [{ ...answer.patients[0], appointments: [{ ...visit, note: 'ok' }] }],
    };
    for (const value of [answer, withNote, { status: 1, patients: [] }]) {
      expect(encode(value)).toBe(byZod(reply, value));
      expect(JSON.parse(encode(value) as string)).toEqual(JSON.parse(byZod(reply, value) as string));
    }
    expect(encode(answer)).not.toContain('secret');
    expect(encode(answer)).not.toContain('note');
  });

  it('gives up on an answer that does not fit, where zod refuses it too', () => {
    const encode = compileReplyEncoder(reply);
    const wrong = (patch: object) => ({ status: 1, patients: [{ ...answer.patients[0], ...patch }] });
    for (const value of [
      wrong({ id: 1.5 }),
      wrong({ id: '1' }),
      wrong({ score: Number.NaN }),
      wrong({ score: Number.POSITIVE_INFINITY }),
      wrong({ name: null }),
      wrong({ appointments: [{ ...visit, kind: 'phone' }] }),
      wrong({ appointments: [{ ...visit, paid: 'no' }] }),
      wrong({ appointments: { 0: visit } }),
      { status: 2, patients: [] },
      { patients: [] },
      [answer],
      null,
    ]) {
      expect(encode(value)).toBeUndefined();
      expect(byZod(reply, value)).toBeUndefined();
    }
  });

  it('leaves to zod the parts it does not compile: formats, unions, number ranges, loose objects', () => {
    const schema = z.object({
      email: z.email(),
      either: z.union([z.string(), z.number()]),
      range: z.number().min(0).max(10),
      whole: z.int(),
      day: z.iso.date(),
      loose: z.looseObject({ a: z.number() }),
    });
    const encode = compileReplyEncoder(schema);
    const value = {
      email: 'a@b.ro',
      either: 4,
      range: 5,
      whole: 2,
      day: '2026-12-01',
      loose: { a: 1, b: 2 },
    };
    expect(byZod(schema, value)).toBeDefined();
    expect(encode(value)).toBe(byZod(schema, value));
    expect(encode({ ...value, email: 'not an address' })).toBeUndefined();
    for (const wrong of [{ range: 11 }, { whole: 1.5 }, { day: '1 decembrie' }])
      expect(encode({ ...value, ...wrong })).toBeUndefined();
  });

  it('compiles a schema that contains itself, leaving the recurring part to zod', () => {
    const node = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof node> {
        return z.array(node);
      },
    });
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] };
    const encode = compileReplyEncoder(node);
    expect(encode(tree)).toBe(byZod(node, tree));
    expect(encode({ name: 'a', children: [{ name: 1, children: [] }] })).toBeUndefined();
  });
});
