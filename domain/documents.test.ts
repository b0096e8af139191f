import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  documentFilters,
  documentIconKind,
  documentUploadFields,
  documentUploadFormSchema,
  fileExtension,
  isAcceptedExtension,
} from './documents';

describe('documentIconKind (SPEC §9)', () => {
  it.each([
    ['pdf', 'pdf'],
    ['doc', 'word'],
    ['docx', 'word'],
    ['ppt', 'word'],
    ['pptx', 'word'],
    ['odt', 'word'],
    ['rtf', 'word'],
    ['xlsx', 'sheet'],
    ['xls', 'sheet'],
    ['csv', 'sheet'],
    ['jpg', 'image'],
    ['jpeg', 'image'],
    ['PNG', 'image'],
    ['gif', 'file'],
    ['heic', 'file'],
    ['', 'file'],
  ])('%s -> %s', (ext, kind) => {
    expect(documentIconKind(ext)).toBe(kind);
  });
});

describe('extensions', () => {
  it('reads the last extension in lower case, none for dot files or a trailing dot', () => {
    expect(fileExtension('Raport.Final.PDF')).toBe('pdf');
    expect(fileExtension('C:\\docs\\scan.JPG')).toBe('jpg');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('fara-extensie')).toBe('');
    expect(fileExtension('nume.')).toBe('');
  });

  it('accepts exactly the spec list plus the usual image types', () => {
    for (const ext of [
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'csv',
      'ppt',
      'pptx',
      'odt',
      'rtf',
      'jpg',
      'png',
    ]) {
      expect(isAcceptedExtension(ext), ext).toBe(true);
    }
    for (const ext of ['exe', 'html', 'svg', 'js', 'zip', 'docm', 'xlsm', '']) {
      expect(isAcceptedExtension(ext), ext).toBe(false);
    }
  });

  it('offers every accepted extension to the file picker', () => {
    const offered = new Set(Object.values(DOCUMENT_ACCEPT).flat());
    for (const ext of DOCUMENT_EXTENSIONS) expect(offered.has(`.${ext}`), ext).toBe(true);
  });
});

describe('schemas', () => {
  it('words the missing fields as the spec does', () => {
    const r = documentUploadFields.safeParse({ title: ' ', patient_id: '' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ title: 'Title is required', patient_id: 'Patient is required' });
  });

  it("the browser's upload form shows 'Required' under the title and the file, the patient's own text", () => {
    const first = (v: unknown) => {
      const r = documentUploadFormSchema.safeParse(v);
      const out: Record<string, string> = {};
      for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
      return out;
    };
    expect(first({ title: ' ', patient_id: null, document: null })).toEqual({
      title: 'Required',
      patient_id: 'Patient is required',
      document: 'Required',
    });
    // A title the server would refuse is refused here too, with the server's message.
    expect(first({ title: 'x'.repeat(201), patient_id: '3', document: {} })).toEqual({
      title: 'Maximum 200 de caractere.',
    });
    expect(first({ title: ' Analize ', patient_id: '3', document: {} })).toEqual({});
  });

  it('refuses unknown filter keys and statuses', () => {
    expect(documentFilters.safeParse({ status: 'sent', cnp: '180' }).success).toBe(true);
    expect(documentFilters.safeParse({ status: 'archived' }).success).toBe(false);
    expect(documentFilters.safeParse({ other: 1 }).success).toBe(false);
    expect(documentFilters.safeParse({ created_at: '22.11.2026' }).success).toBe(false);
  });
});
