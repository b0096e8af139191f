/**
 * The letter's typographic primitives (part of render.ts, the PDF's interface): page margins, colours,
 * headings, the model's sections and subsections whose text is the editor's HTML (through
 * htmlToParagraphs of platform/pdf.ts), bold/regular runs, labelled values and tick boxes.
 * Every helper writes at `doc.y` from the left margin and leaves `doc.y` below what it wrote.
 */
import { htmlToParagraphs } from '../../../platform/pdf';

export const MARGIN = 50;
export const FOOTER_SPACE = 28;
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#999999';
/** The electronic seal's frame and title. */
export const SEAL = '#1f5130';
const BOX_ON = '☒';
const BOX_OFF = '☐';

/** One paragraph of runs in regular or bold type; only the first run sets the position and width. */
export function runs(doc: PDFKit.PDFDocument, parts: [string, boolean][], width: number, x = MARGIN) {
  parts.forEach(([text, bold], i) => {
    const continued = i < parts.length - 1;
    doc.font(bold ? 'bold' : 'regular');
    if (i === 0) doc.text(text, x, doc.y, { width: width - (x - MARGIN), continued, lineGap: 2 });
    else doc.text(text, { continued });
  });
}

export function heading(doc: PDFKit.PDFDocument, label: string, width: number) {
  doc.moveDown(0.7);
  // Keep a heading with at least two lines of its text on the same page.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  doc.font('bold').fontSize(10.5).fillColor(INK).text(label, MARGIN, doc.y, { width });
  doc.moveDown(0.15);
}

function paragraphs(doc: PDFKit.PDFDocument, html: string, width: number, indent = 0) {
  const lines = htmlToParagraphs(html);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(lines.length ? INK : MUTED);
  for (const p of lines.length ? lines : ['—'])
    doc.text(p, MARGIN + indent, doc.y, { width: width - indent, paragraphGap: 2, lineGap: 1 });
}

export function section(doc: PDFKit.PDFDocument, label: string, html: string, width: number) {
  heading(doc, label, width);
  paragraphs(doc, html, width);
}

export function subsection(doc: PDFKit.PDFDocument, label: string, html: string, width: number) {
  doc.moveDown(0.2);
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(label, MARGIN + 10, doc.y, { width: width - 10 });
  paragraphs(doc, html, width, 10);
}

export function labelled(doc: PDFKit.PDFDocument, label: string, value: string, width: number) {
  doc.moveDown(0.2);
  doc.font('bold').fontSize(10).fillColor(INK).text(label, MARGIN, doc.y, { width, continued: true });
  doc.font('regular').text(value);
}

/** Ticked or empty boxes, one per line, the text hanging beside its box. */
export function boxes(doc: PDFKit.PDFDocument, width: number, items: [boolean, string][]) {
  const x = MARGIN + 10;
  for (const [on, text] of items) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(on ? BOX_ON : BOX_OFF, x, y, { lineBreak: false });
    doc.font(on ? 'bold' : 'regular').text(text, x + 15, y, { width: width - 25, lineGap: 1.5 });
  }
}
