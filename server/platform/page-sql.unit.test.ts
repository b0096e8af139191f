import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { plainLiteral, plainLiterals } from './page-sql';

const text = (v: string | number) => {
  const lit = plainLiteral(v);
  return lit ? new PgDialect().sqlToQuery(lit).sql : null;
};

describe('plainLiteral', () => {
  it('writes ids, statuses, dates and integers into the text', () => {
    expect(text('scheduled')).toBe("'scheduled'");
    expect(text('2026-11-27')).toBe("'2026-11-27'");
    expect(text('aB3_x-9')).toBe("'aB3_x-9'");
    expect(text(42)).toBe('42');
  });

  it('refuses anything a literal could be broken out of, or too long to be an id', () => {
    for (const v of ["x' or 'a'='a", 'a b', 'a;b', 'ă', '', 'x'.repeat(65), 'a\\b'])
      expect(text(v)).toBeNull();
    expect(text(1.5)).toBeNull();
    expect(text(2 ** 60)).toBeNull();
  });

  it('writes a set of filters all as literals, or none when one cannot be', () => {
    const lits = plainLiterals({ doctor: 'abc', status: undefined, id: 7 });
    expect(Object.keys(lits ?? {})).toEqual(['doctor', 'id']);
    expect(plainLiterals({ doctor: 'abc', status: "x'y" })).toBeNull();
  });
});
