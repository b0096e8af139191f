/**
 * File rules of document uploads: the display name a client sent, made harmless; the check that
 * the bytes really are what the extension says (DESIGN §6 "Documents"); and whether a
 * browser opens a stored file or downloads it.
 */
import type { Readable } from 'node:stream';
import { fileTypeFromStream as sniffWeb } from 'file-type';
import { type DocumentExtension, IMAGE_EXTENSIONS } from '../../../domain/documents';

const MAX_NAME = 150;

/**
 * file-type's Node entry point reads Node streams; the type checker only sees its browser
 * typings (web streams), hence the cast.
 */
const fileTypeFromStream = (stream: Readable) =>
  sniffWeb(stream as unknown as Parameters<typeof sniffWeb>[0]);

/** C0/C1 controls, zero-width and bidirectional overrides (which can disguise "fdp.exe" as "exe.pdf"). */
function isInvisible(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    cp === 0xfeff
  );
}

/**
 * The client's file name reduced to a display name: no directories, no control or bidi-override
 * characters, bounded length, extension kept. It is only ever shown, never used as a path.
 */
export function safeFileName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  name = Array.from(name)
    .filter((c) => !isInvisible(c.codePointAt(0) ?? 0))
    .join('');
  name = name.replace(/\s+/g, ' ').trim();
  // The extension as sent (".pdf" alone is a pdf without a name), then no leading dots.
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
  name = name.replace(/^\.+/, '').trim();
  if (!name || name.toLowerCase() === ext) return ext ? `document.${ext}` : 'document';
  if (name.length > MAX_NAME) {
    const tail = ext ? `.${ext}` : '';
    name = `${name.slice(0, MAX_NAME - tail.length).trimEnd()}${tail}`;
  }
  return name;
}

/** pdf and images open in the browser tab; everything else downloads. */
export function dispositionKind(ext: string): 'inline' | 'attachment' {
  return ext === 'pdf' || (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? 'inline' : 'attachment';
}

/** What `file-type` must report for each extension it can recognise. */
const SNIFFED: Partial<Record<DocumentExtension, string[]>> = {
  pdf: ['pdf', 'ai'], // an Illustrator file is a PDF with extra data
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png', 'apng'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  tif: ['tif'],
  tiff: ['tif'],
  heic: ['heic'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  odt: ['odt'],
};

/** Stream names (UTF-16LE in the CFB directory) that the legacy Office formats must contain. */
const CFB_STREAMS: Partial<Record<DocumentExtension, string[]>> = {
  doc: ['WordDocument'],
  xls: ['Workbook', 'Book'],
  ppt: ['PowerPoint Document'],
};

/** True when the whole stream contains one of `needles` (searching across chunk borders). */
async function streamContains(stream: Readable, needles: Buffer[]): Promise<boolean> {
  const keep = Math.max(...needles.map((n) => n.length)) - 1;
  let tail = Buffer.alloc(0);
  for await (const chunk of stream) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (needles.some((n) => window.includes(n))) {
      stream.destroy();
      return true;
    }
    tail = window.subarray(Math.max(0, window.length - keep));
  }
  return false;
}

/**
 * Text for csv: no NUL and no control characters other than tab, CR, LF and form feed.
 * UTF-8 and the single-byte Windows-1250 that Romanian Excel writes both pass; executables
 * and other binaries (full of NUL bytes) do not.
 */
async function isPlainText(stream: Readable): Promise<boolean> {
  for await (const chunk of stream) {
    for (const b of chunk as Buffer) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) {
        stream.destroy();
        return false;
      }
    }
  }
  return true;
}

async function readHead(stream: Readable, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= n) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, n);
}

/**
 * Whether the stored bytes are a file of type `ext`. `open` gives a fresh read of the stored
 * object each time it is called (some checks read it twice).
 */
export async function contentMatches(
  ext: DocumentExtension,
  open: () => Promise<Readable>,
): Promise<boolean> {
  if (ext === 'rtf') return (await readHead(await open(), 5)).toString('latin1') === '{\\rtf';
  if (ext === 'csv') {
    const stream = await open();
    const detected = await fileTypeFromStream(stream).finally(() => stream.destroy());
    return detected === undefined && isPlainText(await open());
  }
  const streams = CFB_STREAMS[ext];
  const stream = await open();
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromStream(stream))?.ext;
  } finally {
    stream.destroy();
  }
  if (streams) {
    return (
      detected === 'cfb' &&
      streamContains(
        await open(),
        streams.map((s) => Buffer.from(s, 'utf16le')),
      )
    );
  }
  return detected !== undefined && (SNIFFED[ext] ?? []).includes(detected);
}
