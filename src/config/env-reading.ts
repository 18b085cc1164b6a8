// Variables of the reading core's acquisition layer: outbound guard, size caps, proxies, politeness, headers
// (reading.md §3–5, §8, §19). Extraction/budget variables live in their own tables.
import { define, flag, int, choice, text, bad, ok, type Parsed } from './env-spec.ts';

const KIB = 1024;
const MIB = 1024 * 1024;

/** A byte cap: a positive integer clamped into [min, max]; non-numeric or ≤0 is a config error (default used). */
function byteCap(min: number, max: number): (raw: string) => Parsed<number> {
  return (raw) => {
    const t = raw.trim();
    if (!/^\+?\d+$/.test(t) || Number(t) <= 0) return bad(`not a positive byte count (clamped to ${min}–${max})`);
    return ok(Math.min(max, Math.max(min, Number(t))));
  };
}

export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:'] as const;

/** An egress proxy URL (§3.4): http, https or socks5. A malformed value makes fetches fail `invalid_proxy_url`. */
function proxyUrl(): (raw: string) => Parsed<string | null> {
  return (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    try {
      const u = new URL(v);
      if (!(PROXY_SCHEMES as readonly string[]).includes(u.protocol) || u.hostname === '') {
        return bad(`proxy scheme must be one of ${PROXY_SCHEMES.join(' ')}`);
      }
      return ok(v);
    } catch {
      return bad('not a URL');
    }
  };
}

export const readingVars = [
  define({
    name: 'OCCAM_ALLOW_PRIVATE_URLS',
    area: 'reading',
    description:
      'Exactly `1` lifts the private-destination guard (loopback, private, link-local, .local/.internal) for local dev and CI fixtures. Env only, never an MCP parameter; resolution and pinning still run.',
    default: false,
    defaultText: 'off',
    range: '`1` only',
    parse: (raw: string) => ok(raw === '1'),
  }),
  define({
    name: 'OCCAM_MAX_RESPONSE_BYTES',
    area: 'reading',
    description: 'Cap on a decoded HTML/text response body; a declared or streamed body over it fails `response_too_large`.',
    default: 8 * MIB,
    defaultText: '8388608 (8 MiB)',
    range: '65536–16777216 (clamped)',
    parse: byteCap(64 * KIB, 16 * MIB),
  }),
  define({
    name: 'OCCAM_MAX_PDF_BYTES',
    area: 'reading',
    description: 'Cap on a PDF body.',
    default: 16 * MIB,
    defaultText: '16777216 (16 MiB)',
    range: '65536–134217728 (clamped)',
    parse: byteCap(64 * KIB, 128 * MIB),
  }),
  define({
    name: 'OCCAM_HTTP_OVERSIZE_MODE',
    area: 'reading',
    description:
      '`fail`: an oversize body is `response_too_large`. `partial`: keep the first cap bytes (cut at the last `>`), extract them and fail `response_truncated` with the partial markdown.',
    ...choice(['fail', 'partial'] as const, 'fail'),
  }),
  define({
    name: 'OCCAM_HTTP_PROXY',
    area: 'reading',
    description: 'Egress proxy for http:// fetches (http, https or socks5 URL). Proxied requests cannot be DNS-pinned; the literal and pre-resolve checks still apply.',
    default: null,
    defaultText: 'unset',
    parse: proxyUrl(),
    secret: true, // proxy URLs often carry credentials
  }),
  define({
    name: 'OCCAM_HTTPS_PROXY',
    area: 'reading',
    description: 'Egress proxy for https:// fetches; falls back to OCCAM_HTTP_PROXY.',
    default: null,
    defaultText: 'unset',
    parse: proxyUrl(),
    secret: true,
  }),
  define({
    name: 'OCCAM_NO_PROXY',
    area: 'reading',
    description: 'Comma list of hosts that bypass the proxy: `*`, exact host, `.suffix` or `*.suffix`.',
    default: null,
    defaultText: 'unset',
    parse: text(),
  }),
  define({
    name: 'OCCAM_RESPECT_ROBOTS',
    area: 'reading',
    description: '`1`/`true`: fetch robots.txt once per authority and refuse disallowed paths (`robots_disallowed`); fails open.',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define({
    name: 'OCCAM_ROBOTS_TIMEOUT_MS',
    area: 'reading',
    description: 'Timeout of one robots.txt fetch.',
    default: 10000,
    defaultText: '10000',
    range: '100–120000',
    parse: int(100, 120000),
  }),
  define({
    name: 'OCCAM_HOST_THROTTLE_MS',
    area: 'reading',
    description: 'Minimum interval between fetches to one authority (max with robots Crawl-delay); parallel callers queue.',
    default: 0,
    defaultText: '0 (off)',
    range: '0–600000',
    parse: int(0, 600000),
  }),
  define({
    name: 'OCCAM_REQUEST_HEADERS_FILE',
    area: 'reading',
    description: 'Path of a JSON object of extra request headers applied to every page fetch (values never logged).',
    default: null,
    defaultText: 'unset',
    parse: text(),
  }),
  define({
    name: 'OCCAM_DOMAIN_TIERS_PATH',
    area: 'reading',
    description: 'JSON file of domain tier hints for occam_probe (`{"<host>": {"tier": "...", "httpOnly": true}}`).',
    default: null,
    defaultText: 'unset (built-in tiers)',
    parse: text(),
  }),
];
