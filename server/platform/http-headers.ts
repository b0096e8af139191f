/**
 * The Content-Disposition header of every file the server sends (RFC 6266), written by the
 * `content-disposition` package: the exact name as UTF-8 in `filename*` (RFC 8187) and, for
 * clients that read only `filename`, an ASCII fallback where diacritics become plain letters
 * ("medicală" -> "medicala") instead of the package's default "?".
 */
import contentDispositionHeader from 'content-disposition';

/** ASCII letters for the Romanian (and other Latin) diacritics; other characters and the ones that break a quoted parameter become "_". */
function asciiFileName(filename: string): string {
  return filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
}

export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  return contentDispositionHeader(filename, { type: kind, fallback: asciiFileName(filename) });
}
