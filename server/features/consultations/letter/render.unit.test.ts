import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { LETTER_TEXTS, letterSchema } from '../../../../domain/letter';
import { renderLetterPdf } from './render';
import { sampleLetterData } from './sample';

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('renderLetterPdf', () => {
  it('prints an A4 PDF with the model headings in the model order', async () => {
    const pdf = await renderLetterPdf(sampleLetterData());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await textOf(pdf);
    const headings = [
      'SCRISOARE MEDICALĂ',
      'Stimate(ă) coleg(ă),',
      'Motivele prezentării',
      'Diagnostic',
      'Anamneză',
      'Examen clinic',
      'Examene de laborator',
      'Examene paraclinice',
      'Tratament efectuat',
      'Alte informații referitoare la starea de sănătate a pacientului',
      'Tratament recomandat',
      'Indicație de revenire pentru control',
      'Se completează obligatoriu una din cele trei informații',
      'Calea de transmitere',
      'Semnătura și parafa medicului',
    ];
    let at = -1;
    for (const h of headings) {
      const next = text.indexOf(h, at + 1);
      expect(next, `"${h}" after the previous heading`).toBeGreaterThan(at);
      at = next;
    }
  });

  it('prints the provider block, the patient, the register number and the diagnoses with codes', async () => {
    const text = await textOf(await renderLetterPdf(sampleLetterData()));
    for (const expected of [
      'CUI 12345678',
      'Contract nr. DEMO-0001/2026 încheiat cu Casa de Asigurări de Sănătate Mureș',
      'Nr. registru consultații',
      '1842/2026',
      'Ștefan Țăranu',
      '1580314260017',
      '14.03.1958',
      'județul Mureș',
      'I48',
      'Fibrilația atrială și flutter (diagnostic principal)',
      'I10',
      'Hipertensiune arterială esențială grad II',
      'Z82.4',
      'Antecedente familiale de cardiopatie ischemică și alte boli ale aparatului circulator',
      'Dr. Ioana Străjeriu',
      'cod parafă C12345',
      'Data: 25.11.2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('keeps the Romanian diacritics (comma-below ș ț, ă â î) as text', async () => {
    const text = await textOf(await renderLetterPdf(sampleLetterData()));
    for (const word of ['Ștefan', 'Țăranu', 'Anamneză', 'Indicație', 'îngrijiri', 'Străjeriu', 'Mărășești']) {
      expect(text).toContain(word);
    }
    expect(text).not.toMatch(/[şţ]/);
  });

  it('ticks the chosen variant of each mandatory choice and prints an issued series and number', async () => {
    const base = sampleLetterData();
    const letter = letterSchema.parse({
      ...base.letter,
      prescription: { status: 'issued', series: 'MS', number: '0042' },
    });
    const text = await textOf(await renderLetterPdf({ ...base, letter }));
    expect(text).toContain('☒ S-a eliberat prescripție medicală, seria MS nr. 0042');
    expect(text).toContain('☐ Nu s-a eliberat prescripție medicală deoarece nu a fost necesar');
    expect(text).toContain('☒ Nu s-a eliberat concediu medical');
    expect(text).toContain('☒ prin e-mail');
    expect(text).toContain('☒ da, revine pentru control: peste 4 săptămâni, cu EKG Holter');
  });

  it('says "Document nesemnat electronic" unless sealed; the seal is the institute\'s, the doctor signs by hand', async () => {
    const unsigned = await textOf(await renderLetterPdf(sampleLetterData()));
    expect(unsigned).toContain(LETTER_TEXTS.unsigned);
    expect(unsigned).not.toContain('Sigiliu electronic');
    const sealed = await textOf(
      await renderLetterPdf(
        sampleLetterData({ signature: { holder: 'Institutul Test', timestamped: false } }),
      ),
    );
    expect(sealed).not.toContain(LETTER_TEXTS.unsigned);
    expect(sealed).toContain('Sigiliu electronic al institutului Institutul Test aplicat la semnare');
    expect(sealed).not.toContain('marcă temporală');
    expect(sealed).not.toContain('Semnat electronic');
    // The model's line for the doctor's own signature and parafă stays, for the printed copy.
    expect(sealed).toMatch(/Semnătura și parafa medicului Dr\. [^.]+ medic cardiologie · cod parafă/);
    const stamped = await textOf(
      await renderLetterPdf(
        sampleLetterData({ signature: { holder: 'Institutul Test', timestamped: true } }),
      ),
    );
    expect(stamped).toContain('aplicat la semnare, cu marcă temporală');
  });

  it('numbers its pages and names the letter on each, for the two printed copies', async () => {
    const text = await textOf(await renderLetterPdf(sampleLetterData()));
    expect(text).toContain('pagina 1 din 2');
    expect(text).toContain('pagina 2 din 2');
    expect(text).toContain('două exemplare');
  });
});
