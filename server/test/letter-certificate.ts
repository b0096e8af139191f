/**
 * A throw-away PKCS#12 certificate for signing letters in tests (never in production): made
 * with the openssl CLI, with a Romanian holder name so that diacritics are covered.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_CERT_PASSWORD = 'parola-de-test';
export const TEST_CERT_HOLDER = 'Institutul de Urgență Test';

/** Writes key, certificate and `institut.p12` into a new temporary folder; returns the env to use. */
export function makeLetterCertificate(): { LETTER_SIGNING_P12: string; LETTER_SIGNING_PASSWORD: string } {
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
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    p12,
    '-passout',
    `pass:${TEST_CERT_PASSWORD}`,
  ]);
  return { LETTER_SIGNING_P12: p12, LETTER_SIGNING_PASSWORD: TEST_CERT_PASSWORD };
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
