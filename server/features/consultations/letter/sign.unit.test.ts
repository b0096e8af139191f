/**
 * The letter's electronic seal, a PAdES B-B signature, checked by an independent verifier:
 * `pdfsig` from Debian's poppler-utils (npm test and .ci/run install it when it is missing); its
 * CMS is read back with PKI.js for the attributes EN 319 142-1 asks. The certificate comes from
 * server/test/letter-certificate.ts (the openssl CLI, OpenSSL 3's default PKCS#12 format: AES-256,
 * PBKDF2), with a Romanian name so that diacritics in the signer's name are covered.
 * sign-timestamp.unit.test.ts covers B-T.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as asn1js from 'asn1js';
import forge from 'node-forge';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXTS } from '../../../../domain/letter';
import { ConfigError, type LetterSigning, loadConfig } from '../../../config';
import {
  certificateDer,
  makeLetterCertificate,
  pdfsig,
  signatureCms,
  TEST_CERT_HOLDER,
  TEST_CERT_PASSWORD,
} from '../../../test/letter-certificate';
import { sampleLetterData } from './sample';
import { OIDS, signLetterPdf } from './sign';

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

  it.each([
    ['aes', "OpenSSL 3's default (AES-256, PBKDF2)"],
    ['3des', 'the older 3DES'],
  ] as const)(
    'open a .p12 whose password has diacritics (%s: %s) and sign with it',
    async (format, _what) => {
      const password = 'Parolă-țară-și-încă';
      const file = makeLetterCertificate({ password, format }).LETTER_SIGNING_P12;
      const s = loadConfig(
        env({ LETTER_SIGNING_P12: file, LETTER_SIGNING_PASSWORD: password }),
      ).letterSigning;
      expect(s?.holder).toBe(HOLDER);
      const report = pdfsig(await signLetterPdf(sampleLetterData(), s!));
      expect(report).toContain('Signature Validation: Signature is Valid.');
      // The same file with the password without diacritics stays a wrong password.
      expect(() =>
        loadConfig(env({ LETTER_SIGNING_P12: file, LETTER_SIGNING_PASSWORD: 'Parola-tara-si-inca' })),
      ).toThrowError(/LETTER_SIGNING_PASSWORD: cannot open/);
    },
  );

  it('stop the start on a time-stamping service without a certificate', () => {
    expect(() => loadConfig({ DATA_DIR: dir, LETTER_TSA_URL: 'http://127.0.0.1:1/tsa' })).toThrowError(
      /LETTER_SIGNING_P12: must be set when LETTER_TSA_URL is set/,
    );
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
  const signingTime = new Date('2026-11-25T09:30:00Z');

  it('makes a PAdES B-B signature that pdfsig finds valid: ETSI.CAdES.detached, the time in M', async () => {
    const pdf = await signLetterPdf(sampleLetterData(), signing(), { signingTime });
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain(`Signer Certificate Common Name: ${HOLDER}`);
    expect(report).toContain('Total document signed');
    // The claimed signing time is the signature dictionary's M entry (11:30 in Bucharest).
    expect(pdf.toString('latin1')).toMatch(/\/M \(D:20261125093000Z\)/);
  });

  it("signs content-type, message-digest and signing-certificate-v2 (the certificate's SHA-256), no signing-time", async () => {
    const pdf = await signLetterPdf(sampleLetterData(), signing(), { signingTime });
    const { signed } = signatureCms(pdf);
    const [signer] = signed.signerInfos;
    const attrs = signer.signedAttrs?.attributes ?? [];
    expect(attrs.map((a) => a.type)).toEqual([
      OIDS.contentType,
      OIDS.messageDigest,
      OIDS.signingCertificateV2,
    ]);
    expect(attrs.map((a) => a.type)).not.toContain(OIDS.signingTime);
    expect(signer.unsignedAttrs).toBeUndefined(); // no time-stamp without LETTER_TSA_URL
    // SigningCertificateV2 { certs { ESSCertIDv2 { certHash } } }: SHA-256 is the default, so left out.
    const essCertId = (attrs[2].values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const [certId] = essCertId.valueBlock.value as asn1js.Sequence[];
    expect(certId.valueBlock.value).toHaveLength(1);
    const certHash = Buffer.from((certId.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView);
    const issued = certificateDer(path.join(path.dirname(p12File), 'cert.pem'));
    expect(certHash.toString('hex')).toBe(createHash('sha256').update(issued).digest('hex'));
    // The certificate travels in the CMS as openssl issued it.
    expect(Buffer.from(signed.certificates![0].toSchema().toBER()).equals(issued)).toBe(true);
  });

  it("prints the institute's electronic seal, not a doctor's electronic signature", async () => {
    const pdf = await signLetterPdf(sampleLetterData(), signing());
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`${LETTER_TEXTS.seal} ${HOLDER} aplicat la semnare`);
    expect(text).not.toContain('marcă temporală');
    expect(text).not.toContain('Semnat electronic');
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
