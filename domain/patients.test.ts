import { describe, expect, it } from 'vitest';
import { cnpField, nameField } from './patients';
import { cnpInput, makeCnp } from './validation/cnp';

const cnp = makeCnp(1, '1985-03-14', '40', 123);

describe('CNP fields (issue 19 item 10)', () => {
  it('keep 13 digits of a pasted CNP with spaces: spaces out before the limit', () => {
    expect(cnpInput(` ${cnp}`)).toBe(cnp);
    expect(cnpInput(`${cnp.slice(0, 4)} ${cnp.slice(4, 8)} ${cnp.slice(8)}`)).toBe(cnp);
    expect(cnpInput(`${cnp}99`)).toBe(cnp);
  });

  it('accept a CNP with spaces on the server too', () => {
    expect(cnpField.parse(` ${cnp} `)).toBe(cnp);
    expect(cnpField.parse(`${cnp.slice(0, 7)} ${cnp.slice(7)}`)).toBe(cnp);
    expect(cnpField.safeParse(cnp.slice(0, 12)).success).toBe(false);
  });
});

describe('names (issue 19 item 11)', () => {
  it('must contain letters', () => {
    const digits = nameField.safeParse('12345');
    expect(digits.success).toBe(false);
    expect(digits.error?.issues[0].message).toBe('Numele trebuie să conțină litere.');
    expect(nameField.safeParse('--- ...').success).toBe(false);
    expect(nameField.parse(' Ștefan Țurcanu ')).toBe('Ștefan Țurcanu');
    expect(nameField.parse("D'Angelo-Pop 2")).toBe("D'Angelo-Pop 2");
  });
});
