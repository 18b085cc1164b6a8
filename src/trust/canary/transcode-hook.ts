// The read pipeline's canary short-circuit (trust.md §2.11): when occam_transcode is asked for this process's
// probe URL, the page is produced in-process — no outbound fetch, so the private-address guard never has to
// make an exception — and returned like any successful read (backend `canary`, status 200, signed receipt).
import type { RuntimeContext } from '../../runtime/context.ts';
import type { Services } from '../../runtime/services.ts';
import { sha256Hex } from '../bytes.ts';
import { signReadReceipt } from '../receipts/read-receipt.ts';
import { readCanaryProbe } from './service.ts';

/**
 * A complete `occam_transcode` success for the running probe URL, or null for every other URL (the pipeline then
 * continues as usual). `inputUrl` is echoed as `url.url`; `fetchUrl` (fragment removed) is what is matched.
 */
export async function canaryTranscodeResult(
  inputUrl: string,
  fetchUrl: string,
  deps: { runtime: RuntimeContext; services: Services; emitCapsule?: boolean },
): Promise<({ ok: true } & Record<string, unknown>) | null> {
  const started = performance.now();
  const read = await readCanaryProbe(deps.services, fetchUrl);
  if (!read) return null;
  const contentHash = sha256Hex(read.markdown);
  const signed = await signReadReceipt(
    { kind: 'extraction', url: inputUrl, finalUrl: read.finalUrl, backend: 'canary', markdown: read.markdown, contentHash, tokens: read.tokenEstimate },
    deps,
    { emitCapsule: deps.emitCapsule },
  );
  return {
    ok: true,
    url: { url: inputUrl, finalUrl: read.finalUrl },
    markdown: read.markdown,
    backend: 'canary',
    statusCode: read.statusCode,
    contentHash,
    receipt: { tokensUsed: read.tokenEstimate, truncationStrategy: null, elapsedMs: Math.round(performance.now() - started), ...(signed ?? {}) },
    agentHints: { suggestedNext: 'occam_canary_verify', warnings: [] },
  };
}
