import contentDispositionHeader from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './http-headers';

describe('contentDisposition', () => {
  it('gives an ASCII fallback with plain letters and the exact UTF-8 name (RFC 6266, 8187)', () => {
    expect(contentDisposition('attachment', 'Analize "ștampilă"; 50%.csv')).toBe(
      `attachment; filename="Analize _stampila__ 50_.csv"; filename*=UTF-8''Analize%20%22%C8%99tampil%C4%83%22%3B%2050%25.csv`,
    );
    expect(contentDisposition('inline', 'Scrisoare medicală ȘȚĂÎÂ.pdf')).toBe(
      `inline; filename="Scrisoare medicala STAIA.pdf"; filename*=UTF-8''Scrisoare%20medical%C4%83%20%C8%98%C8%9A%C4%82%C3%8E%C3%82.pdf`,
    );
  });

  it('writes a plain ASCII name once, without filename*', () => {
    expect(contentDisposition('attachment', 'jurnal-audit-2026-11-25.csv')).toBe(
      'attachment; filename="jurnal-audit-2026-11-25.csv"',
    );
    expect(contentDisposition('inline', 'programari.ics')).toBe('inline; filename="programari.ics"');
  });

  it('reads back as the exact name', () => {
    for (const name of ['Trimitere Ștefania Vâlcu-Rădulescu (1).pdf', "a'b*c.png", 'emoji 🫀.jpg']) {
      const parsed = contentDispositionHeader.parse(contentDisposition('attachment', name));
      expect(parsed).toEqual({ type: 'attachment', parameters: { filename: name } });
    }
  });
});
