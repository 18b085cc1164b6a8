// occam_verify (trust.md §5.1, tools.md §3.1.12): the consumer side of receipts over MCP — offline checks,
// live re-fetch drift, Merkle proofs (prove/citation) and watch-history chains. Pure apart from two injected
// edges: the key store (the default public key, incl. keys retired by rotation) and the live re-fetch.
import type { KeyObject } from 'node:crypto';
import { topFailure } from '../contract/failures.ts';
import { inspectHistory, parseHistory } from './receipts/history.ts';
import { blockLeaf, leavesFromHex, merkleProof, merkleRootPrefixed, parseProof, verifyMerkleProof } from './receipts/merkle.ts';
import { parsePublicKeyPem } from './receipts/sign.ts';
import { chunkStaleness, parseChunkList } from './receipts/staleness.ts';
import { contentHashOf, readReceiptMaterial, verifyReceiptOffline, type ReceiptMaterial } from './receipts/verify.ts';

export const VERIFY_MODES = ['offline', 'live', 'prove', 'citation', 'history'] as const;
export type VerifyMode = (typeof VERIFY_MODES)[number];

export interface VerifyArgs {
  receipt?: string | null;
  /** A lean read's `receipt.id`: the receipt is taken from the local receipt log (issue 29). */
  receipt_id?: string | null;
  mode?: string | null;
  markdown?: string | null;
  public_key?: string | null;
  block_index?: number | null;
  block_text?: string | null;
  block_selector?: string | null;
  proof?: string | null;
  chunks?: string | null;
}

/** A live re-read of a URL (the read pipeline, no session/playbook/budget). */
export type LiveRefetch = (
  url: string,
  opts: { jsonBlocks: boolean },
) => Promise<{ ok: true; markdown: string; blocks?: ReadonlyArray<{ text: string; sourceSelector?: string | null }> } | { ok: false }>;

export interface VerifyDeps {
  /** The receipt bundle a receipt id names in the local receipt log, or null. */
  loggedReceipt?: (id: string) => Promise<Record<string, unknown> | null>;
  /** The default key when `public_key` is absent: this install's key that signed `keyId`, else the current one. */
  defaultPublicKey: (keyId: string) => Promise<KeyObject>;
  refetch?: LiveRefetch;
}

type Result = { ok: boolean } & Record<string, unknown>;

export function resolveMode(raw: string | null | undefined): VerifyMode {
  const m = (raw ?? '').trim().toLowerCase();
  return (VERIFY_MODES as readonly string[]).includes(m) ? (m as VerifyMode) : 'offline';
}

async function publicKeyFor(args: VerifyArgs, keyId: string, deps: VerifyDeps): Promise<KeyObject | null> {
  if (args.public_key != null && args.public_key.trim() !== '') return parsePublicKeyPem(args.public_key);
  return deps.defaultPublicKey(keyId);
}

export async function runVerify(args: VerifyArgs, deps: VerifyDeps): Promise<Result> {
  const mode = resolveMode(args.mode);
  const id = args.receipt_id?.trim();
  if (id) {
    if (args.receipt != null && args.receipt.trim() !== '') return topFailure('invalid_arguments', 'Pass receipt or receipt_id, not both.', { mode });
    const logged = deps.loggedReceipt ? await deps.loggedReceipt(id.toLowerCase()) : null;
    if (!logged) return topFailure('receipt_not_found', `No receipt ${JSON.stringify(id)} in this install's receipt log.`, { mode });
    return runVerify({ ...args, receipt_id: null, receipt: JSON.stringify(logged) }, deps);
  }
  if (args.receipt == null) return topFailure('invalid_arguments', 'Pass receipt (the receipt JSON or a capsule) or receipt_id (a lean read\'s receipt.id).', { mode });
  if (mode === 'history') return history(args, deps);

  const parsed = readReceiptMaterial(args.receipt);

  if (!parsed.ok) return topFailure('invalid_receipt', parsed.reason, { mode });
  const material = parsed.material;
  const env = material.envelope;
  if (mode === 'prove') return prove(args, material);

  const publicKey = await publicKeyFor(args, env.keyId, deps);
  const offline = verifyReceiptOffline(material, publicKey, mode === 'citation' ? null : args.markdown);
  if (offline.verdict === 'invalid_receipt') return topFailure('invalid_receipt', offline.message ?? 'invalid receipt', { mode });

  if (mode === 'citation') {
    if (args.block_text == null) return topFailure('invalid_arguments', 'citation mode needs block_text', { mode });
    const proof = args.proof ? parseProof(args.proof) : null;
    if (!proof) return topFailure('invalid_arguments', 'citation mode needs proof: a JSON array of {hash, siblingIsRight}', { mode });
    if (!env.blockMerkleRoot) return topFailure('invalid_arguments', 'the receipt commits to no blocks (no blockMerkleRoot)', { mode });
    const leaf = blockLeaf(args.block_text, args.block_selector ?? '');
    const signatureValid = offline.signatureValid;
    const verdict = !signatureValid ? 'signature_invalid' : verifyMerkleProof(leaf, proof, env.blockMerkleRoot) ? 'citation_verified' : 'citation_invalid';
    return { ok: true, signatureValid, keyId: env.keyId, mode, verdict, leaf: leaf.toString('hex'), root: env.blockMerkleRoot };
  }

  const base: Result = {
    ok: true,
    signatureValid: offline.signatureValid,
    ...(offline.contentHashMatch !== undefined ? { contentHashMatch: offline.contentHashMatch } : {}),
    keyId: env.keyId,
    mode,
    verdict: offline.verdict,
    ...(offline.timeAnchor ? { timeAnchor: offline.timeAnchor } : {}),
    ...(offline.message && offline.verdict !== 'verified' ? { message: offline.message } : {}),
  };
  if (mode === 'offline' || !offline.signatureValid) return base;
  return live(args, material, base, deps);
}

function prove(args: VerifyArgs, material: ReceiptMaterial): Result {
  const hexLeaves = material.blockLeaves ?? [];
  const index = args.block_index;
  if (hexLeaves.length === 0) return topFailure('invalid_arguments', 'prove needs a receipt with blockLeaves', { mode: 'prove' });
  if (index == null || !Number.isInteger(index) || index < 0 || index >= hexLeaves.length) {
    return topFailure('invalid_arguments', `block_index must be an integer in 0..${hexLeaves.length - 1}`, { mode: 'prove' });
  }
  const leaves = leavesFromHex(hexLeaves);
  const root = leaves ? merkleRootPrefixed(leaves) : null;
  if (!leaves || !root || root !== material.envelope.blockMerkleRoot) {
    return topFailure('invalid_receipt', 'blockLeaves do not rebuild the signed blockMerkleRoot', { mode: 'prove' });
  }
  return {
    ok: true, keyId: material.envelope.keyId, mode: 'prove', root, leafIndex: index,
    leaf: leaves[index].toString('hex'), proof: merkleProof(leaves, index),
  };
}

async function live(args: VerifyArgs, material: ReceiptMaterial, base: Result, deps: VerifyDeps): Promise<Result> {
  const env = material.envelope;
  const hasRoot = Boolean(env.blockMerkleRoot);
  let fetched: Awaited<ReturnType<LiveRefetch>> = { ok: false };
  if (deps.refetch) {
    try {
      fetched = await deps.refetch(env.finalUrl || env.url, { jsonBlocks: hasRoot });
    } catch {
      fetched = { ok: false };
    }
  }
  if (!fetched.ok || fetched.markdown.trim() === '') {
    return { ...base, live: { refetched: false }, verdict: 'refetch_failed' };
  }
  const contentHashMatch = env.contentHash !== undefined && contentHashOf(fetched.markdown) === env.contentHash;
  const liveReport: Record<string, unknown> = { refetched: true, contentHashMatch };
  const liveLeaves = (fetched.blocks ?? []).map((b) => blockLeaf(b.text, b.sourceSelector ?? '').toString('hex'));
  if (hasRoot) {
    liveReport.blockRootMatch = merkleRootPrefixed(liveLeaves.map((h) => Buffer.from(h, 'hex'))) === env.blockMerkleRoot;
    const source = material.blockLeaves ?? [];
    if (source.length > 0) {
      const liveSet = new Set(liveLeaves);
      const present = source.filter((h) => liveSet.has(h.toLowerCase())).length;
      liveReport.blocksTotal = source.length;
      liveReport.blocksStillPresent = present;
      liveReport.drift = Math.round((1 - present / source.length) * 1000) / 1000;
    }
  }
  const staleness = chunkStaleness(parseChunkList(args.chunks) ?? material.blockLeaves ?? [], liveLeaves);
  if (staleness) liveReport.chunkStaleness = staleness;
  return { ...base, live: liveReport, verdict: contentHashMatch ? 'verified' : 'drifted' };
}

async function history(args: VerifyArgs, deps: VerifyDeps): Promise<Result> {
  const entries = parseHistory(args.receipt);
  if (!entries) return topFailure('invalid_arguments', 'history mode needs an entries array or {history:[…]}', { mode: 'history' });
  const firstSigned = entries.find((e) => e.sig);
  const publicKey = await publicKeyFor(args, firstSigned?.keyId ?? '', deps);
  const report = inspectHistory(entries, publicKey);
  return {
    ok: true,
    signatureValid: report.signatureStatus === 'verified',
    keyId: report.keyId,
    mode: 'history',
    verdict: report.verdict,
    history: {
      entriesTotal: report.entriesTotal,
      signedCount: report.signedCount,
      headSeq: report.headSeq,
      chainIntegrity: report.chainIntegrity,
      signatureStatus: report.signatureStatus,
    },
  };
}
