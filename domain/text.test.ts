import { describe, expect, it } from 'vitest';
import { colleagueSalutation } from './text';

describe('colleague salutation', () => {
  it('titles a name once', () => {
    expect(colleagueSalutation('Elena Mureșan')).toBe('Stimate/Stimată Dr. Elena Mureșan,');
    expect(colleagueSalutation('Dr. Elena Mureșan')).toBe('Stimate/Stimată Dr. Elena Mureșan,');
    expect(colleagueSalutation('dr Ion Pop')).toBe('Stimate/Stimată dr Ion Pop,');
    expect(colleagueSalutation('Prof. dr. Ion Ionescu')).toBe('Stimate/Stimată Prof. dr. Ion Ionescu,');
    expect(colleagueSalutation('Drăgan Ana')).toBe('Stimate/Stimată Dr. Drăgan Ana,');
    expect(colleagueSalutation(null)).toBe('Stimate coleg,');
  });
});
