// occam_browser_interact (playbooks.md §13.5): open a URL in the shared browser pool, run a short declarative
// plan (fetch/browser/actions.ts), then materialise the resulting page through the one read pipeline (same
// extractor as a browser transcode, token budget, focus, Receipt v1). `actionPlanHash` travels beside the receipt,
// unsigned (trust.md §3.2 fixes the signed fields). Never cached; typed text never appears in any output.
import type { RuntimeContext } from '../runtime/context.ts';
import { normaliseError, OccamError, topFailure, type FailureCode } from '../contract/failures.ts';
import { guardPolicyFor } from '../fetch/acquire.ts';
import { actionPlanHash, parseActionPlan, redactAction, type ActionOutcome, type BrowserAction } from '../fetch/browser/actions.ts';
import type { Services } from '../runtime/services.ts';
import type { BrowserSession } from '../fetch/session.ts';
import { loadBudgetCost, type TokenCost } from '../budget/tokens.ts';
import { boundedEcho, parseHttpUrl } from '../read/url-input.ts';

// The default plan deadline plus the capture grace stay inside the default tool deadline (OCCAM_TOOL_DEADLINE_MS,
// 45 s), so a slow page ends in a typed timeout before a client's own 60 s request timeout (issue 14).
export const DEADLINE_MS = { default: 25_000, min: 1000, max: 180_000 };
/** Time left for materialising the page after the plan's deadline. */
const CAPTURE_GRACE_MS = 15_000;

/** Tokens of this tool's own fields around the read (trace, plan hash, echoes), charged to the budget. */
function interactOverhead(cost: TokenCost, url: string, actions: readonly BrowserAction[]): number {
  const trace = actions.map((a, index) => ({ ...redactAction(a), index, do: a.do, ok: false, failure: 'action_failed', message: 'x'.repeat(40) }));
  const skeleton = { url, finalUrl: url, backend: 'browser_playwright', actionPlanHash: 'x'.repeat(64), stepsRun: 99, actionTrace: trace, truncated: true, truncationStrategy: 'focus_window', partial: true, cached: false };
  return cost(JSON.stringify(skeleton));
}

export interface InteractArgs {
  url: string;
  actions: string;
  session_profile?: string | null;
  focus_query?: string | null;
  max_tokens?: number | null;
  deadline_ms?: number | null;
}

export interface InteractDeps {
  runtime: RuntimeContext;
  services: Services;
  signal?: AbortSignal;
  /** The tool call's overall deadline (performance.now() clock). */
  deadlineAt?: number;
  resolveMaxTokens: (explicit: number | null) => number | null;
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

function traceOf(actions: readonly BrowserAction[], outcomes: readonly ActionOutcome[]) {
  return outcomes.map((o) => ({
    ...redactAction(actions[o.index]),
    index: o.index,
    do: o.do,
    ok: o.ok,
    ...(o.failure ? { failure: o.failure } : {}),
    ...(o.message ? { message: o.message } : {}),
  }));
}

export async function browserInteract(args: InteractArgs, deps: InteractDeps): Promise<{ ok: boolean } & Record<string, unknown>> {
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const fail = (code: FailureCode, message: string, extra: Record<string, unknown> = {}) => topFailure(code, message, { url: boundedEcho(url), stepsRun: 0, ...extra });
  let actions: BrowserAction[];
  try {
    if (!url) throw new OccamError('invalid_arguments', 'url is required.');
    parseHttpUrl(url); // invalid_url before anything else, as on every tool (issue 14)
    if (args.max_tokens !== undefined && args.max_tokens !== null && args.max_tokens < 128) throw new OccamError('invalid_arguments', 'max_tokens must be at least 128.');
    actions = parseActionPlan(args.actions);
  } catch (err) {
    const { code, message } = normaliseError(err);
    return fail(code, message);
  }
  const planHash = actionPlanHash(actions);
  const deadlineMs = Math.min(DEADLINE_MS.max, Math.max(DEADLINE_MS.min, Math.trunc(args.deadline_ms ?? DEADLINE_MS.default)));
  const { locateBrowser } = await import('../fetch/browser/discover.ts');
  if (!locateBrowser(deps.runtime).path) return fail('workers_unavailable', 'browser_interact needs Chromium and none is installed.', { actionPlanHash: planHash });

  const outcomes: ActionOutcome[] = [];
  let finalUrl: string | undefined;
  const total = actions.length + 1;
  const [{ transcode }, { browserPoolService }] = await Promise.all([import('../read/transcode.ts'), import('../fetch/browser/pool.ts')]);
  const sessionId = args.session_profile?.trim() || null;
  let browserSession: BrowserSession | undefined;
  try {
    if (sessionId) {
      const { loadSessionProfileFor, browserSessionOf } = await import('../fetch/session.ts');
      browserSession = browserSessionOf(await loadSessionProfileFor(sessionId, new URL(url), deps.runtime));
    }
  } catch (err) {
    const { code, message } = normaliseError(err);
    return fail(code, message, { actionPlanHash: planHash });
  }
  const pool = await deps.services.use(browserPoolService);
  const budget = deps.resolveMaxTokens(args.max_tokens ?? null);
  const overhead = budget !== null ? interactOverhead(await loadBudgetCost(), url, actions) : undefined;
  const read = await transcode(
    {
      url,
      backend_policy: 'browser',
      focus_query: args.focus_query ?? null,
      max_tokens: args.max_tokens ?? null,
      playbook_policy: 'off',
    },
    {
      runtime: deps.runtime,
      services: deps.services,
      signal: deps.signal,
      ...(deps.deadlineAt !== undefined ? { deadlineAt: deps.deadlineAt } : {}),
      resolveMaxTokens: deps.resolveMaxTokens,
      playbook: null,
      ...(overhead !== undefined ? { envelopeOverhead: overhead } : {}),
      // The browser backend of this read is the pool with the plan attached.
      browser: {
        render: async (target, o) => {
          const page = await pool.render(target, {
            policy: guardPolicyFor(deps.runtime),
            signal: o.signal,
            timeoutMs: deadlineMs + CAPTURE_GRACE_MS,
            ...browserSession,
            actions,
            actionDeadlineMs: deadlineMs,
            onActionStep: (outcome) => {
              outcomes.push(outcome);
              void deps.onProgress?.(outcomes.length, total);
            },
          });
          finalUrl = page.finalUrl;
          return { finalUrl: page.finalUrl, status: page.status, html: page.html, ...(page.htmlTruncated ? { htmlTruncated: true, htmlTotalChars: page.htmlTotalChars } : {}) };
        },
      },
    },
  );
  const actionTrace = traceOf(actions, outcomes);
  const stepsRun = outcomes.filter((o) => o.ok).length;
  if (!read.ok) {
    const f = read.failure as { code: FailureCode; message: string };
    const failed = outcomes.find((o) => !o.ok);
    return topFailure(f.code, f.message, {
      url,
      ...(finalUrl ? { finalUrl } : {}),
      actionPlanHash: planHash,
      ...(failed ? { failedIndex: failed.index } : {}),
      stepsRun,
      ...(actionTrace.length ? { actionTrace } : {}),
    });
  }
  await deps.onProgress?.(total, total);
  const compile = read.compile as { truncated?: boolean; truncationStrategy?: string; omitted?: unknown; sourceTruncated?: unknown } | undefined;
  const urls = read.url as { finalUrl?: string } | undefined;
  return {
    ok: true,
    url,
    finalUrl: urls?.finalUrl ?? finalUrl ?? url,
    markdown: read.markdown,
    backend: 'browser_playwright',
    actionPlanHash: planHash,
    stepsRun,
    actionTrace,
    contentHash: read.contentHash,
    truncated: Boolean(compile?.truncated),
    ...(compile?.truncationStrategy ? { truncationStrategy: compile.truncationStrategy } : {}),
    // Cut by the budget or the browser's HTML cap: say so, with what was lost (issue 14).
    partial: read.partial === true,
    ...(read.partial === true && compile?.omitted ? { omitted: compile.omitted } : {}),
    ...(compile?.sourceTruncated ? { sourceTruncated: compile.sourceTruncated } : {}),
    ...(read.receipt ? { receipt: read.receipt } : {}),
    cached: false,
  };
}
