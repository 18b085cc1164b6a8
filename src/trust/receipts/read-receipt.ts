// Receipts on reads (trust.md §3.1–3.9): turns what the read pipeline knows about one fetch into a signed
// Receipt v1 bundle — a positive extraction receipt with a Merkle commitment over the returned blocks, or a
// negative receipt for a provable wall. The pure builder is separate from the service wiring so digest,
// claim_check and dataset export sign exactly the same way.
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import type { Services } from '../../runtime/services.ts';
import { VERSION } from '../../version.ts';
import { prefixedSha256 } from '../bytes.ts';
import { signingKeyService } from '../keys.ts';
import { encodeCapsule } from './capsule.ts';
import { wellFormed } from './canonical.ts';
import { envelopeToWire, RECEIPT_VERSION, type PlaybookRef, type ReceiptEnvelope } from './envelope.ts';
import { blockLeaf, merkleRootPrefixed } from './merkle.ts';
import { negativeReceiptAllowed } from './negative.ts';
import { signEnvelope, sizingSigner, type Signer, type UnsignedEnvelope } from './sign.ts';
import type { TimeAnchor } from './time-anchor.ts';
import { requestTimeAnchor, timeAnchorSettings, type TsaClientOptions } from './tsa-client.ts';

export const TOOLCHAIN = `ff-occam/${VERSION.split('+')[0]}`;

/** One shared predicate (trust.md §3.8): receipts are on unless OCCAM_RECEIPTS is off/0/false. */
export function receiptsEnabled(runtime: Pick<RuntimeContext, 'env'>): boolean {
  return readEnv<boolean>('OCCAM_RECEIPTS', runtime.env);
}

/** Signer clock at second precision: `YYYY-MM-DDTHH:mm:ssZ`. */
export function receiptTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The receipt `backend` names the acquisition path, not the extractor: http, browser or canary. */
export function receiptBackend(pipelineBackend: string | null | undefined): string {
  const b = (pipelineBackend ?? '').toLowerCase();
  if (b === 'canary') return 'canary';
  if (b.includes('browser') || b.includes('playwright')) return 'browser';
  return 'http';
}

/** Everything the pipeline knows about one read that a receipt commits to. */
export interface ReadFacts {
  kind: 'extraction' | 'negative';
  /** URL as requested. */
  url: string;
  /** After redirects; falls back to `url`. */
  finalUrl?: string | null;
  /** Pipeline backend id (e.g. `node_readability_turndown`, `browser_playwright`, `canary`). */
  backend?: string | null;
  /** Returned markdown (extraction): hashed into contentHash unless `contentHash` is given. */
  markdown?: string | null;
  /** Precomputed content hash, bare hex or `sha256:` form (extraction). */
  contentHash?: string | null;
  /** Returned blocks in order (text + source selector) → Merkle leaves. */
  blocks?: ReadonlyArray<{ text: string; sourceSelector?: string | null; selector?: string | null }>;
  /** No budget/fit/selector pruning dropped blocks: signs `leafSetComplete:true` when leaves exist. */
  leafSetComplete?: boolean;
  tokens?: number | null;
  confidence?: number | null;
  playbook?: PlaybookRef | null;
  /** Negative receipts: the failure code and HTTP status. */
  failureCode?: string | null;
  statusCode?: number | null;
}

export interface ReceiptBundle {
  signed: Record<string, unknown>;
  blockLeaves?: string[];
  timeAnchor?: TimeAnchor;
  capsule?: string;
}

function normaliseHash(hash: string): string {
  const h = hash.toLowerCase();
  return h.startsWith('sha256:') ? h : `sha256:${h}`;
}

/**
 * Builds and signs the receipt for one read; null when §3.6 forbids one (a negative receipt for a transient
 * failure). Pure apart from the signer: `nowMs` is the signer clock.
 */
export function buildReadReceipt(facts: ReadFacts, signer: Signer, nowMs: number, opts: { emitCapsule?: boolean } = {}): ReceiptBundle | null {
  const base: UnsignedEnvelope = {
    v: RECEIPT_VERSION,
    kind: facts.kind,
    url: wellFormed(facts.url),
    finalUrl: wellFormed(facts.finalUrl || facts.url),
    backend: receiptBackend(facts.backend),
    ts: receiptTimestamp(nowMs),
    toolchain: TOOLCHAIN,
  };
  if (facts.playbook) base.playbook = { id: wellFormed(facts.playbook.id), version: wellFormed(facts.playbook.version ?? '') };
  let leaves: Buffer[] = [];
  if (facts.kind === 'negative') {
    if (!facts.failureCode || !negativeReceiptAllowed(facts.failureCode, facts.statusCode)) return null;
    base.failureCode = facts.failureCode;
    if (facts.statusCode) base.statusCode = facts.statusCode;
  } else {
    const hash = facts.contentHash ? normaliseHash(facts.contentHash) : null;
    if (!hash && typeof facts.markdown !== 'string') throw new TypeError('an extraction receipt needs markdown or contentHash');
    base.contentHash = hash ?? prefixedSha256(facts.markdown as string);
    leaves = (facts.blocks ?? []).map((b) => blockLeaf(wellFormed(b.text), wellFormed(b.sourceSelector ?? b.selector ?? '')));
    const root = merkleRootPrefixed(leaves);
    if (root) base.blockMerkleRoot = root;
    if (root && facts.leafSetComplete) base.leafSetComplete = true;
  }
  if (facts.tokens != null && Number.isFinite(facts.tokens)) base.tokens = Math.max(0, Math.round(facts.tokens));
  if (facts.confidence != null && facts.confidence > 0 && Number.isFinite(facts.confidence)) {
    base.confidence = Math.round(Math.min(1, facts.confidence) * 10_000) / 10_000;
  }
  const envelope: ReceiptEnvelope = signEnvelope(base, signer);
  const bundle: ReceiptBundle = { signed: envelopeToWire(envelope) };
  const blockLeaves = leaves.map((l) => l.toString('hex'));
  if (blockLeaves.length > 0) bundle.blockLeaves = blockLeaves;
  if (opts.emitCapsule) attachCapsule(bundle, facts);
  return bundle;
}

/** Sets `bundle.capsule` from the bundle as it stands (envelope, leaves, anchor) plus the markdown. */
function attachCapsule(bundle: ReceiptBundle, facts: ReadFacts): void {
  bundle.capsule = encodeCapsule({
    signed: bundle.signed as unknown as ReceiptEnvelope,
    ...(typeof facts.markdown === 'string' && facts.kind === 'extraction' ? { content: facts.markdown } : {}),
    ...(bundle.blockLeaves ? { blockLeaves: bundle.blockLeaves } : {}),
    ...(bundle.timeAnchor ? { timeAnchor: bundle.timeAnchor } : {}),
  });
}

/**
 * The receipt step for every reader (transcode, digest, claim_check, dataset export): honours OCCAM_RECEIPTS
 * (off still mints the key, trust.md §1.6), signs with this install's key, and never throws — a receipt that
 * cannot be produced is absent, never faked.
 */
export async function signReadReceipt(
  facts: ReadFacts,
  ctx: { runtime: RuntimeContext; services: Services },
  opts: { emitCapsule?: boolean; tsaSeams?: Pick<TsaClientOptions, 'resolve' | 'dial'>; sizingOnly?: boolean } = {},
): Promise<ReceiptBundle | null> {
  try {
    const store = await ctx.services.use(signingKeyService);
    if (!receiptsEnabled(ctx.runtime)) return null;
    // A budget trial needs the receipt's size, not a signature: same shape and length, no ECDSA, no TSA.
    const signer = opts.sizingOnly ? sizingSigner(store.signer) : store.signer;
    const bundle = buildReadReceipt(facts, signer, ctx.runtime.now(), { emitCapsule: false });
    if (!bundle) return null;
    if (opts.sizingOnly) {
      if (opts.emitCapsule) attachCapsule(bundle, facts);
      return bundle;
    }
    // RFC 3161 anchor on successful extractions when configured (fails open: no anchor, same receipt).
    const anchorSettings = facts.kind === 'extraction' ? timeAnchorSettings(ctx.runtime) : null;
    if (anchorSettings) {
      const anchor = await requestTimeAnchor(bundle.signed.sig as string, { ...anchorSettings, ...opts.tsaSeams });
      if (anchor) bundle.timeAnchor = anchor;
      else ctx.runtime.warn(`[occam.trust] time anchor not attached (TSA ${anchorSettings.url} unreachable, refused or invalid)`);
    }
    if (opts.emitCapsule) attachCapsule(bundle, facts);
    return bundle;
  } catch (err) {
    ctx.runtime.warn(`[occam.trust] receipt not produced: ${(err as Error).message}`);
    return null;
  }
}
