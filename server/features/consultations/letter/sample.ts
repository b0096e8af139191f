/**
 * A complete sample letter (test fixture and a way to look at the layout):
 * `npx tsx server/features/consultations/letter/sample.ts out.pdf` writes it.
 */
import { writeFileSync } from 'node:fs';
import { letterSchema } from '../../../../domain/letter';
import type { LetterPdfData } from './render';
import { renderLetterPdf } from './render';

export function sampleLetterData(over: Partial<LetterPdfData> = {}): LetterPdfData {
  return {
    provider: {
      name: 'Institutul de Urgență pentru Boli Cardiovasculare și Transplant',
      address: 'Str. Exemplului nr. 1, 540136 Târgu Mureș, județul Mureș',
      cui: '12345678',
      casContract: 'DEMO-0001/2026',
      casName: 'Casa de Asigurări de Sănătate Mureș',
      phone: '0265 000 000',
      email: 'consultatii@institut.example',
    },
    doctor: { name: 'Ioana Străjeriu', specialty: 'cardiologie', code: 'C12345' },
    patient: {
      name: 'Ștefan Țăranu',
      birthDate: '1958-03-14',
      cnp: '1580314260017',
      address: 'Str. Mărășești nr. 4, Reghin',
      county: 'Mureș',
    },
    consultationDate: '2026-11-25',
    register: { number: 1842, year: 2026 },
    issuedOn: '2026-11-25',
    signature: null,
    letter: letterSchema.parse({
      reason: '<p>Palpitații și dispnee de efort de aproximativ 3 săptămâni; consult la distanță.</p>',
      diagnosis: '<p>Fibrilație atrială probabil persistentă, cu alură ventriculară rapidă.</p>',
      personalPriors: '<p>HTA de 12 ani, dislipidemie. Fumător în trecut (a renunțat în 2015).</p>',
      familyPriors: '<p>Tatăl: infarct miocardic la 62 de ani.</p>',
      treatment: '<ul><li>Perindopril 5 mg/zi</li><li>Atorvastatină 20 mg/zi</li></ul>',
      clinicalExam: '<p>TA 150/90 mmHg, AV 112/min neregulată, fără semne de congestie.</p>',
      labResults: '<p>NT-proBNP 640 pg/ml; TSH normal; creatinină 0,9 mg/dl.</p>',
      ekg: '<p>Fibrilație atrială cu AV medie 110/min, QRS îngust, fără modificări de fază terminală.</p>',
      echo: '<p>VS nedilatat, FEVS 50%, AS 44 mm, insuficiență mitrală ușoară.</p>',
      otherInvestigations: '',
      treatmentDone: '<p>Consiliere; inițierea controlului de frecvență.</p>',
      recommendedTreatment:
        '<ul><li>Bisoprolol 5 mg/zi dimineața</li><li>Apixaban 5 mg de două ori pe zi</li><li>Perindopril 5 mg/zi, atorvastatină 20 mg/zi (continuă)</li></ul>',
      treatmentDuration: '30 de zile, apoi reevaluare',
      recs: '<p>Monitorizarea TA și a pulsului acasă; dietă hiposodată; evitarea alcoolului și a cafeinei.</p>',
      diagnoses: [
        { code: 'I48' },
        { code: 'I10', title: 'Hipertensiune arterială esențială grad II' },
        { code: 'Z82.4' },
      ],
      followUp: { returns: 'yes', when: 'peste 4 săptămâni, cu EKG Holter' },
      prescription: { status: 'not_issued' },
      sickLeave: { status: 'not_issued' },
      homeCare: { status: 'not_needed' },
      devices: { status: 'not_needed' },
      transmission: 'email',
    }),
    ...over,
  };
}

if (process.argv[1]?.endsWith('sample.ts')) {
  const out = process.argv[2] ?? 'letter-sample.pdf';
  writeFileSync(out, await renderLetterPdf(sampleLetterData()));
  console.log(out);
}
