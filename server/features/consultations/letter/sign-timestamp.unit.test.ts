/**
 * PAdES B-T: with LETTER_TSA_URL the letter's signature carries an RFC 3161 time-stamp over its
 * signature value, from a local time-stamping authority that speaks the real protocol
 * (server/test/timestamp-server.ts). Checked by independent verifiers: pdfsig for the PDF
 * signature, `openssl ts -verify` for the token; a failing service signs nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LetterSigning, loadConfig } from '../../../config';
import { makeLetterCertificate, pdfsig, signatureCms } from '../../../test/letter-certificate';
import { TEST_TSA_POLICY, TestTimestampServer } from '../../../test/timestamp-server';
import { sampleLetterData } from './sample';
import { OIDS, signLetterPdf } from './sign';
import { TimestampError } from './timestamp';

let tsa: TestTimestampServer;
let dir: string;
let certificate: Record<string, string>;

const signing = (url = tsa.url): LetterSigning =>
  loadConfig({ DATA_DIR: dir, ...certificate, LETTER_TSA_URL: url }).letterSigning!;

const write = (name: string, data: Uint8Array) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'letter-tsa-'));
  certificate = makeLetterCertificate();
  tsa = await new TestTimestampServer().listen();
});
afterAll(() => tsa.close());

describe('with LETTER_TSA_URL (PAdES B-T)', () => {
  it('time-stamps the signature value: the token is signature-time-stamp, openssl ts -verify accepts it', async () => {
    tsa.mode = 'grant';
    const before = tsa.requests.length;
    const pdf = await signLetterPdf(sampleLetterData(), signing());
    expect(tsa.requests).toHaveLength(before + 1);
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');

    const [signer] = signatureCms(pdf).signed.signerInfos;
    const unsigned = signer.unsignedAttrs?.attributes ?? [];
    expect(unsigned.map((a) => a.type)).toEqual([OIDS.timeStampToken]);
    const token = new pkijs.ContentInfo({ schema: unsigned[0].values[0] });
    const tst = pkijs.TSTInfo.fromBER(
      new pkijs.SignedData({ schema: token.content }).encapContentInfo.eContent!.getValue(),
    );
    const signatureValue = signer.signature.valueBlock.valueHexView;
    const digest = createHash('sha256').update(signatureValue).digest('hex');
    expect(Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex')).toBe(
      digest,
    );
    expect(tst.policy).toBe(TEST_TSA_POLICY);
    // What the request asked: SHA-256 of the signature value, a nonce, the TSA's certificate.
    const request = tsa.requests.at(-1)!;
    expect(request.certReq).toBe(true);
    expect(request.nonce).toBeDefined();

    // The token verifies for that digest against the TSA's certificate, independently of us.
    const tokenFile = write('token.der', new Uint8Array(token.toSchema().toBER()));
    const verify = spawnSync(
      'openssl',
      ['ts', '-verify', '-token_in', '-in', tokenFile, '-digest', digest, '-CAfile', tsa.certificateFile],
      { encoding: 'utf8' },
    );
    expect(`${verify.stdout}${verify.stderr}`).toContain('Verification: OK');

    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('aplicat la semnare, cu marcă temporală');
  });

  it.each([
    ['refuses', 'reject', /the time-stamping service refused: rejection \(service unavailable\)/],
    ['is down', 'down', /the time-stamping service answered HTTP 503/],
  ] as const)('signs nothing when the service %s', async (_what, mode, message) => {
    tsa.mode = mode;
    try {
      await expect(signLetterPdf(sampleLetterData(), signing())).rejects.toThrowError(message);
      await expect(signLetterPdf(sampleLetterData(), signing())).rejects.toBeInstanceOf(TimestampError);
    } finally {
      tsa.mode = 'grant';
    }
  });

  it('signs nothing when nothing answers at the address', async () => {
    const closed = await new TestTimestampServer().listen();
    const url = closed.url;
    await closed.close();
    await expect(signLetterPdf(sampleLetterData(), signing(url))).rejects.toThrowError(
      /the time-stamping service did not answer/,
    );
  });
});

describe('the test time-stamping authority', () => {
  it('answers a request that is not a TimeStampReq with the protocol status: rejection, badDataFormat', async () => {
    const res = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: 'nu este o cerere',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/timestamp-reply');
    const reply = write('reply.der', new Uint8Array(await res.arrayBuffer()));
    const text = execFileSync('openssl', ['ts', '-reply', '-in', reply, '-text'], { encoding: 'utf8' });
    expect(text).toContain('Status: Rejected');
    expect(text).toContain('Failure info: the data submitted has the wrong format'); // badDataFormat
  });
});
