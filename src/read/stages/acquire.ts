// Stage 1 of the read spine: acquire (reading.md §6.4, §15).
//   in:  ReadContext (options, signal, deps: source / browser / playbook seams)
//   out: Acquired — the winning attempt (its extracted page and document facts), the recovery trail, whether a
//        browser was tried, the playbook overlay, and the response cache slot to fill at the end; or a Halt:
//        the canary probe's answer, a cache hit, or the typed failure of the most informative attempt (with a
//        signed negative receipt for provable walls).
// Order: canary → cache lookup → notes for opt-ins this build lacks → playbook overlay → llms.txt (when asked) →
// HTTP (publisher Markdown first, src/read/publisher-markdown.ts) → the browser when the router escalates.
// Each attempt extracts its body at once (extract.ts): the router needs to know whether the extract is usable.
import { acquire, guardPolicyFor, parseFetchUrl, type AcquiredDocument } from '../../fetch/acquire.ts';
import { loadSessionProfileFor } from '../../fetch/session.ts';
import { readEnv } from '../../config/env.ts';
import { politenessService } from '../../fetch/politeness.ts';
import type { FailureCode } from '../../contract/failures.ts';
import { defineService } from '../../runtime/services.ts';
import type { PlaybookOverlay } from '../../playbooks/overlay.ts';
import { canaryTranscodeResult } from '../../trust/canary/transcode-hook.ts';
import { cacheEligible, openResponseCache, privateCacheOwner, readKey, PUBLIC_SCOPE, type CacheScope, type ResponseCache } from '../cache.ts';
import { LOCAL_TENANT } from '../../runtime/tenant.ts';
import type { ExtractedPage } from '../extraction.ts';
import { acquirePreferringMarkdown } from '../publisher-markdown.ts';
import { halt, llmsTxtUrl, type BrowserBackend, type Halt, type ReadContext, type TranscodeResult } from './context.ts';
import { BROWSER_MISSING_WARNING, failRead, failureOf, failureRank, type AttemptFailure } from './failure.ts';
import { extractBody, type OverlayShaper } from './extract.ts';
import { receiptFor } from './receipt.ts';

/** Stage timeouts without a tool deadline (the CLI): HTTP 30 s, browser 60 s. */
const HTTP_STAGE_MS = 30_000;
const BROWSER_STAGE_MS = 60_000;
const LLMS_TXT_MIN_CHARS = 32;
/** Public references the browser would not read better: an unusable HTTP extract there is final. */
const PUBLIC_REFERENCE = [/\/\/[^/]*wikipedia\.org\/wiki\//i, /\/\/(www\.)?rfc-editor\.org\/rfc\//i, /\/\/docs\.[^/]+\/|\/docs\//i];
/** HTTP failures the browser cannot turn into a read: the router stops there. */
const NOT_ESCALATED = ['invalid_url', 'invalid_session_profile', 'session_profile_not_found', 'session_profile_host_mismatch', 'robots_disallowed', 'unsupported_content_type', 'ai_input_refused'];

export const responseCacheService = defineService({
  id: 'read.response-cache',
  create: openResponseCache,
});

type Backend = 'node_readability_turndown' | 'plain_text' | 'pdf' | 'browser_playwright';

export interface Attempt {
  backend: Backend;
  ok: boolean;
  latencyMs: number;
  transportOk: boolean;
  usable: boolean;
  failure?: AttemptFailure;
  escalationReason?: string;
  /** The playbook content selector that shaped this extract. */
  playbookMatched?: string;
  /** The page was read from its publisher's own Markdown (checked against the HTML). */
  source?: 'publisher_markdown';
  page?: ExtractedPage;
  doc?: Pick<AcquiredDocument, 'requestedUrl' | 'finalUrl' | 'statusCode' | 'session' | 'truncated'> & { bytes: number };
  screenshot?: string;
  /** The browser cut the captured HTML (kept/original characters). */
  htmlCut?: { keptChars: number; totalChars: number };
  networkMs: number;
  parseMs: number;
}

export interface RecoveryStep {
  backend: string;
  ok: boolean;
  latencyMs: number;
  transportOk: boolean;
  usable: boolean;
  failureCode?: string;
  escalationReason?: string;
}

export interface Acquired {
  winner: Attempt;
  page: ExtractedPage;
  doc: NonNullable<Attempt['doc']>;
  /** The router's trail (only when it ran). */
  recovery: RecoveryStep[] | undefined;
  browserTried: boolean;
  llmsTxt: boolean;
  overlay: PlaybookOverlay | null;
  /** The receipt's playbook stamp: only when the overlay matched this host and shaped the extract (§4.1). */
  playbookStamp: { id: string; version: string } | undefined;
  /** Where a successful response is stored at the end (cache_ttl_s), else null. */
  cache: { store: ResponseCache; key: string; scope: CacheScope } | null;
}

/** The acquire stage. */
export async function acquireStage(ctx: ReadContext): Promise<Acquired | Halt> {
  const { deps, warnings, signal } = ctx;
  const { runtime, services } = deps;
  let opts = ctx.opts;

  // --- canary probe (trust.md §2.11): this process's probe URL is served in-process, never fetched or cached ---
  const canary = await canaryTranscodeResult(opts.inputUrl, opts.fetchUrl, { runtime, services, emitCapsule: opts.emitCapsule });
  if (canary) return halt(canary);

  // --- cache lookup (§15) ---
  const eligible = cacheEligible(opts, readEnv<boolean>('OCCAM_CACHE_SESSION_READS', runtime.env, runtime.warn)) && !deps.explain;
  // A read with a session profile is private to its tenant and that profile (issue 33); every other read is public.
  const scope: CacheScope =
    eligible && opts.sessionProfile
      ? { private: true, owner: privateCacheOwner(deps.tenant ?? LOCAL_TENANT, await loadSessionProfileFor(opts.sessionProfile, parseFetchUrl(opts.fetchUrl), runtime)) }
      : PUBLIC_SCOPE;
  const key = eligible ? readKey(opts, ctx.effectiveMax, { cacheView: deps.view ? 'view' : ctx.budgetDetail, scope }) : null;
  const store = eligible ? await services.use(responseCacheService) : null;
  if (store && key && opts.cacheTtlS) {
    const hit = await store.get(key, opts.cacheTtlS, scope);
    if (hit) return halt({ ...(hit.response as TranscodeResult), cached: true, cacheAgeS: hit.ageS });
  }

  // --- honest notes for opt-ins whose machinery is not part of this build ---
  if (opts.translateTo) warnings.push(`translation_unavailable: translate_to=${opts.translateTo} needs a translation service (OCCAM_TRANSLATE_URL), which this build does not include; the original text is returned`);
  if (opts.rankBlocks && !(opts.jsonBlocks && opts.focusQuery)) warnings.push('rank_blocks_ignored: needs json_blocks and focus_query');
  if (opts.tagTrust && !opts.jsonBlocks) warnings.push('tag_trust_ignored: needs json_blocks');
  if (opts.deltaOnly && !(opts.diffAgainst && opts.jsonBlocks)) warnings.push('delta_only_ignored: needs diff_against and json_blocks; the full body is returned');

  // --- playbook overlay (playbooks.md §4.1): soft under playbook_policy=auto, strict for save's dry run ---
  const overlay =
    deps.playbook !== undefined
      ? deps.playbook
      : opts.playbookPolicy === 'auto'
        ? await (await import('../../playbooks/overlay.ts')).softOverlayFor(opts.fetchUrl, { runtime, services, signal })
        : null;
  const overlayModule = overlay ? await import('../../playbooks/overlay.ts') : null;
  if (overlay?.preferredBackend && opts.policy === 'http_then_browser') ctx.opts = opts = { ...opts, policy: overlay.preferredBackend };
  const overlayFor: OverlayShaper = (html: string) => {
    const { matched, ...selectors } = overlayModule ? overlayModule.overlayExtractOptions(overlay, html) : { matched: null };
    return { selectors, matched: matched ?? undefined };
  };

  // --- acquisition ladder ---
  const routeStart = performance.now();
  const browser = deps.browser !== undefined ? deps.browser : await discoverBrowser(ctx);
  const wantsBrowser = opts.policy !== 'http';
  if (wantsBrowser && !browser) warnings.push(BROWSER_MISSING_WARNING);
  if (opts.screenshot && !browser) warnings.push('capture_screenshot_unavailable: screenshots need the browser backend, which is not available');
  else if (opts.screenshot && opts.policy === 'http') warnings.push('capture_screenshot_unavailable: screenshots need backend_policy browser or http_then_browser');

  // Stage split of the tool deadline: HTTP takes at most half of what is left when a browser may follow, the
  // browser what remains; a second kept back for compile and receipt.
  const stageTimeout = (kind: 'http' | 'browser'): number => {
    const own = kind === 'http' ? HTTP_STAGE_MS : BROWSER_STAGE_MS;
    if (deps.deadlineAt === undefined) return own;
    const left = Math.max(1000, deps.deadlineAt - performance.now() - 1000);
    const share = kind === 'http' && wantsBrowser && browser && opts.policy === 'http_then_browser' ? left / 2 : left;
    return Math.round(Math.min(own, Math.max(1000, share)));
  };
  const acquireDeps = { runtime, resolve: deps.resolve, dial: deps.dial, politeness: await services.use(politenessService) };
  const httpAttempt = async (url: string): Promise<Attempt> => {
    const started = performance.now();
    try {
      const stage = ctx.stages.open('http');
      const fetchPage = (target: string, accept: string) =>
        deps.source
          ? deps.source(target)
          : acquire(target, { signal, sessionProfile: opts.sessionProfile, allowance: deps.allowance ?? null, timeoutMs: stageTimeout('http'), headers: { Accept: accept } }, acquireDeps);
      const { doc, publisherMarkdown } = await acquirePreferringMarkdown(url, fetchPage).finally(stage);
      const networkMs = doc.timings.totalMs;
      // The parse waits for its share of the memory budget (digest/batch queue here, issue 14).
      const bodyBytes = doc.bytes.length;
      const { page, matched, parseMs } = await extractBody(ctx, doc, bodyBytes, doc.kind === 'html' ? overlayFor : null, { jsonFeed: opts.jsonFeed });
      const base = {
        ...(matched ? { playbookMatched: matched } : {}),
        ...(publisherMarkdown ? { source: 'publisher_markdown' as const } : {}),
        backend: page.backend,
        latencyMs: Math.round(performance.now() - started),
        transportOk: true,
        page,
        doc: { requestedUrl: doc.requestedUrl, finalUrl: doc.finalUrl, statusCode: doc.statusCode, session: doc.session, truncated: doc.truncated, bytes: bodyBytes },
        networkMs,
        parseMs,
      };
      if (!page.state.ok) {
        return { ...base, ok: true, usable: false, failure: { code: page.state.code, message: page.state.message } };
      }
      return { ...base, ok: true, usable: true };
    } catch (err) {
      const failure = failureOf(err);
      return { backend: 'node_readability_turndown', ok: false, usable: false, transportOk: false, latencyMs: Math.round(performance.now() - started), failure, networkMs: performance.now() - started, parseMs: 0 };
    }
  };
  const browserAttempt = async (url: string, escalationReason?: string): Promise<Attempt> => {
    const started = performance.now();
    try {
      const stage = ctx.stages.open('browser');
      const rendered = await (browser as BrowserBackend)
        .render(url, { signal, screenshot: opts.screenshot, timeoutMs: stageTimeout('browser'), ...(overlay?.browserPlan?.length ? { actions: overlay.browserPlan } : {}) })
        .finally(stage);
      const networkMs = performance.now() - started;
      const { page, matched, parseMs } = await extractBody(
        ctx,
        { kind: 'html', text: rendered.html, finalUrl: rendered.finalUrl, requestedUrl: url, statusCode: rendered.status ?? 200, contentType: 'text/html', headers: {} },
        rendered.html.length,
        overlayFor,
        { jsonFeed: false, backend: 'browser_playwright' },
      );
      const base = {
        ...(matched ? { playbookMatched: matched } : {}),
        backend: 'browser_playwright' as const,
        latencyMs: Math.round(performance.now() - started),
        transportOk: true,
        page,
        doc: { requestedUrl: url, finalUrl: rendered.finalUrl, statusCode: rendered.status ?? 200, session: null, truncated: false, bytes: Buffer.byteLength(rendered.html) },
        networkMs,
        parseMs,
        ...(escalationReason ? { escalationReason } : {}),
        ...(rendered.screenshotJpeg ? { screenshot: rendered.screenshotJpeg } : {}),
        ...(rendered.htmlTruncated ? { htmlCut: { keptChars: rendered.html.length, totalChars: rendered.htmlTotalChars ?? rendered.html.length } } : {}),
      };
      if (!page.state.ok) return { ...base, ok: true, usable: false, failure: { code: page.state.code, message: page.state.message } };
      return { ...base, ok: true, usable: true };
    } catch (err) {
      return { backend: 'browser_playwright', ok: false, usable: false, transportOk: false, latencyMs: Math.round(performance.now() - started), failure: failureOf(err), networkMs: performance.now() - started, parseMs: 0, ...(escalationReason ? { escalationReason } : {}) };
    }
  };

  const attempts: Attempt[] = [];
  let llmsTxt = false;
  if (opts.preferLlmsTxt) {
    const origin = new URL(opts.fetchUrl).origin;
    const llms = await httpAttempt(`${origin}/llms.txt`);
    if (llms.transportOk && llms.page && llms.page.markdown.trim().length >= LLMS_TXT_MIN_CHARS) {
      attempts.push({ ...llms, usable: true, failure: undefined });
      llmsTxt = true;
    }
  }
  let routerRan = false;
  if (!llmsTxt) {
    if (opts.policy === 'browser' && browser) {
      attempts.push(await browserAttempt(opts.fetchUrl));
    } else {
      const http = await httpAttempt(opts.fetchUrl);
      attempts.push(http);
      if (opts.policy === 'http_then_browser' && browser) {
        routerRan = true;
        const code = http.failure?.code ?? '';
        const terminal = code === 'http_404' || code === 'http_410' || code === 'private_url_blocked' || PUBLIC_REFERENCE.some((r) => r.test(opts.fetchUrl));
        const isOversize = code === 'response_too_large' || http.doc?.truncated;
        if (!http.usable && !terminal && !isOversize && !(code && !http.transportOk && NOT_ESCALATED.includes(code))) {
          attempts.push(await browserAttempt(opts.fetchUrl, code || 'unusable_extract'));
        }
      }
    }
  }
  const { timings } = ctx;
  timings.routeMs = Math.round(performance.now() - routeStart);
  timings.networkMs = Math.round(attempts.reduce((n, a) => n + a.networkMs, 0));
  timings.parseMs = Math.round(attempts.reduce((n, a) => n + a.parseMs, 0));

  const recovery = routerRan
    ? attempts.map((a) => ({
        backend: a.backend,
        ok: a.transportOk,
        latencyMs: a.latencyMs,
        transportOk: a.transportOk,
        usable: a.usable,
        ...(a.usable ? {} : { failureCode: a.failure?.code ?? 'unusable_extract' }),
        ...(a.escalationReason ? { escalationReason: a.escalationReason } : {}),
      }))
    : undefined;
  const browserTried = attempts.some((a) => a.backend === 'browser_playwright');
  const winner = attempts.find((a) => a.usable);

  if (!winner) {
    // Both failed (or the single attempt did): the more informative one surfaces; ties → the later attempt.
    const chosen = attempts.reduce((best, a) => (failureRank(a.failure?.code ?? '') >= failureRank(best.failure?.code ?? '') ? a : best));
    const f = chosen.failure ?? { code: 'transcode_failed' as FailureCode, message: 'The read failed.' };
    const details = f.details ?? {};
    if (chosen.doc?.finalUrl) ctx.finalUrl = chosen.doc.finalUrl;
    else if (typeof details.finalUrl === 'string') ctx.finalUrl = details.finalUrl;
    const extra: Record<string, unknown> = {};
    if (recovery) extra.recovery = recovery;
    const access = chosen.page?.state && !chosen.page.state.ok ? chosen.page.state.access : undefined;
    if (access) extra.access = access;
    if (chosen.doc?.session) extra.session = chosen.doc.session;
    const receipt = await receiptFor('negative', ctx, {
      finalUrl: chosen.doc?.finalUrl ?? null,
      backend: chosen.backend,
      failureCode: f.code,
      statusCode: f.statusCode,
      elapsedMs: ctx.clock.mark(),
    });
    if (receipt) extra.receipt = receipt;
    const { details: _d, ...info } = f;
    return halt(failRead(ctx, info, extra, browserTried));
  }

  const page = winner.page as ExtractedPage;
  if (opts.screenshot && browser && opts.policy !== 'http' && !winner.screenshot) {
    warnings.push('capture_screenshot_unavailable: the page was read over HTTP; use backend_policy browser for a screenshot');
  }
  const playbookStamp = overlay && winner.playbookMatched ? { id: overlay.id, version: overlay.version } : undefined;
  if (overlay && overlay.contentSelectors.length && !winner.playbookMatched) {
    warnings.push(`content_selectors_miss: playbook ${overlay.id} selectors matched nothing here; the generic extractor was used`);
  }
  const doc = winner.doc!;
  ctx.finalUrl = llmsTxt ? llmsTxtUrl(ctx) : doc.finalUrl;
  return { winner, page, doc, recovery, browserTried, llmsTxt, overlay, playbookStamp, cache: store && key ? { store, key, scope } : null };
}

/** Stores a successful response for later reads with cache_ttl_s (the cache slot the acquire stage opened). */
export async function cacheResponse(acquired: Acquired, response: TranscodeResult): Promise<void> {
  if (response.ok && acquired.cache) await acquired.cache.store.put(acquired.cache.key, response, acquired.cache.scope);
}

async function discoverBrowser(ctx: ReadContext): Promise<BrowserBackend | null> {
  const { deps } = ctx;
  const { locateBrowser } = await import('../../fetch/browser/discover.ts');
  if (!locateBrowser(deps.runtime).path) return null;
  const { browserPoolService } = await import('../../fetch/browser/pool.ts');
  const pool = await deps.services.use(browserPoolService);
  const policy = guardPolicyFor(deps.runtime, deps.allowance);
  return {
    render: async (url, o) => {
      const page = await pool.render(url, {
        policy,
        resolver: deps.resolve,
        dial: deps.dial,
        signal: o.signal,
        screenshot: o.screenshot,
        headers: o.headers,
        ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
        // A playbook's browser plan is a hint: its failed steps are skipped (playbooks.md §2.6).
        ...(o.actions?.length ? { actions: o.actions, actionsLenient: true } : {}),
      });
      return {
        finalUrl: page.finalUrl,
        status: page.status,
        html: page.html,
        ...(page.htmlTruncated ? { htmlTruncated: true, htmlTotalChars: page.htmlTotalChars } : {}),
        ...(page.screenshotJpeg ? { screenshotJpeg: page.screenshotJpeg } : {}),
      };
    },
  };
}
