// The outbound guard (reading.md §3): decides whether a destination is private, normalises every IP notation
// first, checks every DNS answer, and hands back the exact addresses a socket may dial (resolve-and-pin).
// Private destinations are denied by default; only env OCCAM_ALLOW_PRIVATE_URLS=1 or a PrivateOriginAllowance
// created in-process for one exact origin lifts the denial.
import { lookup as dnsLookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import { OccamError } from '../contract/failures.ts';

export const PRIVATE_URL_MESSAGE = 'Private or local URLs are blocked.';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'shared_cgnat'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'site_local'
  | 'unique_local'
  | 'documentation'
  | 'benchmarking'
  | 'tunnel';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → addresses (both families). Injected in tests; the default asks the system resolver. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const answers = await dnsLookup(host, { all: true, family: 0, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// ---------------------------------------------------------------------------------------------------------------
// IP literal parsing: every notation a URL parser, inet_aton or a DNS answer may produce.

/** One IPv4 part in inet_aton notation: 0x.. hex, 0.. octal, else decimal. */
function parseIpv4Part(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0; // "0x" alone is zero in the WHATWG parser
    if (!/^[0-9a-f]+$/i.test(digits)) return null;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
    if (!/^[0-7]+$/.test(digits)) return null;
  } else if (!/^[0-9]+$/.test(digits)) {
    return null;
  }
  const n = parseInt(digits, radix);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Parses an IPv4 literal in any classic notation: dotted quad, short forms (127.1), a single 32-bit number
 * (2130706433), hex (0x7f000001) and octal (0177.0.0.1) parts. Returns the 4 bytes or null.
 */
export function parseIpv4(text: string): number[] | null {
  let host = text;
  if (host.endsWith('.')) host = host.slice(0, -1); // a single trailing dot is allowed
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    const n = parseIpv4Part(p);
    if (n === null) return null;
    nums.push(n);
  }
  const last = nums[nums.length - 1];
  for (let i = 0; i < nums.length - 1; i++) if (nums[i] > 255) return null;
  if (last >= 256 ** (5 - nums.length)) return null;
  let value = last;
  for (let i = 0; i < nums.length - 1; i++) value += nums[i] * 256 ** (3 - i);
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** Parses an IPv6 literal (brackets and zone id tolerated, embedded dotted IPv4 supported) into 16 bytes. */
export function parseIpv6(text: string): number[] | null {
  let host = text;
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  const zone = host.indexOf('%');
  if (zone >= 0) host = host.slice(0, zone);
  if (!host.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = host.lastIndexOf(':');
  const lastGroup = host.slice(lastColon + 1);
  if (lastGroup.includes('.')) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(lastGroup)) return null;
    const v4 = lastGroup.split('.').map(Number);
    if (v4.some((n) => n > 255)) return null;
    tail = v4;
    host = host.slice(0, lastColon + 1) + '0:0'; // filler groups, replaced below
  }
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = toGroups(halves[0]);
  const rest = halves.length === 2 ? toGroups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 255);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

export type IpLiteral = { family: 4; bytes: number[] } | { family: 6; bytes: number[] };

/** A host that is an IP literal in any notation, or null for a hostname. */
export function parseIpLiteral(host: string): IpLiteral | null {
  const h = host.trim();
  if (h.includes(':') || h.startsWith('[')) {
    const v6 = parseIpv6(h);
    return v6 ? { family: 6, bytes: v6 } : null;
  }
  // A name whose last label is not numeric is a hostname (WHATWG "ends in a number" rule).
  const labels = h.replace(/\.$/, '').split('.');
  const lastLabel = labels[labels.length - 1] ?? '';
  if (!/^(0x[0-9a-f]*|\d+)$/i.test(lastLabel)) return null;
  const v4 = parseIpv4(h);
  return v4 ? { family: 4, bytes: v4 } : null;
}

/** Canonical text of an IP literal (dotted quad, or lower-case RFC 5952-ish IPv6 without compression). */
export function formatIp(ip: IpLiteral): string {
  if (ip.family === 4) return ip.bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16));
  return groups.join(':');
}

// ---------------------------------------------------------------------------------------------------------------
// Classification tables (data): prefix → class, after the IANA IPv4 and IPv6 Special-Purpose Address Registries.
// The longest matching prefix wins, so a globally reachable assignment inside a special block (marked 'public')
// overrides its block. IPv6 forms that embed an IPv4 (mapped, NAT64, 6to4) are judged by that IPv4.

interface Range {
  bytes: number[];
  bits: number;
  cls: AddressClass;
}

const v4 = (dotted: string, bits: number, cls: AddressClass): Range => ({
  bytes: dotted.split('.').map(Number),
  bits,
  cls,
});
const v6 = (text: string, bits: number, cls: AddressClass): Range => ({ bytes: parseIpv6(text)!, bits, cls });

export const IPV4_RANGES: readonly Range[] = [
  v4('0.0.0.0', 8, 'unspecified'), // "this network"
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared_cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link_local'), // includes the cloud metadata address 169.254.169.254
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'), // IETF protocol assignments (DS-Lite, NAT64 discovery, some metadata services)
  v4('192.0.0.9', 32, 'public'), // PCP anycast, globally reachable
  v4('192.0.0.10', 32, 'public'), // TURN anycast, globally reachable
  v4('192.0.2.0', 24, 'documentation'), // TEST-NET-1
  v4('192.88.99.0', 24, 'tunnel'), // deprecated 6to4 relay anycast
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'), // TEST-NET-2
  v4('203.0.113.0', 24, 'documentation'), // TEST-NET-3
  v4('224.0.0.0', 4, 'multicast'),
  v4('233.252.0.0', 24, 'documentation'), // MCAST-TEST-NET
  v4('240.0.0.0', 4, 'reserved'),
  v4('255.255.255.255', 32, 'broadcast'),
];

export const IPV6_RANGES: readonly Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('64:ff9b:1::', 48, 'private'), // local-use NAT64
  v6('100::', 64, 'reserved'), // discard-only
  v6('100:0:0:1::', 64, 'reserved'), // dummy prefix
  v6('2001::', 23, 'reserved'), // IETF protocol assignments
  v6('2001::', 32, 'tunnel'), // Teredo
  v6('2001:1::1', 128, 'public'), // PCP anycast
  v6('2001:1::2', 128, 'public'), // TURN anycast
  v6('2001:1::3', 128, 'public'), // DNS-SD service registration anycast
  v6('2001:2::', 48, 'benchmarking'),
  v6('2001:3::', 32, 'public'), // AMT
  v6('2001:4:112::', 48, 'public'), // AS112-v6
  v6('2001:20::', 28, 'public'), // ORCHIDv2
  v6('2001:30::', 28, 'public'), // drone remote ID
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
  v6('5f00::', 16, 'reserved'), // segment routing SIDs
  v6('fc00::', 7, 'unique_local'),
  v6('fe80::', 10, 'link_local'),
  v6('fec0::', 10, 'site_local'),
  v6('ff00::', 8, 'multicast'),
];

/** Global unicast space (2000::/3); any other IPv6 address not listed above is unassigned or special. */
const IPV6_GLOBAL_UNICAST = v6('2000::', 3, 'public');

function inRange(bytes: number[], r: Range): boolean {
  let bits = r.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 255 : (255 << (8 - bits)) & 255;
    if ((bytes[i] & mask) !== (r.bytes[i] & mask)) return false;
  }
  return true;
}

function longestMatch(bytes: number[], ranges: readonly Range[]): Range | undefined {
  let best: Range | undefined;
  for (const r of ranges) if (inRange(bytes, r) && (!best || r.bits > best.bits)) best = r;
  return best;
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The IPv4 address an IPv6 address carries, for the transition forms that route to it. */
export function embeddedIpv4(bytes: number[]): number[] | null {
  const zeros10 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (startsWith(bytes, [...zeros10, 0xff, 0xff])) return bytes.slice(12); // ::ffff:a.b.c.d (mapped)
  if (startsWith(bytes, [...zeros10, 0, 0]) && bytes.slice(12).some((b, i) => (i < 3 ? b !== 0 : b > 1))) {
    return bytes.slice(12); // ::a.b.c.d (compatible); :: and ::1 are judged as IPv6
  }
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0])) return bytes.slice(12); // ::ffff:0:a.b.c.d
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])) return bytes.slice(12); // NAT64 64:ff9b::/96
  if (startsWith(bytes, [0x20, 0x02])) return bytes.slice(2, 6); // 6to4 2002:a.b.c.d::/48
  return null;
}

export function classifyIp(ip: IpLiteral): AddressClass {
  if (ip.family === 4) return longestMatch(ip.bytes, IPV4_RANGES)?.cls ?? 'public';
  const inner = embeddedIpv4(ip.bytes);
  if (inner) return classifyIp({ family: 4, bytes: inner });
  return longestMatch(ip.bytes, IPV6_RANGES)?.cls ?? (inRange(ip.bytes, IPV6_GLOBAL_UNICAST) ? 'public' : 'reserved');
}

// ---------------------------------------------------------------------------------------------------------------
// This machine's own addresses: a service bound to 0.0.0.0 answers on every one of them, so each address on a
// local interface is denied like loopback, whatever its class.

/** The shape of os.networkInterfaces(); injected in tests (RuntimeContext.networkInterfaces). */
export type InterfaceLister = () => Record<string, Array<{ address: string }> | undefined>;

/** How long a snapshot of the interface list is trusted before it is read again (address changes). */
const INTERFACE_REFRESH_MS = 1000;

export class LocalAddresses {
  readonly #list: InterfaceLister;
  #addresses = new Set<string>();
  #readAt = -Infinity;

  constructor(list: InterfaceLister) {
    this.#list = list;
    this.#refresh();
  }

  #refresh(): void {
    this.#readAt = performance.now();
    const next = new Set<string>();
    try {
      for (const entries of Object.values(this.#list())) {
        for (const entry of entries ?? []) {
          const ip = parseIpLiteral(entry.address);
          if (ip) next.add(formatIp(ip));
        }
      }
    } catch {
      return; // an unreadable list keeps the last snapshot rather than forgetting addresses already known
    }
    this.#addresses = next;
  }

  has(ip: IpLiteral): boolean {
    if (performance.now() - this.#readAt > INTERFACE_REFRESH_MS) this.#refresh();
    if (this.#addresses.has(formatIp(ip))) return true;
    // ::ffff:a.b.c.d and the other transition forms reach the IPv4 they carry.
    const inner = ip.family === 6 ? embeddedIpv4(ip.bytes) : null;
    return inner !== null && this.#addresses.has(inner.join('.'));
  }
}

const systemInterfaces: InterfaceLister = () => networkInterfaces();
let systemLocal: LocalAddresses | null = null;
const injectedLocal = new WeakMap<InterfaceLister, LocalAddresses>();

/** The own-address set for an interface lister (the machine's when none is injected), one snapshot per lister. */
export function localAddressesFor(list?: InterfaceLister): LocalAddresses {
  if (!list) return (systemLocal ??= new LocalAddresses(systemInterfaces));
  let known = injectedLocal.get(list);
  if (!known) injectedLocal.set(list, (known = new LocalAddresses(list)));
  return known;
}

/** Classifies an address string (a DNS answer or a literal in any notation); unparseable → null. */
export function classifyAddress(address: string): AddressClass | null {
  const ip = parseIpLiteral(address);
  return ip ? classifyIp(ip) : null;
}

const PRIVATE_NAME = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

/** Host names that are private by name alone (reading.md §3.1), before any resolution. */
export function isPrivateHostname(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === '' || PRIVATE_NAME.test(h);
}

/** The URL's host without IPv6 brackets, lower-cased. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export type LiteralVerdict =
  | { private: true; reason: 'scheme' | 'hostname' | 'local_interface' | AddressClass }
  | { private: false; ip: IpLiteral | null };

/**
 * The literal classifier of §3.1 (scheme, host name, IP literal, this machine's own addresses) — no DNS, no
 * policy.
 */
export function classifyUrlLiteral(url: URL, local: LocalAddresses = localAddressesFor()): LiteralVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { private: true, reason: 'scheme' };
  const host = bareHost(url);
  const ip = parseIpLiteral(host);
  if (ip) {
    const cls = classifyIp(ip);
    if (cls === 'public' && local.has(ip)) return { private: true, reason: 'local_interface' };
    return cls === 'public' ? { private: false, ip } : { private: true, reason: cls };
  }
  if (isPrivateHostname(host)) return { private: true, reason: 'hostname' };
  return { private: false, ip: null };
}

/** True when the literal classifier calls the URL private (used e.g. for cache eligibility, §15). */
export function isPrivateUrlLiteral(url: string | URL): boolean {
  try {
    return classifyUrlLiteral(typeof url === 'string' ? new URL(url) : url).private;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Policy: what may be reached.

const ALLOWANCE_BRAND = Symbol('occam.privateOriginAllowance');

/**
 * An in-process permission to reach exactly one private origin (scheme + IP literal + port), e.g. the
 * `occam read --demo` page or the local canary probe host. It cannot be built from MCP arguments or env: only code
 * holding the origin creates one. It never extends to another origin — a redirect, refresh or robots.txt fetch
 * on a different scheme, host or port is guarded as usual — and it never matches a host name, so DNS cannot be
 * used to widen it.
 */
export class PrivateOriginAllowance {
  readonly #origin: string;
  readonly [ALLOWANCE_BRAND] = true;

  private constructor(origin: string) {
    this.#origin = origin;
  }

  /** Accepts an http(s) URL or origin whose host is an IP literal; throws for anything else. */
  static forOrigin(urlOrOrigin: string): PrivateOriginAllowance {
    const url = new URL(urlOrOrigin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('allowance needs an http(s) origin');
    if (!parseIpLiteral(bareHost(url))) throw new Error('allowance needs an IP-literal host');
    return new PrivateOriginAllowance(url.origin);
  }

  get origin(): string {
    return this.#origin;
  }

  permits(url: URL): boolean {
    return url.origin === this.#origin;
  }

  /**
   * For a tunnel (CONNECT: WebSocket, TLS) whose scheme the proxy cannot see: the same host and port as the
   * allowed origin, i.e. the same socket address, whatever protocol runs over it.
   */
  permitsTunnel(url: URL): boolean {
    const allowed = new URL(this.#origin);
    return bareHost(allowed) === bareHost(url) && portOf(allowed) === portOf(url);
  }
}

export interface GuardPolicy {
  /** OCCAM_ALLOW_PRIVATE_URLS=1 (env only). Resolution and pinning still run. */
  allowPrivate: boolean;
  /** At most one private origin allowed in-process. */
  allowance?: PrivateOriginAllowance | null;
  /** This machine's interface addresses (denied like loopback); the system's when absent. */
  localAddresses?: LocalAddresses;
}

export const STRICT_POLICY: GuardPolicy = Object.freeze({ allowPrivate: false, allowance: null });

/** The port a URL dials (explicit, or the scheme's default). */
export function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80);
}

/** How a destination is judged: a request (exact origin) or a tunnel to host:port (CONNECT, scheme unseen). */
export interface CheckMode {
  tunnel?: boolean;
}

function mayReachPrivate(url: URL, policy: GuardPolicy, mode: CheckMode = {}): boolean {
  if (policy.allowPrivate) return true;
  const allowance = policy.allowance;
  if (!(allowance instanceof PrivateOriginAllowance)) return false;
  return mode.tunnel ? allowance.permitsTunnel(url) : allowance.permits(url);
}

function blocked(url: URL, reason: string): OccamError {
  // The reason is internal detail (class name only); the message is the fixed contract text.
  return new OccamError('private_url_blocked', PRIVATE_URL_MESSAGE, { reason, host: url.host });
}

/**
 * Preflight (§3.2.1): scheme, private host names and IP literals, before any socket. A non-http(s) scheme is
 * always blocked (no allowance or env lifts that).
 */
export function checkUrlLiteral(url: URL, policy: GuardPolicy, mode: CheckMode = {}): void {
  const verdict = classifyUrlLiteral(url, policy.localAddresses);
  if (!verdict.private) return;
  if (verdict.reason === 'scheme') throw blocked(url, 'scheme');
  if (!mayReachPrivate(url, policy, mode)) throw blocked(url, verdict.reason);
}

/** How the probe reports the destination (reading.md §19.3 `policy.privacyMode`). */
export function privacyModeOf(url: URL, policy: GuardPolicy): 'local_public' | 'local_private' | 'blocked_by_policy' {
  const verdict = classifyUrlLiteral(url, policy.localAddresses);
  if (!verdict.private) return 'local_public';
  if (verdict.reason === 'scheme') return 'blocked_by_policy';
  return mayReachPrivate(url, policy) ? 'local_private' : 'blocked_by_policy';
}

/**
 * Resolve-and-pin (§3.2.2): every answer (both families) must be public unless the policy allows private
 * destinations. Returns the validated addresses — the only ones a socket may dial for this host.
 * Resolution failure → `dns_error`.
 */
export async function resolveAndCheck(url: URL, policy: GuardPolicy, resolve: Resolver, mode: CheckMode = {}): Promise<ResolvedAddress[]> {
  checkUrlLiteral(url, policy, mode);
  const host = bareHost(url);
  const literal = parseIpLiteral(host);
  if (literal) return [{ address: formatIp(literal), family: literal.family }];
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host);
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'lookup_failed';
    throw new OccamError('dns_error', `Host ${host} did not resolve.`, { reason: code });
  }
  if (answers.length === 0) throw new OccamError('dns_error', `Host ${host} did not resolve.`, { reason: 'no_answers' });
  const checked: ResolvedAddress[] = [];
  const local = policy.localAddresses ?? localAddressesFor();
  for (const answer of answers) {
    const ip = parseIpLiteral(answer.address);
    // An answer we cannot parse is treated as private: the guard fails closed.
    let cls: AddressClass | 'local_interface' = ip ? classifyIp(ip) : 'reserved';
    if (cls === 'public' && ip && local.has(ip)) cls = 'local_interface';
    if (cls !== 'public' && !policy.allowPrivate) throw blocked(url, `dns_${cls}`);
    checked.push({ address: ip ? formatIp(ip) : answer.address, family: ip?.family ?? answer.family });
  }
  return checked;
}
