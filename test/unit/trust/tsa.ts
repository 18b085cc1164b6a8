// Test-only RFC 3161 material: a minimal DER encoder, a self-signed P-256 certificate and TimeStampTokens in
// several shapes (signed, without certificates, without signers), built with node:crypto alone.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
export const tlv = (tag: number, value: Buffer) => Buffer.concat([Buffer.from([tag]), len(value.length), value]);
export const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
export const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
export const int = (n: number) => tlv(0x02, Buffer.from([n]));
export const octets = (b: Buffer) => tlv(0x04, b);
export function oid(text: string): Buffer {
  const parts = text.split('.').map(Number);
  const out: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn, 'utf8')))));
const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const SHA256 = '2.16.840.1.101.3.4.2.1';

export interface Tsa {
  key: KeyObject;
  certDer: Buffer;
  issuer: Buffer;
  serial: Buffer;
}

export function makeTsa(commonName = 'Occam Test TSA'): Tsa {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issuer = name(commonName);
  const serial = int(7);
  const validity = seq(tlv(0x17, Buffer.from('260101000000Z')), tlv(0x17, Buffer.from('360101000000Z')));
  const tbs = seq(tlv(0xa0, int(2)), serial, seq(oid(ECDSA_SHA256)), issuer, validity, issuer, publicKey.export({ type: 'spki', format: 'der' }));
  const signature = sign('sha256', tbs, privateKey);
  const certDer = seq(tbs, seq(oid(ECDSA_SHA256)), tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { key: privateKey, certDer, issuer, serial };
}

export interface TokenOptions {
  genTime?: string;
  /** Include the signer certificate (default true). */
  withCertificate?: boolean;
  /** Sign the attributes (default true); false yields a token with no signer infos. */
  signed?: boolean;
  /** Sign with this key instead of the certificate's (a forged signer). */
  signingKey?: KeyObject;
  /** Corrupt the messageDigest attribute. */
  wrongMessageDigest?: boolean;
}

/** A TimeStampToken (CMS ContentInfo) whose TSTInfo carries `imprint` (SHA-256). */
export function makeToken(tsa: Tsa, imprint: Buffer, opts: TokenOptions = {}): Buffer {
  const genTime = (opts.genTime ?? '2026-01-01T00:00:05Z').replace(/[-:T]/g, '');
  const tstInfo = seq(int(1), oid('1.2.3.4.5'), seq(seq(oid(SHA256)), octets(imprint)), int(42), tlv(0x18, Buffer.from(genTime, 'latin1')));
  const digest = createHash('sha256').update(tstInfo).digest();
  if (opts.wrongMessageDigest) digest[0] ^= 1;
  const attrs = [
    seq(oid('1.2.840.113549.1.9.3'), set(oid('1.2.840.113549.1.9.16.1.4'))),
    seq(oid('1.2.840.113549.1.9.4'), set(octets(digest))),
  ];
  const signedAttrsSet = set(...attrs);
  const signature = sign('sha256', signedAttrsSet, opts.signingKey ?? tsa.key);
  const signerInfo = seq(
    int(1),
    seq(tsa.issuer, tsa.serial),
    seq(oid(SHA256)),
    tlv(0xa0, Buffer.concat(attrs)),
    seq(oid(ECDSA_SHA256)),
    octets(signature),
  );
  const encap = seq(oid('1.2.840.113549.1.9.16.1.4'), tlv(0xa0, octets(tstInfo)));
  const parts = [int(3), set(seq(oid(SHA256))), encap];
  if (opts.withCertificate !== false) parts.push(tlv(0xa0, tsa.certDer));
  parts.push(opts.signed === false ? set() : set(signerInfo));
  return seq(oid('1.2.840.113549.1.7.2'), tlv(0xa0, seq(...parts)));
}
