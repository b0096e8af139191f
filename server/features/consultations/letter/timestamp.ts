/**
 * An RFC 3161 time-stamp for a letter's signature (PAdES B-T, ETSI EN 319 142-1): the
 * TimeStampReq carries the SHA-256 of the signature value, a nonce and certReq, goes to
 * LETTER_TSA_URL as `application/timestamp-query`, and the `application/timestamp-reply` must
 * grant a token whose TSTInfo names that hash and that nonce and whose signature verifies with the
 * certificate the service sent. Anything else is a `TimestampError` naming what went wrong (for
 * the operator's log: no patient data is in it); the caller signs nothing then.
 *
 * Interface: `timestampToken(url, signatureValue)` → the TimeStampToken (a CMS ContentInfo) to
 * put in the signer's unsigned attribute signature-time-stamp.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** How long a time-stamping service may take to answer before the signature is refused. */
const TSA_TIMEOUT_MS = 10_000;
/** A reply is a token of a few kilobytes; more is not a time-stamp reply. */
const MAX_REPLY_BYTES = 1024 * 1024;

export const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
export const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';

export class TimestampError extends Error {
  override name = 'TimestampError';
}

const PKI_STATUS = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

/** The URL without its user and password, which become a Basic authorization (TSAs that ask for one). */
function request(url: string): { target: string; headers: Record<string, string> } {
  const u = new URL(url);
  const headers: Record<string, string> = {
    'content-type': 'application/timestamp-query',
    accept: 'application/timestamp-reply',
  };
  if (u.username || u.password) {
    const user = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
    headers.authorization = `Basic ${Buffer.from(user, 'utf8').toString('base64')}`;
    u.username = '';
    u.password = '';
  }
  return { target: u.toString(), headers };
}

export async function timestampToken(url: string, signatureValue: Uint8Array): Promise<pkijs.ContentInfo> {
  const imprint = createHash('sha256').update(signatureValue).digest();
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0] & 0x7f) | 0x01; // positive and minimal, so the TSA echoes the same bytes
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID_SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce) }),
    certReq: true,
  });
  const { target, headers } = request(url);
  let reply: Response;
  try {
    reply = await fetch(target, {
      method: 'POST',
      headers,
      body: new Uint8Array(req.toSchema().toBER()),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
  } catch (err) {
    throw new TimestampError(`the time-stamping service did not answer (${(err as Error).name})`);
  }
  const type = reply.headers.get('content-type') ?? '';
  const body = new Uint8Array(await reply.arrayBuffer().catch(() => new ArrayBuffer(0)));
  if (!reply.ok) throw new TimestampError(`the time-stamping service answered HTTP ${reply.status}`);
  if (!/^application\/timestamp-(reply|response)\b/i.test(type))
    throw new TimestampError(`the time-stamping service answered ${type || 'no content type'}`);
  if (body.byteLength > MAX_REPLY_BYTES) throw new TimestampError('the time-stamp reply is too large');

  const parsed = asn1js.fromBER(body);
  let resp: pkijs.TimeStampResp;
  try {
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    resp = new pkijs.TimeStampResp({ schema: parsed.result });
  } catch {
    throw new TimestampError('the time-stamp reply is not a TimeStampResp');
  }
  const status = resp.status.status as number;
  if (status !== 0 && status !== 1) {
    const text = (resp.status.statusStrings ?? []).map((s) => s.getValue()).join('; ');
    throw new TimestampError(
      `the time-stamping service refused: ${PKI_STATUS[status] ?? status}${text ? ` (${text})` : ''}`,
    );
  }
  const token = resp.timeStampToken;
  if (!token) throw new TimestampError('the time-stamp reply grants no token');
  await checkToken(token, signatureValue, imprint, nonce);
  return token;
}

/** The token is signed data over a TSTInfo for our hash and nonce, and its signature verifies. */
async function checkToken(token: pkijs.ContentInfo, stamped: Uint8Array, imprint: Buffer, nonce: Buffer) {
  try {
    const signed = new pkijs.SignedData({ schema: token.content });
    if (signed.encapContentInfo.eContentType !== OID_TST_INFO) throw new Error('not a TSTInfo');
    const content = signed.encapContentInfo.eContent;
    if (!content) throw new Error('no TSTInfo');
    const tst = pkijs.TSTInfo.fromBER(content.getValue());
    const hash = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (tst.messageImprint.hashAlgorithm.algorithmId !== OID_SHA256 || !hash.equals(imprint))
      throw new Error('the token time-stamps another hash');
    if (!tst.nonce || !Buffer.from(tst.nonce.valueBlock.valueHexView).equals(nonce))
      throw new Error('the token answers another nonce');
    // PKI.js checks the TSTInfo's imprint against the stamped data and the signature with the
    // certificate in the token (certReq); the chain up to a trusted TSA is the reader's to check.
    if (!(await signed.verify({ signer: 0, checkChain: false, data: new Uint8Array(stamped).buffer })))
      throw new Error('its signature is wrong');
  } catch (err) {
    throw new TimestampError(`the time-stamp token is not valid: ${(err as Error).message}`);
  }
}
