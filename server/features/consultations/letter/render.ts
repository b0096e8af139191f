/**
 * The *scrisoare medicală* as a PDF in the national model (CNAS norms, Annex 43): A4, the
 * model's headings in its order, DejaVu Sans for ă â î ș ț (the fonts of platform/pdf.ts).
 *
 * Interface:
 * - `renderLetterPdf(data, options?)` — pure: everything the letter prints goes in `data`
 *   (`LetterPdfData`), the PDF bytes come out; no database, clock or configuration is read.
 *   `data.signature` null prints "Document nesemnat electronic"; `sign.ts` passes the seal's
 *   holder and uses `options.beforeEnd` to add the signature placeholder before the file is closed.
 *
 * Layout: provider block and register number at the top, the model's sections, the four
 * mandatory choices as ticked boxes, transmission, date, the doctor's signature and parafă (by hand,
 * on the printed copy) and the institute's electronic seal; every page's
 * footer names the letter and the page ("pagina 1 din 2") so the two printed copies stay
 * together.
 *
 * Files: this one opens the document and orders the model's sections; `blocks.ts` prints the
 * parts made of the letter's data (header, introduction, diagnoses, choices, signature, page
 * footers); `layout.ts` holds the margins, colours and the typographic primitives they share.
 */
import { CHOICE_KINDS, LETTER_TEXTS, type Letter, TRANSMISSIONS } from '../../../../domain/letter';
import { pdfDocument } from '../../../platform/pdf';
import {
  choiceBlock,
  diagnoses,
  footnotes,
  header,
  introduction,
  pageFooters,
  signatureBlock,
} from './blocks';
import { boxes, FOOTER_SPACE, heading, INK, labelled, MARGIN, section, subsection } from './layout';

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
  /** "consultație la distanță prin …, DD.MM.YYYY, HH:MM–HH:MM" when it was a remote consultation. */
  remote?: string | null;
  /** nr. registru consultații: sequential per calendar year */
  register: { number: number; year: number };
  letter: Letter;
  /** YYYY-MM-DD: the date printed beside the signature */
  issuedOn: string;
  /**
   * The institute's electronic seal: the certificate's holder, and whether the seal carries a
   * time-stamp (PAdES B-T); null for an unsigned letter.
   */
  signature: { holder: string; timestamped: boolean } | null;
};

export type RenderOptions = { beforeEnd?: (doc: PDFKit.PDFDocument) => void };

export function renderLetterPdf(data: LetterPdfData, options: RenderOptions = {}): Promise<Buffer> {
  const registerNo = `${data.register.number}/${data.register.year}`;
  const { doc, done } = pdfDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Scrisoare medicală nr. ${registerNo}`,
      Author: data.provider.name,
      Subject: 'Scrisoare medicală (model CNAS)',
    },
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
