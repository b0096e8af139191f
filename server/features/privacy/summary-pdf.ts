/**
 * rezumat.pdf of a patient's data export: the same content as patient.json, readable by the
 * patient, in Romanian with diacritics (DejaVu Sans, the font of platform/pdf.ts, because the PDF
 * standard fonts have no ș and ț).
 */
import { htmlToParagraphs, pdfDocument } from '../../platform/pdf';

/** The audit trail can be long; the PDF lists the newest events, the JSON has them all. */
const MAX_AUDIT_LINES = 200;

export type SummaryData = {
  institute: string;
  /** DD.MM.YYYY HH:MM, Europe/Bucharest */
  generatedAt: string;
  identity: [label: string, value: string][];
  appointments: { when: string; status: string; doctor: string }[];
  consultations: { title: string; date: string; sections: { label: string; html: string }[] }[];
  consents: { version: string; givenAt: string; withdrawnAt: string | null }[];
  documents: { title: string; filename: string; date: string; file: string | null }[];
  audit: { at: string; action: string }[];
};

export function renderSummary(data: SummaryData): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: 'Rezumatul datelor personale', Author: data.institute },
  });
  const width = doc.page.width - 112;

  doc.font('bold').fontSize(13).fillColor('#5b21b6').text(data.institute, { align: 'center', width });
  doc.moveDown(0.8);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('#000000')
    .text('Rezumatul datelor personale', { align: 'center', width });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text(
      `Generat la ${data.generatedAt}, la cererea de acces și portabilitate (art. 15 și 20 din Regulamentul (UE) 2016/679). Datele complete, în format prelucrabil automat, se află în fișierul patient.json din aceeași arhivă.`,
      { align: 'center', width },
    );
  doc.fillColor('#000000').moveDown(1);

  const heading = (title: string) => {
    doc.moveDown(0.6).font('bold').fontSize(12).text(title, { width }).moveDown(0.2);
    doc.font('regular').fontSize(10);
  };
  const line = (text: string) => doc.font('regular').fontSize(10).text(text, { width, paragraphGap: 1 });
  const none = (items: unknown[], text: string) => {
    if (!items.length) line(text);
    return items.length > 0;
  };

  heading('Date de identificare');
  for (const [label, value] of data.identity) {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('regular').text(value || '—');
  }

  heading(`Programări (${data.appointments.length})`);
  if (none(data.appointments, 'Nicio programare.'))
    for (const a of data.appointments) line(`• ${a.when} — ${a.status}${a.doctor ? ` — ${a.doctor}` : ''}`);

  heading(`Consultații (${data.consultations.length})`);
  if (none(data.consultations, 'Nicio consultație.'))
    for (const c of data.consultations) {
      doc.font('bold').fontSize(10).text(`${c.title} — ${c.date}`, { width });
      for (const s of c.sections) {
        doc.font('bold').fontSize(9).text(s.label, { width });
        for (const p of htmlToParagraphs(s.html)) doc.font('regular').fontSize(9).text(p, { width });
      }
      doc.moveDown(0.4);
    }

  heading(`Acorduri privind prelucrarea datelor (${data.consents.length})`);
  if (none(data.consents, 'Niciun acord înregistrat.'))
    for (const c of data.consents)
      line(
        `• Versiunea ${c.version}, dat la ${c.givenAt}${c.withdrawnAt ? `, retras la ${c.withdrawnAt}` : ''}`,
      );

  heading(`Documente (${data.documents.length})`);
  if (none(data.documents, 'Niciun document.'))
    for (const d of data.documents)
      line(
        `• ${d.title} (${d.filename}), încărcat la ${d.date}${d.file ? ` — în arhivă: ${d.file}` : ' — fișier indisponibil'}`,
      );

  heading(`Accesări și modificări înregistrate (${data.audit.length})`);
  const shown = data.audit.slice(-MAX_AUDIT_LINES);
  if (none(shown, 'Niciun eveniment.')) {
    if (shown.length < data.audit.length)
      line(`Ultimele ${shown.length} evenimente; lista completă este în patient.json.`);
    for (const e of shown) line(`• ${e.at} — ${e.action}`);
  }

  doc.end();
  return done;
}
