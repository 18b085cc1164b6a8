// The browser backend (reading.md §6.3): one shared headless Chromium per process, launched on first use, with a
// bounded number of pages rendering at once. Each render gets its own context (cookies, cache, storage never leak
// between reads), everything the page sends leaves through the egress proxy (egress-proxy.ts), where the outbound
// guard decides, and a render that times out, is cancelled or crashes closes its context — the browser process
// itself is closed at shutdown, so no Chromium outlives the host.
//
// With OCCAM_BROWSER_ENDPOINT the pool connects to a shared browser service instead of launching (a Playwright
// browser server, or a CDP endpoint) and reconnects after it restarts. The egress proxy stays in the path: each
// render's listener is bound on OCCAM_BROWSER_PROXY_BIND, the remote context is pointed at it (as
// OCCAM_BROWSER_PROXY_HOST) with credentials of its own, and the guard decides here, as for a local browser.
import type { Browser, BrowserContext, Frame, Page, Request, Response, Route } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { OccamError } from '../../contract/failures.ts';
import { markHiddenElements } from './visibility-marks.ts';
import { defineService } from '../../runtime/services.ts';
import { inFaultScope } from '../../runtime/fault-policy.ts';
import type { GuardPolicy, Resolver } from '../guard.ts';
import type { DialSeam } from '../transport.ts';
import type { BrowserCookie } from '../session.ts';
import { CONNECTION_REFUSED_REASON, EGRESS_HEADER, EGRESS_REASON_HEADER, openEgressSession, type EgressEvent, type EgressSession, type ProxyCredentials } from './egress-proxy.ts';
import { installHint, locateBrowser } from './discover.ts';
import { chromiumFlags, PROXY_LOOPBACK } from './launch-flags.ts';
import { runActionPlan, type ActionOutcome, type BrowserAction } from './actions.ts';

export const BROWSER_HTML_CAP = 900_000;
const VIEWPORT = { width: 1280, height: 720 };
/** A refused connect seen by the browser (its egress proxy or Chromium itself). */
const BROWSER_REFUSED_MESSAGE = 'Connection refused (browser).';
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
  /** Connect seam of the egress proxy (tests only), as on the HTTP path. */
  dial?: DialSeam;
  /** Sees every destination the page asked the egress proxy for, with the verdict. */
  onEgress?: (event: EgressEvent) => void;
  timeoutMs?: number;
  /** Extra request headers (UA); values are never logged. */
  headers?: Record<string, string>;
  /** A session profile's cookies, bound to its hosts so the browser sends them nowhere else (never logged). */
  sessionCookies?: readonly BrowserCookie[];
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

/**
 * The frame a request was issued from, or null when it has none: a popup's first navigation is issued before its
 * frame exists (and a service worker's requests have no frame), where Playwright's `request.frame()` throws.
 */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

/** A request the page's own window issued (its main frame or one of its iframes) — never a popup's. */
function issuedBy(page: Page, request: Request): boolean {
  const frame = frameOf(request);
  if (!frame) return false;
  try {
    return frame.page() === page;
  } catch {
    return false;
  }
}

/** Continue or abort may reject once the request, its page or the context is gone: nothing is left to decide. */
const settle = (answer: Promise<void>): Promise<void> => answer.catch(() => {});

/**
 * The first fault of one render's callbacks (route handler, page and context listeners). Playwright dispatches
 * them from its connection, outside any promise the render awaits, so a throw there would otherwise end the whole
 * process (an unhandled rejection). Each callback is wrapped: a throw becomes this render's typed failure instead.
 */
export class RenderFaults {
  #fault: OccamError | null = null;
  #fail: (err: OccamError) => void = () => {};
  /** Rejects with the first fault; raced against the render so it ends at once. */
  readonly failed: Promise<never>;
  constructor() {
    this.failed = new Promise<never>((_, reject) => {
      this.#fail = reject;
    });
    this.failed.catch(() => {}); // only ever observed through the race
  }
  get fault(): OccamError | null {
    return this.#fault;
  }
  record(where: string, err: unknown): void {
    if (this.#fault) return;
    const message = err instanceof Error ? err.message : String(err);
    this.#fault = new OccamError('transcode_failed', `The browser read failed in its ${where}: ${message.split('\n')[0].slice(0, 200)}`, {
      reason: 'browser_callback_failed',
    });
    this.#fail(this.#fault);
  }
  /** A page or context listener that can never throw into Playwright's event dispatch. */
  listener<A extends unknown[]>(where: string, fn: (...args: A) => void): (...args: A) => void {
    return (...args: A) => {
      try {
        fn(...args);
      } catch (err) {
        this.record(where, err);
      }
    };
  }
  /** A route handler that always answers the route: a throw aborts the request and fails the render. */
  route(fn: (route: Route) => Promise<void>): (route: Route) => Promise<void> {
    return async (route: Route) => {
      try {
        await fn(route);
      } catch (err) {
        this.record('request routing', err);
        await settle(route.abort('blockedbyclient'));
      }
    };
  }
}

export interface BrowserPoolOptions {
  /**
   * false: Chromium connects by itself, with no egress proxy and so no guard — only the many-pages bench uses it,
   * to measure what the proxy costs. Never set in Occam's own code paths.
   */
  egressProxy?: boolean;
  /** Writes Chromium's NetLog (every socket and DNS event of its network stack) to this file; diagnostics, tests. */
  netLogPath?: string;
}

const BROWSER_POOL_SCOPE = { kind: 'browser-pool', label: 'the browser pool' } as const;

/** The shared browser service a pool connects to instead of launching (OCCAM_BROWSER_ENDPOINT). */
export interface BrowserEndpoint {
  url: string;
  kind: 'playwright' | 'cdp';
  connectTimeoutMs: number;
  /** Where each render's egress listener listens, and the address the remote browser dials to reach it. */
  proxyBind: string;
  /** null until the first connect when the bind is a wildcard: then the address routed toward the endpoint. */
  proxyHost: string | null;
}

/** The endpoint OCCAM_BROWSER_ENDPOINT names, or null for a local browser. */
export function browserEndpoint(runtime: Pick<RuntimeContext, 'env' | 'warn'>): BrowserEndpoint | null {
  const url = readEnv<string | null>('OCCAM_BROWSER_ENDPOINT', runtime.env, runtime.warn);
  if (!url) return null;
  const proxyBind = readEnv<string>('OCCAM_BROWSER_PROXY_BIND', runtime.env, runtime.warn);
  return {
    url,
    kind: readEnv<'playwright' | 'cdp'>('OCCAM_BROWSER_ENDPOINT_KIND', runtime.env, runtime.warn),
    connectTimeoutMs: readEnv<number>('OCCAM_BROWSER_CONNECT_TIMEOUT_MS', runtime.env, runtime.warn),
    proxyBind,
    proxyHost: readEnv<string | null>('OCCAM_BROWSER_PROXY_HOST', runtime.env, runtime.warn) ?? (isWildcard(proxyBind) ? null : proxyBind),
  };
}

const isWildcard = (bind: string) => bind === '0.0.0.0' || bind === '::';

/**
 * For a wildcard bind: this host's address on the route toward the browser service (a connected UDP socket sends
 * nothing, it only picks the source address), so an instance on several networks announces the one the browser
 * shares with it. Falls back to the first non-internal IPv4.
 */
async function addressToward(endpointUrl: string): Promise<string> {
  try {
    const host = new URL(endpointUrl).hostname.replace(/^\[(.*)\]$/, '$1');
    const { address, family } = await lookup(host);
    const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.connect(9, address, () => resolve());
      });
      return socket.address().address;
    } finally {
      socket.close();
    }
  } catch {
    for (const entries of Object.values(networkInterfaces())) {
      const external = entries?.find((e) => e.family === 'IPv4' && !e.internal);
      if (external) return external.address;
    }
    return '127.0.0.1';
  }
}

/** An endpoint for messages: scheme, host and port only (a path may carry a secret). */
export function endpointLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'the configured endpoint';
  }
}

/** Connects to a remote browser; a failure is workers_unavailable with reason browser_endpoint_unreachable. */
export async function connectBrowserEndpoint(endpoint: BrowserEndpoint): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  endpoint.proxyHost ??= await addressToward(endpoint.url);
  try {
    return endpoint.kind === 'cdp'
      ? await chromium.connectOverCDP(endpoint.url, { timeout: endpoint.connectTimeoutMs })
      : await chromium.connect(endpoint.url, { timeout: endpoint.connectTimeoutMs });
  } catch (err) {
    throw new OccamError('workers_unavailable', `The browser service at ${endpointLabel(endpoint.url)} (OCCAM_BROWSER_ENDPOINT) could not be reached.`, {
      reason: 'browser_endpoint_unreachable',
      detail: (err as Error).message.split('\n')[0].slice(0, 200).replace(endpoint.url, endpointLabel(endpoint.url)),
    });
  }
}

/** What `occam doctor` learns from the browser service: the browser's version and whether it reaches our proxy. */
export interface EndpointProbe {
  endpoint: string;
  version: string | null;
  /** reached: the remote browser got this instance's egress proxy's own answer; unreachable: it could not connect. */
  proxy: 'reached' | 'unreachable' | 'untested';
  error: string | null;
}

/** A host name no resolver answers (RFC 6761): the probe's navigation must be answered by the proxy itself. */
const PROBE_URL = 'http://occam-doctor-probe.invalid/';

/**
 * Connects to the browser service and sends one navigation through a deny-all egress listener bound like a
 * render's: the proxy's own refusal coming back proves the remote browser reaches this instance's proxy.
 */
export async function probeBrowserEndpoint(endpoint: BrowserEndpoint): Promise<EndpointProbe> {
  const label = endpointLabel(endpoint.url);
  let browser: Browser;
  try {
    browser = await connectBrowserEndpoint(endpoint);
  } catch (err) {
    const details = err instanceof OccamError ? err.details : {};
    return { endpoint: label, version: null, proxy: 'untested', error: `${(err as Error).message}${details.detail ? ` (${String(details.detail)})` : ''}` };
  }
  const credentials = { username: 'occam', password: randomBytes(18).toString('base64url') };
  const session = await openEgressSession({ policy: null, bind: endpoint.proxyBind, advertisedHost: endpoint.proxyHost ?? undefined, credentials });
  try {
    const context = await browser.newContext({ proxy: { server: session.server, bypass: PROXY_LOOPBACK, ...credentials } });
    try {
      const page = await context.newPage();
      const response = await page.goto(PROBE_URL, { timeout: endpoint.connectTimeoutMs }).catch((err: Error) => err);
      if (response instanceof Error) {
        const unreachable = /ERR_PROXY|ERR_TUNNEL/.test(response.message);
        return { endpoint: label, version: browser.version(), proxy: unreachable ? 'unreachable' : 'untested', error: unreachable ? null : response.message.split('\n')[0]!.slice(0, 200) };
      }
      return { endpoint: label, version: browser.version(), proxy: response?.headers()[EGRESS_HEADER] ? 'reached' : 'unreachable', error: null };
    } finally {
      await within(context.close(), CLOSE_TIMEOUT_MS);
    }
  } catch (err) {
    return { endpoint: label, version: browser.version(), proxy: 'untested', error: (err as Error).message.split('\n')[0]!.slice(0, 200) };
  } finally {
    await session.close();
    await within(browser.close(), CLOSE_TIMEOUT_MS);
  }
}

export class BrowserPool {
  readonly #runtime: RuntimeContext;
  readonly #egressProxy: boolean;
  readonly #netLogPath: string | null;
  readonly #endpoint: BrowserEndpoint | null;
  /** Deny-all listener for the browser's own traffic (updates, safe browsing…): every attempt is logged, none dialled. */
  #background: Promise<EgressSession> | null = null;
  readonly #sessionPorts = new Set<number>();
  readonly #slots: Slots;
  readonly #maxParallel: number;
  readonly #defaultTimeoutMs: number;
  #browser: Promise<Browser> | null = null;
  #active = 0;
  #peak = 0;
  #renders = 0;
  #closed = false;

  constructor(runtime: RuntimeContext, options: BrowserPoolOptions = {}) {
    this.#runtime = runtime;
    this.#egressProxy = options.egressProxy ?? true;
    this.#netLogPath = options.netLogPath ?? null;
    this.#endpoint = browserEndpoint(runtime);
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

  /** Destinations the browser asked for outside any render (its background traffic), all refused. */
  async backgroundEgress(): Promise<readonly EgressEvent[]> {
    return this.#background ? (await this.#background).log() : [];
  }

  /** Whether renders run on a shared browser service (OCCAM_BROWSER_ENDPOINT) rather than a browser launched here. */
  get remote(): boolean {
    return this.#endpoint !== null;
  }

  #openSession(policy: GuardPolicy | null, resolve?: Resolver, dial?: DialSeam, onEvent?: (event: EgressEvent) => void, credentials?: ProxyCredentials): Promise<EgressSession> {
    const remote = this.#endpoint ? { bind: this.#endpoint.proxyBind, advertisedHost: this.#endpoint.proxyHost ?? undefined, credentials } : {};
    return openEgressSession({ policy, resolve, dial, onEvent, connectTimeoutMs: 15_000, ownPorts: () => this.#sessionPorts, ...remote }).then((session) => {
      this.#sessionPorts.add(session.port);
      return session;
    });
  }

  async #closeSession(session: EgressSession): Promise<void> {
    this.#sessionPorts.delete(session.port);
    await session.close();
  }

  /** Whether a browser could be launched at all (no launch happens). */
  available(): boolean {
    return this.#endpoint !== null || locateBrowser(this.#runtime).path !== null;
  }

  /** The shared browser service, connected in the pool's fault scope; dropped on disconnect so the next render reconnects. */
  async #connect(endpoint: BrowserEndpoint): Promise<Browser> {
    const browser = await inFaultScope(BROWSER_POOL_SCOPE, () => connectBrowserEndpoint(endpoint));
    browser.on('disconnected', () => {
      this.#browser = null;
    });
    return browser;
  }

  async #launch(): Promise<Browser> {
    if (this.#endpoint) return this.#connect(this.#endpoint);
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
    // The deny-all listener serves the browser, not the call that launched it: it lives in the pool's fault scope.
    if (this.#egressProxy) this.#background ??= inFaultScope(BROWSER_POOL_SCOPE, () => this.#openSession(null));
    const background = this.#egressProxy ? await this.#background : null;
    try {
      // Launched in the browser pool's own fault scope: every callback Playwright later dispatches from this
      // browser's connection is attributed to the pool, not to whichever call happened to start the browser.
      const executablePath = location.path;
      const browser = await inFaultScope(BROWSER_POOL_SCOPE, async () => (await import('playwright-core')).chromium.launch({
        executablePath,
        headless: true,
        timeout: 30_000,
        // Browser-wide traffic goes to the deny-all listener; each render's context overrides it with its own.
        ...(background ? { proxy: { server: background.server, bypass: PROXY_LOOPBACK } } : {}),
        // Closed network here and everywhere privacy matters: no background traffic, no component updates.
        args: chromiumFlags({ closedNetwork: background !== null, netLogPath: this.#netLogPath, marker: `--occam-browser-pool=${process.pid}` }),
      }));
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
    let egress: EgressSession | null = null;
    let browser: Browser | null = null;
    const faults = new RenderFaults();
    const onAbort = () => void this.#closeContext(context);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      browser = await this.#browserInstance();
      if (signal.aborted) throw new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
      // This render's egress listener: its policy, resolver and pins, closed with the context.
      // A remote browser reaches the listener over the network: this render's own credentials keep everyone else out.
      const credentials = this.#endpoint ? { username: 'occam', password: randomBytes(18).toString('base64url') } : undefined;
      if (this.#egressProxy) {
        egress = await this.#openSession(options.policy, options.resolver, options.dial, options.onEgress, credentials);
        await egress.preflight(new URL(url));
      }
      context = await browser.newContext({
        ...(egress ? { proxy: { server: egress.server, bypass: PROXY_LOOPBACK, ...credentials } } : {}),
        viewport: VIEWPORT,
        userAgent: options.userAgent,
        extraHTTPHeaders: options.headers,
        bypassCSP: true,
        serviceWorkers: 'block',
        // A read never keeps what a page hands out as a file.
        acceptDownloads: false,
      });
      if (options.sessionCookies?.length) await context.addCookies([...options.sessionCookies]);
      await context.addInitScript(() => {
        Object.defineProperty(navigator, 'webdriver', { get: () => undefined });
      });
      // The race guarantees the deadline even if a page call (content, evaluate) would wait on a wedged renderer.
      // A fault in one of the render's callbacks ends it at once, with that fault as its failure.
      return await Promise.race([this.#renderIn(context, egress, faults, url, options, signal, timeoutMs), rejectOnAbort(signal, timeoutMs), faults.failed]);
    } catch (err) {
      if (err instanceof OccamError) throw err;
      if (faults.fault) throw faults.fault;
      if (signal.aborted) {
        throw options.signal?.aborted && !deadline.aborted
          ? new OccamError('timeout', 'The browser read was cancelled.')
          : new OccamError('timeout', `The browser read exceeded ${timeoutMs} ms.`);
      }
      const message = (err as Error).message ?? String(err);
      if (/ERR_PROXY_CONNECTION_FAILED|ERR_PROXY_AUTH/.test(message)) {
        throw new OccamError('browser_proxy_unreachable', this.#endpoint
          ? `The browser service could not reach this instance's egress proxy at ${this.#endpoint.proxyHost} (OCCAM_BROWSER_PROXY_HOST, listening on OCCAM_BROWSER_PROXY_BIND=${this.#endpoint.proxyBind}).`
          : 'The browser could not reach its egress proxy.');
      }
      // The connection went away (the service stopped or restarted), not the page: say so, and the next read reconnects.
      if (this.#endpoint && browser && !browser.isConnected()) {
        throw new OccamError('workers_unavailable', `The connection to the browser service at ${endpointLabel(this.#endpoint.url)} was lost during the read.`, {
          reason: 'browser_endpoint_unreachable',
        });
      }
      if (/ERR_NAME_NOT_RESOLVED/.test(message)) throw new OccamError('dns_error', 'Host did not resolve (browser).');
      if (/ERR_CERT|SSL/.test(message)) throw new OccamError('tls_error', 'TLS failure in the browser.');
      if (/ERR_CONNECTION_REFUSED/.test(message)) throw new OccamError('network_error', BROWSER_REFUSED_MESSAGE);
      if (/ERR_CONNECTION|ERR_ADDRESS|ERR_EMPTY_RESPONSE|ERR_NETWORK|ERR_TUNNEL|ERR_PROXY/.test(message)) {
        throw new OccamError('network_error', 'Connection failed (browser).');
      }
      if (/Target (page, context or browser )?closed|crashed|Browser has been closed/i.test(message)) {
        throw new OccamError('workers_unavailable', 'The browser page crashed or closed during the read.', { reason: 'page_crashed' });
      }
      throw new OccamError('extraction_failed', `Browser read failed: ${message.split('\n')[0].slice(0, 200)}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (context) await this.#closeContext(context);
      if (egress) await this.#closeSession(egress);
      this.#active -= 1;
      this.#slots.release();
    }
  }

  async #renderIn(context: BrowserContext, egress: EgressSession | null, faults: RenderFaults, url: string, options: RenderOptions, signal: AbortSignal, timeoutMs: number): Promise<RenderedPage> {
    const started = performance.now();
    let mainBlocked: OccamError | null = null;
    const page = await context.newPage();
    // Popups (window.open, target=_blank, a form into a new window) are never read: each new page of the context is
    // closed as it appears, and its navigation is refused in the route below before it loads anything.
    context.on(
      'page',
      faults.listener('popup handling', (opened: Page) => {
        if (opened !== page) void settle(opened.close());
      }),
    );
    // The proxy's own answer (marked) or a refused tunnel, for the page's main frame, is the read's failure.
    const isMainNavigation = (request: Request) => request.isNavigationRequest() && frameOf(request) === page.mainFrame();
    const blockedMain = (reason: string) =>
      new OccamError('private_url_blocked', 'Private or local URLs are blocked.', { reason: `browser_navigation_${reason}` });
    page.on(
      'response',
      faults.listener('response handling', (response: Response) => {
        if (mainBlocked || !isMainNavigation(response.request())) return;
        const verdict = response.headers()[EGRESS_HEADER];
        if (verdict === 'denied') mainBlocked = blockedMain(response.headers()[EGRESS_REASON_HEADER] ?? 'proxy');
      }),
    );
    page.on(
      'requestfailed',
      faults.listener('failed-request handling', (request: Request) => {
        if (mainBlocked || !egress || !isMainNavigation(request)) return;
        try {
          if (egress.refusedTunnel(new URL(request.url()))) mainBlocked = blockedMain('tunnel');
        } catch {
          // an unparsable URL never reached the proxy
        }
      }),
    );
    // In-flight request count, for a quiet-network wait that ends as soon as the page is idle (Playwright's
    // networkidle always waits a fixed 500 ms).
    let inflight = 0;
    page.on('request', () => inflight++);
    page.on('requestfinished', () => inflight--);
    page.on('requestfailed', () => inflight--);
    // Content blocking only (images, fonts, media, trackers): the egress proxy is the security boundary, and it
    // also sees what routing never does (WebSockets, beacons, preconnects, service workers).
    let loaded = false;
    await context.route(
      '**/*',
      faults.route(async (route: Route) => {
        const request = route.request();
        if (request.isNavigationRequest()) {
          // A popup's navigation (it has no frame yet, or a frame of another page) loads nothing.
          if (!issuedBy(page, request)) return settle(route.abort('blockedbyclient'));
          // A main-frame navigation the guard refuses after the page has loaded (script, meta refresh) is cancelled,
          // not failed: the page keeps its document and the read its content. One that replaces the page while it
          // loads fails the read. The proxy would refuse either anyway; this only decides what the read returns.
          if (egress && frameOf(request) === page.mainFrame() && request.redirectedFrom() === null && (await egress.refuses(new URL(request.url())))) {
            egress.noteRefusal();
            if (loaded) return settle(route.abort('aborted'));
            mainBlocked ??= blockedMain('script');
            return settle(route.abort('blockedbyclient'));
          }
          return settle(route.continue());
        }
        let target: URL;
        try {
          target = new URL(request.url());
        } catch {
          return settle(route.abort('blockedbyclient'));
        }
        if (target.protocol === 'data:' || target.protocol === 'blob:') return settle(route.continue());
        if (BLOCKED_RESOURCE_TYPES.has(request.resourceType()) || TRACKER_HOSTS.test(target.hostname)) return settle(route.abort('blockedbyclient'));
        return settle(route.continue());
      }),
    );
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
    loaded = true;
    const proxyVerdict = response?.headers()[EGRESS_HEADER];
    if (proxyVerdict === 'dns_error') throw new OccamError('dns_error', 'Host did not resolve (browser).');
    if (proxyVerdict === 'unreachable') {
      const refused = response?.headers()[EGRESS_REASON_HEADER] === CONNECTION_REFUSED_REASON;
      throw new OccamError('network_error', refused ? BROWSER_REFUSED_MESSAGE : 'Connection failed (browser).');
    }
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
    // A later navigation of the main frame (script, refresh) that the proxy refused: the page shown is not the site's.
    if (mainBlocked) throw mainBlocked;
    if (faults.fault) throw faults.fault;
    await markHiddenElements(page); // issue 34: what the rendered page does not show is marked for the extraction
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
      blockedRequests: egress?.denied ?? 0,
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
    const background = this.#background;
    if (background) await (await background.catch(() => null))?.close();
  }
}

/** The process-wide pool, created on first use and closed at shutdown. */
export const browserPoolService = defineService({
  id: 'browser-pool',
  create: (runtime) => new BrowserPool(runtime),
  dispose: (pool) => pool.close(),
});
