/**
 * HTTP acquisition — the one way the reading core fetches a page (reading.md §2 steps 5–7, §3–8).
 *
 * Contract:
 *   acquire(url, options, deps) → Promise<AcquiredDocument>
 *
 * - `url` must be an absolute http(s) URL without a fragment concern: the fragment is stripped here and never
 *   sent (keep it yourself as focus intent). Anything unparsable throws `invalid_url`; a non-http(s) scheme
 *   throws `private_url_blocked`.
 * - Guard (§3): every hop — the first request, each redirect `Location`, each meta-refresh target, robots.txt —
 *   is literal-checked and resolved (every A/AAAA answer validated) BEFORE a socket opens, and the socket dials
 *   only the validated address. Private destinations throw `private_url_blocked` unless env
 *   `OCCAM_ALLOW_PRIVATE_URLS=1` or `options.allowance` (a PrivateOriginAllowance for exactly one origin) permits.
 * - Redirects are followed manually, at most 10 (`redirect_loop` on the 11th). Credential headers (Cookie,
 *   Authorization, Proxy-Authorization) are dropped once a hop leaves the original origin.
 * - Meta refresh (HTML, 2xx): up to 3 hops, each guarded; a refresh hop that fails for any reason other than
 *   the guard keeps the previous body.
 * - Non-2xx final status throws `http_<status>` (`http_error` outside 4xx/5xx) with `details.statusCode`,
 *   `details.headers` (lower-case response headers) and, when `errorBodySampleBytes` > 0, `details.bodySample`.
 * - Body: streamed, content-encoding decoded as a stream, capped on decoded bytes (OCCAM_MAX_RESPONSE_BYTES,
 *   OCCAM_MAX_PDF_BYTES for PDFs). Content-Length over the cap fails before reading. In OCCAM_HTTP_OVERSIZE_MODE
 *   `partial` an oversize HTML/text body is cut at the cap (HTML back to its last `>`) and returned with
 *   `truncated: true` — the caller then answers `response_truncated` with the partial markdown.
 *   `sampleBytes` reads at most that many bytes quietly (probe), also `truncated: true`.
 * - Types (§7): media/fonts/archives throw `unsupported_content_type` before reading; PDFs return raw `bytes`
 *   (`kind: 'pdf'`, `text: ''`); everything else is charset-decoded into `text` with `kind` html | text | json |
 *   feed (`feed` = body looks like RSS/Atom/RDF/JSON Feed; treat as `html` unless `json_feed`).
 * - Timeouts: one overall ceiling (`timeoutMs`, default 30000) covers DNS, connect, headers and the whole body,
 *   so a server dripping a byte a second still times out; `options.signal` aborts too. Both throw `timeout`.
 * - Politeness (§4): robots.txt (OCCAM_RESPECT_ROBOTS=1, `robots_disallowed`) and the per-host throttle run
 *   before the first request when enabled; pass a process-wide `deps.politeness` (politenessService) so the
 *   robots cache and throttle queue are shared.
 * - Session profile (§5): `options.sessionProfile` (id or loaded profile) adds its headers; the document echoes
 *   `session` with header NAMES only. Values are never logged or returned. A URL outside the profile's hosts throws
 *   `session_profile_host_mismatch` before anything is sent, and a hop (redirect, refresh, robots) that leaves them
 *   carries none of the profile's headers.
 * - Errors are always OccamError with a taxonomy code: invalid_url, private_url_blocked, dns_error,
 *   network_error, tls_error, timeout, redirect_loop, http_<status>, http_error, response_too_large,
 *   unsupported_content_type, robots_disallowed, invalid_session_profile, session_profile_not_found,
 *   invalid_proxy_url. `details` carries `finalUrl`, `redirectChain` and `timings` where known.
 *
 * `if_none_match` is not an HTTP concern here: it compares the returned markdown's contentHash (§14.2) and is
 * applied by the pipeline after materialisation.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { OccamError, normaliseError, type FailureCode } from '../contract/failures.ts';
import { discardBody, readBody, sampleBody, type CapMode } from './body.ts';
import {
  classifyBody,
  decodeBody,
  isPdfResponse,
  isUnsupportedBeforeReading,
  metaRefreshTarget,
  parseContentType,
  type CharsetSource,
  type ContentKind,
} from './content.ts';
import { checkUrlLiteral, localAddressesFor, privacyModeOf, type GuardPolicy, type PrivateOriginAllowance, type Resolver } from './guard.ts';
import {
  ACCEPT_ENCODING,
  CREDENTIAL_HEADERS,
  baseRequestHeaders,
  mergeHeaders,
  withoutHeaders,
  type HeaderBag,
} from './headers.ts';
import { Politeness, robotsDisallows } from './politeness.ts';
import { assertSessionCovers, loadSessionProfile, sessionCoversHost, sessionEcho, type SessionEcho, type SessionProfile } from './session.ts';
import { GuardedTransport, type DialSeam } from './transport.ts';

export const MAX_REDIRECTS = 10;
export const MAX_META_REFRESH_HOPS = 3;
export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;
const ROBOTS_MAX_BYTES = 512 * 1024;

export interface AcquireOptions {
  /** Ceiling for the whole acquisition (DNS, connects, redirects, body). Default 30000. */
  timeoutMs?: number;
  /** Per-connect ceiling. Default min(10000, timeoutMs). */
  connectTimeoutMs?: number;
  /** Caller cancellation / deadline; an abort throws `timeout`. */
  signal?: AbortSignal;
  /** Meta-refresh hops to follow (default 3; 0 disables). */
  metaRefreshHops?: number;
  /** Overrides OCCAM_MAX_RESPONSE_BYTES. */
  maxBytes?: number;
  /** Overrides OCCAM_MAX_PDF_BYTES. */
  maxPdfBytes?: number;
  /** Overrides OCCAM_HTTP_OVERSIZE_MODE. */
  oversizeMode?: 'fail' | 'partial';
  /** Read at most this many decoded bytes and stop quietly (probe sample). */
  sampleBytes?: number;
  /** Session profile id (validated + loaded here) or an already loaded profile. */
  sessionProfile?: string | SessionProfile | null;
  /** Caller headers: the top layer (a caller-supplied User-Agent wins). */
  headers?: HeaderBag;
  /** Exactly one private origin allowed in-process (demo page, canary host). */
  allowance?: PrivateOriginAllowance | null;
  /** Bytes of a non-2xx body to keep in the error's `details.bodySample` (default 0: body not read). */
  errorBodySampleBytes?: number;
  /** Overrides OCCAM_RESPECT_ROBOTS (e.g. false for the robots.txt fetch itself or sitemap discovery). */
  respectRobots?: boolean;
  /** Overrides OCCAM_HOST_THROTTLE_MS. */
  throttleMs?: number;
  /**
   * Hand back the (content-encoding decoded) bytes of any content type as `kind: 'binary'` instead of refusing
   * archives or undecodable bodies — for gzipped sitemaps, which the caller decompresses itself.
   */
  acceptBinary?: boolean;
}

export interface AcquireDeps {
  runtime: RuntimeContext;
  /** DNS seam: name → every address (both families). Default: the system resolver. */
  resolve?: Resolver;
  /** Connect seam: validated address → socket target actually dialled (tests only). */
  dial?: DialSeam;
  /** Process-wide robots cache + throttle queue; a private one is used when omitted. */
  politeness?: Politeness;
}

export interface RedirectHop {
  url: string;
  statusCode: number;
}

export interface AcquireTimings {
  totalMs: number;
  dnsMs: number;
  /** Until the final response's headers arrived. */
  ttfbMs: number;
  /** Time spent waiting for robots.txt and the throttle slot. */
  politenessMs: number;
  bodyMs: number;
}

export interface AcquiredDocument {
  /** The URL as requested (fragment removed). */
  requestedUrl: string;
  /** URL after redirects and meta-refresh hops. */
  finalUrl: string;
  /** Every URL requested in order, the final one last, with its status (301 → 302 → 200 is 3 entries). */
  redirectChain: RedirectHop[];
  metaRefreshHops: number;
  statusCode: number;
  /** Final response headers, lower-case names; repeated headers joined with ", " (set-cookie dropped). */
  headers: Record<string, string>;
  /** Lower-case mime of the final response, or null when missing. */
  contentType: string | null;
  kind: ContentKind;
  /** Encoding used to decode `text` (null for PDF). */
  charset: string | null;
  charsetSource: CharsetSource | null;
  /** Decoded text ('' for PDF). */
  text: string;
  /** Body bytes after content-encoding decoding (the PDF bytes for `kind: 'pdf'`). */
  bytes: Buffer;
  /** Body was cut at a cap (partial oversize mode or sampleBytes). */
  truncated: boolean;
  truncation: 'oversize_partial' | 'sample' | null;
  session: SessionEcho | null;
  privacyMode: 'local_public' | 'local_private';
  timings: AcquireTimings;
}

/** The guard policy in effect for a call: env OCCAM_ALLOW_PRIVATE_URLS plus an optional allowance. */
export function guardPolicyFor(ctx: Pick<RuntimeContext, 'env' | 'networkInterfaces'>, allowance?: PrivateOriginAllowance | null): GuardPolicy {
  return {
    allowPrivate: readEnv<boolean>('OCCAM_ALLOW_PRIVATE_URLS', ctx.env),
    allowance: allowance ?? null,
    localAddresses: localAddressesFor(ctx.networkInterfaces),
  };
}

/** Parses an absolute http(s) URL; `invalid_url` otherwise (a non-http(s) absolute URL is the guard's call). */
export function parseFetchUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new OccamError('invalid_url', 'URL must be an absolute http(s) URL.');
  }
  url.hash = '';
  return url;
}

const httpFailureCode = (status: number): FailureCode =>
  status >= 400 && status <= 599 ? (`http_${status}` as FailureCode) : 'http_error';

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const lower = name.toLowerCase();
    if (value === undefined || lower === 'set-cookie') continue;
    out[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const originOf = (u: URL) => u.origin;

/** The request headers of one hop: a session profile's only where its hosts cover the hop's URL. */
type HeadersFor = (url: URL) => HeaderBag;

interface HopResult {
  url: URL;
  statusCode: number;
  headers: Record<string, string>;
  body: Readable;
}

/** One acquisition in flight: the shared state of its hops. */
class Acquisition {
  readonly ctx: RuntimeContext;
  readonly transport: GuardedTransport;
  readonly signal: AbortSignal;
  readonly chain: RedirectHop[] = [];
  readonly startedAt = performance.now();
  ttfbMs = 0;
  politenessMs = 0;
  /** Throttle slot still to wait for, taken right before the first request is sent (after DNS and guard). */
  pendingThrottle: { polite: Politeness; authority: string; intervalMs: number } | null = null;

  constructor(ctx: RuntimeContext, transport: GuardedTransport, signal: AbortSignal) {
    this.ctx = ctx;
    this.transport = transport;
    this.signal = signal;
  }

  /** GET with manual redirects; returns the first non-3xx response (body unread). */
  async follow(start: URL, headersFor: HeadersFor, originalOrigin: string): Promise<HopResult> {
    let url = start;
    let redirects = 0;
    for (;;) {
      const headers = headersFor(url);
      const sendHeaders = originOf(url) === originalOrigin ? headers : withoutHeaders(headers, CREDENTIAL_HEADERS);
      const hop = await this.request(url, sendHeaders);
      this.chain.push({ url: url.href, statusCode: hop.statusCode });
      const location = hop.headers.location;
      if (hop.statusCode < 300 || hop.statusCode > 399 || !location) return hop;
      discardBody(hop.body);
      redirects++;
      if (redirects > MAX_REDIRECTS) {
        throw new OccamError('redirect_loop', `More than ${MAX_REDIRECTS} redirects.`, { statusCode: hop.statusCode });
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OccamError('http_error', 'Redirect with an unparsable Location.', { statusCode: hop.statusCode });
      }
      next.hash = '';
      url = next;
    }
  }

  async request(url: URL, headers: HeaderBag): Promise<HopResult> {
    const dispatcher: Dispatcher = await this.transport.prepare(url);
    if (this.pendingThrottle) {
      const { polite, authority, intervalMs } = this.pendingThrottle;
      this.pendingThrottle = null;
      const waitStarted = performance.now();
      await polite.waitForSlot(authority, intervalMs, this.signal);
      this.politenessMs += performance.now() - waitStarted;
    }
    this.signal.throwIfAborted();
    const res = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      signal: this.signal,
      // The overall deadline (AbortSignal) is the real ceiling; these only stop undici's own shorter defaults.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    this.ttfbMs = performance.now() - this.startedAt;
    return {
      url,
      statusCode: res.statusCode,
      headers: flattenHeaders(res.headers as Record<string, string | string[] | undefined>),
      body: res.body as unknown as Readable,
    };
  }
}

/** Whether `err` (or an error it wraps) is a refused TCP connect. */
export function connectionRefused(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown; errors?: unknown } | null | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'ECONNREFUSED') return true;
    // Happy-eyeballs dials report every address's failure together.
    if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => connectionRefused(x))) return true;
  }
  return false;
}

/** Maps anything thrown below to a taxonomy OccamError; transport-level unknowns become network_error. */
function asOccamError(err: unknown, timedOut: boolean, context: Record<string, unknown>): OccamError {
  if (timedOut) return new OccamError('timeout', 'The fetch exceeded its time budget.', context);
  if (err instanceof OccamError) {
    return new OccamError(err.code, err.message, { ...context, ...err.details });
  }
  let { code } = normaliseError(err);
  if (code === 'extraction_failed' || code === 'transcode_failed') code = 'network_error';
  // The one transport failure worth naming: nothing listens there (a wrong port, a server that is down).
  if (code === 'network_error' && connectionRefused(err)) return new OccamError(code, 'Connection refused (http).', context);
  const messages: Partial<Record<FailureCode, string>> = {
    timeout: 'The fetch exceeded its time budget.',
    network_error: 'The connection failed or was reset.',
    dns_error: 'The host did not resolve.',
    tls_error: 'The TLS handshake or certificate check failed.',
  };
  // Raw library messages stay out of the contract; the code carries the meaning.
  return new OccamError(code, messages[code] ?? 'The fetch failed.', context);
}

export async function acquire(rawUrl: string, options: AcquireOptions, deps: AcquireDeps): Promise<AcquiredDocument> {
  const ctx = deps.runtime;
  const requested = parseFetchUrl(rawUrl);
  const policy = guardPolicyFor(ctx, options.allowance);
  checkUrlLiteral(requested, policy); // preflight before anything else, even robots or session files

  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new OccamError('timeout', 'The fetch exceeded its time budget.'));
  }, timeoutMs);
  const onOuterAbort = () => {
    timedOut = true;
    controller.abort(new OccamError('timeout', 'The fetch was cancelled by its deadline.'));
  };
  if (options.signal?.aborted) onOuterAbort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let transport: GuardedTransport | null = null;
  let run: Acquisition | null = null;
  let finalUrl = requested.href;
  try {
    let profile: SessionProfile | null = null;
    if (typeof options.sessionProfile === 'string') profile = await loadSessionProfile(options.sessionProfile, ctx);
    else if (options.sessionProfile) profile = options.sessionProfile;
    if (profile) assertSessionCovers(profile, requested);

    const base = await baseRequestHeaders(ctx);
    const withoutSession = mergeHeaders(base, { 'Accept-Encoding': ACCEPT_ENCODING }, options.headers);
    const withSession = profile ? mergeHeaders(base, { 'Accept-Encoding': ACCEPT_ENCODING }, profile.headers, options.headers) : withoutSession;
    const headers: HeadersFor = (url) => (profile && sessionCoversHost(profile, url.hostname) ? withSession : withoutSession);

    transport = new GuardedTransport({
      policy,
      resolve: deps.resolve,
      dial: deps.dial,
      connectTimeoutMs: options.connectTimeoutMs ?? Math.min(10_000, timeoutMs),
      runtime: ctx,
    });
    run = new Acquisition(ctx, transport, controller.signal);

    await politeness(run, requested, options, deps, headers);

    const originalOrigin = originOf(requested);
    let doc = await fetchDocument(run, requested, headers, originalOrigin, options);
    finalUrl = doc.finalUrl;

    // §7.1 meta refresh: follow up to 3 hops, each guarded; failures other than the guard keep the previous body.
    const maxRefresh = options.metaRefreshHops ?? MAX_META_REFRESH_HOPS;
    let refreshHops = 0;
    while (doc.kind === 'html' && refreshHops < maxRefresh && !doc.truncated) {
      const target = metaRefreshTarget(doc.text, doc.finalUrl);
      if (!target || target === doc.finalUrl) break;
      const next = new URL(target);
      next.hash = '';
      checkUrlLiteral(next, policy);
      try {
        const refreshed = await fetchDocument(run, next, headers, originalOrigin, options);
        refreshHops++;
        doc = refreshed;
        finalUrl = doc.finalUrl;
      } catch (err) {
        if (err instanceof OccamError && err.code === 'private_url_blocked') throw err;
        if (timedOut) throw err;
        break;
      }
    }

    const totalMs = performance.now() - run.startedAt;
    return {
      requestedUrl: requested.href,
      ...doc,
      redirectChain: run.chain,
      metaRefreshHops: refreshHops,
      session: profile ? sessionEcho(profile) : null,
      privacyMode: privacyModeOf(requested, policy) === 'local_private' || transport.reachedPrivate ? 'local_private' : 'local_public',
      timings: {
        totalMs,
        dnsMs: transport.dnsMs,
        ttfbMs: run.ttfbMs,
        politenessMs: run.politenessMs,
        bodyMs: Math.max(0, totalMs - run.ttfbMs),
      },
    };
  } catch (err) {
    throw asOccamError(err, timedOut, {
      finalUrl,
      redirectChain: run?.chain ?? [],
      timings: run ? { totalMs: performance.now() - run.startedAt, dnsMs: transport?.dnsMs ?? 0 } : undefined,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    if (transport) await transport.close();
  }
}

type FetchedDoc = Pick<
  AcquiredDocument,
  'finalUrl' | 'statusCode' | 'headers' | 'contentType' | 'kind' | 'charset' | 'charsetSource' | 'text' | 'bytes' | 'truncated' | 'truncation'
>;

/** Follows redirects to a final response, enforces status, type and size rules, and decodes the body. */
async function fetchDocument(
  run: Acquisition,
  url: URL,
  headers: HeadersFor,
  originalOrigin: string,
  options: AcquireOptions,
): Promise<FetchedDoc> {
  const ctx = run.ctx;
  const hop = await run.follow(url, headers, originalOrigin);
  const finalUrl = hop.url.href;
  const { mime, charset } = parseContentType(hop.headers['content-type']);

  if (hop.statusCode < 200 || hop.statusCode > 299) {
    const details: Record<string, unknown> = { statusCode: hop.statusCode, finalUrl, headers: hop.headers };
    if (options.errorBodySampleBytes && options.errorBodySampleBytes > 0) {
      const sample = await sampleBody(hop.body, hop.headers['content-encoding'], options.errorBodySampleBytes);
      details.bodySample = decodeBody(sample, charset, mime === null || mime.includes('html') ? 'html' : 'none').text;
    } else {
      discardBody(hop.body); // §6.2: body cancelled, not read
    }
    throw new OccamError(httpFailureCode(hop.statusCode), `HTTP ${hop.statusCode} from the origin.`, details);
  }

  if (isUnsupportedBeforeReading(mime) && !options.acceptBinary) {
    discardBody(hop.body);
    throw new OccamError('unsupported_content_type', `Content type ${mime} is not supported.`, {
      statusCode: hop.statusCode,
      finalUrl,
      contentType: mime,
    });
  }

  const pdf = isPdfResponse(mime, hop.url.pathname);
  const cap = pdf
    ? (options.maxPdfBytes ?? readEnv<number>('OCCAM_MAX_PDF_BYTES', ctx.env, ctx.warn))
    : (options.maxBytes ?? readEnv<number>('OCCAM_MAX_RESPONSE_BYTES', ctx.env, ctx.warn));
  const oversize = options.oversizeMode ?? readEnv<'fail' | 'partial'>('OCCAM_HTTP_OVERSIZE_MODE', ctx.env, ctx.warn);
  const sampling = options.sampleBytes !== undefined && options.sampleBytes > 0;
  const mode: CapMode = sampling ? 'sample' : pdf || oversize === 'fail' ? 'fail' : 'partial';
  const limit = sampling ? Math.min(cap, options.sampleBytes!) : cap;

  const declared = Number(hop.headers['content-length']);
  if (mode === 'fail' && Number.isFinite(declared) && declared > limit) {
    discardBody(hop.body);
    throw new OccamError('response_too_large', `Declared body of ${declared} bytes exceeds the ${limit}-byte cap.`, {
      statusCode: hop.statusCode,
      finalUrl,
      bytesRead: 0,
      maxBytes: limit,
    });
  }

  const read = await readBody(hop.body, hop.headers['content-encoding'], limit, mode);
  let bytes = read.bytes;
  const truncation: AcquiredDocument['truncation'] = read.truncated ? (mode === 'sample' ? 'sample' : 'oversize_partial') : null;

  const base = { finalUrl, statusCode: hop.statusCode, headers: hop.headers, contentType: mime, truncated: read.truncated, truncation };
  if (pdf) return { ...base, kind: 'pdf', charset: null, charsetSource: null, text: '', bytes };

  const markup = mime === null || mime.includes('html') ? 'html' : mime.includes('xml') ? 'xml' : 'none';
  if (truncation === 'oversize_partial' && markup === 'html') {
    const lastTag = bytes.lastIndexOf(0x3e); // cut back to the last '>' so no tag is left half-open
    if (lastTag >= 0) bytes = bytes.subarray(0, lastTag + 1);
  }
  if (options.acceptBinary && (isUnsupportedBeforeReading(mime) || (bytes[0] === 0x1f && bytes[1] === 0x8b))) {
    return { ...base, kind: 'binary', charset: null, charsetSource: null, text: '', bytes };
  }
  const decoded = decodeBody(bytes, charset, markup);
  const kind = classifyBody(mime, hop.url.pathname, decoded.text);
  if (!kind && options.acceptBinary) return { ...base, kind: 'binary', charset: null, charsetSource: null, text: '', bytes };
  if (!kind) {
    throw new OccamError('unsupported_content_type', `Content type ${mime ?? 'unknown'} is not readable text.`, {
      statusCode: hop.statusCode,
      finalUrl,
      contentType: mime,
    });
  }
  return { ...base, kind, charset: decoded.charset, charsetSource: decoded.charsetSource, text: decoded.text, bytes };
}

/** §4: robots.txt (opt-in) and the per-authority throttle, before the first page request. */
async function politeness(run: Acquisition, url: URL, options: AcquireOptions, deps: AcquireDeps, headers: HeadersFor) {
  const ctx = run.ctx;
  const respect = options.respectRobots ?? readEnv<boolean>('OCCAM_RESPECT_ROBOTS', ctx.env, ctx.warn);
  const throttle = options.throttleMs ?? readEnv<number>('OCCAM_HOST_THROTTLE_MS', ctx.env, ctx.warn);
  if (!respect && throttle <= 0) return;
  const started = performance.now();
  const polite = deps.politeness ?? new Politeness(ctx.now);
  let crawlDelayMs = 0;
  if (respect) {
    const rules = await polite.robotsFor(url.origin, () => fetchRobotsText(run, url, headers));
    if (robotsDisallows(rules, `${url.pathname}${url.search}`)) {
      throw new OccamError('robots_disallowed', 'robots.txt disallows this path.', { finalUrl: url.href });
    }
    crawlDelayMs = (rules.crawlDelaySec ?? 0) * 1000;
  }
  run.politenessMs = performance.now() - started;
  const intervalMs = Math.max(throttle, crawlDelayMs);
  if (intervalMs > 0) run.pendingThrottle = { polite, authority: url.host, intervalMs };
}

/** robots.txt through the same guarded transport; any failure or non-2xx means allow-all (null). */
async function fetchRobotsText(run: Acquisition, page: URL, headers: HeadersFor): Promise<string | null> {
  const ctx = run.ctx;
  const robotsUrl = new URL('/robots.txt', page.origin);
  const timeoutMs = readEnv<number>('OCCAM_ROBOTS_TIMEOUT_MS', ctx.env, ctx.warn);
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(timeoutMs)]);
  const sub = new Acquisition(ctx, run.transport, signal);
  try {
    const hop = await sub.follow(robotsUrl, (u) => withoutHeaders(headers(u), CREDENTIAL_HEADERS), robotsUrl.origin);
    if (hop.statusCode < 200 || hop.statusCode > 299) {
      discardBody(hop.body);
      return null;
    }
    const read = await readBody(hop.body, hop.headers['content-encoding'], ROBOTS_MAX_BYTES, 'sample');
    return read.bytes.toString('utf8');
  } catch (err) {
    // The guard is never failed open: a private robots target means the page itself is refused.
    if (err instanceof OccamError && err.code === 'private_url_blocked') throw err;
    run.signal.throwIfAborted();
    return null;
  }
}
