/**
 * The consultation letter as a PDF (DESIGN §6): institute header, patient identity, the
 * consultation's sections, doctor and date. DejaVu Sans (from the dejavu-fonts-ttf package)
 * is embedded because the PDF standard fonts have no ș and ț.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { TERMS } from '../../domain/glossary';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A new PDF with DejaVu Sans registered as 'regular' and 'bold', and its bytes, which arrive
 * once the caller ends the document (`doc.end()`).
 */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument(options);
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export type LetterSection = { label: string; html: string; doctor: string | null; date: string };
export type LetterData = {
  institute: { name: string; tagline: string };
  title: string;
  /** Consultation day, DD.MM.YYYY */
  date: string;
  patient: {
    name: string;
    cnp: string;
    birth: string;
    sex: string;
    age: string;
    county: string;
    phone: string;
  };
  gp: { name: string | null; email: string | null; phone: string | null };
  sections: LetterSection[];
  doctors: string[];
  /** When the letter was produced, DD.MM.YYYY */
  issuedOn: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Paragraphs of plain text from sanitised rich text (the allow-list of SPEC §9 only). */
export function htmlToParagraphs(html: string): string[] {
  const text = html
    .replace(/\r?\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|pre|li|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, code: string) => {
      if (code[0] === '#') {
        const n =
          code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    });
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l.length > 0);
}

export function renderConsultationLetter(data: LetterData): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: `Scrisoare medicală - ${data.title}`, Author: data.institute.name },
  });

  const width = doc.page.width - 112;
  doc.font('bold').fontSize(13).fillColor('#5b21b6').text(data.institute.name, { align: 'center', width });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text(data.institute.tagline, { align: 'center', width });
  doc.moveDown(0.5);
  doc
    .strokeColor('#cccccc')
    .moveTo(56, doc.y)
    .lineTo(56 + width, doc.y)
    .stroke();
  doc.moveDown(1);

  doc.font('bold').fontSize(16).fillColor('#000000').text('Scrisoare medicală', { align: 'center', width });
  doc
    .font('regular')
    .fontSize(10)
    .text(data.title.includes(data.date) ? data.title : `${data.title} — ${data.date}`, {
      align: 'center',
      width,
    });
  doc.moveDown(1);

  const field = (label: string, value: string) => {
    if (!value) return;
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('regular').text(value);
  };
  doc.font('bold').fontSize(11).text('Date pacient');
  doc.moveDown(0.3);
  field('Nume', data.patient.name);
  field('CNP', data.patient.cnp);
  field('Data nașterii', data.patient.birth);
  field('Sex', data.patient.sex);
  field('Vârsta', data.patient.age);
  field(TERMS.county, data.patient.county);
  field('Telefon', data.patient.phone);
  if (data.gp.name || data.gp.email) {
    field(TERMS.familyDoctor, [data.gp.name, data.gp.email, data.gp.phone].filter(Boolean).join(', '));
  }
  doc.moveDown(0.8);

  for (const section of data.sections) {
    doc.font('bold').fontSize(11).fillColor('#000000').text(section.label);
    doc.moveDown(0.2);
    doc.font('regular').fontSize(10);
    const paragraphs = htmlToParagraphs(section.html);
    for (const p of paragraphs.length ? paragraphs : ['—']) doc.text(p, { width, paragraphGap: 2 });
    doc.moveDown(0.7);
  }

  doc.moveDown(1);
  field('Medic', data.doctors.join(', '));
  field('Data emiterii', data.issuedOn);
  doc.end();
  return done;
}
