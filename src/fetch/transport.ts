// The guarded HTTP transport: one undici Agent per acquisition whose connector dials only addresses the guard
// validated for that host (resolve-and-pin, reading.md §3.2.2), so there is no DNS-rebinding window between the
// check and the connect. Egress proxies (§3.4) replace the pinned agent when configured for the URL.
import { Agent, ProxyAgent, Socks5ProxyAgent, buildConnector, type Dispatcher } from 'undici';
import type { RuntimeContext } from '../runtime/context.ts';
import { inspectEnv } from '../config/env.ts';
import { OccamError } from '../contract/failures.ts';
import {
  PRIVATE_URL_MESSAGE,
  bareHost,
  classifyAddress,
  resolveAndCheck,
  systemResolver,
  type GuardPolicy,
  type ResolvedAddress,
  type Resolver,
} from './guard.ts';

/**
 * Test seam (reading.md §3.3, internal only): maps a validated address to the socket target actually dialled,
 * so tests can make `*.test` names validate as public addresses while dialling 127.0.0.1.
 */
export type DialSeam = (target: { host: string; address: string; family: 4 | 6; port: number }) => { host: string; port: number };

export interface TransportOptions {
  policy: GuardPolicy;
  resolve?: Resolver;
  dial?: DialSeam;
  connectTimeoutMs: number;
  runtime: RuntimeContext;
}

export interface ProxyConfig {
  http: string | null;
  https: string | null;
  noProxy: string[];
}

/** Reads the proxy env; a malformed proxy URL is `invalid_proxy_url` (never silently bypassed). */
export function proxyConfigFrom(ctx: Pick<RuntimeContext, 'env'>): ProxyConfig {
  const read = (name: string) => {
    const r = inspectEnv<string | null>(name, ctx.env);
    if (r.problem) throw new OccamError('invalid_proxy_url', `${name} is not a valid http, https or socks5 proxy URL.`);
    return r.value;
  };
  const http = read('OCCAM_HTTP_PROXY');
  const https = read('OCCAM_HTTPS_PROXY') ?? http;
  const noProxy = (inspectEnv<string | null>('OCCAM_NO_PROXY', ctx.env).value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return { http, https, noProxy };
}

/** OCCAM_NO_PROXY matching: `*`, exact host, `.suffix`, `*.suffix`. */
export function bypassesProxy(host: string, noProxy: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return noProxy.some((rule) => {
    if (rule === '*') return true;
    const suffix = rule.startsWith('*.') ? rule.slice(1) : rule.startsWith('.') ? rule : null;
    if (suffix) return h.endsWith(suffix) || h === suffix.slice(1);
    return h === rule;
  });
}

type LookupCallback = (
  err: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

const unpinned = () => new OccamError('private_url_blocked', PRIVATE_URL_MESSAGE, { reason: 'unpinned_host' });

export class GuardedTransport {
  readonly #policy: GuardPolicy;
  readonly #resolve: Resolver;
  readonly #dial: DialSeam | undefined;
  readonly #pins = new Map<string, ResolvedAddress[]>();
  readonly #proxy: ProxyConfig;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, Dispatcher>();
  readonly #connectTimeoutMs: number;
  /** Total time spent resolving names, for timings. */
  dnsMs = 0;
  /** Some validated destination was private (allowed by env or allowance): the read is `local_private`. */
  reachedPrivate = false;

  constructor(opts: TransportOptions) {
    this.#policy = opts.policy;
    this.#resolve = opts.resolve ?? systemResolver;
    this.#dial = opts.dial;
    this.#connectTimeoutMs = opts.connectTimeoutMs;
    this.#proxy = proxyConfigFrom(opts.runtime);
    // Sockets resolve names only through the pins: Node's happy-eyeballs then tries every validated address
    // (both families) and nothing else. IP-literal hosts never reach the lookup.
    const base = buildConnector({
      timeout: opts.connectTimeoutMs,
      allowH2: false,
      autoSelectFamily: true,
      lookup: (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) =>
        this.#pinnedLookup(hostname, options, callback),
    } as buildConnector.BuildOptions);
    this.#direct = new Agent({
      allowH2: false,
      connect: (connectOpts, callback) => {
        const host = connectOpts.hostname.replace(/^\[|\]$/g, '').toLowerCase();
        const pinned = this.#pins.get(host);
        if (!pinned || pinned.length === 0) {
          // Every host is validated before its request starts; an unvalidated host here is refused, never resolved.
          callback(unpinned(), null);
          return;
        }
        if (!this.#dial) {
          base(connectOpts, callback);
          return;
        }
        const port = Number(connectOpts.port) || (connectOpts.protocol === 'https:' ? 443 : 80);
        const first = pinned[0];
        const target = this.#dial({ host, address: first.address, family: first.family, port });
        base({ ...connectOpts, hostname: target.host, port: String(target.port) }, callback);
      },
    });
  }

  #pinnedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void {
    const pinned = (this.#pins.get(hostname.replace(/^\[|\]$/g, '').toLowerCase()) ?? []).filter(
      (a) => !options.family || a.family === options.family,
    );
    if (pinned.length === 0) {
      callback(unpinned(), options.all ? [] : '', 0);
      return;
    }
    if (options.all) callback(null, pinned.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, pinned[0].address, pinned[0].family);
  }

  #proxyFor(url: URL): string | null {
    const proxy = url.protocol === 'https:' ? this.#proxy.https : this.#proxy.http;
    if (!proxy || bypassesProxy(bareHost(url), this.#proxy.noProxy)) return null;
    return proxy;
  }

  /**
   * Guards one hop before any socket: literal check, resolution of every answer, then pins the validated
   * addresses for the connector. Returns the dispatcher to send the request with.
   */
  async prepare(url: URL): Promise<Dispatcher> {
    const started = performance.now();
    try {
      const addresses = await resolveAndCheck(url, this.#policy, this.#resolve);
      this.#pins.set(bareHost(url), addresses);
      if (addresses.some((a) => classifyAddress(a.address) !== 'public')) this.reachedPrivate = true;
    } finally {
      this.dnsMs += performance.now() - started;
    }
    const proxy = this.#proxyFor(url);
    if (!proxy) return this.#direct;
    let dispatcher = this.#proxies.get(proxy);
    if (!dispatcher) {
      dispatcher = proxy.startsWith('socks5:')
        ? new Socks5ProxyAgent(proxy, { connectTimeout: this.#connectTimeoutMs })
        : new ProxyAgent({ uri: proxy, connectTimeout: this.#connectTimeoutMs });
      this.#proxies.set(proxy, dispatcher);
    }
    return dispatcher;
  }

  async close(): Promise<void> {
    const all: Dispatcher[] = [this.#direct, ...this.#proxies.values()];
    await Promise.allSettled(all.map((d) => d.destroy()));
  }
}
