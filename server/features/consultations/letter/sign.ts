/**
 * The letter's electronic seal: a PAdES baseline signature (ETSI EN 319 142-1) made with the
 * institute's certificate file (LETTER_SIGNING_P12), by maintained libraries:
 * @signpdf/placeholder-pdfkit reserves the signature while pdfkit writes the file (SubFilter
 * `ETSI.CAdES.detached`, the claimed signing time in the dictionary's M entry), @signpdf/signpdf
 * fills in the byte range, and PKI.js builds the CMS (`CadesSigner` below).
 *
 * - B-B: signed attributes content-type (id-data), message-digest (SHA-256 of the byte range)
 *   and ESS signing-certificate-v2 (RFC 5035: the SHA-256 of the signer's certificate, without
 *   issuerSerial, as EN 319 122-1 §6.3 g advises); no signing-time attribute, which a PAdES
 *   baseline signature must not carry (EN 319 142-1 §6.3: the time is the M entry).
 * - B-T, when LETTER_TSA_URL is set: the RFC 3161 token over the signature value
 *   (timestamp.ts) as the unsigned attribute signature-time-stamp (id-aa-timeStampToken).
 *
 * What it is in law depends on the certificate and where its key lives, not on this code: a key in
 * a file is the institute's *advanced electronic seal* at most (eIDAS art. 36; "based on a
 * qualified certificate" when the certificate is a qualified one for seals), never a qualified
 * seal (that needs a qualified creation device) and never the doctor's signature. The letter says
 * so: "Sigiliu electronic al institutului" (docs/decisions/0090-letter-pades-seal.md).
 *
 * Interface:
 * - `signLetterPdf(data, signing, options?)` — renders the letter (render.ts) with the seal and
 *   returns the signed PDF bytes; a `TimestampError` when the time-stamping service fails.
 *   `signing` is `config.letterSigning` (server/config.ts opens and checks the file at start).
 * - `signingLabel(signing)` — the certificate holder's name as printed on the letter.
 *
 * The signed letter must not be rewritten afterwards: any later change to the bytes inside the
 * signed range makes the signature invalid, which is the point.
 */
import { createHash } from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { LetterSigning } from '../../../config';
import { type LetterPdfData, renderLetterPdf } from './render';
import { timestampToken } from './timestamp';

export type SignOptions = {
  /** The claimed signing time, the signature dictionary's M (defaults to now). */
  signingTime?: Date;
  /** Where it was signed, e.g. the institute's town. */
  location?: string;
  contactInfo?: string;
};

export const OIDS = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/**
 * Room reserved for the CMS (bytes): the certificate chain of a qualified provider fits with
 * margin, and a time-stamp token with the service's own chain takes about as much again.
 */
const signatureLength = (signing: LetterSigning) => (signing.tsaUrl ? 32768 : 16384);

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** The CMS of a PAdES baseline signature (B-B, or B-T with a TSA) over the PDF's byte range. */
class CadesSigner extends Signer {
  constructor(private readonly signing: LetterSigning) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const certificates = this.signing.certificates.map((der) =>
      pkijs.Certificate.fromBER(new Uint8Array(der)),
    );
    const own = certificates[0];
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, ESSCertIDv2 with the
    // default hash algorithm (SHA-256, left out as DER wants) and certHash.
    const signingCertificateV2 = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [new asn1js.OctetString({ valueHex: sha256(this.signing.certificates[0]) })],
            }),
          ],
        }),
      ],
    });
    const signerInfo = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: own.issuer, serialNumber: own.serialNumber }),
      // In DER order (SET OF sorts by encoding): content-type, message-digest, signing-certificate-v2.
      signedAttrs: new pkijs.SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new pkijs.Attribute({
            type: OIDS.contentType,
            values: [new asn1js.ObjectIdentifier({ value: OIDS.data })],
          }),
          new pkijs.Attribute({
            type: OIDS.messageDigest,
            values: [new asn1js.OctetString({ valueHex: sha256(pdf) })],
          }),
          new pkijs.Attribute({ type: OIDS.signingCertificateV2, values: [signingCertificateV2] }),
        ],
      }),
    });
    const signed = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OIDS.data }),
      signerInfos: [signerInfo],
      certificates,
    });
    const key = await globalThis.crypto.subtle.importKey(
      'pkcs8',
      new Uint8Array(this.signing.key),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    await signed.sign(key, 0, 'SHA-256');
    if (this.signing.tsaUrl) {
      const token = await timestampToken(this.signing.tsaUrl, signerInfo.signature.valueBlock.valueHexView);
      signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [new pkijs.Attribute({ type: OIDS.timeStampToken, values: [token.toSchema()] })],
      });
    }
    const cms = new pkijs.ContentInfo({
      contentType: pkijs.ContentInfo.SIGNED_DATA,
      content: signed.toSchema(true),
    });
    return Buffer.from(cms.toSchema().toBER());
  }
}

export function signingLabel(signing: LetterSigning): string {
  return signing.holder;
}

export async function signLetterPdf(
  data: LetterPdfData,
  signing: LetterSigning,
  options: SignOptions = {},
): Promise<Buffer> {
  const signingTime = options.signingTime ?? new Date();
  const unsigned = await renderLetterPdf(
    { ...data, signature: { holder: signingLabel(signing), timestamped: !!signing.tsaUrl } },
    {
      beforeEnd: (pdf) => {
        pdfkitAddPlaceholder({
          pdf,
          pdfBuffer: Buffer.alloc(0),
          reason: `Scrisoare medicală nr. ${data.register.number}/${data.register.year}`,
          contactInfo: options.contactInfo ?? data.provider.email ?? '',
          name: signingLabel(signing),
          location: options.location ?? data.provider.address,
          signingTime,
          signatureLength: signatureLength(signing),
          subFilter: SUBFILTER_ETSI_CADES_DETACHED,
        });
      },
    },
  );
  return new SignPdf().sign(unsigned, new CadesSigner(signing), signingTime);
}
