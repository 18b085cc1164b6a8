// RFC 3161 TimeStampToken reading through PKI.js / asn1js (maintained ASN.1 and CMS decoders) instead of a
// hand-written DER walker: the ContentInfo → SignedData → TSTInfo chain, the embedded certificates and each
// signer's signed attributes and signature. Only DER is accepted (the decoded tree must re-encode to the same
// bytes), so a BER or trailing-garbage token cannot smuggle a second reading. Every malformed input yields null.
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, SignedData, TSTInfo, TimeStampResp, type SignerInfo } from 'pkijs';

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecdsaSha256: '1.2.840.10045.4.3.2',
  ecdsaSha384: '1.2.840.10045.4.3.3',
  ecdsaSha512: '1.2.840.10045.4.3.4',
} as const;

/** Digest algorithm OID → node:crypto hash name. */
export const DIGEST_NAMES: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };

export interface SignerInfoFacts {
  digestAlgorithm: string | null;
  /** DER of the signed attributes re-tagged as SET OF (what the signature covers), null when absent. */
  signedAttrsDer: Buffer | null;
  messageDigest: Buffer | null;
  contentType: string | null;
  signatureAlgorithm: string | null;
  signature: Buffer;
  /** The certificate the signer names (issuerAndSerialNumber), when the token carries it. */
  signerCertificate: Buffer | null;
}

export interface TimeStampTokenFacts {
  /** DER of the TSTInfo (the encapsulated content the signer's messageDigest covers). */
  tstInfoDer: Buffer;
  imprintAlgorithm: string | null;
  imprint: Buffer;
  genTime: string | null;
  certificates: Buffer[];
  signerInfos: SignerInfoFacts[];
}

const bytes = (view: ArrayBuffer | Uint8Array) => Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view));

/** The single DER element of `der`, or null (BER forms, trailing bytes and decoding errors are all refused). */
export function decodeDer(der: Uint8Array): asn1js.AsnType | null {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1 || parsed.offset !== der.byteLength || hasIndefiniteLength(parsed.result)) return null;
  try {
    if (!bytes(parsed.result.toBER(false)).equals(Buffer.from(der))) return null;
  } catch {
    return null;
  }
  return parsed.result;
}

/** asn1js keeps (and re-encodes) BER's indefinite lengths, so they are looked for explicitly. */
function hasIndefiniteLength(node: asn1js.AsnType): boolean {
  const n = node as unknown as { lenBlock?: { isIndefiniteForm?: boolean }; valueBlock?: { value?: unknown } };
  if (n.lenBlock?.isIndefiniteForm) return true;
  const kids = n.valueBlock?.value;
  return Array.isArray(kids) && kids.some((k) => hasIndefiniteLength(k as asn1js.AsnType));
}

/** `Date` → `YYYY-MM-DDTHH:mm:ssZ` (fractions of a second dropped, as the anchor shape fixes). */
function isoSeconds(d: Date | undefined): string | null {
  return d instanceof Date && !Number.isNaN(d.getTime()) ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

function signerFacts(si: SignerInfo, certs: Certificate[]): SignerInfoFacts {
  let signedAttrsDer: Buffer | null = null;
  let messageDigest: Buffer | null = null;
  let contentType: string | null = null;
  if (si.signedAttrs) {
    // PKI.js keeps the attributes' original encoding with the [0] tag already turned into SET OF (0x31).
    signedAttrsDer = bytes(si.signedAttrs.encodedValue);
    for (const attr of si.signedAttrs.attributes) {
      const value = attr.values[0];
      if (attr.type === OID.messageDigest && value instanceof asn1js.OctetString) messageDigest = bytes(value.valueBlock.valueHexView);
      if (attr.type === OID.contentType && value instanceof asn1js.ObjectIdentifier) contentType = value.valueBlock.toString();
    }
  }
  let signerCertificate: Buffer | null = null;
  const sid = si.sid as unknown;
  if (sid && typeof sid === 'object' && 'serialNumber' in sid && 'issuer' in sid) {
    const { issuer, serialNumber } = sid as { issuer: Certificate['issuer']; serialNumber: asn1js.Integer };
    const match = certs.find((c) => c.issuer.isEqual(issuer) && c.serialNumber.isEqual(serialNumber));
    if (match) signerCertificate = bytes(match.toSchema().toBER(false));
  }
  return {
    digestAlgorithm: si.digestAlgorithm.algorithmId || null,
    signedAttrsDer,
    messageDigest,
    contentType,
    signatureAlgorithm: si.signatureAlgorithm.algorithmId || null,
    signature: bytes(si.signature.valueBlock.valueHexView),
    signerCertificate,
  };
}

/** ContentInfo(SignedData(…TSTInfo…)) → the facts needed to verify it, else null. */
export function parseTimeStampToken(der: Buffer): TimeStampTokenFacts | null {
  try {
    const top = decodeDer(der);
    if (!top) return null;
    const ci = new ContentInfo({ schema: top });
    if (ci.contentType !== OID.signedData) return null;
    const sd = new SignedData({ schema: ci.content });
    const encap = sd.encapContentInfo;
    if (encap.eContentType !== OID.tstInfo || !(encap.eContent instanceof asn1js.OctetString)) return null;
    const tstInfoDer = bytes(encap.eContent.getValue());
    const tstAsn = decodeDer(tstInfoDer);
    if (!tstAsn) return null;
    const tst = new TSTInfo({ schema: tstAsn });
    const certs = (sd.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);
    return {
      tstInfoDer,
      imprintAlgorithm: tst.messageImprint.hashAlgorithm.algorithmId || null,
      imprint: bytes(tst.messageImprint.hashedMessage.valueBlock.valueHexView),
      genTime: isoSeconds(tst.genTime),
      certificates: certs.map((c) => bytes(c.toSchema().toBER(false))),
      signerInfos: sd.signerInfos.map((si) => signerFacts(si, certs)),
    };
  } catch {
    // PKI.js throws on any structure that does not match its schema.
    return null;
  }
}

/** TimeStampResp → the TimeStampToken (ContentInfo DER) when the status is granted (0) or grantedWithMods (1). */
export function tokenFromResponse(reply: Buffer): Buffer | null {
  try {
    const top = decodeDer(reply);
    if (!top) return null;
    const resp = new TimeStampResp({ schema: top });
    const status = resp.status.status;
    if ((status !== 0 && status !== 1) || !resp.timeStampToken) return null;
    return bytes(resp.timeStampToken.toSchema().toBER(false));
  } catch {
    return null;
  }
}
