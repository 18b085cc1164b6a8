// The `occam` facade (reading.md §20): one simple reader for weak clients and narrow profiles. It reuses the one
// read pipeline — playbook → focus/budget → HTTP extract → browser fallback → receipt — each step with its own
// timeout, labelled in `steps` in the order executed, so a slow stage degrades the answer instead of failing it.
import { createHash } from 'node:crypto';
import { OccamError, nestedFailure } from '../contract/failures.ts';
import { looksLikeHandle } from './search/handles.ts';
import { boundedEcho, parseHttpUrl } from './url-input.ts';
import { MAX_TOKENS_MIN } from './options.ts';
import { transcode, type TranscodeDeps, type TranscodeResult } from './transcode.ts';
import { loadBudgetCost, type TokenCost } from '../budget/tokens.ts';
import { sectionsMaxFor, type DetailLevel } from './detail.ts';
import { deliverRead } from './stages/receipt.ts';

export const STEP_TIMEOUTS_MS = { playbook_resolve: 2000, focus_budget: 5000, http_extract: 35_000, browser_fallback: 120_000, receipt: 2000 };
export const CASCADE_TOTAL_MS = 150_000;

export type StepKind = keyof typeof STEP_TIMEOUTS_MS;
export type StepStatus = 'ok' | 'skipped' | 'omitted' | 'failed' | 'degraded';

export interface CascadeStep {
  kind: StepKind;
  status: StepStatus;
  durationMs: number;
  detail?: string;
}

export interface CascadeRequest {
  url: string;
  task: string | null;
  budget: number | null;
  mode: 'auto' | 'advanced';
  ifNoneMatch: string | null;
  diffAgainst: string | null;
  /** lean | standard | full (issue 29); the facade's own fields (steps, mode) travel from standard up. */
  detail?: DetailLevel;
}

/** Playbook lookup for the first step; absent until a playbook store is configured for the process. */
export type PlaybookLookup = (url: string, signal: AbortSignal) => Promise<string | null>;

const TERMINAL_HTTP = new Set(['http_404', 'http_410']);
// A page over the HTTP size cap is over the browser's HTML cap too: rendering it would only cut it later.
const NO_BROWSER_AFTER = new Set(['private_url_blocked', 'invalid_url', 'invalid_arguments', 'unknown_handle', 'stale_handle', 'response_too_large', 'response_truncated']);

/** Tokens of the facade's own fields around the read (steps, omitted, mode, echoes), charged to the budget. */
function facadeOverhead(cost: TokenCost, req: CascadeRequest, task: string | null): number {
  const step = (kind: StepKind) => ({ kind, status: 'degraded', durationMs: 99_999, detail: 'browser_playwright' });
  const skeleton = {
    partial: true,
    maxTokens: 99_999,
    ...(task ? { focusQuery: task } : {}),
    playbookId: 'x'.repeat(40),
    mode: req.mode,
    steps: (Object.keys(STEP_TIMEOUTS_MS) as StepKind[]).map(step),
    omitted: ['http_extract', 'browser_fallback'],
    ...(req.mode === 'advanced' ? { hint: ADVANCED_HINT } : {}),
  };
  return cost(JSON.stringify(skeleton));
}

export function parseCascadeUrl(raw: string): string {
  const value = raw.trim();
  if (looksLikeHandle(value)) return value;
  parseHttpUrl(value);
  return value;
}

async function withTimeout<T>(ms: number, outer: AbortSignal, run: (signal: AbortSignal) => Promise<T>): Promise<{ value?: T; timedOut: boolean }> {
  const own = AbortSignal.timeout(ms);
  const signal = AbortSignal.any([outer, own]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => {
    const done = () => resolve({ timedOut: true });
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
    timer = setTimeout(done, ms + 50);
  });
  try {
    const result = await Promise.race([run(signal).then((value) => ({ value, timedOut: false })), timeout]);
    return result as { value?: T; timedOut: boolean };
  } finally {
    clearTimeout(timer);
  }
}

const ADVANCED_HINT =
  'Specialised readers (every transcode option, multi-page digests, site maps, receipt verification) live on wider profiles; ask the operator to widen the surface — it does not change during this call.';

export async function cascade(req: CascadeRequest, deps: TranscodeDeps, playbooks?: PlaybookLookup): Promise<TranscodeResult> {
  const steps: CascadeStep[] = [];
  const omitted: StepKind[] = [];
  // Under a tool deadline (issue 14) the whole cascade ends with it, and its stages split what is left.
  const left = () => (deps.deadlineAt !== undefined ? Math.max(1000, deps.deadlineAt - performance.now()) : Infinity);
  const total = AbortSignal.timeout(Math.round(Math.min(CASCADE_TOTAL_MS, left())));
  const stageMs = (kind: StepKind): number => {
    const own = STEP_TIMEOUTS_MS[kind];
    if (deps.deadlineAt === undefined) return own;
    const share = kind === 'http_extract' ? left() * 0.45 : left() - 500;
    return Math.round(Math.max(500, Math.min(own, share)));
  };
  const outer = deps.signal ? AbortSignal.any([deps.signal, total]) : total;
  const record = (kind: StepKind, status: StepStatus, started: number, detail?: string) => {
    steps.push({ kind, status, durationMs: Math.round(performance.now() - started), ...(detail ? { detail } : {}) });
    if (status === 'omitted') omitted.push(kind);
  };

  // 1. playbook_resolve (soft)
  let playbookId: string | null = null;
  let started = performance.now();
  if (!playbooks) {
    record('playbook_resolve', 'skipped', started, 'no_matching_playbook');
  } else {
    const r = await withTimeout(stageMs('playbook_resolve'), outer, (s) => playbooks(req.url, s).catch(() => null));
    if (r.timedOut) record('playbook_resolve', 'omitted', started, 'timeout');
    else if (r.value) {
      playbookId = r.value;
      record('playbook_resolve', 'ok', started, r.value);
    } else record('playbook_resolve', 'skipped', started, 'no_matching_playbook');
  }

  // 2. focus_budget
  started = performance.now();
  const task = req.task?.trim() || null;
  const maxTokens = deps.resolveMaxTokens(req.budget);
  if (req.budget != null && req.budget < MAX_TOKENS_MIN) throw new OccamError('invalid_arguments', `budget must be at least ${MAX_TOKENS_MIN}.`);
  const focusDetail = [task ? `task=${task}` : null, maxTokens != null ? `budget=${maxTokens}` : null].filter(Boolean).join(';');
  record('focus_budget', focusDetail ? 'ok' : 'skipped', started, focusDetail || 'no_task_or_budget');

  const readArgs = {
    url: req.url,
    max_tokens: maxTokens,
    focus_query: task,
    fit_markdown: task ? true : null,
    if_none_match: req.ifNoneMatch,
    diff_against: req.diffAgainst,
    playbook_policy: playbookId ? 'auto' : 'off',
  };
  const detail = req.detail ?? 'full';
  const readDeps: TranscodeDeps = {
    ...deps,
    resolveMaxTokens: (explicit) => explicit,
    // The read is measured as the caller will see it: a lean facade is the lean read; standard and full add
    // the facade's own fields (steps, mode), charged as overhead.
    budgetDetail: detail,
    ...(maxTokens != null && detail !== 'lean' ? { envelopeOverhead: facadeOverhead(await loadBudgetCost(), req, task) } : {}),
  };

  let suggestedMinTokens: number | undefined;
  // One extract stage: a transcode with a fixed backend policy under the stage's own timeout.
  type StageOutcome = { body: TranscodeResult | null; failure: { code: string; message: string } | null };
  const extractStage = async (kind: 'http_extract' | 'browser_fallback', policy: 'http' | 'browser', successStatus: StepStatus): Promise<StageOutcome> => {
    const stageStarted = performance.now();
    const ms = stageMs(kind);
    const r = await withTimeout(ms, outer, (s) =>
      transcode({ ...readArgs, backend_policy: policy }, { ...readDeps, signal: s, deadlineAt: performance.now() + ms }),
    );
    if (r.timedOut || !r.value) {
      record(kind, 'omitted', stageStarted, 'timeout');
      return { body: null, failure: { code: 'timeout', message: `The ${policy} read did not finish in time.` } };
    }
    if (r.value.ok) {
      record(kind, successStatus, stageStarted, String(r.value.backend ?? policy));
      return { body: r.value, failure: null };
    }
    const failure = r.value.failure as { code: string; message: string };
    if (typeof r.value.suggestedMinTokens === 'number') suggestedMinTokens = r.value.suggestedMinTokens;
    record(kind, 'failed', stageStarted, failure.code);
    return { body: null, failure };
  };

  // 3. http_extract
  let { body, failure: lastFailure } = await extractStage('http_extract', 'http', 'ok');

  // 4. browser_fallback — only when HTTP produced no body
  started = performance.now();
  if (body) record('browser_fallback', 'skipped', started, 'http_succeeded');
  else if (lastFailure && TERMINAL_HTTP.has(lastFailure.code)) record('browser_fallback', 'skipped', started, 'terminal_http');
  else if (lastFailure && NO_BROWSER_AFTER.has(lastFailure.code)) record('browser_fallback', 'skipped', started, lastFailure.code);
  else ({ body, failure: lastFailure } = await extractStage('browser_fallback', 'browser', 'degraded'));

  // 5. receipt
  started = performance.now();
  const markdown = body && typeof body.markdown === 'string' ? body.markdown : null;
  if (!body) record('receipt', 'skipped', started, 'no_body');
  else if (body.receipt && (body.receipt as { signed?: unknown }).signed) record('receipt', 'ok', started, 'content_hash');
  else record('receipt', 'skipped', started, 'receipts_disabled');

  const hint = req.mode === 'advanced' ? ADVANCED_HINT : undefined;
  if (!body) {
    const code = (lastFailure?.code ?? 'extraction_failed') as Parameters<typeof nestedFailure>[0]['code'];
    const facadeFields = detail === 'lean' ? {} : { mode: req.mode, steps, omitted, ...(hint ? { hint } : {}) };
    return fitFacade(
      nestedFailure(
        { code, message: 'cascade produced no usable extract.', reason: lastFailure?.message },
        { partial: false, url: boundedEcho(req.url), ...facadeFields, ...(suggestedMinTokens ? { suggestedMinTokens } : {}) },
      ),
      maxTokens,
    );
  }
  // partial: a stage was omitted, or the body itself was cut (budget, size cap, browser HTML cap) — issue 14.
  const bodyCut = body.partial === true;
  if (detail !== 'full') {
    const read = await deliverRead(body, detail, deps, { sectionsMax: sectionsMaxFor(maxTokens) });
    const partial = omitted.length > 0 || bodyCut;
    return {
      ...read,
      // As in a lean read, `partial` appears at lean only when something is missing.
      ...(partial || detail === 'standard' ? { partial } : {}),
      ...(detail === 'standard' ? { ...(playbookId ? { playbookId } : {}), ...(maxTokens != null ? { maxTokens } : {}), mode: req.mode, steps, omitted, ...(hint ? { hint } : {}) } : {}),
    };
  }
  return fitFacade({
    ok: true,
    partial: omitted.length > 0 || bodyCut,
    url: req.url,
    markdown: markdown ?? '',
    ...(playbookId ? { playbookId } : {}),
    backend: body.backend,
    ...(maxTokens != null ? { maxTokens } : {}),
    ...(task ? { focusQuery: task } : {}),
    // An unchanged read returns no body; its hash is the page's, as transcode reported it.
    contentHash: body.unchanged === true && typeof body.contentHash === 'string' ? body.contentHash : createHash('sha256').update(markdown ?? '', 'utf8').digest('hex'),
    ...(body.unchanged !== undefined ? { unchanged: body.unchanged } : {}),
    ...(body.diff !== undefined ? { diff: body.diff } : {}),
    ...(body.receipt !== undefined ? { receipt: body.receipt } : {}),
    // What was cut, as the read reported it (listed or summarised).
    ...(body.compile !== undefined && (bodyCut || (body.compile as { fit?: unknown }).fit) ? { compile: body.compile } : {}),
    mode: req.mode,
    steps,
    omitted,
    ...(hint ? { hint } : {}),
  }, maxTokens);
}

/** The facade's answer fits its budget too: step details, the hint and the failure reason go first. */
async function fitFacade(result: TranscodeResult, maxTokens: number | null): Promise<TranscodeResult> {
  if (maxTokens == null) return result;
  const cost = await loadBudgetCost();
  const fits = () => cost(JSON.stringify(result)) <= maxTokens;
  const shed: Array<() => void> = [
    () => delete result.hint,
    () => {
      const failure = result.failure as Record<string, unknown> | undefined;
      if (failure) delete failure.reason;
    },
    () => (result.steps as CascadeStep[]).forEach((s) => delete s.detail),
    () => (result.steps as CascadeStep[]).forEach((s) => delete (s as Partial<CascadeStep>).durationMs),
    () => delete result.focusQuery,
  ];
  for (const step of shed) {
    if (fits()) break;
    step();
  }
  return result;
}
