// Watch-history chain (trust.md §3.12): each entry links to the hash of the previous one (signature included),
// and may carry a detached signature over its canonical form without `sig`. Inspection is window-tolerant: a
// chain may start at any seq, but seq 0 must have no predecessor link.
import type { KeyObject } from 'node:crypto';
import { prefixedSha256 } from '../bytes.ts';
import { canonicalObject, type CanonicalMembers } from './canonical.ts';
import { RECEIPT_ALG } from './envelope.ts';
import { keyIdOf, verifyDetached, type Signer } from './sign.ts';

export interface HistoryEntry {
  seq: number;
  observedAt: string;
  event: 'first_seen' | 'changed' | string;
  contentHash: string;
  blockMerkleRoot?: string;
  contentDeltaTokens?: number;
  prevEntryHash?: string;
  keyId: string;
  alg: string;
  sig?: string;
}

function members(e: HistoryEntry, withSig: boolean): CanonicalMembers {
  return [
    ['seq', e.seq],
    ['observedAt', e.observedAt],
    ['event', e.event],
    ['contentHash', e.contentHash],
    ['blockMerkleRoot', e.blockMerkleRoot],
    ['contentDeltaTokens', e.contentDeltaTokens],
    ['prevEntryHash', e.prevEntryHash],
    ['keyId', e.keyId],
    ['alg', e.alg],
    ['sig', withSig ? e.sig : undefined],
  ];
}

export const historySigningBytes = (e: HistoryEntry) => Buffer.from(canonicalObject(members(e, false)), 'utf8');
export const entryHash = (e: HistoryEntry) => prefixedSha256(canonicalObject(members(e, true)));

export type NewHistoryFields = Pick<HistoryEntry, 'observedAt' | 'event' | 'contentHash' | 'blockMerkleRoot' | 'contentDeltaTokens'>;

/** The next entry after `last` (null for the first), signed when a signer is given. */
export function appendHistoryEntry(last: HistoryEntry | null, fields: NewHistoryFields, signer?: Signer | null): HistoryEntry {
  const entry: HistoryEntry = {
    seq: last ? last.seq + 1 : 0,
    ...fields,
    ...(last ? { prevEntryHash: entryHash(last) } : {}),
    keyId: signer ? signer.keyId : '',
    alg: signer ? RECEIPT_ALG : '',
  };
  if (signer) entry.sig = signer.sign(historySigningBytes(entry));
  return entry;
}

export type HistorySignatureStatus = 'verified' | 'unsigned' | 'wrong_key' | 'invalid';
export type HistoryVerdict = 'history_verified' | 'history_chain_ok' | 'history_wrong_key' | 'history_invalid';

export interface HistoryReport {
  entriesTotal: number;
  signedCount: number;
  headSeq: number;
  chainIntegrity: boolean;
  signatureStatus: HistorySignatureStatus;
  verdict: HistoryVerdict;
  /** The first signed entry's keyId, or "". */
  keyId: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const optStr = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/** Accepts an entries array or `{history:[…]}` (as text or parsed); null when unparsable or malformed. */
export function parseHistory(input: unknown): HistoryEntry[] | null {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (isObj(value) && Array.isArray(value.history)) value = value.history;
  if (!Array.isArray(value)) return null;
  const out: HistoryEntry[] = [];
  for (const raw of value) {
    if (!isObj(raw)) return null;
    const ok =
      Number.isSafeInteger(raw.seq) && typeof raw.observedAt === 'string' && typeof raw.event === 'string' &&
      typeof raw.contentHash === 'string' && optStr(raw.blockMerkleRoot) && optStr(raw.prevEntryHash) &&
      optStr(raw.sig) && (raw.contentDeltaTokens == null || Number.isSafeInteger(raw.contentDeltaTokens));
    if (!ok) return null;
    const e: HistoryEntry = {
      seq: raw.seq as number,
      observedAt: raw.observedAt as string,
      event: raw.event as string,
      contentHash: raw.contentHash as string,
      keyId: typeof raw.keyId === 'string' ? raw.keyId : '',
      alg: typeof raw.alg === 'string' ? raw.alg : '',
    };
    if (raw.blockMerkleRoot != null) e.blockMerkleRoot = raw.blockMerkleRoot as string;
    if (raw.contentDeltaTokens != null) e.contentDeltaTokens = raw.contentDeltaTokens as number;
    if (raw.prevEntryHash != null) e.prevEntryHash = raw.prevEntryHash as string;
    if (raw.sig != null) e.sig = raw.sig as string;
    out.push(e);
  }
  return out;
}

function chainIntact(entries: readonly HistoryEntry[]): boolean {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (i === 0) {
      if (e.seq === 0 && e.prevEntryHash !== undefined) return false;
      continue;
    }
    const prior = entries[i - 1];
    if (e.seq !== prior.seq + 1 || e.prevEntryHash !== entryHash(prior)) return false;
  }
  return true;
}

/** `publicKey` null means the supplied PEM did not parse. */
export function inspectHistory(entries: readonly HistoryEntry[], publicKey: KeyObject | null): HistoryReport {
  const signed = entries.filter((e) => e.sig !== undefined && e.sig !== '');
  const base = {
    entriesTotal: entries.length,
    signedCount: signed.length,
    headSeq: entries.length > 0 ? entries[entries.length - 1].seq : -1,
    keyId: signed[0]?.keyId ?? '',
  };
  if (!chainIntact(entries)) {
    return { ...base, chainIntegrity: false, signatureStatus: 'invalid', verdict: 'history_invalid' };
  }
  let status: HistorySignatureStatus;
  if (signed.length === 0) status = 'unsigned';
  else if (!publicKey) status = 'invalid';
  else {
    const expectedKeyId = keyIdOf(publicKey);
    if (signed.some((e) => e.keyId !== expectedKeyId)) status = 'wrong_key';
    else if (signed.some((e) => e.alg !== RECEIPT_ALG || !verifyDetached(publicKey, historySigningBytes(e), e.sig))) {
      status = 'invalid';
    } else status = signed.length === entries.length ? 'verified' : 'unsigned';
  }
  const verdict: HistoryVerdict =
    status === 'invalid' ? 'history_invalid'
      : status === 'verified' ? 'history_verified'
        : status === 'wrong_key' ? 'history_wrong_key'
          : 'history_chain_ok';
  return { ...base, chainIntegrity: true, signatureStatus: status, verdict };
}
