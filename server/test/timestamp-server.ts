/**
 * A local RFC 3161 time-stamping authority for the tests (loopback only): it speaks the protocol
 * over HTTP (RFC 3161 §3.4) — a TimeStampReq as `application/timestamp-query` in, a
 * TimeStampResp as `application/timestamp-reply` out — and signs each TSTInfo with a throw-away
 * TSA certificate (letter-certificate.ts), with the ESS signing-certificate-v2 attribute that
 * verifiers such as `openssl ts -verify` require (RFC 5816). What is not a request it can grant is
 * answered as the protocol says: status rejection with the failure named (badDataFormat,
 * badAlg). `mode` makes it fail on purpose: 'reject' answers rejection / systemFailure, 'down'
 * answers HTTP 503 without a reply.
 */
import { createHash, createPrivateKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { makeTsaCertificate } from './letter-certificate';

const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';
/** The test TSA's policy (an arc for examples; no real TSA uses it). */
export const TEST_TSA_POLICY = '1.3.6.1.4.1.32473.1.1';

/** PKIFailureInfo bits (RFC 3161 §2.4.2) as DER named bits: the byte(s) and the unused bits. */
const FAIL = {
  badAlg: { bytes: [0x80], unused: 7 },
  badDataFormat: { bytes: [0x04], unused: 2 },
  systemFailure: { bytes: [0x00, 0x00, 0x00, 0x40], unused: 6 },
} as const;

export type TsaMode = 'grant' | 'reject' | 'down';

export class TestTimestampServer {
  mode: TsaMode = 'grant';
  /** Each request's TimeStampReq (undefined when it could not be parsed). */
  readonly requests: (pkijs.TimeStampReq | undefined)[] = [];
  /** The TSA's certificate, PEM file: what a verifier trusts (`openssl ts -verify -CAfile`). */
  readonly certificateFile: string;
  private readonly certificate: pkijs.Certificate;
  private readonly certificateDer: Uint8Array;
  private readonly keyDer: Buffer;
  private serial = 1;
  private server?: Server;
  url = '';

  constructor() {
    const { key, certificate, certificateFile } = makeTsaCertificate();
    this.certificateFile = certificateFile;
    this.keyDer = createPrivateKey(key).export({ type: 'pkcs8', format: 'der' });
    this.certificateDer = new Uint8Array(
      Buffer.from(certificate.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'),
    );
    this.certificate = pkijs.Certificate.fromBER(this.certificateDer);
  }

  async listen(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.answer(req.method ?? '', req.headers['content-type'] ?? '', Buffer.concat(chunks)).then(
          ({ status, type, body }) => {
            res.writeHead(status, { 'content-type': type, 'content-length': body.length });
            res.end(body);
          },
          () => {
            res.writeHead(500).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tsa`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(method: string, type: string, body: Buffer) {
    const reply = (resp: pkijs.TimeStampResp) => ({
      status: 200,
      type: 'application/timestamp-reply',
      body: Buffer.from(resp.toSchema().toBER()),
    });
    if (method !== 'POST') return { status: 405, type: 'text/plain', body: Buffer.from('POST only') };
    if (this.mode === 'down') return { status: 503, type: 'text/plain', body: Buffer.from('indisponibil') };
    let req: pkijs.TimeStampReq | undefined;
    try {
      if (!/^application\/timestamp-query\b/.test(type)) throw new Error('not a timestamp query');
      req = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
    } catch {
      req = undefined;
    }
    this.requests.push(req);
    if (!req) return reply(rejection('badDataFormat', 'the request is not a TimeStampReq'));
    if (this.mode === 'reject') return reply(rejection('systemFailure', 'service unavailable'));
    if (req.messageImprint.hashAlgorithm.algorithmId !== OID_SHA256)
      return reply(rejection('badAlg', 'only SHA-256 is accepted'));

    const tst = new pkijs.TSTInfo({
      version: 1,
      policy: TEST_TSA_POLICY,
      messageImprint: req.messageImprint,
      serialNumber: new asn1js.Integer({ value: this.serial++ }),
      genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...(req.nonce ? { nonce: req.nonce } : {}),
    });
    const tstDer = new Uint8Array(tst.toSchema().toBER());
    const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID_TST_INFO,
        eContent: new asn1js.OctetString({ valueHex: tstDer }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: this.certificate.issuer,
            serialNumber: this.certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.3',
                values: [new asn1js.ObjectIdentifier({ value: OID_TST_INFO })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.4',
                values: [new asn1js.OctetString({ valueHex: sha256(tstDer) })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.16.2.47',
                values: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [
                          new asn1js.Sequence({
                            value: [new asn1js.OctetString({ valueHex: sha256(this.certificateDer) })],
                          }),
                        ],
                      }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        }),
      ],
      ...(req.certReq ? { certificates: [this.certificate] } : {}),
    });
    const key = await globalThis.crypto.subtle.importKey(
      'pkcs8',
      new Uint8Array(this.keyDer),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    await signed.sign(key, 0, 'SHA-256');
    return reply(
      new pkijs.TimeStampResp({
        status: new pkijs.PKIStatusInfo({ status: 0 }),
        timeStampToken: new pkijs.ContentInfo({
          contentType: pkijs.ContentInfo.SIGNED_DATA,
          content: signed.toSchema(true),
        }),
      }),
    );
  }
}

function rejection(failure: keyof typeof FAIL, text: string): pkijs.TimeStampResp {
  const bits = FAIL[failure];
  return new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: 2,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: new asn1js.BitString({ valueHex: new Uint8Array(bits.bytes), unusedBits: bits.unused }),
    }),
  });
}
