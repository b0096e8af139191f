import { describe, expect, it } from 'vitest';
import { CUSTOM_PLAN_MARK, statementName } from './prepared-client';

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
});
