// A minimal DER reader — just enough to find the TSTInfo inside an RFC 3161 TimeStampToken (CMS SignedData)
// and read its message imprint and genTime. Every malformed input yields null.

interface Tlv {
  tag: number;
  /** Offset of the value. */
  start: number;
  /** Offset one past the value. */
  end: number;
}

function readTlv(buf: Buffer, offset: number, limit = buf.length): Tlv | null {
  if (offset + 2 > limit) return null;
  const tag = buf[offset];
  if ((tag & 0x1f) === 0x1f) return null; // multi-byte tags never occur in the structures we read
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
  return { tag, start: pos, end: pos + len };
}

function children(buf: Buffer, parent: Tlv): Tlv[] | null {
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

function oidText(buf: Buffer, t: Tlv): string | null {
  if (t.tag !== 0x06 || t.end <= t.start) return null;
  const bytes = buf.subarray(t.start, t.end);
  const parts: number[] = [];
  let value = 0;
  for (const b of bytes) {
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

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_TST_INFO = '1.2.840.113549.1.9.16.1.4';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';

/** GeneralizedTime `YYYYMMDDHHMMSS[.f]Z` → `YYYY-MM-DDTHH:mm:ssZ`. */
function generalizedTime(buf: Buffer, t: Tlv): string | null {
  if (t.tag !== 0x18) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(buf.subarray(t.start, t.end).toString('latin1'));
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null;
}

export interface TstInfoFacts {
  imprint: Buffer;
  genTime: string | null;
}

/** ContentInfo(SignedData(encapContentInfo(TSTInfo))) → imprint (SHA-256 only) and genTime, else null. */
export function findTstInfo(der: Buffer): TstInfoFacts | null {
  const top = readTlv(der, 0);
  if (!top || top.tag !== 0x30 || top.end !== der.length) return null;
  const ci = children(der, top);
  if (!ci || ci.length < 2 || oidText(der, ci[0]) !== OID_SIGNED_DATA || ci[1].tag !== 0xa0) return null;
  const sdWrap = children(der, ci[1]);
  if (!sdWrap || sdWrap.length !== 1 || sdWrap[0].tag !== 0x30) return null;
  const sd = children(der, sdWrap[0]);
  if (!sd || sd.length < 3 || sd[2].tag !== 0x30) return null;
  const encap = children(der, sd[2]);
  if (!encap || encap.length < 2 || oidText(der, encap[0]) !== OID_TST_INFO || encap[1].tag !== 0xa0) return null;
  const octetWrap = children(der, encap[1]);
  if (!octetWrap || octetWrap.length !== 1 || octetWrap[0].tag !== 0x04) return null;
  const inner = der.subarray(octetWrap[0].start, octetWrap[0].end);
  const tstTop = readTlv(inner, 0);
  if (!tstTop || tstTop.tag !== 0x30) return null;
  const tst = children(inner, tstTop);
  if (!tst || tst.length < 5 || tst[2].tag !== 0x30) return null;
  const imprint = children(inner, tst[2]);
  if (!imprint || imprint.length !== 2 || imprint[0].tag !== 0x30 || imprint[1].tag !== 0x04) return null;
  const alg = children(inner, imprint[0]);
  if (!alg || alg.length < 1 || oidText(inner, alg[0]) !== OID_SHA256) return null;
  return {
    imprint: Buffer.from(inner.subarray(imprint[1].start, imprint[1].end)),
    genTime: generalizedTime(inner, tst[4]),
  };
}

// ---- a matching minimal encoder, used by tests and the selftest to build structurally valid tokens ----

function encodeLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function derTlv(tag: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(value.length), value]);
}

export function derOid(oid: string): Buffer {
  const parts = oid.split('.').map(Number);
  const out: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    let v = Math.floor(p / 128);
    while (v > 0) {
      chunk.unshift((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(...chunk);
  }
  return derTlv(0x06, Buffer.from(out));
}

/** An unsigned TimeStampToken skeleton (no certificates, no signerInfos) carrying the given imprint. */
export function buildUnsignedTimeStampToken(imprint: Buffer, genTime: string): Buffer {
  const seq = (...parts: Buffer[]) => derTlv(0x30, Buffer.concat(parts));
  const int = (n: number) => derTlv(0x02, Buffer.from([n]));
  const gt = genTime.replace(/[-:T]/g, '').replace(/Z$/, 'Z');
  const tstInfo = seq(
    int(1),
    derOid('1.2.3.4'),
    seq(seq(derOid(OID_SHA256)), derTlv(0x04, imprint)),
    int(7),
    derTlv(0x18, Buffer.from(gt, 'latin1')),
  );
  const encap = seq(derOid(OID_TST_INFO), derTlv(0xa0, derTlv(0x04, tstInfo)));
  const signedData = seq(int(3), derTlv(0x31, seq(derOid(OID_SHA256))), encap, derTlv(0x31, Buffer.alloc(0)));
  return seq(derOid(OID_SIGNED_DATA), derTlv(0xa0, signedData));
}
