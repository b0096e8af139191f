/**
 * The letter's blocks that print its data (part of render.ts, the PDF's interface): the provider
 * header with the register number, the introduction naming patient and doctor, the diagnoses,
 * the mandatory choices, the date and signature block, the footnotes and every page's footer.
 */
import { formatDay } from '../../../../domain/dates';
import {
  type CHOICE_KINDS,
  type Choice,
  choiceLines,
  LETTER_TEXTS,
  type Letter,
} from '../../../../domain/letter';
import { htmlToParagraphs } from '../../../platform/pdf';
import { boxes, heading, INK, MARGIN, MUTED, RULE, runs, SEAL, subsection } from './layout';
import type { LetterPdfData } from './render';

export function header(doc: PDFKit.PDFDocument, data: LetterPdfData, registerNo: string, width: number) {
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

export function introduction(
  doc: PDFKit.PDFDocument,
  data: LetterPdfData,
  registerNo: string,
  width: number,
) {
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
    [data.remote ? ` (${data.remote})` : '', false],
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

export function diagnoses(doc: PDFKit.PDFDocument, letter: Letter, width: number) {
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

export function choiceBlock(
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

/**
 * The date, the doctor's signature and parafă (signed by hand on the printed copy: the model's
 * "Semnătura și parafa medicului") and, beside them, the institute's electronic seal when the
 * letter is signed with its certificate, or "Document nesemnat electronic".
 */
export function signatureBlock(doc: PDFKit.PDFDocument, data: LetterPdfData, width: number) {
  doc.moveDown(1.2);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
  const top = doc.y;
  const half = width / 2;
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(`Data: ${formatDay(data.issuedOn)}`, MARGIN, top, { width: half });
  const seal = data.signature;
  doc.moveDown(0.8);
  if (seal) {
    const y = doc.y;
    const boxWidth = half - 20;
    doc.font('bold').fontSize(9).fillColor(SEAL);
    doc.text(LETTER_TEXTS.seal, MARGIN + 8, y + 6, { width: boxWidth - 16 });
    doc
      .font('regular')
      .fillColor(INK)
      .text(seal.holder, { width: boxWidth - 16 });
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(LETTER_TEXTS.sealApplied(seal.timestamped), { width: boxWidth - 16 });
    const bottom = doc.y + 5;
    doc
      .strokeColor(SEAL)
      .lineWidth(0.8)
      .rect(MARGIN, y, boxWidth, bottom - y)
      .stroke();
    doc.y = bottom;
  } else {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#8a1c1c')
      .text(LETTER_TEXTS.unsigned, MARGIN, doc.y, { width: half - 20 });
  }
  const leftBottom = doc.y;

  const x = MARGIN + half;
  doc.font('bold').fontSize(10).fillColor(INK);
  doc.text('Semnătura și parafa medicului', x, top, { width: half, align: 'center' });
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
  doc.y = Math.max(leftBottom, lineY + 8);
}

export function footnotes(doc: PDFKit.PDFDocument, width: number) {
  doc.moveDown(1.2);
  doc.font('regular').fontSize(7.5).fillColor(MUTED);
  doc.text(`*) ${LETTER_TEXTS.copies}`, MARGIN, doc.y, { width });
  doc.text(`**) ${LETTER_TEXTS.emailNote}`, MARGIN, doc.y, { width });
}

export function pageFooters(doc: PDFKit.PDFDocument, data: LetterPdfData, registerNo: string, width: number) {
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
