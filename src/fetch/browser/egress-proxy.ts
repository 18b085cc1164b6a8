// The browser's one egress point (reading.md §3.2.4): an in-process forward proxy on 127.0.0.1 that Chromium
// must use for everything it sends. Each destination is resolved here, checked by the same guard as the HTTP
// path, pinned, and only the checked address is dialled — for plain HTTP requests, CONNECT tunnels (HTTPS, WSS,
// WebSockets) and absolute-form upgrades alike. A refused destination gets an answer from the proxy and never a
// socket, so there is no TCP connect to port-scan with. One listener per render (its policy, resolver and log)
// plus one deny-all listener for the browser's own background traffic.
//
// With a remote browser (OCCAM_BROWSER_ENDPOINT) the listener is bound where the browser service can reach it and
// demands the render's own proxy credentials: anyone else who finds the port is answered 407 and dialled nothing.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import { OccamError } from '../../contract/failures.ts';
import { bareHost, classifyAddress, parseIpLiteral, portOf, resolveAndCheck, systemResolver, type GuardPolicy, type ResolvedAddress, type Resolver } from '../guard.ts';
import type { DialSeam } from '../transport.ts';

/** Marker on every answer the proxy itself gives, so the pool can tell a refusal from the site's own status. */
export const EGRESS_HEADER = 'x-occam-egress';
/** Why an `unreachable` verdict was given, beside it (`connection_refused`: nothing listens at the destination). */
export const EGRESS_REASON_HEADER = 'x-occam-egress-reason';
export const CONNECTION_REFUSED_REASON = 'connection_refused';
export type EgressVerdict = 'allowed' | 'denied' | 'dns_error' | 'unreachable';

export interface EgressEvent {
  kind: 'http' | 'connect' | 'upgrade';
  /** host:port as asked for (names unresolved). */
  destination: string;
  verdict: EgressVerdict;
  /** The guard's reason for a refusal (class name), when denied. */
  reason?: string;
  /** The checked address dialled, when allowed. */
  address?: string;
}

export interface EgressSessionOptions {
  /** null: refuse every destination (the browser's background traffic has no business anywhere). */
  policy: GuardPolicy | null;
  resolve?: Resolver;
  /** Test seam: validated address → socket target actually dialled (as on the HTTP path). */
  dial?: DialSeam;
  connectTimeoutMs?: number;
  /** Sees every destination asked for, with its verdict (diagnostics and tests). */
  onEvent?: (event: EgressEvent) => void;
  /** Ports of other proxy listeners: never a destination, whatever the policy (no proxy loops). */
  ownPorts?: () => ReadonlySet<number>;
  /** Address to listen on (default 127.0.0.1: the browser runs on this host). */
  bind?: string;
  /** The address the browser dials to reach this listener (default: the bind address). */
  advertisedHost?: string;
  /** Proxy credentials every request must carry (Basic); without them the answer is 407 and nothing is dialled. */
  credentials?: ProxyCredentials;
}

export interface ProxyCredentials {
  username: string;
  password: string;
}

const PROXY_REALM = 'occam-egress';
/** The answer to a request without this render's proxy credentials. */
const RAW_AUTH_CHALLENGE = `HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="${PROXY_REALM}"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/** Whether a Proxy-Authorization header carries exactly these credentials (constant-time on the secret). */
export function proxyAuthorized(header: string | string[] | undefined, credentials: ProxyCredentials | undefined): boolean {
  if (!credentials) return true;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'base64');
  const expected = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** host for a URL authority (IPv6 literals bracketed). */
const authorityHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

const LOG_LIMIT = 2000;

/**
 * Chromium's own service endpoints that its launch switches do not silence inside a browsing context (autofill
 * crowdsourcing on pages with forms, safe browsing, update and variations pings). Refused by name, before any
 * resolution: a read sends the page's traffic and nothing of the browser's.
 */
export const BROWSER_SERVICE_HOSTS: ReadonlySet<string> = new Set([
  'content-autofill.googleapis.com',
  'safebrowsing.googleapis.com',
  'safebrowsingohttpgateway.googleapis.com',
  'sb-ssl.google.com',
  'update.googleapis.com',
  'clients1.google.com',
  'clients2.google.com',
  'clients4.google.com',
  'clientservices.googleapis.com',
  'optimizationguide-pa.googleapis.com',
  'redirector.gvt1.com',
  'edgedl.me.gvt1.com',
  'android.clients.google.com',
  'accounts.google.com',
]);
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;

/** The proxy's own answer on a raw socket (CONNECT, upgrade), marked like its HTTP refusals. */
function rawRefusal(verdict: EgressVerdict, status = verdict === 'denied' ? '403 Forbidden' : '502 Bad Gateway'): string {
  return `HTTP/1.1 ${status}\r\n${EGRESS_HEADER}: ${verdict}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
}

/** Request headers without hop-by-hop fields (and without those the Connection header names). */
function endToEnd(raw: string[], keepUpgrade = false): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  const named = new Set<string>();
  for (const [k, v] of pairs) {
    if (k.toLowerCase() === 'connection' || k.toLowerCase() === 'proxy-connection') {
      for (const t of v.split(',')) named.add(t.trim().toLowerCase());
    }
  }
  return pairs.filter(([k]) => {
    const lower = k.toLowerCase();
    if (keepUpgrade && (lower === 'connection' || lower === 'upgrade')) return true;
    return !HOP_BY_HOP.has(lower) && !named.has(lower);
  });
}

/** One proxy listener with its own policy, pins and destination log. */
export class EgressSession {
  readonly #opts: EgressSessionOptions;
  readonly #resolve: Resolver;
  readonly #server: Server;
  readonly #agent: Agent;
  readonly #sockets = new Set<Socket>();
  readonly #pins = new Map<string, Promise<ResolvedAddress[]>>();
  readonly #log: EgressEvent[] = [];
  readonly #deniedTunnels = new Set<string>();
  #port = 0;
  #denied = 0;
  #unauthorized = 0;

  constructor(opts: EgressSessionOptions) {
    this.#opts = opts;
    this.#resolve = opts.resolve ?? systemResolver;
    // Keep-alive to the checked destinations: the pool is keyed by what was dialled, so a pin is reused only
    // for the same host and port.
    this.#agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // A fault while handling one of the page's requests ends that request (its connection is dropped, the browser
    // sees a failed request) and nothing else: it never escapes into the process.
    this.#server = createServer({ requireHostHeader: false }, (req, res) => {
      if (!this.#authorized(req)) {
        req.resume();
        res.writeHead(407, { 'proxy-authenticate': `Basic realm="${PROXY_REALM}"`, 'content-length': '0', connection: 'close' });
        res.end();
        return;
      }
      void this.#onRequest(req, res).catch(() => res.destroy());
    });
    this.#server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      if (!this.#authorized(req)) return void socket.end(RAW_AUTH_CHALLENGE);
      void this.#onConnect(req, socket, head).catch(() => socket.destroy());
    });
    this.#server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      if (!this.#authorized(req)) return void socket.end(RAW_AUTH_CHALLENGE);
      void this.#onUpgrade(req, socket, head).catch(() => socket.destroy());
    });
    this.#server.on('connection', (socket: Socket) => this.#track(socket));
    this.#server.on('clientError', (_err, socket: Socket) => socket.destroy());
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, this.#opts.bind ?? '127.0.0.1', () => resolve());
      // The listener alone never keeps the process alive: its owner (a render, the browser) does.
      this.#server.unref();
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  get port(): number {
    return this.#port;
  }

  /** The proxy URL Chromium is pointed at. */
  get server(): string {
    return `http://${authorityHost(this.#opts.advertisedHost ?? this.#opts.bind ?? '127.0.0.1')}:${this.#port}`;
  }

  /** Connections answered 407: they did not carry this render's proxy credentials (the browser's first try, or a stranger). */
  get unauthorized(): number {
    return this.#unauthorized;
  }

  #authorized(req: IncomingMessage): boolean {
    if (proxyAuthorized(req.headers['proxy-authorization'], this.#opts.credentials)) return true;
    this.#unauthorized += 1;
    return false;
  }

  /** Destinations refused by the guard (here, or by the pool before Chromium sent them). */
  get denied(): number {
    return this.#denied;
  }

  /** Counts a refusal the pool made on the proxy's verdict (a cancelled navigation that never reached it). */
  noteRefusal(): void {
    this.#denied += 1;
  }

  /** Every destination asked for, in order (bounded). */
  log(): readonly EgressEvent[] {
    return this.#log;
  }

  /** Whether a CONNECT to this host:port was refused by the guard (a failed tunnel is then a block). */
  refusedTunnel(url: URL): boolean {
    return this.#deniedTunnels.has(`${bareHost(url)}:${portOf(url)}`);
  }

  /**
   * The guard's verdict on the page's own URL before Chromium opens it (same pins as the proxy will use), so a
   * refused read fails with the guard's own error instead of a browser error page.
   */
  async preflight(url: URL): Promise<void> {
    if (!this.#opts.policy) throw new OccamError('private_url_blocked', 'Private or local URLs are blocked.', { reason: 'background' });
    await this.#pinned(url, false);
  }

  /** Whether the guard refuses this request URL (same pins as the proxy), without throwing. */
  async refuses(url: URL): Promise<boolean> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false; // about:, data:, blob: never leave Chromium
    const verdict = await this.#check(url, false);
    return !('addresses' in verdict) && verdict.verdict === 'denied';
  }

  #pinned(url: URL, tunnel: boolean): Promise<ResolvedAddress[]> {
    const key = `${tunnel ? 't' : 'r'}|${url.origin}`;
    let pinned = this.#pins.get(key);
    if (!pinned) {
      pinned = resolveAndCheck(url, this.#opts.policy!, this.#resolve, { tunnel });
      pinned.catch(() => {});
      this.#pins.set(key, pinned);
    }
    return pinned;
  }

  #track(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  #record(event: EgressEvent): void {
    if (this.#log.length < LOG_LIMIT) this.#log.push(event);
    if (event.verdict === 'denied') this.#denied += 1;
    this.#opts.onEvent?.(event);
  }

  /** Guard one destination: the pinned, checked addresses, or the verdict that refuses it. */
  async #check(url: URL, tunnel: boolean): Promise<{ addresses: ResolvedAddress[] } | { verdict: EgressVerdict; reason: string }> {
    const port = portOf(url);
    if (!this.#opts.policy) return { verdict: 'denied', reason: 'background' };
    if (BROWSER_SERVICE_HOSTS.has(bareHost(url).replace(/\.$/, ''))) return { verdict: 'denied', reason: 'browser_service' };
    try {
      const addresses = await this.#pinned(url, tunnel);
      // A proxy listener is never a destination, by literal or by name (no proxy loops, even when private
      // destinations are allowed).
      const own = new Set([this.#opts.bind, this.#opts.advertisedHost].filter((h): h is string => Boolean(h)));
      const ownAddress = (address: string) => classifyAddress(address) === 'loopback' || classifyAddress(address) === 'unspecified' || own.has(address);
      if (this.#opts.ownPorts?.().has(port) && addresses.some((a) => ownAddress(a.address))) {
        return { verdict: 'denied', reason: 'egress_proxy' };
      }
      return { addresses };
    } catch (err) {
      const code = err instanceof OccamError ? err.code : 'dns_error';
      const reason = err instanceof OccamError ? String(err.details?.reason ?? code) : 'lookup_failed';
      return { verdict: code === 'private_url_blocked' ? 'denied' : 'dns_error', reason };
    }
  }

  /** Socket target for a checked destination: the pinned addresses (or the test seam's target). */
  #target(url: URL, addresses: ResolvedAddress[]): { host: string; port: number; lookup?: (h: string, o: { all?: boolean; family?: number }, cb: LookupCallback) => void } {
    const port = portOf(url);
    const first = addresses[0];
    if (this.#opts.dial) return this.#opts.dial({ host: bareHost(url), address: first.address, family: first.family, port });
    if (parseIpLiteral(bareHost(url))) return { host: first.address, port };
    // Names connect through a lookup that answers only with the pins (both families, happy eyeballs).
    return {
      host: bareHost(url),
      port,
      lookup: (_h, o, cb) => {
        const usable = addresses.filter((a) => !o.family || a.family === o.family);
        if (usable.length === 0) return cb(Object.assign(new Error('no pinned address'), { code: 'ENOTFOUND' }), o.all ? [] : '', 0);
        if (o.all) cb(null, usable.map((a) => ({ address: a.address, family: a.family })));
        else cb(null, usable[0].address, usable[0].family);
      },
    };
  }

  #refuse(res: ServerResponse, verdict: EgressVerdict, reason: string): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const status = verdict === 'denied' ? 403 : 502;
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [EGRESS_HEADER]: verdict, [EGRESS_REASON_HEADER]: reason, connection: 'close' });
    res.end(verdict === 'denied' ? 'Blocked by Occam: private or local destination.\n' : 'Occam could not reach this destination.\n');
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('scheme');
    } catch {
      // Origin-form or another scheme: not a forward-proxy request.
      this.#record({ kind: 'http', destination: String(req.url ?? '').slice(0, 200), verdict: 'denied', reason: 'not_a_proxy_request' });
      this.#refuse(res, 'denied', 'not_a_proxy_request');
      return;
    }
    const destination = `${bareHost(url)}:${portOf(url)}`;
    const checked = await this.#check(url, false);
    if (!('addresses' in checked)) {
      this.#record({ kind: 'http', destination, verdict: checked.verdict, reason: checked.reason });
      req.resume();
      this.#refuse(res, checked.verdict, checked.reason);
      return;
    }
    const target = this.#target(url, checked.addresses);
    this.#record({ kind: 'http', destination, verdict: 'allowed', address: checked.addresses[0].address });
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of endToEnd(req.rawHeaders)) {
      if (k.toLowerCase() === 'host') continue;
      const existing = headers[k];
      headers[k] = existing === undefined ? v : ([] as string[]).concat(existing as string | string[], v);
    }
    // RFC 9112 §3.2.2: a proxy replaces Host with the authority of the absolute-form target.
    headers.host = url.host;
    const upstream = httpRequest({
      host: target.host,
      port: target.port,
      ...(target.lookup ? { lookup: target.lookup as never } : {}),
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      setHost: false,
      agent: this.#agent,
    });
    // A connect that does not complete in time fails; a slow response afterwards is the page's business (the
    // render's deadline closes the session and with it every socket).
    upstream.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => upstream.destroy(new Error('connect timeout')), this.#opts.connectTimeoutMs ?? 15_000);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    upstream.on('response', (up) => {
      const out: string[] = [];
      const raw = up.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const lower = raw[i].toLowerCase();
        if (lower === 'connection' || lower === 'keep-alive' || lower === 'transfer-encoding' || lower === 'proxy-connection') continue;
        out.push(raw[i], raw[i + 1]);
      }
      res.writeHead(up.statusCode ?? 502, up.statusMessage, out);
      up.pipe(res);
      up.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => this.#refuse(res, 'unreachable', err.code === 'ECONNREFUSED' ? CONNECTION_REFUSED_REASON : 'connect_failed'));
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  /** Dials a checked destination for a tunnel; resolves with the connected socket or null. */
  #dialTunnel(url: URL, addresses: ResolvedAddress[]): Promise<Socket | null> {
    const target = this.#target(url, addresses);
    return new Promise((resolve) => {
      const socket = netConnect({ host: target.host, port: target.port, ...(target.lookup ? { lookup: target.lookup as never } : {}), autoSelectFamily: true });
      this.#track(socket);
      const timer = setTimeout(() => socket.destroy(), this.#opts.connectTimeoutMs ?? 15_000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
  }

  async #onConnect(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    let url: URL;
    try {
      url = new URL(`https://${req.url ?? ''}`);
      if (!url.port && !/:443$/.test(req.url ?? '')) throw new Error('port');
    } catch {
      this.#record({ kind: 'connect', destination: String(req.url ?? '').slice(0, 200), verdict: 'denied', reason: 'bad_authority' });
      client.end(rawRefusal('denied', '400 Bad Request'));
      return;
    }
    await this.#tunnel('connect', url, client, head, () => client.write('HTTP/1.1 200 Connection Established\r\n\r\n'));
  }

  async #onUpgrade(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol === 'ws:') url = new URL(`http:${url.href.slice(3)}`);
      if (url.protocol !== 'http:') throw new Error('scheme');
    } catch {
      this.#record({ kind: 'upgrade', destination: String(req.url ?? '').slice(0, 200), verdict: 'denied', reason: 'not_a_proxy_request' });
      client.end(rawRefusal('denied'));
      return;
    }
    const target = url;
    await this.#tunnel('upgrade', target, client, head, (upstream) => {
      const lines = [
        `${req.method} ${target.pathname}${target.search} HTTP/1.1`,
        `Host: ${target.host}`,
        ...endToEnd(req.rawHeaders, true).filter(([k]) => k.toLowerCase() !== 'host').map(([k, v]) => `${k}: ${v}`),
      ];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  /**
   * A raw-socket destination (CONNECT tunnel or upgrade): guard, dial the checked address, let `opened` write
   * what goes first, then splice both ways. A refusal is answered on the client socket; nothing is dialled.
   */
  async #tunnel(kind: 'connect' | 'upgrade', url: URL, client: Socket, head: Buffer, opened: (upstream: Socket) => void): Promise<void> {
    const destination = `${bareHost(url)}:${portOf(url)}`;
    // A CONNECT hides its scheme: under an allowance it may reach the allowed host and port (tunnel mode).
    const checked = await this.#check(url, kind === 'connect');
    if (!('addresses' in checked)) {
      this.#record({ kind, destination, verdict: checked.verdict, reason: checked.reason });
      if (kind === 'connect' && checked.verdict === 'denied') this.#deniedTunnels.add(destination);
      client.end(rawRefusal(checked.verdict));
      return;
    }
    this.#record({ kind, destination, verdict: 'allowed', address: checked.addresses[0].address });
    const upstream = await this.#dialTunnel(url, checked.addresses);
    if (!upstream || client.destroyed) {
      upstream?.destroy();
      if (!client.destroyed) client.end(rawRefusal('unreachable'));
      return;
    }
    opened(upstream);
    if (head.length) upstream.write(head);
    this.#splice(client, upstream);
  }

  #splice(a: Socket, b: Socket): void {
    a.pipe(b);
    b.pipe(a);
    const end = () => {
      a.destroy();
      b.destroy();
    };
    a.once('close', end);
    b.once('close', end);
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    this.#agent.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Opens one listening session. */
export async function openEgressSession(opts: EgressSessionOptions): Promise<EgressSession> {
  return new EgressSession(opts).listen();
}
