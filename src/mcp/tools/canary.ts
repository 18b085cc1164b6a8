// occam_canary_issue / occam_canary_verify (tools.md §3.1.17–18, trust.md §2.11): proof-of-read checks. Issue
// returns a probe URL on this host's loopback probe server (never the sentinel); verify adjudicates what the
// agent says it read. Heavy parts (the probe host) start on the first issue.
import { z } from 'zod';
import { nestedFailure, nowIso } from '../../contract/failures.ts';
import { defineTool, type ToolContext, type ToolResultObject } from '../tool.ts';
import { readEnv } from '../../config/env.ts';

const issueSchema = z.object({
  session_id: z
    .string()
    .nullable()
    .optional()
    .describe('[trust] Session id, 1–128 chars of [A-Za-z0-9._-]. Omit to have one generated.'),
  ttl_seconds: z
    .number()
    .int()
    .min(30)
    .max(86_400)
    .nullable()
    .optional()
    .describe('[trust] Advisory lifetime in seconds (30–86400): shortens expiresAt only; freshness buckets are unchanged.'),
});

const verifySchema = z.object({
  session_id: z.string().describe('[trust] The sessionId returned by occam_canary_issue.'),
  sentinel: z.string().describe('[trust] The sentinel exactly as read on the probe page (quote it verbatim; do not guess).'),
});

const ISSUE_DESCRIPTION = [
  'Starts a proof-of-read check: returns a short-lived probe URL on a local probe host plus a sessionId.',
  'The sentinel is NOT in this response: read the URL with occam_transcode, quote the value after "Sentinel:" verbatim, then call occam_canary_verify.',
  'Proves only that a value from that page reached you in this time window; it says nothing about any other URL.',
].join(' ');

const VERIFY_DESCRIPTION = [
  'Adjudicates a sentinel you claim to have read from an occam_canary_issue probe page.',
  'Verdicts: READ_VERIFIED (fresh read, ok:true), READ_STALE (read, but outside the fresh window, ok:true),',
  'HALLUCINATED (matches nothing: invented, altered or from another session), REPLAY_SUSPECT (authentic value this host never served).',
  'ok:false with a verdict is an answer, not a failure.',
].join(' ');

const failure = (ctx: ToolContext, code: 'invalid_arguments' | 'canary_unavailable', message: string): ToolResultObject =>
  nestedFailure({ code, message, retryable: false }, { timestamp: nowIso(ctx.runtime.now) });

function unavailable(ctx: ToolContext, err: unknown): ToolResultObject {
  const why = err instanceof Error ? err.message : String(err);
  ctx.log(`[occam.canary] unavailable: ${why}`);
  return failure(ctx, 'canary_unavailable', `canary subsystem unavailable: ${why}`);
}

export const canaryIssueTool = defineTool({
  name: 'occam_canary_issue',
  description: ISSUE_DESCRIPTION,
  inputSchema: issueSchema,
  handler: async (args, ctx) => {
    const { canaryProbeService } = await import('../../trust/canary/service.ts');
    const { generateSessionId } = await import('../../trust/canary/sentinel.ts');
    const requested = (args.session_id ?? '').trim();
    const sessionId = requested === '' ? generateSessionId() : requested;
    let probe;
    try {
      probe = await ctx.services.use(canaryProbeService);
    } catch (err) {
      return unavailable(ctx, err);
    }
    if (!probe.authority.isValidSessionId(sessionId)) {
      return failure(ctx, 'invalid_arguments', `session_id must be 1–${probe.authority.options.maxSessionIdLength} characters of [A-Za-z0-9._-]`);
    }
    const issued = probe.authority.issue(sessionId, 'mcp');
    const expiresAt = args.ttl_seconds != null ? Math.min(issued.expiresAt, issued.issuedAt + args.ttl_seconds * 1000) : issued.expiresAt;
    return {
      ok: true,
      url: probe.host.probeUrl(sessionId),
      sessionId,
      expiresAt: new Date(expiresAt).toISOString(),
      bucket: issued.bucket,
    };
  },
});

export const canaryVerifyTool = defineTool({
  name: 'occam_canary_verify',
  description: VERIFY_DESCRIPTION,
  inputSchema: verifySchema,
  handler: async (args, ctx) => {
    const sessionId = args.session_id.trim();
    const sentinel = args.sentinel.trim();
    if (sessionId === '') return failure(ctx, 'invalid_arguments', 'session_id is required');
    if (sentinel === '') return failure(ctx, 'invalid_arguments', 'sentinel is required (quote the value read on the probe page)');
    const { canaryAuthorityService } = await import('../../trust/canary/service.ts');
    const { isReadEvidence } = await import('../../trust/canary/authority.ts');
    let authority;
    try {
      authority = await ctx.services.use(canaryAuthorityService);
    } catch (err) {
      return unavailable(ctx, err);
    }
    const r = authority.verify(sessionId, sentinel);
    const result: ToolResultObject = {
      ok: isReadEvidence(r.verdict),
      verdict: r.verdict,
      bucket: r.matchedBucket,
      reason: r.detail,
      sessionId: r.sessionId,
      currentBucket: r.currentBucket,
      matchedBucket: r.matchedBucket,
      bucketDistance: r.bucketDistance,
    };
    // With the exam on, the verdict is signed by this install, so any host's transcript of this call is proof the
    // exam can check offline (src/exam/transcript/attestation.ts). Signing trouble never costs the verdict.
    if (readEnv<boolean>('OCCAM_EXAM_MCP', ctx.runtime.env)) {
      try {
        const [{ VERDICT_ATTESTATION_FORMAT, attestationBytes }, { keysDirOf, openKeyStore }] = await Promise.all([
          import('../../exam/transcript/attestation.ts'),
          import('../../trust/keys.ts'),
        ]);
        const keys = openKeyStore(keysDirOf(ctx.runtime));
        const signed = { format: VERDICT_ATTESTATION_FORMAT as typeof VERDICT_ATTESTATION_FORMAT, canarySessionId: sessionId, sentinel, verdict: r.verdict, t: nowIso(ctx.runtime.now) };
        result.attestation = { ...signed, keyId: keys.signer.keyId, sig: keys.signer.sign(attestationBytes(sessionId, signed)) };
      } catch (err) {
        ctx.log(`[occam.canary] verdict not signed: ${(err as Error).message}`);
      }
    }
    return result;
  },
});
