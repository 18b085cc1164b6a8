// The client capability store (tools.md §5, seed 003): the declared context window and the output budget that
// reads inherit when a call omits max_tokens. One per process on stdio/HTTP, one per connection on WS.
import type { EnvMap } from '../runtime/context.ts';
import { inspectEnv, readEnv } from '../config/env.ts';
import type { ProfileId } from '../contract/profiles.ts';

export const CONTEXT_MIN = 1024;
export const CONTEXT_MAX = 2_000_000;
export const OUTPUT_FRACTION = 0.2;
export const OUTPUT_MIN = 512;
export const OUTPUT_MAX = 16_384;

export function outputBudgetFor(contextTokens: number): number {
  return Math.min(OUTPUT_MAX, Math.max(OUTPUT_MIN, Math.round(contextTokens * OUTPUT_FRACTION)));
}

/** Advisory only, never applied: reader < 8192 ≤ researcher < 32768 ≤ full. */
export function suggestedProfileFor(contextTokens: number): ProfileId {
  if (contextTokens < 8192) return 'reader';
  if (contextTokens < 32768) return 'researcher';
  return 'full';
}

export interface CapabilitySnapshot {
  configured: boolean;
  contextTokens: number | null;
  outputBudgetTokens: number | null;
  suggestedProfile: ProfileId | null;
  modelId: string | null;
  source: 'tool' | 'env' | null;
}

export const EMPTY_SNAPSHOT: CapabilitySnapshot = Object.freeze({
  configured: false,
  contextTokens: null,
  outputBudgetTokens: null,
  suggestedProfile: null,
  modelId: null,
  source: null,
});

function snapshotOf(contextTokens: number, modelId: string | null, source: 'tool' | 'env'): CapabilitySnapshot {
  return Object.freeze({
    configured: true,
    contextTokens,
    outputBudgetTokens: outputBudgetFor(contextTokens),
    suggestedProfile: suggestedProfileFor(contextTokens),
    modelId,
    source,
  });
}

export class ClientCapabilityStore {
  // Snapshots are immutable and swapped whole, so a concurrent reader sees the old or the new one, never a mix.
  private current: CapabilitySnapshot = EMPTY_SNAPSHOT;
  private readonly env: EnvMap;
  private readonly warn: (line: string) => void;

  constructor(env: EnvMap, warn: (line: string) => void) {
    this.env = env;
    this.warn = warn;
    this.bootstrapFromEnv();
  }

  get snapshot(): CapabilitySnapshot {
    return this.current;
  }

  /** Re-reads OCCAM_CLIENT_CONTEXT_TOKENS / OCCAM_CLIENT_MODEL_ID (may leave the store unconfigured). */
  bootstrapFromEnv(): CapabilitySnapshot {
    const tokens = readEnv<number | null>('OCCAM_CLIENT_CONTEXT_TOKENS', this.env, this.warn);
    const model = inspectEnv<string | null>('OCCAM_CLIENT_MODEL_ID', this.env).value;
    this.current = tokens == null ? EMPTY_SNAPSHOT : snapshotOf(tokens, model, 'env');
    return this.current;
  }

  configure(contextTokens: number, modelId: string | null): CapabilitySnapshot {
    if (!Number.isInteger(contextTokens) || contextTokens < CONTEXT_MIN || contextTokens > CONTEXT_MAX) {
      throw new RangeError(`context_tokens must be an integer in ${CONTEXT_MIN}–${CONTEXT_MAX}`);
    }
    this.current = snapshotOf(contextTokens, modelId, 'tool');
    return this.current;
  }

  /**
   * tools.md §5.4: an explicit limit wins; else the configured output budget; else null (no cap).
   * Explicit values are validated by the calling tool's schema (min 128).
   */
  resolveMaxTokens(explicit: number | null | undefined): number | null {
    if (explicit != null) return explicit;
    return this.current.configured ? this.current.outputBudgetTokens : null;
  }
}
