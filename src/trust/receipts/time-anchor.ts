// RFC 3161 time anchors (trust.md §3.10): an unsigned sidecar whose message imprint is SHA-256 of the raw
// signature bytes. Producing anchors is DEFERRED. The verifier decides what it can without a CMS stack: wrong
// type, an undecodable signature or token, a token that is not DER, or an imprint that does not match are
// definitively invalid; an anchor that passes those checks is reported present-but-unverified (the signer's
// certificate chain and CMS signature are not checked), which never fails a verification.
import { decodeBase64url, sha256 } from '../bytes.ts';
import { findTstInfo } from './der.ts';

export interface TimeAnchor {
  type: string;
  tsa?: string;
  token?: string;
  genTime?: string;
}

export interface TimeAnchorReport {
  present: true;
  valid: boolean;
  /** `invalid`: provably wrong; `unverified`: well-formed and bound to this signature, CMS signer not checked. */
  status: 'invalid' | 'unverified';
  genTime?: string;
  tsa?: string;
  message: string;
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
  if (typeof a.token !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(a.token)) {
    return invalid('time-stamp token is not standard base64', ctx);
  }
  const der = Buffer.from(a.token, 'base64');
  const tst = findTstInfo(der);
  if (!tst) return invalid('time-stamp token is not a DER TimeStampToken with TSTInfo', ctx);
  if (!tst.imprint.equals(sha256(rawSig))) return invalid('time-stamp imprint does not match SHA-256(signature)', ctx);
  return {
    present: true,
    valid: false,
    status: 'unverified',
    ...(tsa ? { tsa } : {}),
    genTime: tst.genTime ?? claimedGenTime,
    message: 'time anchor binds this signature; TSA signer certificate not verified (RFC 3161 CMS check not implemented)',
  } as TimeAnchorReport;
}
