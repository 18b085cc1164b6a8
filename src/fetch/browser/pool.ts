// The browser backend (reading.md §6.3): one shared headless Chromium per process, launched on first use, with a
// bounded number of pages rendering at once. Each render gets its own context (cookies, cache, storage never leak
// between reads), every request the page makes passes the outbound guard, and a render that times out, is
// cancelled or crashes closes its context — the browser process itself is closed at shutdown, so no Chromium
// outlives the host.
import type { Browser, BrowserContext, Route } from 'playwright-core';
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { OccamError } from '../../contract/failures.ts';
import { defineService } from '../../runtime/services.ts';
import { resolveAndCheck, systemResolver, type GuardPolicy, type Resolver } from '../guard.ts';
import { installHint, locateBrowser } from './discover.ts';
import { runActionPlan, type ActionOutcome, type BrowserAction } from './actions.ts';

export const BROWSER_HTML_CAP = 900_000;
const VIEWPORT = { width: 1280, height: 720 };
const CONTENT_SELECTOR = "article, main, [role='main'], body";
const BLOCKED_RESOURCE_TYPES = new Set(['image', 'font', 'media']);
const TRACKER_HOSTS = /(^|\.)(google-analytics\.com|googletagmanager\.com|doubleclick\.net|facebook\.net|segment\.io|hotjar\.com)$/i;
const CONSENT_SELECTORS = [
  '#onetrust-accept-btn-handler',
  '#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll',
  '#truste-consent-button',
  '#didomi-notice-agree-button',
  '.fc-cta-consent',
];
const CONSENT_LABELS = ['accept all', 'accept all cookies', 'i agree', 'got it', 'agree', 'accept'];

export interface RenderOptions {
  policy: GuardPolicy;
  resolver?: Resolver;
  timeoutMs?: number;
  /** Extra request headers (session profile, UA); values are never logged. */
  headers?: Record<string, string>;
  userAgent?: string;
  signal?: AbortSignal;
  screenshot?: boolean;
  /** Time to let scripts settle after the content selector appears. */
  settleMs?: number;
  /** A declarative action plan (closed vocabulary, actions.ts) run on the loaded page before capture. */
  actions?: readonly BrowserAction[];
  /** The plan's deadline in ms from the start of the render (default: the render timeout). */
  actionDeadlineMs?: number;
  onActionStep?: (outcome: ActionOutcome) => void;
  /** The plan is a hint (a playbook's browser block): failed steps are skipped. */
  actionsLenient?: boolean;
}

export interface RenderedPage {
  finalUrl: string;
  status: number | null;
  contentType: string | null;
  html: string;
  htmlTruncated: boolean;
  /** Characters of the page's HTML before the cap (equals html.length when not truncated). */
  htmlTotalChars: number;
  title: string;
  latencyMs: number;
  blockedRequests: number;
  screenshotJpeg?: string;
}

export interface PoolStats {
  launched: boolean;
  active: number;
  waiting: number;
  peakActive: number;
  renders: number;
  maxParallel: number;
}

/** A counting semaphore with FIFO waiters that can be abandoned (abort). */
class Slots {
  #free: number;
  #waiters: Array<() => void> = [];
  constructor(n: number) {
    this.#free = n;
  }
  get waiting() {
    return this.#waiters.length;
  }
  async acquire(signal?: AbortSignal): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.#waiters = this.#waiters.filter((w) => w !== grant);
        reject(new OccamError('timeout', 'The read was cancelled while waiting for a browser slot.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(grant);
    });
  }
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#free += 1;
  }
}

const CLOSE_TIMEOUT_MS = 5000;

function rejectOnAbort(signal: AbortSignal, timeoutMs: number): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** Resolves true when `work` settles within `ms`, false otherwise (the work keeps running on its own). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const, () => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once no request has been in flight for QUIET_MS, or after maxMs (pages that never settle). */
const QUIET_MS = 150;
async function quietNetwork(inflight: () => number, maxMs: number): Promise<void> {
  const end = performance.now() + maxMs;
  let quietSince = inflight() <= 0 ? performance.now() : null;
  while (performance.now() < end) {
    if (inflight() <= 0) {
      quietSince ??= performance.now();
      if (performance.now() - quietSince >= QUIET_MS) return;
    } else {
      quietSince = null;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export class BrowserPool {
  readonly #runtime: RuntimeContext;
  readonly #slots: Slots;
  readonly #maxParallel: number;
  readonly #defaultTimeoutMs: number;
  #browser: Promise<Browser> | null = null;
  #active = 0;
  #peak = 0;
  #renders = 0;
  #closed = false;

  constructor(runtime: RuntimeContext) {
    this.#runtime = runtime;
    this.#maxParallel = readEnv<number>('OCCAM_BROWSER_MAX_PARALLEL', runtime.env, runtime.warn);
    this.#defaultTimeoutMs = readEnv<number>('OCCAM_BROWSER_TIMEOUT_MS', runtime.env, runtime.warn);
    this.#slots = new Slots(this.#maxParallel);
  }

  stats(): PoolStats {
    return {
      launched: this.#browser !== null,
      active: this.#active,
      waiting: this.#slots.waiting,
      peakActive: this.#peak,
      renders: this.#renders,
      maxParallel: this.#maxParallel,
    };
  }

  /** Whether a browser could be launched at all (no launch happens). */
  available(): boolean {
    return locateBrowser(this.#runtime).path !== null;
  }

  async #launch(): Promise<Browser> {
    const location = locateBrowser(this.#runtime);
    if (!location.path) {
      const hint = installHint(this.#runtime);
      const where = location.configuredButMissing
        ? `OCCAM_BROWSER_EXECUTABLE_PATH=${location.configuredButMissing} does not exist or is not executable`
        : `no Chromium, Chrome or Edge found (looked in ${location.searched.slice(0, 4).join(', ')}…)`;
      throw new OccamError('browser_required', `This page needs a browser: ${where}. Install one (${hint.command}) or set OCCAM_BROWSER_EXECUTABLE_PATH.`, {
        fix: hint,
      });
    }
    const { chromium } = await import('playwright-core');
    try {
      const browser = await chromium.launch({
        executablePath: location.path,
        headless: true,
        timeout: 30_000,
        // Closed network here and everywhere privacy matters: no background traffic, no component updates.
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--disable-dev-shm-usage',
          // Unknown switches are ignored by Chromium; this one lets operators and tests find our processes.
          `--occam-browser-pool=${process.pid}`,
        ],
      });
      browser.on('disconnected', () => {
        // A crashed browser is relaunched on the next render.
        this.#browser = null;
      });
      return browser;
    } catch (err) {
      const hint = installHint(this.#runtime);
      throw new OccamError('workers_unavailable', `The browser at ${location.path} could not start.`, {
        reason: (err as Error).message.split('\n')[0].slice(0, 300),
        fix: { kind: 'browser_dependencies', command: hint.command, rootRequired: hint.rootRequired },
      });
    }
  }

  #browserInstance(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new OccamError('workers_unavailable', 'The browser pool is shut down.'));
    if (!this.#browser) {
      const launching = this.#launch();
      this.#browser = launching;
      launching.catch(() => {
        if (this.#browser === launching) this.#browser = null;
      });
    }
    return this.#browser;
  }

  /** Renders one page. Throws OccamError with a taxonomy code on every failure. */
  async render(url: string, options: RenderOptions): Promise<RenderedPage> {
    const timeoutMs = options.timeoutMs ?? this.#defaultTimeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    await this.#slots.acquire(signal);
    this.#active += 1;
    this.#peak = Math.max(this.#peak, this.#active);
    this.#renders += 1;
    let context: BrowserContext | null = null;
    const onAbort = () => void this.#closeContext(context);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const browser = await this.#browserInstance();
      if (signal.aborted) throw new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
      context = await browser.newContext({
        viewport: VIEWPORT,
        userAgent: options.userAgent,
        extraHTTPHeaders: options.headers,
        bypassCSP: true,
        serviceWorkers: 'block',
      });
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'webdriver', { get: () => undefined });
      });
      // The race guarantees the deadline even if a page call (content, evaluate) would wait on a wedged renderer.
      return await Promise.race([this.#renderIn(context, url, options, signal, timeoutMs), rejectOnAbort(signal, timeoutMs)]);
    } catch (err) {
      if (err instanceof OccamError) throw err;
      if (signal.aborted) {
        throw options.signal?.aborted && !deadline.aborted
          ? new OccamError('timeout', 'The browser read was cancelled.')
          : new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
      }
      const message = (err as Error).message ?? String(err);
      if (/ERR_NAME_NOT_RESOLVED/.test(message)) throw new OccamError('dns_error', 'Host did not resolve (browser).');
      if (/ERR_CERT|SSL/.test(message)) throw new OccamError('tls_error', 'TLS failure in the browser.');
      if (/ERR_CONNECTION|ERR_ADDRESS|ERR_EMPTY_RESPONSE|ERR_NETWORK/.test(message)) {
        throw new OccamError('network_error', 'Connection failed (browser).');
      }
      if (/Target (page, context or browser )?closed|crashed|Browser has been closed/i.test(message)) {
        throw new OccamError('workers_unavailable', 'The browser page crashed or closed during the read.', { reason: 'page_crashed' });
      }
      throw new OccamError('extraction_failed', `Browser read failed: ${message.split('\n')[0].slice(0, 200)}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (context) await this.#closeContext(context);
      this.#active -= 1;
      this.#slots.release();
    }
  }

  async #renderIn(context: BrowserContext, url: string, options: RenderOptions, signal: AbortSignal, timeoutMs: number): Promise<RenderedPage> {
    const started = performance.now();
    const resolver = options.resolver ?? systemResolver;
    const verdicts = new Map<string, Promise<boolean>>();
    let blockedRequests = 0;
    let mainBlocked: OccamError | null = null;
    const hostAllowed = (target: URL): Promise<boolean> => {
      const key = target.origin;
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = resolveAndCheck(target, options.policy, resolver).then(
          () => true,
          (err) => {
            if (err instanceof OccamError && err.code === 'private_url_blocked') return false;
            return true; // a DNS failure is the browser's own to report
          },
        );
        verdicts.set(key, verdict);
      }
      return verdict;
    };
    const page = await context.newPage();
    // In-flight request count, for a quiet-network wait that ends as soon as the page is idle (Playwright's
    // networkidle always waits a fixed 500 ms).
    let inflight = 0;
    page.on('request', () => inflight++);
    page.on('requestfinished', () => inflight--);
    page.on('requestfailed', () => inflight--);
    await context.route('**/*', async (route: Route) => {
      const request = route.request();
      let target: URL;
      try {
        target = new URL(request.url());
      } catch {
        return route.abort('blockedbyclient');
      }
      if (target.protocol === 'data:' || target.protocol === 'blob:') return route.continue();
      if (!request.isNavigationRequest()) {
        if (BLOCKED_RESOURCE_TYPES.has(request.resourceType()) || TRACKER_HOSTS.test(target.hostname)) {
          return route.abort('blockedbyclient');
        }
      }
      // reading.md §3.2.4: every request — navigations, redirects, iframes, subresources — passes the guard.
      if (!(await hostAllowed(target))) {
        blockedRequests += 1;
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
          mainBlocked = new OccamError('private_url_blocked', 'Private or local URLs are blocked.', { reason: 'browser_navigation' });
        }
        return route.abort('blockedbyclient');
      }
      return route.continue();
    });
    const remaining = () => Math.max(1, timeoutMs - (performance.now() - started));
    let response;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: remaining() });
    } catch (err) {
      if (mainBlocked) throw mainBlocked;
      if (signal.aborted || /Timeout/i.test((err as Error).message)) {
        throw new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
      }
      throw err;
    }
    if (mainBlocked) throw mainBlocked;
    const status = response?.status() ?? null;
    if (status !== null && status >= 400) {
      throw new OccamError(`http_${status}`, `The page answered HTTP ${status} in the browser.`, { statusCode: status });
    }
    await page.waitForSelector(CONTENT_SELECTOR, { timeout: Math.min(12_000, remaining()) }).catch(() => {});
    await this.#acceptConsent(page, remaining);
    await page.waitForTimeout(Math.min(options.settleMs ?? 1000, remaining()));
    // Wait for the network to go quiet briefly (script-rendered content), without blocking on pages that never settle.
    await quietNetwork(() => inflight, Math.min(2000, remaining()));
    if (options.actions?.length) {
      await runActionPlan(page, options.actions, { deadlineAt: started + (options.actionDeadlineMs ?? timeoutMs), onStep: options.onActionStep, lenient: options.actionsLenient });
    }
    if (signal.aborted) throw new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
    let html = await page.content();
    const htmlTotalChars = html.length;
    const htmlTruncated = html.length > BROWSER_HTML_CAP;
    if (htmlTruncated) html = html.slice(0, BROWSER_HTML_CAP);
    const rendered: RenderedPage = {
      finalUrl: page.url(),
      status,
      contentType: (await response?.headerValue('content-type').catch(() => null)) ?? null,
      html,
      htmlTruncated,
      htmlTotalChars,
      title: await page.title().catch(() => ''),
      latencyMs: Math.round(performance.now() - started),
      blockedRequests,
    };
    if (options.screenshot) {
      rendered.screenshotJpeg = (await page.screenshot({ type: 'jpeg', quality: 70, timeout: Math.min(5000, remaining()) })).toString('base64');
    }
    return rendered;
  }

  /** One round trip: click the first visible consent button (known CMP ids, then common labels). */
  async #acceptConsent(page: import('playwright-core').Page, remaining: () => number): Promise<void> {
    if (remaining() < 500) return;
    // Runs in the page (a string, so the DOM types stay out of this Node module's type space).
    const script = `(() => {
      const selectors = ${JSON.stringify(CONSENT_SELECTORS)};
      const labels = ${JSON.stringify(CONSENT_LABELS)};
      const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
      const byId = selectors.map((s) => document.querySelector(s)).find((el) => el && visible(el));
      const byLabel = [...document.querySelectorAll('button, [role="button"]')]
        .find((el) => visible(el) && labels.includes((el.textContent || '').trim().toLowerCase()));
      const target = byId || byLabel;
      if (target) target.click();
    })()`;
    await page
      .evaluate(script)
      .catch(() => {});
  }

  /**
   * Closes a render's context within CLOSE_TIMEOUT_MS. A context that will not close means the browser is wedged:
   * it is dropped (the next render launches a fresh one) and closed in the background, so a stuck Chromium can
   * never hold a read or the pool hostage.
   */
  async #closeContext(context: BrowserContext | null): Promise<void> {
    if (!context) return;
    const closed = await within(context.close().then(() => true, () => true), CLOSE_TIMEOUT_MS);
    if (closed) return;
    const wedged = this.#browser;
    this.#browser = null;
    void wedged?.then((b) => within(b.close(), CLOSE_TIMEOUT_MS)).catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#browser;
    this.#browser = null;
    if (pending) {
      const browser = await pending.catch(() => null);
      // Bounded: Playwright also kills the browser process when this process exits, so nothing is orphaned.
      if (browser) await within(browser.close().catch(() => {}), CLOSE_TIMEOUT_MS);
    }
  }
}

/** The process-wide pool, created on first use and closed at shutdown. */
export const browserPoolService = defineService({
  id: 'browser-pool',
  create: (runtime) => new BrowserPool(runtime),
  dispose: (pool) => pool.close(),
});
