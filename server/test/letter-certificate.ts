/**
 * Throw-away certificates for signing letters in tests (never in production), made with the
 * openssl CLI: the institute's PKCS#12 with a Romanian holder name so that diacritics are covered,
 * and a time-stamping authority's (timestamp-server.ts). `pdfsig` and `openssl ts -verify` are the
 * independent verifiers the tests ask.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const TEST_CERT_PASSWORD = 'parola-de-test';
export const TEST_CERT_HOLDER = 'Institutul de Urgență Test';

export type LetterCertificateOptions = {
  password?: string;
  /**
   * The PKCS#12's encryption: OpenSSL 3's default (AES-256 with PBKDF2, a SHA-256 MAC) or the
   * older one many providers still issue (3DES with the PKCS#12 key derivation, a SHA-1 MAC).
   */
  format?: 'aes' | '3des';
};

/** Writes key, certificate and `institut.p12` into a new temporary folder; returns the env to use. */
export function makeLetterCertificate({
  password = TEST_CERT_PASSWORD,
  format = 'aes',
}: LetterCertificateOptions = {}): {
  LETTER_SIGNING_P12: string;
  LETTER_SIGNING_PASSWORD: string;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'letter-cert-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  const p12 = path.join(dir, 'institut.p12');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-utf8',
      '-subj',
      `/CN=${TEST_CERT_HOLDER}/O=Institut de test`,
    ].concat(['-days', '30', '-keyout', key, '-out', cert]),
    { stdio: 'ignore' },
  );
  const legacy =
    format === '3des' ? ['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'] : [];
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    p12,
    ...legacy,
    '-passout',
    `pass:${password}`,
  ]);
  return { LETTER_SIGNING_P12: p12, LETTER_SIGNING_PASSWORD: password };
}

/**
 * A time-stamping authority's key and certificate: self-signed, critical extended key usage
 * timeStamping as RFC 3161 §2.3 wants. Returns the PEM texts and the certificate's file.
 */
export function makeTsaCertificate(): { key: string; certificate: string; certificateFile: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tsa-cert-'));
  const key = path.join(dir, 'tsa-key.pem');
  const cert = path.join(dir, 'tsa-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-utf8', '-days', '30'].concat([
      '-subj',
      '/CN=Autoritate de marcare temporală de test/O=Test',
      '-addext',
      'extendedKeyUsage=critical,timeStamping',
      '-addext',
      'keyUsage=critical,digitalSignature',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), certificate: readFileSync(cert, 'utf8'), certificateFile: cert };
}

/** pdfsig's (poppler-utils) report of a PDF's signatures; it exits 0 whether they are valid or not. */
export function pdfsig(pdf: Buffer): string {
  if (!existsSync('/usr/bin/pdfsig'))
    throw new Error('pdfsig is missing: install poppler-utils (apt-get install -y poppler-utils)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
  const file = path.join(dir, 'letter.pdf');
  writeFileSync(file, pdf);
  const run = spawnSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

/**
 * The CMS in a signed PDF's /Contents (the bytes between the two signed ranges), exactly as
 * written (without the placeholder's zero padding), and parsed with PKI.js.
 */
export function signatureCms(pdf: Buffer): { der: Buffer; signed: pkijs.SignedData } {
  const range = pdf
    .toString('latin1')
    .match(/\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)
    ?.slice(1)
    .map(Number);
  if (!range) throw new Error('no /ByteRange: the PDF is not signed');
  const hex = pdf.subarray(range[1] + 1, range[2] - 1).toString('latin1');
  const padded = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(new Uint8Array(padded));
  if (parsed.offset === -1) throw new Error(`the signature is not DER: ${parsed.result.error}`);
  const info = new pkijs.ContentInfo({ schema: parsed.result });
  return { der: padded.subarray(0, parsed.offset), signed: new pkijs.SignedData({ schema: info.content }) };
}

/** The DER of a PEM certificate file (as openssl wrote it). */
export function certificateDer(file: string): Buffer {
  return Buffer.from(
    readFileSync(file, 'utf8')
      .replace(/-----[A-Z ]+-----/g, '')
      .replace(/\s+/g, ''),
    'base64',
  );
}
