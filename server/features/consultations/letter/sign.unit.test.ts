/**
 * The letter's electronic signature, checked by an independent verifier: `pdfsig` from Debian's
 * poppler-utils (npm test and .ci/run install it when it is missing). The certificate comes from
 * server/test/letter-certificate.ts (the openssl CLI, OpenSSL 3's default PKCS#12 format: AES-256,
 * PBKDF2), with a Romanian name so that diacritics in the signer's name are covered.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXTS } from '../../../../domain/letter';
import { ConfigError, type LetterSigning, loadConfig } from '../../../config';
import {
  makeLetterCertificate,
  pdfsig,
  TEST_CERT_HOLDER,
  TEST_CERT_PASSWORD,
} from '../../../test/letter-certificate';
import { sampleLetterData } from './sample';
import { signLetterPdf } from './sign';

const PASSWORD = TEST_CERT_PASSWORD;
const HOLDER = TEST_CERT_HOLDER;
let dir: string;
let p12File: string;

const env = (over: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  LETTER_SIGNING_P12: p12File,
  LETTER_SIGNING_PASSWORD: PASSWORD,
  ...over,
});

function signing(): LetterSigning {
  const s = loadConfig(env()).letterSigning;
  if (!s) throw new Error('no signing configuration');
  return s;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'letter-sign-'));
  p12File = makeLetterCertificate().LETTER_SIGNING_P12;
});

describe('LETTER_SIGNING_P12 and LETTER_SIGNING_PASSWORD', () => {
  it('open the certificate at start and name its holder', () => {
    const s = signing();
    expect(s.holder).toBe(HOLDER);
    expect(s.notAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('leave letters unsigned when not set', () => {
    expect(loadConfig({ DATA_DIR: dir }).letterSigning).toBeNull();
  });

  it.each([
    [
      'an unreadable file',
      { LETTER_SIGNING_P12: '/nonexistent/institut.p12' },
      /^Invalid configuration:\n {2}LETTER_SIGNING_P12: cannot read/,
    ],
    [
      'a wrong password',
      { LETTER_SIGNING_PASSWORD: 'alta-parola' },
      /^Invalid configuration:\n {2}LETTER_SIGNING_PASSWORD: cannot open/,
    ],
    [
      'a missing password',
      { LETTER_SIGNING_PASSWORD: undefined },
      /^Invalid configuration:\n {2}LETTER_SIGNING_PASSWORD: must be set/,
    ],
    [
      'a password without a file',
      { LETTER_SIGNING_P12: '' },
      /^Invalid configuration:\n {2}LETTER_SIGNING_P12: must be set/,
    ],
  ])('stop the start on %s, naming the variable', (_what, over, message) => {
    const e = { ...env(), ...over } as Record<string, string | undefined>;
    for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
    expect(() => loadConfig(e)).toThrowError(ConfigError);
    expect(() => loadConfig(e)).toThrowError(message);
  });

  it('stop the start on a file that is not PKCS#12', () => {
    const text = path.join(dir, 'not-a-p12.txt');
    writeFileSync(text, 'nu este un certificat');
    expect(() => loadConfig(env({ LETTER_SIGNING_P12: text }))).toThrowError(
      /LETTER_SIGNING_P12: .* is not a PKCS#12/,
    );
  });

  it('stop the start on an expired certificate', () => {
    const keys = forge.pki.rsa.generateKeyPair(1024);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2021-01-01T00:00:00Z');
    const name = [{ name: 'commonName', value: 'Expirat' }];
    cert.setSubject(name);
    cert.setIssuer(name);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], PASSWORD, { algorithm: '3des' });
    const file = path.join(dir, 'expired.p12');
    writeFileSync(file, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
    expect(() => loadConfig(env({ LETTER_SIGNING_P12: file }))).toThrowError(
      /LETTER_SIGNING_P12: the certificate expired on 2021-01-01/,
    );
  });
});

describe('signLetterPdf', () => {
  it('makes a signature that pdfsig finds valid, naming the holder on the letter', async () => {
    const pdf = await signLetterPdf(sampleLetterData(), signing());
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain(`Signer Certificate Common Name: ${HOLDER}`);
    expect(report).toContain('Total document signed');
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Semnat electronic de ${HOLDER}`);
    expect(text).not.toContain(LETTER_TEXTS.unsigned);
  });

  it('is invalid after one changed byte inside the signed range', async () => {
    const pdf = await signLetterPdf(sampleLetterData(), signing());
    const range = pdf
      .toString('latin1')
      .match(/\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)!
      .slice(1)
      .map(Number);
    // The document information's producer string, "(PDFKit)", written after the signature.
    const at = pdf.indexOf('(PDFKit)') + '(PDFKit'.length - 1;
    expect(at >= range[2] && at < range[2] + range[3]).toBe(true); // inside the second signed range
    const tampered = Buffer.from(pdf);
    tampered[at] = 'x'.charCodeAt(0); // "PDFKit" -> "PDFKix": the file still parses
    const report = pdfsig(tampered);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Signature Validation: Digest Mismatch.');
  });
});
