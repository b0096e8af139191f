import { createdReply, jsonQuery, listReply, pageQuery, pageReply } from './api';
import { dayText, requiredText } from './fields';
import { pickerPatientSchema } from './privacy';
import { CONTROL_CHARS_MESSAGE, withoutControlChars } from './text';
import { z } from './zod-setup';

/**
 * Patient documents (SPEC §2 "Documents", §5 "Document upload", §9 file type icons).
 * Shared by the upload form (browser) and POST /api/documents (server).
 */

export const DOCUMENT_STATUSES = ['tosend', 'sent'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  tosend: 'De trimis',
  sent: 'Trimis',
};

/** Extensions accepted by SPEC §5 ("images, pdf, doc, docx, xls, xlsx, csv, ppt, pptx, odt, rtf"). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff', 'heic'] as const;
/** SPEC §9's icon groups: text and presentation documents, spreadsheets. */
const WORD_EXTENSIONS = ['doc', 'docx', 'ppt', 'pptx', 'odt', 'rtf'] as const;
const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  ...IMAGE_EXTENSIONS,
  ...WORD_EXTENSIONS,
  ...SHEET_EXTENSIONS,
] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The MIME type stored and served for each accepted extension (never the client's claim). */
export const DOCUMENT_MIME: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
};

/** For the browser's file picker and drop zone (`accept`). */
export const DOCUMENT_ACCEPT: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = {};
  for (const ext of DOCUMENT_EXTENSIONS) {
    const mime = DOCUMENT_MIME[ext];
    out[mime] = [...(out[mime] ?? []), `.${ext}`];
  }
  // Browsers report csv and rtf under several types; the extension is what counts.
  out['application/vnd.ms-excel'] = [...(out['application/vnd.ms-excel'] ?? []), '.csv'];
  out['text/rtf'] = ['.rtf'];
  return out;
})();

export const DOCUMENT_MESSAGES = {
  required: 'Required',
  titleRequired: 'Title is required',
  fileRequired: 'File is required',
  patientRequired: 'Patient is required',
  invalidType:
    'Tip de fișier neacceptat. Sunt acceptate imagini, pdf, doc, docx, xls, xlsx, csv, ppt, pptx, odt și rtf.',
  contentMismatch: 'Conținutul fișierului nu corespunde tipului declarat prin extensie.',
  empty: 'Fișierul încărcat este gol.',
  tooLarge: 'Fișierul depășește dimensiunea maximă permisă.',
  uploaded: 'Documentul a fost încărcat',
  deleted: 'Documentul a fost șters',
  statusChanged: 'Statusul documentului a fost actualizat',
  deleteConfirm: 'Sunteți sigur că doriți să ștergeți acest document?',
  emptyList: 'Nici un document incarcat',
  notFound: 'Documentul nu a fost găsit.',
  linkInvalid: 'Linkul către document este invalid sau a expirat.',
} as const;

export const TITLE_MAX = 200;

/** Lower-case extension of a file name, '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedExtension(ext: string): ext is DocumentExtension {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

export type DocumentIconKind = 'pdf' | 'word' | 'sheet' | 'image' | 'file';

/** SPEC §9: pdf; doc, docx, ppt, pptx, odt, rtf; xlsx, xls, csv; jpg, jpeg, png; others generic. */
export function documentIconKind(ext: string): DocumentIconKind {
  const e = ext.toLowerCase();
  if (e === 'pdf') return 'pdf';
  if ((WORD_EXTENSIONS as readonly string[]).includes(e)) return 'word';
  if ((SHEET_EXTENSIONS as readonly string[]).includes(e)) return 'sheet';
  if (['jpg', 'jpeg', 'png'].includes(e)) return 'image';
  return 'file';
}

/** Title field of the upload form (browser) and of the multipart body (server). */
export const documentTitleField = requiredText(DOCUMENT_MESSAGES.titleRequired, {
  max: TITLE_MAX,
  tooLong: `Maximum ${TITLE_MAX} de caractere.`,
}).refine(withoutControlChars, CONTROL_CHARS_MESSAGE);

const id = z.coerce.number().int().positive();

/** The multipart text fields of POST /api/documents. */
export const documentUploadFields = z.object({
  title: documentTitleField,
  patient_id: z.coerce
    .number({ error: DOCUMENT_MESSAGES.patientRequired })
    .int(DOCUMENT_MESSAGES.patientRequired)
    .positive(DOCUMENT_MESSAGES.patientRequired),
  appointment_id: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), id.optional()),
});

/**
 * The browser's upload form: the same fields as the server's, 'Required' under an empty title and
 * a missing file (SPEC §5 "Document upload"); the file itself is checked by the server.
 */
export const documentUploadFormSchema = documentUploadFields.extend({
  title: z
    .string({ error: DOCUMENT_MESSAGES.required })
    .trim()
    .min(1, DOCUMENT_MESSAGES.required)
    .pipe(documentTitleField),
  document: z.custom((v) => v !== null && v !== undefined, DOCUMENT_MESSAGES.required),
});

/** `filters` of GET /api/documents. */
export const documentFilters = z
  .object({
    created_at: dayText.nullish(),
    status: z.enum(DOCUMENT_STATUSES).nullish(),
    patient_id: id.nullish(),
    cnp: z.string().trim().max(13).regex(/^\d*$/, 'CNP-ul conține doar cifre.').nullish(),
  })
  .strict();
export type DocumentFilters = z.infer<typeof documentFilters>;

export const documentListQuery = z.object({ filters: jsonQuery(documentFilters), ...pageQuery });

/** PUT /api/documents/:id (SPEC §7: document_id, status, appointment_id). */
export const documentUpdateBody = z.strictObject({
  document_id: id.optional(),
  status: z.enum(DOCUMENT_STATUSES),
  appointment_id: id.nullish(),
});

export const documentPatientsQuery = z.object({
  filters: jsonQuery(z.object({ name: z.string().trim().max(100).nullish() }).strict()),
});

/** One document as listed (SPEC §3 "Document"). */
export const documentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  type: z.string(),
  created_at: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  patient: z.string(),
  pid: z.string(),
  patient_id: z.number().int(),
  appointment_id: z.number().int().nullable(),
  size: z.number().int(),
});
export type DocumentItem = z.infer<typeof documentItem>;

// ------------------------------------------------------------------ replies (route `response`)

export const documentListReply = pageReply('documents', documentItem);
export type DocumentListReply = z.infer<typeof documentListReply>;
export const documentPatientsReply = listReply(pickerPatientSchema);
export type DocumentPatientsReply = z.infer<typeof documentPatientsReply>;
export const documentUploadedReply = createdReply;
export type DocumentUploadedReply = z.infer<typeof documentUploadedReply>;
/** The media types GET /documents/{id}/file may answer: the stored type of each accepted extension. */
export const DOCUMENT_MEDIA_TYPES = [...new Set(Object.values(DOCUMENT_MIME))];
