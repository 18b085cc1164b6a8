// A minimal DER reader — just enough of CMS (RFC 5652) to check an RFC 3161 TimeStampToken: the TSTInfo (message
// imprint, genTime), the embedded certificates and the signer's signed attributes and signature. Every malformed
// input yields null; nothing here throws.

export interface Tlv {
  tag: number;
  /** Offset of the whole element (header included). */
  offset: number;
  /** Offset of the value. */
  start: number;
  /** Offset one past the value. */
  end: number;
}

export function readTlv(buf: Buffer, offset: number, limit = buf.length): Tlv | null {
  if (offset + 2 > limit) return null;
  const tag = buf[offset];
  if ((tag & 0x1f) === 0x1f) return null; // multi-byte tags never occur in the structures read here
  let len = buf[offset + 1];
  let pos = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || pos + n > limit) return null; // indefinite length is not DER
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[pos + i];
    pos += n;
  }
  if (pos + len > limit) return null;
  return { tag, offset, start: pos, end: pos + len };
}

export function children(buf: Buffer, parent: Tlv): Tlv[] | null {
  const out: Tlv[] = [];
  let pos = parent.start;
  while (pos < parent.end) {
    const t = readTlv(buf, pos, parent.end);
    if (!t) return null;
    out.push(t);
    pos = t.end;
  }
  return out;
}

export function oidText(buf: Buffer, t: Tlv | undefined): string | null {
  if (!t || t.tag !== 0x06 || t.end <= t.start) return null;
  const parts: number[] = [];
  let value = 0;
  for (const b of buf.subarray(t.start, t.end)) {
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  if (parts.length === 0) return null;
  const first = parts[0] < 80 ? [Math.floor(parts[0] / 40), parts[0] % 40] : [2, parts[0] - 80];
  return [...first, ...parts.slice(1)].join('.');
}

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

/** GeneralizedTime `YYYYMMDDHHMMSS[.f]Z` → `YYYY-MM-DDTHH:mm:ssZ`. */
function generalizedTime(buf: Buffer, t: Tlv | undefined): string | null {
  if (!t || t.tag !== 0x18) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(buf.subarray(t.start, t.end).toString('latin1'));
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null;
}

export interface SignerInfoFacts {
  digestAlgorithm: string | null;
  /** DER of the signed attributes re-tagged as SET OF (what the signature covers), null when absent. */
  signedAttrsDer: Buffer | null;
  messageDigest: Buffer | null;
  contentType: string | null;
  signatureAlgorithm: string | null;
  signature: Buffer;
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

function algorithmOf(buf: Buffer, t: Tlv | undefined): string | null {
  if (!t || t.tag !== 0x30) return null;
  const c = children(buf, t);
  return c ? oidText(buf, c[0]) : null;
}

function signerInfoOf(buf: Buffer, t: Tlv): SignerInfoFacts | null {
  if (t.tag !== 0x30) return null;
  const c = children(buf, t);
  if (!c || c.length < 5) return null;
  let i = 2; // version, sid
  const digestAlgorithm = algorithmOf(buf, c[i++]);
  let signedAttrsDer: Buffer | null = null;
  let messageDigest: Buffer | null = null;
  let contentType: string | null = null;
  if (c[i]?.tag === 0xa0) {
    const attrsTlv = c[i++];
    signedAttrsDer = Buffer.concat([Buffer.from([0x31]), buf.subarray(attrsTlv.offset + 1, attrsTlv.end)]);
    for (const attr of children(buf, attrsTlv) ?? []) {
      const a = children(buf, attr);
      if (!a || a.length !== 2 || a[1].tag !== 0x31) continue;
      const values = children(buf, a[1]) ?? [];
      const type = oidText(buf, a[0]);
      if (type === OID.messageDigest && values[0]?.tag === 0x04) messageDigest = Buffer.from(buf.subarray(values[0].start, values[0].end));
      if (type === OID.contentType) contentType = oidText(buf, values[0]);
    }
  }
  const signatureAlgorithm = algorithmOf(buf, c[i++]);
  const sig = c[i];
  if (!sig || sig.tag !== 0x04) return null;
  return { digestAlgorithm, signedAttrsDer, messageDigest, contentType, signatureAlgorithm, signature: Buffer.from(buf.subarray(sig.start, sig.end)) };
}

/** ContentInfo(SignedData(…TSTInfo…)) → the facts needed to verify it, else null. */
export function parseTimeStampToken(der: Buffer): TimeStampTokenFacts | null {
  const top = readTlv(der, 0);
  if (!top || top.tag !== 0x30 || top.end !== der.length) return null;
  const ci = children(der, top);
  if (!ci || ci.length < 2 || oidText(der, ci[0]) !== OID.signedData || ci[1].tag !== 0xa0) return null;
  const sdWrap = children(der, ci[1]);
  if (!sdWrap || sdWrap.length !== 1 || sdWrap[0].tag !== 0x30) return null;
  const sd = children(der, sdWrap[0]);
  if (!sd || sd.length < 4 || sd[2].tag !== 0x30) return null;
  const encap = children(der, sd[2]);
  if (!encap || encap.length < 2 || oidText(der, encap[0]) !== OID.tstInfo || encap[1].tag !== 0xa0) return null;
  const octetWrap = children(der, encap[1]);
  if (!octetWrap || octetWrap.length !== 1 || octetWrap[0].tag !== 0x04) return null;
  const tstInfoDer = Buffer.from(der.subarray(octetWrap[0].start, octetWrap[0].end));
  const tstTop = readTlv(tstInfoDer, 0);
  if (!tstTop || tstTop.tag !== 0x30 || tstTop.end !== tstInfoDer.length) return null;
  const tst = children(tstInfoDer, tstTop);
  if (!tst || tst.length < 5 || tst[2].tag !== 0x30) return null;
  const imprint = children(tstInfoDer, tst[2]);
  if (!imprint || imprint.length !== 2 || imprint[1].tag !== 0x04) return null;

  const certificates: Buffer[] = [];
  const signerInfos: SignerInfoFacts[] = [];
  for (const part of sd.slice(3)) {
    if (part.tag === 0xa0) {
      for (const cert of children(der, part) ?? []) if (cert.tag === 0x30) certificates.push(Buffer.from(der.subarray(cert.offset, cert.end)));
    } else if (part.tag === 0x31) {
      for (const si of children(der, part) ?? []) {
        const facts = signerInfoOf(der, si);
        if (!facts) return null;
        signerInfos.push(facts);
      }
    }
  }
  return {
    tstInfoDer,
    imprintAlgorithm: algorithmOf(tstInfoDer, imprint[0]),
    imprint: Buffer.from(tstInfoDer.subarray(imprint[1].start, imprint[1].end)),
    genTime: generalizedTime(tstInfoDer, tst[4]),
    certificates,
    signerInfos,
  };
}
