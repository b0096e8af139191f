import { describe, expect, it } from 'vitest';
import { dispositionKind, safeFileName } from './files';

describe('safeFileName', () => {
  it.each([
    ['../../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ana\\scan.jpg', 'scan.jpg'],
    ['a\u0000b\u0007c.pdf', 'abc.pdf'],
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['zero\u200Bwidth.png', 'zerowidth.png'],
    ['   spatii   multe .pdf  ', 'spatii multe .pdf'],
    ['.pdf', 'document.pdf'],
    ['...', 'document'],
    ['', 'document'],
    [undefined, 'document'],
    ['Scrisoare medicală.docx', 'Scrisoare medicală.docx'],
  ])('%j -> %j', (raw, shown) => {
    expect(safeFileName(raw)).toBe(shown);
  });

  it('bounds the length and keeps the extension', () => {
    const name = safeFileName(`${'a'.repeat(500)}.pdf`);
    expect(name.length).toBe(150);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('dispositionKind', () => {
  it('opens pdf and images inline, downloads everything else', () => {
    expect(dispositionKind('pdf')).toBe('inline');
    expect(dispositionKind('png')).toBe('inline');
    expect(dispositionKind('heic')).toBe('inline');
    for (const ext of ['docx', 'csv', 'rtf', 'xls', 'odt']) expect(dispositionKind(ext)).toBe('attachment');
  });
});
