/**
 * Electronic signature of the medical letter: a PDF signature (ISO 32000-1 §12.8, PAdES Basic,
 * ETSI TS 102 778-2) made with the institute's PKCS#12 certificate by maintained libraries:
 * @signpdf/placeholder-pdfkit reserves the signature while pdfkit writes the file,
 * @signpdf/signpdf fills in the byte range, and node-forge's PKCS#7 makes the CMS as
 * @signpdf/signer-p12 does (`P12LetterSigner` below: the same steps, plus one fix, see there).
 * With a qualified certificate from a qualified trust service provider the signature is a
 * qualified electronic signature; with any other certificate it is an advanced one at best
 * (docs/decisions/0025-letter-signature.md says what a verifier such as `pdfsig` checks).
 *
 * Interface:
 * - `signLetterPdf(data, signing, options?)` — renders the letter (render.ts) with "Semnat
 *   electronic de {holder}" and returns the signed PDF bytes. `signing` is
 *   `config.letterSigning` (server/config.ts opens and checks the file at start); when it is
 *   null the caller prints the letter unsigned with `renderLetterPdf` instead.
 * - `signingLabel(signing)` — the holder's name as printed on the letter.
 *
 * The signed letter must not be rewritten afterwards: any later change to the bytes inside the
 * signed range makes the signature invalid, which is the point.
 */
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { LetterSigning } from '../../../config';
import { type LetterPdfData, renderLetterPdf } from './render';

export type SignOptions = {
  /** The time written in the signature (defaults to now). */
  signingTime?: Date;
  /** Where it was signed, e.g. the institute's town. */
  location?: string;
  contactInfo?: string;
};

/** Room reserved for the CMS: a certificate chain of a qualified provider fits with margin. */
const SIGNATURE_LENGTH = 16384;

/**
 * @signpdf/signer-p12's signer with one difference: forge reads UTF8String names of a
 * certificate as raw bytes but encodes them again as UTF-8 when it writes the signer's issuer,
 * so a certificate whose issuer has diacritics ("Urgență") gave a CMS whose signer nobody could
 * find ("signer certificate not found" in OpenSSL, "Unknown Validation Failure" in pdfsig).
 * The names are decoded once before signing so that forge writes the original bytes back.
 */
class P12LetterSigner extends Signer {
  constructor(
    private readonly p12: Buffer,
    private readonly password: string,
  ) {
    super();
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const store = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(this.p12.toString('binary'))),
      false,
      this.password,
    );
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag;
    const key = store.getBags({ bagType: keyBag })[keyBag]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
    const certs = (store.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
      .map((b) => b.cert)
      .filter((c): c is forge.pki.Certificate => !!c);
    const own = certs.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return !!key && pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
    });
    if (!key || !own) throw new Error('The PKCS#12 file has no certificate matching its private key.');
    for (const cert of certs) {
      for (const attr of [...cert.issuer.attributes, ...cert.subject.attributes]) {
        if ((attr.valueTagClass as number) === forge.asn1.Type.UTF8 && typeof attr.value === 'string')
          attr.value = forge.util.decodeUtf8(attr.value);
      }
    }
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const cert of certs) p7.addCertificate(cert);
    p7.addSigner({
      key,
      certificate: own,
      digestAlgorithm: forge.pki.oids.sha256,
      // The order matters to the EU validators (as in @signpdf/signer-p12).
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
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
    { ...data, signature: { signer: signingLabel(signing) } },
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
          signatureLength: SIGNATURE_LENGTH,
          subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
        });
      },
    },
  );
  const signer = new P12LetterSigner(signing.p12, signing.password);
  return new SignPdf().sign(unsigned, signer, signingTime);
}
