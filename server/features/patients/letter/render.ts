/**
 * The *scrisoare medicală* as a PDF in the national model (CNAS norms, Annex 43): A4, the
 * model's headings in its order, DejaVu Sans for ă â î ș ț (the fonts of platform/pdf.ts).
 *
 * Interface:
 * - `renderLetterPdf(data, options?)` — pure: everything the letter prints goes in `data`
 *   (`LetterPdfData`), the PDF bytes come out; no database, clock or configuration is read.
 *   `data.signature` null prints "Document nesemnat electronic"; `sign.ts` passes the signer
 *   and uses `options.beforeEnd` to add the signature placeholder before the file is closed.
 *
 * Layout: provider block and register number at the top, the model's sections, the four
 * mandatory choices as ticked boxes, transmission, date, signature and parafă; every page's
 * footer names the letter and the page ("pagina 1 din 2") so the two printed copies stay
 * together.
 */
import PDFDocument from 'pdfkit';
import { formatDay } from '../../../../domain/dates';
import {
  CHOICE_KINDS,
  type Choice,
  choiceLines,
  LETTER_TEXTS,
  type Letter,
  TRANSMISSIONS,
} from '../../../../domain/letter';
import { FONT_BOLD, FONT_REGULAR, htmlToParagraphs } from '../../../platform/pdf';

export type LetterPdfData = {
  provider: {
    name: string;
    address: string;
    /** Codul unic de înregistrare fiscală */
    cui: string;
    /** Number of the contract with the health insurance house */
    casContract: string;
    /** The health insurance house the contract is with */
    casName: string;
    phone?: string;
    email?: string;
  };
  doctor: { name: string; specialty: string /** parafă code */; code: string };
  patient: {
    name: string;
    /** YYYY-MM-DD */
    birthDate: string;
    cnp: string;
    address?: string;
    county: string;
  };
  /** YYYY-MM-DD */
  consultationDate: string;
  /** nr. registru consultații: sequential per calendar year */
  register: { number: number; year: number };
  letter: Letter;
  /** YYYY-MM-DD: the date printed beside the signature */
  issuedOn: string;
  /** Who signs it electronically (the certificate's holder), or null for an unsigned letter. */
  signature: { signer: string } | null;
};

export type RenderOptions = { beforeEnd?: (doc: PDFKit.PDFDocument) => void };

const MARGIN = 50;
const FOOTER_SPACE = 28;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#999999';
const BOX_ON = '☒';
const BOX_OFF = '☐';

export function renderLetterPdf(data: LetterPdfData, options: RenderOptions = {}): Promise<Buffer> {
  const registerNo = `${data.register.number}/${data.register.year}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Scrisoare medicală nr. ${registerNo}`,
      Author: data.provider.name,
      Subject: 'Scrisoare medicală (model CNAS)',
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const { letter } = data;

  header(doc, data, registerNo, width);

  doc.moveDown(1.2);
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(INK)
    .text('SCRISOARE MEDICALĂ', MARGIN, doc.y, { align: 'center', width });
  doc.moveDown(0.8);
  doc.font('bold').fontSize(10.5).text(LETTER_TEXTS.salutation, MARGIN);
  doc.moveDown(0.3);
  introduction(doc, data, registerNo, width);

  section(doc, '1. Motivele prezentării', letter.reason, width);
  diagnoses(doc, letter, width);
  heading(doc, '3. Anamneză', width);
  subsection(doc, 'Antecedente personale', letter.personalPriors, width);
  subsection(doc, 'Antecedente heredo-colaterale', letter.familyPriors, width);
  subsection(doc, 'Tratament urmat la prezentare', letter.treatment, width);
  section(doc, '4. Examen clinic', letter.clinicalExam, width);
  section(doc, '5. Examene de laborator', letter.labResults, width);
  heading(doc, '6. Examene paraclinice', width);
  subsection(doc, 'EKG', letter.ekg, width);
  subsection(doc, 'Ecocardiografie', letter.echo, width);
  subsection(doc, 'Alte investigații', letter.otherInvestigations, width);
  section(doc, '7. Tratament efectuat', letter.treatmentDone, width);
  section(doc, '8. Alte informații referitoare la starea de sănătate a pacientului', letter.recs, width);
  section(doc, '9. Tratament recomandat', letter.recommendedTreatment, width);
  if (letter.treatmentDuration) {
    labelled(
      doc,
      'Durata tratamentului (pentru prescrierea de către medicul de familie): ',
      letter.treatmentDuration,
      width,
    );
  }
  heading(doc, '10. Indicație de revenire pentru control', width);
  boxes(doc, width, [
    [
      letter.followUp.returns === 'yes',
      `da, revine pentru control${letter.followUp.returns === 'yes' ? `: ${letter.followUp.when}` : ''}`,
    ],
    [letter.followUp.returns === 'no', 'nu, nu este necesară revenirea'],
  ]);
  heading(doc, '11. Se completează obligatoriu una din cele trei informații', width);
  for (const kind of CHOICE_KINDS) choiceBlock(doc, kind, letter[kind], width);
  heading(doc, '12. Calea de transmitere', width);
  boxes(
    doc,
    width,
    TRANSMISSIONS.map(
      (t) => [letter.transmission === t, LETTER_TEXTS.transmissionLabels[t]] as [boolean, string],
    ),
  );

  signatureBlock(doc, data, width);
  footnotes(doc, width);
  pageFooters(doc, data, registerNo, width);

  options.beforeEnd?.(doc);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, data: LetterPdfData, registerNo: string, width: number) {
  const { provider } = data;
  const left = width * 0.62;
  const top = doc.y;
  doc.font('bold').fontSize(11).fillColor(INK).text(provider.name, MARGIN, top, { width: left });
  doc.font('regular').fontSize(8.5).fillColor(MUTED);
  doc.text(provider.address, { width: left });
  doc.text(`CUI ${provider.cui}`, { width: left });
  doc.text(`Contract nr. ${provider.casContract} încheiat cu ${provider.casName}`, { width: left });
  const contacts = [provider.phone && `Tel. ${provider.phone}`, provider.email].filter(Boolean).join(' · ');
  if (contacts) doc.text(contacts, { width: left });
  const leftBottom = doc.y;

  const x = MARGIN + left + 12;
  const boxWidth = width - left - 12;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Nr. registru consultații', x, top, { width: boxWidth, align: 'right' });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(registerNo, x, doc.y, { width: boxWidth, align: 'right' });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Data consultației: ${formatDay(data.consultationDate)}`, x, doc.y + 2, {
      width: boxWidth,
      align: 'right',
    });

  doc.y = Math.max(leftBottom, doc.y) + 8;
  doc
    .strokeColor(RULE)
    .lineWidth(0.7)
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .stroke();
}

function introduction(doc: PDFKit.PDFDocument, data: LetterPdfData, registerNo: string, width: number) {
  const { patient, doctor } = data;
  const where = [patient.address, patient.county && `județul ${patient.county}`].filter(Boolean).join(', ');
  const parts: [string, boolean][] = [
    ['Vă informăm că pacientul(a) ', false],
    [patient.name, true],
    [', născut(ă) la data de ', false],
    [formatDay(patient.birthDate), true],
    [', CNP ', false],
    [patient.cnp, true],
    [where ? `, cu domiciliul în ${where}` : '', false],
    [', a fost consultat(ă) în serviciul nostru la data de ', false],
    [formatDay(data.consultationDate), true],
    [', nr. registru consultații ', false],
    [registerNo, true],
    [`, de către dr. ${doctor.name}, medic ${doctor.specialty}.`, false],
  ];
  doc.fontSize(10).fillColor(INK);
  runs(
    doc,
    parts.filter(([t]) => t),
    width,
  );
}

/** One paragraph of runs in regular or bold type; only the first run sets the position and width. */
function runs(doc: PDFKit.PDFDocument, parts: [string, boolean][], width: number, x = MARGIN) {
  parts.forEach(([text, bold], i) => {
    const continued = i < parts.length - 1;
    doc.font(bold ? 'bold' : 'regular');
    if (i === 0) doc.text(text, x, doc.y, { width: width - (x - MARGIN), continued, lineGap: 2 });
    else doc.text(text, { continued });
  });
}

function heading(doc: PDFKit.PDFDocument, label: string, width: number) {
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

function section(doc: PDFKit.PDFDocument, label: string, html: string, width: number) {
  heading(doc, label, width);
  paragraphs(doc, html, width);
}

function subsection(doc: PDFKit.PDFDocument, label: string, html: string, width: number) {
  doc.moveDown(0.2);
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(label, MARGIN + 10, doc.y, { width: width - 10 });
  paragraphs(doc, html, width, 10);
}

function labelled(doc: PDFKit.PDFDocument, label: string, value: string, width: number) {
  doc.moveDown(0.2);
  doc.font('bold').fontSize(10).fillColor(INK).text(label, MARGIN, doc.y, { width, continued: true });
  doc.font('regular').text(value);
}

function diagnoses(doc: PDFKit.PDFDocument, letter: Letter, width: number) {
  heading(doc, '2. Diagnostic', width);
  const codeWidth = 62;
  letter.diagnoses.forEach((d, i) => {
    const y = doc.y;
    doc.font('bold').fontSize(10).fillColor(INK).text(d.code, MARGIN, y, { width: codeWidth });
    const title = i === 0 ? `${d.title} (diagnostic principal)` : d.title;
    doc
      .font(i === 0 ? 'bold' : 'regular')
      .text(title, MARGIN + codeWidth, y, { width: width - codeWidth, lineGap: 1 });
    doc.moveDown(0.15);
  });
  doc.font('regular').fontSize(8).fillColor(MUTED).text('Coduri ICD-10 (CIM-10).', MARGIN, doc.y, { width });
  if (htmlToParagraphs(letter.diagnosis).length) subsection(doc, 'Observații', letter.diagnosis, width);
}

/** Ticked or empty boxes, one per line, the text hanging beside its box. */
function boxes(doc: PDFKit.PDFDocument, width: number, items: [boolean, string][]) {
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

function choiceBlock(
  doc: PDFKit.PDFDocument,
  kind: (typeof CHOICE_KINDS)[number],
  choice: Choice,
  width: number,
) {
  doc.moveDown(0.25);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(LETTER_TEXTS.choiceLabels[kind], MARGIN + 10, doc.y, { width: width - 10 });
  boxes(
    doc,
    width,
    choiceLines(kind, choice).map((l) => [l.chosen, l.text] as [boolean, string]),
  );
}

function signatureBlock(doc: PDFKit.PDFDocument, data: LetterPdfData, width: number) {
  doc.moveDown(1.2);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
  const top = doc.y;
  const half = width / 2;
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(`Data: ${formatDay(data.issuedOn)}`, MARGIN, top, { width: half });
  const x = MARGIN + half;
  doc.font('bold').text('Semnătura și parafa medicului', x, top, { width: half, align: 'center' });
  doc.font('regular').text(`Dr. ${data.doctor.name}`, x, doc.y + 2, { width: half, align: 'center' });
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(`medic ${data.doctor.specialty} · cod parafă ${data.doctor.code}`, x, doc.y, {
      width: half,
      align: 'center',
    });
  const lineY = doc.y + 34;
  doc
    .strokeColor(RULE)
    .lineWidth(0.7)
    .moveTo(x + 30, lineY)
    .lineTo(x + half - 30, lineY)
    .stroke();
  doc.y = lineY + 8;
  if (data.signature) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#1f5130')
      .text(`Semnat electronic de ${data.signature.signer}`, x, doc.y, {
        width: half,
        align: 'center',
      });
  } else {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#8a1c1c')
      .text(LETTER_TEXTS.unsigned, x, doc.y, { width: half, align: 'center' });
  }
}

function footnotes(doc: PDFKit.PDFDocument, width: number) {
  doc.moveDown(1.2);
  doc.font('regular').fontSize(7.5).fillColor(MUTED);
  doc.text(`*) ${LETTER_TEXTS.copies}`, MARGIN, doc.y, { width });
  doc.text(`**) ${LETTER_TEXTS.emailNote}`, MARGIN, doc.y, { width });
}

function pageFooters(doc: PDFKit.PDFDocument, data: LetterPdfData, registerNo: string, width: number) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open a new page
    const y = doc.page.height - MARGIN - 10;
    doc
      .strokeColor(RULE)
      .lineWidth(0.5)
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .stroke();
    doc.font('regular').fontSize(7.5).fillColor(MUTED);
    doc.text(`Scrisoare medicală nr. ${registerNo} · ${data.patient.name}`, MARGIN, y, {
      width,
      lineBreak: false,
    });
    doc.text(`pagina ${i - range.start + 1} din ${range.count}`, MARGIN, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
