// Receipt v1 envelope (trust.md §3.1): the field table, the canonical form that gets signed, and a strict
// parser from wire JSON. Unknown members are ignored on parse — adding a signed field needs a new `v`.
import { canonicalObject, type CanonicalMembers } from './canonical.ts';

export const RECEIPT_VERSION = 1;
export const RECEIPT_ALG = 'ecdsa-p256-sha256';

export interface PlaybookRef {
  id: string;
  version: string;
}

export interface ReceiptEnvelope {
  v: number;
  kind: 'extraction' | 'negative' | string;
  url: string;
  finalUrl: string;
  backend: string;
  ts: string;
  toolchain: string;
  playbook?: PlaybookRef;
  contentHash?: string;
  blockMerkleRoot?: string;
  leafSetComplete?: boolean;
  tokens?: number;
  failureCode?: string;
  statusCode?: number;
  confidence?: number;
  keyId: string;
  alg: string;
  sig?: string;
}

/** The signed member order; `sig` is never part of it. */
export function envelopeMembers(env: ReceiptEnvelope): CanonicalMembers {
  return [
    ['v', env.v],
    ['kind', env.kind],
    ['url', env.url],
    ['finalUrl', env.finalUrl],
    ['backend', env.backend],
    ['ts', env.ts],
    ['toolchain', env.toolchain],
    ['playbook', env.playbook ? [['id', env.playbook.id], ['version', env.playbook.version]] : undefined],
    ['contentHash', env.contentHash],
    ['blockMerkleRoot', env.blockMerkleRoot],
    ['leafSetComplete', env.leafSetComplete],
    ['tokens', env.tokens],
    ['failureCode', env.failureCode],
    ['statusCode', env.statusCode],
    ['confidence', env.confidence],
    ['keyId', env.keyId],
    ['alg', env.alg],
  ];
}

/** The exact text that is signed (compact JSON; encode as UTF-8 for hashing/signing). */
export function canonicalEnvelope(env: ReceiptEnvelope): string {
  return canonicalObject(envelopeMembers(env));
}

/** Wire form: the same members in the same order plus `sig`, absent optionals omitted. */
export function envelopeToWire(env: ReceiptEnvelope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ENVELOPE_KEYS) {
    const value = (env as unknown as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

const ENVELOPE_KEYS = [
  'v', 'kind', 'url', 'finalUrl', 'backend', 'ts', 'toolchain', 'playbook', 'contentHash', 'blockMerkleRoot',
  'leafSetComplete', 'tokens', 'failureCode', 'statusCode', 'confidence', 'keyId', 'alg', 'sig',
] as const;

type FieldCheck = (v: unknown) => boolean;
const isString: FieldCheck = (v) => typeof v === 'string';
const isInt: FieldCheck = (v) => typeof v === 'number' && Number.isSafeInteger(v);
const isNumber: FieldCheck = (v) => typeof v === 'number' && Number.isFinite(v);
const isBool: FieldCheck = (v) => typeof v === 'boolean';

const REQUIRED: Record<string, FieldCheck> = {
  v: isInt, kind: isString, url: isString, finalUrl: isString, backend: isString, ts: isString, toolchain: isString,
  keyId: isString, alg: isString,
};
const OPTIONAL: Record<string, FieldCheck> = {
  contentHash: isString, blockMerkleRoot: isString, leafSetComplete: isBool, tokens: isInt, failureCode: isString,
  statusCode: isInt, confidence: isNumber, sig: isString,
};

export type EnvelopeParse = { ok: true; envelope: ReceiptEnvelope } | { ok: false; reason: string };

/**
 * Reads an envelope from parsed wire JSON. Structural problems (missing/mistyped members) are reported as a
 * reason; version and signature presence are judged by the verifier, not here.
 */
export function parseEnvelope(value: unknown): EnvelopeParse {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'envelope is not an object' };
  const o = value as Record<string, unknown>;
  const env: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(REQUIRED)) {
    if (!check(o[key])) return { ok: false, reason: `envelope member ${key} missing or mistyped` };
    env[key] = o[key];
  }
  for (const [key, check] of Object.entries(OPTIONAL)) {
    if (o[key] === undefined || o[key] === null) continue;
    if (!check(o[key])) return { ok: false, reason: `envelope member ${key} mistyped` };
    env[key] = o[key];
  }
  if (o.playbook !== undefined && o.playbook !== null) {
    const p = o.playbook as Record<string, unknown>;
    if (typeof p !== 'object' || !isString(p.id) || !isString(p.version)) {
      return { ok: false, reason: 'envelope member playbook mistyped' };
    }
    env.playbook = { id: p.id, version: p.version };
  }
  return { ok: true, envelope: env as unknown as ReceiptEnvelope };
}
