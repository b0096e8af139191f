import { describe, expect, it } from 'vitest';
import { CUSTOM_PLAN_MARK, severalStatements, statementName } from './prepared-client';

describe('statementName', () => {
  it('names a plain statement after its text, the same text always the same name', () => {
    const a = statementName('select id from patients where id = $1');
    expect(a).toMatch(/^q[0-9a-f]{20}$/);
    expect(statementName('select id from patients where id = $1')).toBe(a);
    expect(statementName('select id from patients where id = $2')).not.toBe(a);
  });

  it('leaves unnamed what cannot or must not be prepared', () => {
    expect(statementName('explain (format json) select 1')).toBeNull();
    expect(statementName('vacuum analyze')).toBeNull();
    expect(statementName('select 1; select 2')).toBeNull();
    expect(statementName(`select id from patients where cnp >= $1 and true ${CUSTOM_PLAN_MARK}`)).toBeNull();
  });

  it('names a statement whose comments, strings or identifiers hold a semicolon', () => {
    // A `;` in a comment once kept a month's statement unprepared, planned on every request.
    expect(statementName("select 1 -- ends here; or not\n from patients where x = 'a;b'")).toMatch(/^q/);
    expect(statementName('select 1 /* one; two */ as "a;b"')).toMatch(/^q/);
    expect(statementName('select 1;\n')).toMatch(/^q/);
  });
});

describe('severalStatements', () => {
  it('finds a second statement after a semicolon outside quotes and comments', () => {
    expect(severalStatements('select 1; select 2')).toBe(true);
    expect(severalStatements("select ';'; select 2")).toBe(true);
    expect(severalStatements('select 1 -- a; b\n; select 2')).toBe(true);
    expect(severalStatements("select 'it''s; fine'")).toBe(false);
    expect(severalStatements('select 1 -- last line; no newline')).toBe(false);
  });

  it('errs towards several where it cannot read the text', () => {
    expect(severalStatements("select 'unclosed; select 2")).toBe(true);
    expect(severalStatements('select 1 /* unclosed; select 2')).toBe(true);
    expect(severalStatements('select $$a; b$$')).toBe(true);
  });
});
