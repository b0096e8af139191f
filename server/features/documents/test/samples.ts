/**
 * Tiny but real files of every accepted type, and impostors, built in the test (no fixtures on
 * disk): what a browser would send, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';

const ooxml = (mainType: string, part: string) =>
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/${part}" ContentType="${mainType}"/></Types>`,
    ),
    [part]: strToU8('<?xml version="1.0"?><root>Salut</root>'),
  });

/** A Compound File Binary header followed by a directory entry naming the format's stream. */
const cfb = (stream: string) => {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const dir = Buffer.alloc(128);
  Buffer.from(stream, 'utf16le').copy(dir);
  return Buffer.concat([header, Buffer.from('Root Entry', 'utf16le'), dir]);
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

export const ACCEPTED: Record<string, Buffer> = {
  pdf: PDF,
  png: PNG,
  jpg: JPEG,
  jpeg: JPEG,
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([26, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(18),
  ]),
  doc: cfb('WordDocument'),
  xls: cfb('Workbook'),
  ppt: cfb('PowerPoint Document'),
  docx: Buffer.from(
    ooxml(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      'word/document.xml',
    ),
  ),
  xlsx: Buffer.from(
    ooxml('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl/workbook.xml'),
  ),
  pptx: Buffer.from(
    ooxml(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
      'ppt/presentation.xml',
    ),
  ),
  odt: Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8('<office:document-content/>'),
    }),
  ),
  rtf: Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Arial;}} Scrisoare medicala\\par }'),
  csv: Buffer.from('nume;cnp;observatii\r\nȘtefan Ionescu;1800101400011;"tensiune, puls"\r\n'),
};

/** Files that lie about what they are: (name sent, bytes). */
export const IMPOSTORS: Record<string, [string, Buffer]> = {
  'an ELF executable renamed .pdf': [
    'raport.pdf',
    Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56), randomBytes(200)]),
  ],
  'a Windows executable renamed .pdf': [
    'analize.pdf',
    Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), randomBytes(200)]),
  ],
  'HTML with a script renamed .png': [
    'poza.png',
    Buffer.from('<!doctype html><html><body><script>fetch("/api/patients")</script></body></html>'),
  ],
  'SVG with a script renamed .jpg': [
    'radiografie.jpg',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  ],
  'a plain zip renamed .docx': [
    'scrisoare.docx',
    Buffer.from(zipSync({ 'a.txt': strToU8('nu e document') })),
  ],
  'a Word document renamed .xlsx': ['tabel.xlsx', ACCEPTED.docx],
  'a PNG renamed .pdf': ['scan.pdf', PNG],
  'a PDF renamed .doc': ['vechi.doc', PDF],
  'an OLE file without a Word stream renamed .doc (e.g. an installer)': [
    'setup.doc',
    cfb('SummaryInformation'),
  ],
  'a binary renamed .csv': ['date.csv', Buffer.from([0x61, 0x2c, 0x00, 0x01, 0x02, 0x62])],
  'text renamed .rtf': ['nota.rtf', Buffer.from('nu este rtf')],
};
