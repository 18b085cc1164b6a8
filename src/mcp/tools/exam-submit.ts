// occam_exam_submit (OCCAM_EXAM_MCP=1; tools.md §3.2.5, exam.md §9): grades a capability-exam behaviour record,
// caches the grade, and — unless the operator locked the surface — applies the tier's profile to this
// connection and sends notifications/tools/list_changed. It fetches nothing and runs no task itself.
import { z } from 'zod';
import { nestedFailure, nowIso } from '../../contract/failures.ts';
import { defineService, type Services } from '../../runtime/services.ts';
import { defineTool, type SessionState, type ToolContext, type ToolResultObject } from '../tool.ts';
import type { SentinelVerifier } from '../../exam/grader.ts';

const inputSchema = z.object({
  submission: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .describe(
      '[core] The behaviour record as JSON text (an object is accepted too): clientInfo, modelHint, sessionId, ' +
        'selfReportTier?, canaryVerdict or canarySentinel+canarySessionId, basicCallArguments, focusBudgetArguments, ' +
        'chain{calls[],producedValue}.',
    ),
});

const DESCRIPTION = [
  'Grades a capability-exam behaviour record: four one-point tasks (canary, basic_call, focus_budget, chain).',
  'Score 0–1 → weak → minimal profile (1 tool); 2–3 → medium → basic (3 tools); 4 → strong → full (18 tools).',
  'Unless the operator locked the surface, the profile is applied to this connection and tools/list_changed is sent:',
  'call tools/list again before using any other tool. Report the canary as canarySentinel + canarySessionId so this host verifies it itself.',
  'Fetches nothing.',
].join(' ');

/**
 * The grade cache (24 h TTL, 1024 subjects) in the state store, shared by every connection of this host and by
 * every other Occam process of this user (src/store/exam-grades.ts): the next `occam mcp` starts sized by it.
 */
export const examCacheService = defineService({
  id: 'exam.cache',
  create: async (runtime, services) => {
    const { openExamGradeStore } = await import('../../store/exam-grades.ts');
    return openExamGradeStore(runtime, { services });
  },
  dispose: async (store) => store.close(),
});

/** The initialize lookup is bounded: a slow store must never hold the handshake (exam.md §8.4). */
export const BOOTSTRAP_LOOKUP_MS = 1500;

/**
 * exam.md §8.4: on initialize, an unlocked connection whose `clientInfo` (`name/version`) matches a live stored
 * grade (submitted with blank modelHint/sessionId, or applied by `occam exam grade --apply`) takes that grade's
 * surface. It runs before the initialize result is returned, i.e. before the client's first tools/list, so no
 * list_changed is needed. A miss, a store error or a lookup over BOOTSTRAP_LOOKUP_MS changes nothing (the default
 * is never applied).
 */
export async function applyCachedExamGrade(session: SessionState, services: Services): Promise<boolean> {
  if (session.surface.locked) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const [{ applyExamTier }, { observedSubject }] = await Promise.all([import('../../exam/surface.ts'), import('../../exam/submission.ts')]);
    const subject = observedSubject(session);
    if (subject === null) return false;
    // Keyed by client name/version + the model this connection declared at boot (the OCCAM_CLIENT_CONTEXT_TOKENS + OCCAM_CLIENT_MODEL_ID bootstrap), or
    // `unknown` — its own key, never a wildcard (src/store/exam-grades.ts persistedKey).
    const lookup = services.use(examCacheService).then((store) => store.get(subject));
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), BOOTSTRAP_LOOKUP_MS);
    });
    const hit = await Promise.race([lookup, timeout]);
    if (!hit || hit.source !== 'exam') return false;
    return applyExamTier(session.surface, hit.tier).changed;
  } catch {
    return false; // a lookup problem must never fail the handshake
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Supplies the canary verifier of this host process (the one that issued the probe and holds its secret), or
 * undefined when the canary subsystem is unavailable — the grade then falls back to the claimed verdict and
 * says so in `canaryAdjudication`.
 */
export type VerifierResolver = (ctx: ToolContext) => Promise<SentinelVerifier | undefined>;

export function createExamSubmitTool(resolveVerifier: VerifierResolver) {
  return defineTool({
    name: 'occam_exam_submit',
    description: DESCRIPTION,
    inputSchema,
    handler: async (args, ctx): Promise<ToolResultObject> => {
      const { parseRecordText, recordFromValue } = await import('../../exam/record.ts');
      const { examineRecord, canaryAdjudicationOf } = await import('../../exam/report.ts');
      const { applicableTier } = await import('../../exam/grader.ts');
      const { observedSubject, subjectConflict } = await import('../../exam/submission.ts');
      const { applyExamTier } = await import('../../exam/surface.ts');
      const { MAX_SCORE, profileForTier } = await import('../../exam/tiers.ts');

      const failure = (code: 'invalid_arguments' | 'exam_subject_mismatch', message: string) =>
        nestedFailure({ code, message, retryable: false }, { timestamp: nowIso(ctx.runtime.now) });

      const parsed = typeof args.submission === 'string' ? parseRecordText(args.submission) : recordFromValue(args.submission);
      if (!parsed.ok) return failure('invalid_arguments', `invalid submission: ${parsed.reason}`);

      // The grade belongs to this connection: its subject is what the server observed here, never the record's word.
      const subject = observedSubject(ctx.session) ?? { clientInfo: 'unknown', modelHint: 'unknown', sessionId: ctx.session.id };
      const conflict = subjectConflict(parsed.record, subject);
      if (conflict !== null) return failure('exam_subject_mismatch', conflict);
      const record = { ...parsed.record, clientInfo: subject.clientInfo, modelHint: subject.modelHint, sessionId: subject.sessionId };

      let verifySentinel: SentinelVerifier | undefined;
      if (record.canarySentinel?.trim()) {
        try {
          verifySentinel = await resolveVerifier(ctx);
        } catch (err) {
          ctx.log(`[occam.exam] canary verifier unavailable: ${(err as Error).message}`);
        }
      }

      const report = examineRecord(record, { now: ctx.runtime.now, verifySentinel, verifierEvidence: 'host-authority' });
      const graded = report.graded;
      // Widening needs proof: a strong grade on a claimed canary is applied and persisted as medium.
      const applicable = applicableTier(graded);
      try {
        const cache = await ctx.services.use(examCacheService);
        await cache.store(report.subject, { score: graded.score, tier: applicable.tier, outcomes: graded.outcomes, gradedAt: graded.gradedAt, source: graded.source });
      } catch (err) {
        // The grade still applies to this connection; only its persistence failed.
        ctx.log(`[occam.exam] grade not stored: ${(err as Error).message}`);
      }

      const surface = ctx.session.surface;
      const change = applyExamTier(surface, applicable.tier);
      let listChangedSent = false;
      if (change.changed) {
        // Best effort: a send failure is logged by notifyToolsChanged and the grade still succeeds.
        listChangedSent = await ctx.notifyToolsChanged();
      }

      return {
        ok: true,
        score: graded.score,
        maxScore: MAX_SCORE,
        tier: graded.tier,
        source: graded.source,
        recommendedProfile: report.profile,
        toolCount: report.toolCount,
        applied: change.changed,
        pinned: surface.locked,
        activeProfile: surface.activeProfile,
        listChangedSent,
        clientInfo: report.subject.clientInfo,
        modelHint: report.subject.modelHint,
        sessionId: report.subject.sessionId,
        selfReportTier: report.selfReportTier,
        staticMapTier: report.staticMapTier,
        outcomes: graded.outcomes.map((o) => ({ task: o.task, passed: o.passed, detail: o.detail })),
        canaryAdjudication: canaryAdjudicationOf(graded),
        appliedTier: applicable.tier,
        appliedProfile: profileForTier(applicable.tier),
        wideningRefused: applicable.capped,
        ...(applicable.capped ? { wideningNote: applicable.note } : {}),
      };
    },
  });
}

/** This host process's canary verifier: the authority that issued the probe and holds its secret (ADR-0010). */
const resolveCanaryVerifier: VerifierResolver = async (ctx) => {
  const { canaryVerifier } = await import('../../trust/canary/service.ts');
  return canaryVerifier(ctx.services);
};

export const examSubmitTool = createExamSubmitTool(resolveCanaryVerifier);
