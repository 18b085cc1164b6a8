// RFC 3161 time anchors (trust.md §3.10): an unsigned sidecar whose message imprint is SHA-256 of the raw
// signature bytes; it shows the signature existed no later than genTime. Producing anchors is DEFERRED.
// The token is decoded with PKI.js (tst.ts); the verifier checks the anchor type, the token's DER structure, the
// imprint against this signature, the signer's messageDigest against the TSTInfo, and (with node:crypto) the
// signer's signature over the signed attributes with the certificate the signer names, else any embedded one. Chain trust to a TSA root is out of scope (the signer
// subject is reported). A token without its signing certificate, or with an algorithm this verifier does not
// know, is reported present-but-unverified — never a verification failure.
import { createHash, verify as cryptoVerify, X509Certificate } from 'node:crypto';
import { decodeBase64url, sha256 } from '../bytes.ts';
import { DIGEST_NAMES, OID, parseTimeStampToken, type SignerInfoFacts } from './tst.ts';

/** A type alias (not an interface) so it stays assignable to the pipeline's `Record<string, unknown>` slot. */
export type TimeAnchor = {
  type: string;
  tsa?: string;
  token?: string;
  genTime?: string;
};

export interface TimeAnchorReport {
  present: true;
  valid: boolean;
  /** `valid`: signer verified; `invalid`: provably wrong; `unverified`: bound to this signature, signer not checkable. */
  status: 'valid' | 'invalid' | 'unverified';
  genTime?: string;
  tsa?: string;
  tsaSubject?: string;
  message: string;
}

/** Signature algorithm OID → the hash node:crypto verifies with (RSA PKCS#1 v1.5 and ECDSA). */
const SIGNATURE_HASH: Record<string, string | 'by-digest'> = {
  [OID.sha256WithRsa]: 'sha256',
  [OID.sha384WithRsa]: 'sha384',
  [OID.sha512WithRsa]: 'sha512',
  [OID.ecdsaSha256]: 'sha256',
  [OID.ecdsaSha384]: 'sha384',
  [OID.ecdsaSha512]: 'sha512',
  [OID.rsaEncryption]: 'by-digest',
};

function certificatesOf(ders: Buffer[]): X509Certificate[] {
  const out: X509Certificate[] = [];
  for (const der of ders) {
    try {
      out.push(new X509Certificate(der));
    } catch {
      /* an unparsable certificate simply cannot vouch for the signer */
    }
  }
  return out;
}

type SignerCheck = { status: 'valid'; subject: string } | { status: 'invalid' | 'unverified'; message: string };

function checkSigner(signer: SignerInfoFacts, tstInfoDer: Buffer, allCertDers: Buffer[]): SignerCheck {
  const digestName = signer.digestAlgorithm ? DIGEST_NAMES[signer.digestAlgorithm] : undefined;
  const sigHash = signer.signatureAlgorithm ? SIGNATURE_HASH[signer.signatureAlgorithm] : undefined;
  if (!digestName || !sigHash) return { status: 'unverified', message: 'time-stamp signer uses an algorithm this verifier does not support' };
  if (!signer.signedAttrsDer || !signer.messageDigest) return { status: 'invalid', message: 'time-stamp signer has no signed attributes with a messageDigest' };
  if (signer.contentType !== OID.tstInfo) return { status: 'invalid', message: 'time-stamp signed attributes do not name TSTInfo' };
  if (!createHash(digestName).update(tstInfoDer).digest().equals(signer.messageDigest)) {
    return { status: 'invalid', message: 'time-stamp messageDigest does not match the TSTInfo' };
  }
  const certs = certificatesOf(signer.signerCertificate ? [signer.signerCertificate] : allCertDers);
  if (certs.length === 0) return { status: 'unverified', message: 'time-stamp token carries no signer certificate; signer not verified' };
  const hash = sigHash === 'by-digest' ? digestName : sigHash;
  for (const cert of certs) {
    try {
      if (cryptoVerify(hash, signer.signedAttrsDer, cert.publicKey, signer.signature)) return { status: 'valid', subject: cert.subject.replace(/\n/g, ', ') };
    } catch {
      /* key type and algorithm disagree: try the next certificate */
    }
  }
  return { status: 'invalid', message: 'no certificate in the token verifies the time-stamp signature' };
}

export function inspectTimeAnchor(anchor: unknown, sig: string | undefined): TimeAnchorReport | undefined {
  if (anchor === undefined || anchor === null) return undefined;
  const invalid = (message: string, extra: Partial<TimeAnchorReport> = {}): TimeAnchorReport => ({
    present: true, valid: false, status: 'invalid', message, ...extra,
  });
  if (typeof anchor !== 'object' || Array.isArray(anchor)) return invalid('time anchor is not an object');
  const a = anchor as Record<string, unknown>;
  const tsa = typeof a.tsa === 'string' ? a.tsa : undefined;
  const claimedGenTime = typeof a.genTime === 'string' ? a.genTime : undefined;
  const ctx = { ...(tsa ? { tsa } : {}), ...(claimedGenTime ? { genTime: claimedGenTime } : {}) };
  if (a.type !== 'rfc3161') return invalid(`unsupported time anchor type ${JSON.stringify(a.type)}`, ctx);
  const rawSig = typeof sig === 'string' ? decodeBase64url(sig) : null;
  if (!rawSig || rawSig.length !== 64) return invalid('receipt signature undecodable; anchor cannot bind to it', ctx);
  if (typeof a.token !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(a.token)) return invalid('time-stamp token is not standard base64', ctx);
  const tst = parseTimeStampToken(Buffer.from(a.token, 'base64'));
  if (!tst) return invalid('time-stamp token is not a DER TimeStampToken with TSTInfo', ctx);
  if (tst.imprintAlgorithm !== OID.sha256 || !tst.imprint.equals(sha256(rawSig))) {
    return invalid('time-stamp imprint is not SHA-256 of this signature', ctx);
  }
  const genTime = tst.genTime ?? undefined;
  const facts = { ...(tsa ? { tsa } : {}), ...(genTime ? { genTime } : {}) };
  if (claimedGenTime && genTime && claimedGenTime !== genTime) return invalid('anchor genTime differs from the token\'s genTime', facts);
  if (tst.signerInfos.length !== 1) return invalid(`time-stamp token has ${tst.signerInfos.length} signers (RFC 3161 requires one)`, facts);
  const check = checkSigner(tst.signerInfos[0], tst.tstInfoDer, tst.certificates);
  if (check.status === 'valid') {
    return { present: true, valid: true, status: 'valid', ...facts, tsaSubject: check.subject, message: 'time-stamp signature verified (TSA certificate chain not evaluated)' };
  }
  return { present: true, valid: false, status: check.status, ...facts, message: check.message };
}
