// The receipt step of the read pipeline (reading.md §2 step 10, trust.md §3.6–3.9), filled in by the trust
// layer. With receipts off (or when signing fails) `receipt` carries telemetry only (tokensUsed, tokenEstimator,
// truncationStrategy, confidence, elapsedMs) and nothing is signed — a read never fabricates a signature.
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';

export interface ReceiptStepInput {
  /** `extraction` after a successful read; `negative` for provable walls (captcha, login, paywall, 401/403/404/410). */
  kind: 'extraction' | 'negative';
  url: string;
  finalUrl: string | null;
  backend: string | null;
  /** Bare lowercase hex SHA-256 of the returned markdown (extraction only). */
  contentHash: string | null;
  tokens: number;
  confidence: number;
  /** Retained blocks in order, for the Merkle leaves (text + source selector). */
  blocks: ReadonlyArray<{ text: string; sourceSelector: string }>;
  /** No token/fit pruning dropped blocks (trust.md §3.7 leafSetComplete). */
  leafSetComplete: boolean;
  failureCode?: string;
  statusCode?: number;
  emitCapsule: boolean;
  /** The returned markdown; when given, an emitted capsule carries it as `content` (self-verifying). */
  markdown?: string;
  /** Playbook applied to the read, signed into the receipt. */
  playbook?: { id: string; version: string };
  /** Budget trial: return a receipt of the real size without signing it (never shown to a caller). */
  sizingOnly?: boolean;
  runtime: RuntimeContext;
  services: Services;
}

export interface ReceiptStepOutput {
  signed?: Record<string, unknown>;
  blockLeaves?: string[];
  timeAnchor?: Record<string, unknown>;
  capsule?: string;
}

export type ReceiptStep = (input: ReceiptStepInput) => Promise<ReceiptStepOutput | null>;

/**
 * Set by the trust layer (src/trust/receipts/read-receipt.ts). null would mean receipts are unsigned telemetry
 * and `emit_capsule` is reported as unavailable. Returns null with OCCAM_RECEIPTS=off (the key is still minted).
 */
// Loaded once on the first read (a dynamic import per call still pays module resolution, ~1 ms).
let readReceiptModule: Promise<typeof import('../trust/receipts/read-receipt.ts')> | null = null;

export const transcodeReceiptStep: ReceiptStep | null = async (input) => {
  readReceiptModule ??= import('../trust/receipts/read-receipt.ts');
  const { signReadReceipt } = await readReceiptModule;
  return signReadReceipt(
    {
      kind: input.kind,
      url: input.url,
      finalUrl: input.finalUrl,
      backend: input.backend,
      contentHash: input.contentHash,
      markdown: input.markdown ?? null,
      blocks: input.blocks,
      leafSetComplete: input.leafSetComplete,
      tokens: input.kind === 'extraction' ? input.tokens : null,
      confidence: input.confidence,
      playbook: input.playbook ?? null,
      failureCode: input.failureCode ?? null,
      statusCode: input.statusCode ?? null,
    },
    { runtime: input.runtime, services: input.services },
    { emitCapsule: input.emitCapsule, sizingOnly: input.sizingOnly },
  );
};
