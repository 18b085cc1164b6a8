// Stage 0 of the read spine: the one context every stage reads and writes.
//   in:  the caller's TranscodeArgs and TranscodeDeps, the resolved detail level
//   out: a ReadState at once (clock, timings, warnings, stage log, the URL as known so far), then — after the
//        options stage (`prepareRead`) — a ReadContext: validated options, the effective max_tokens, the read's
//        abort signal and the level the budget measures what the reader sees at. A bad option halts with its typed failure
//        before anything is fetched.
import type { RuntimeContext } from '../../runtime/context.ts';
import type { Services } from '../../runtime/services.ts';
import type { PrivateOriginAllowance, Resolver } from '../../fetch/guard.ts';
import type { DialSeam } from '../../fetch/transport.ts';
import type { AcquiredDocument } from '../../fetch/acquire.ts';
import { parseFetchUrl } from '../../fetch/acquire.ts';
import { loadSessionProfileFor } from '../../fetch/session.ts';
import type { PlaybookOverlay } from '../../playbooks/overlay.ts';
import type { BrowserAction } from '../../fetch/browser/actions.ts';
import { OccamError, type NestedFailureInfo } from '../../contract/failures.ts';
import { loadBudgetCost, type TokenCost } from '../../budget/tokens.ts';
import { resolveOptions, type TranscodeArgs, type TranscodeOptions } from '../options.ts';
import { sectionsMaxFor, type DetailLevel } from '../detail.ts';
import { failureOf, failRead } from './failure.ts';

/** The stages of one read, in the order the spine runs them (src/read/transcode.ts). */
export const READ_STAGES = ['options', 'acquire', 'extract', 'budget', 'assemble', 'receipt'] as const;
export type ReadStageName = (typeof READ_STAGES)[number];

/** What a transcode needs from its caller; the MCP tool and `occam read` both build one. */
export interface TranscodeDeps {
  runtime: RuntimeContext;
  services: Services;
  /** Client cancellation (MCP) — aborts in-flight work as `timeout`. */
  signal?: AbortSignal;
  /** The tool call's overall deadline on the performance.now() clock: the HTTP and browser stages split what
   *  is left of it (issue 14). Absent: each stage keeps its own timeout. */
  deadlineAt?: number;
  /** tools.md §5.4: explicit wins, else the ambient budget, else null (no cap). */
  resolveMaxTokens: (explicit: number | null) => number | null;
  /** Exactly one private origin this call may reach (the `occam read --demo` page). */
  allowance?: PrivateOriginAllowance | null;
  /** Whose search handles `S1` / `H…` name (src/runtime/tenant.ts); the local tenant when absent. */
  tenant?: string;
  /** Tokens of the caller's own wrapper around this result (the `occam` facade, a digest item): the whole
   *  response is fitted to the budget minus this. */
  envelopeOverhead?: number;
  /** Test seams of the fetch layer (never exposed as parameters). */
  resolve?: Resolver;
  dial?: DialSeam;
  /** An in-memory page in place of the HTTP fetch (the reading bench measures whole responses without a network). */
  source?: (url: string) => Promise<AcquiredDocument>;
  /** Overrides browser discovery (tests); default: a usable Chromium is looked up. */
  browser?: BrowserBackend | null;
  /** A fixed playbook overlay (save's strict dry run of a draft); null forces none. Default: resolved per call
   *  when playbook_policy=auto (playbooks.md §4.1). */
  playbook?: PlaybookOverlay | null;
  /** The detail level the budget is measured at when it differs from the one returned (the `occam` facade
   *  returns `full` to itself and projects afterwards). Default: the call's `detail`. */
  budgetDetail?: DetailLevel;
  /** What the reader really sees, when it is not the JSON response (the CLI prints a header and the
   *  Markdown): the budget then counts this text. */
  view?: (response: TranscodeResult) => string;
  /** `occam read --explain`: the full response's `extraction.trace` (no cached response: a fresh read explains). */
  explain?: boolean;
  /** Test seam: told each stage as the spine enters it (never exposed as a parameter). */
  trace?: (stage: ReadStageName) => void;
}

/** The browser backend as the pipeline uses it (src/fetch/browser). */
export interface BrowserBackend {
  render: (url: string, opts: { signal?: AbortSignal; headers?: Record<string, string>; screenshot?: boolean; timeoutMs?: number; actions?: readonly BrowserAction[] }) => Promise<{
    finalUrl: string;
    status: number | null;
    html: string;
    /** The captured HTML was cut at the browser's cap (src/fetch/browser/pool.ts); the original length. */
    htmlTruncated?: boolean;
    htmlTotalChars?: number;
    screenshotJpeg?: string;
  }>;
}

export type TranscodeResult = { ok: boolean } & Record<string, unknown>;

/** A stage's early answer: a typed failure, or a response that needs no further stage (cache hit, canary). */
export interface Halt {
  readonly halt: TranscodeResult;
}
export const halt = (response: TranscodeResult): Halt => ({ halt: response });
export const isHalt = (value: unknown): value is Halt => typeof value === 'object' && value !== null && 'halt' in value;

export interface Clock {
  start: number;
  mark: () => number;
}

export const clock = (): Clock => {
  const start = performance.now();
  return { start, mark: () => Math.round(performance.now() - start) };
};

/** Stage timings of one read, for a timeout's report: each stage's duration, the running one up to now. */
export class StageLog {
  #entries: Array<{ stage: string; started: number; ms?: number }> = [];
  open(stage: string): () => void {
    const entry: { stage: string; started: number; ms?: number } = { stage, started: performance.now() };
    this.#entries.push(entry);
    return () => {
      entry.ms ??= Math.round(performance.now() - entry.started);
    };
  }
  report(): Array<{ stage: string; ms: number; running?: true }> {
    return this.#entries.map((e) => (e.ms !== undefined ? { stage: e.stage, ms: e.ms } : { stage: e.stage, ms: Math.round(performance.now() - e.started), running: true as const }));
  }
}

/** What is known of a read from its first instant: enough to answer with a typed failure at any point. */
export interface ReadState {
  readonly deps: TranscodeDeps;
  readonly detail: DetailLevel;
  readonly clock: Clock;
  readonly timings: Record<string, number>;
  readonly warnings: string[];
  readonly stages: StageLog;
  /** The caller's URL (after handle binding), echoed on failures. */
  inputUrl: string;
  /** The final URL once a fetch has one. */
  finalUrl: string | null;
  /** Set when a budget applies: a failure fits it too. */
  budget: { max: number; cost: TokenCost } | null;
}

/** The context of the stages after the options: everything a stage reads beyond its predecessor's output. */
export interface ReadContext extends ReadState {
  opts: TranscodeOptions;
  effectiveMax: number | null;
  /** Aborted by the deadline, the caller's cancellation or deadline_ms. */
  signal: AbortSignal;
  /** The level the budget is measured at (issue 29): what the reader sees is what the budget is spent on. */
  budgetDetail: DetailLevel;
  /** Cap on the lean `sections` list under this budget. */
  sectionsMax: number;
  /** The signed receipt is only charged to the budget where it travels inline; otherwise a reference does. */
  receiptInline: boolean;
}

export function startRead(args: TranscodeArgs, deps: TranscodeDeps, detail: DetailLevel): ReadState {
  return {
    deps,
    detail,
    clock: clock(),
    timings: { preflightMs: 0, routeMs: 0, networkMs: 0, parseMs: 0, postProcessMs: 0, compileMs: 0 },
    warnings: [],
    stages: new StageLog(),
    inputUrl: typeof args.url === 'string' ? args.url.trim() : '',
    finalUrl: null,
    budget: null,
  };
}

/** reading.md §17.4: a search handle (S1…S20, H + 8 hex) names a URL from occam_search; the bound URL is then guarded. */
async function bindSearchHandle(url: string, services: Services, tenant: string | undefined): Promise<string> {
  const { looksLikeHandle, handleStoreService } = await import('../search/handles.ts');
  if (!looksLikeHandle(url)) return url;
  return (await services.use(handleStoreService)).bind(url, tenant);
}

/** Where an llms.txt read came from (prefer_llms_txt). */
export const llmsTxtUrl = (ctx: ReadContext): string => `${new URL(ctx.opts.fetchUrl).origin}/llms.txt`;

/** The options stage (no network): validated options and the effective budget, or the typed failure. */
export async function prepareRead(state: ReadState, args: TranscodeArgs): Promise<{ opts: TranscodeOptions; effectiveMax: number | null } | Halt> {
  const { deps } = state;
  try {
    state.inputUrl = await bindSearchHandle(state.inputUrl, deps.services, deps.tenant);
    const opts = resolveOptions({ ...args, url: state.inputUrl });
    const effectiveMax = deps.resolveMaxTokens(opts.explicitMaxTokens);
    if (effectiveMax !== null) state.budget = { max: effectiveMax, cost: await loadBudgetCost() };
    // A profile for another site fails the read on every backend before anything is fetched (issue 30).
    if (opts.sessionProfile) await loadSessionProfileFor(opts.sessionProfile, parseFetchUrl(opts.fetchUrl), deps.runtime);
    state.timings.preflightMs = state.clock.mark();
    return { opts, effectiveMax };
  } catch (err) {
    return halt(failRead(state, failureOf(err) as NestedFailureInfo));
  }
}

/** The context the later stages share, from the state and the options stage's output. */
export function readContext(state: ReadState, prepared: { opts: TranscodeOptions; effectiveMax: number | null }, signal: AbortSignal): ReadContext {
  const ctx = state as ReadContext;
  const { deps } = state;
  const budgetDetail = deps.budgetDetail ?? state.detail;
  ctx.opts = prepared.opts;
  ctx.effectiveMax = prepared.effectiveMax;
  ctx.signal = signal;
  ctx.budgetDetail = budgetDetail;
  ctx.sectionsMax = sectionsMaxFor(prepared.effectiveMax);
  ctx.receiptInline = budgetDetail === 'full' && !deps.view;
  return ctx;
}

/**
 * The read's abort signal: the caller's cancellation (its own timeout error, if it has one) and deadline_ms.
 * `close` detaches both once the read has answered.
 */
export function openReadSignal(deps: TranscodeDeps, opts: TranscodeOptions): { signal: AbortSignal; close: () => void } {
  const controller = new AbortController();
  const onAbort = () => {
    const reason = deps.signal?.reason;
    controller.abort(reason instanceof OccamError ? reason : new OccamError('timeout', 'The read was cancelled.'));
  };
  if (deps.signal?.aborted) onAbort();
  deps.signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = opts.deadlineMs
    ? setTimeout(() => controller.abort(new OccamError('timeout', `The read exceeded deadline_ms (${opts.deadlineMs} ms).`)), opts.deadlineMs)
    : null;
  return {
    signal: controller.signal,
    close: () => {
      if (deadline) clearTimeout(deadline);
      deps.signal?.removeEventListener('abort', onAbort);
    },
  };
}
