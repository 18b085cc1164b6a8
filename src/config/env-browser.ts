// Browser backend variables (reading.md §6.3, §8; operator.md §3).
import { isIP } from 'node:net';
import { bad, define, int, ok, choice, serviceUrl, text, type Parsed } from './env-spec.ts';

/** Connect budget for a remote browser endpoint (ms). */
export const BROWSER_CONNECT_TIMEOUT = { default: 10_000, min: 1_000, max: 120_000 };
/** The port `occam`'s browser server (src/fetch/browser/server-main.ts) listens on by default. */
export const BROWSER_SERVER_PORT = 39219;

/** ws(s):// for a Playwright browser server, ws(s):// or http(s):// for a CDP endpoint; blank = unset. */
const browserEndpoint = serviceUrl({ protocols: ['ws:', 'wss:', 'http:', 'https:'], example: 'ws://host:port/path or http://host:port' });

/** An IP literal or a host name (no port, no scheme); blank = unset. IPv6 is kept without brackets. */
function hostOnly(raw: string): Parsed<string | null> {
  const v = raw.trim();
  if (v === '') return ok(null);
  const unbracketed = v.replace(/^\[(.*)\]$/, '$1');
  if (isIP(unbracketed) === 6) return ok(unbracketed);
  if (/^[0-9a-z._-]+$/i.test(v)) return ok(v);
  return bad('expected a host name or an IP address, without scheme or port');
}

/** Comma-separated host names; blank = none. */
function hostList(raw: string): Parsed<string[]> {
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  const badName = names.find((n) => !/^[0-9a-z._-]+$/i.test(n));
  return badName ? bad(`not a host name: ${badName.slice(0, 80)}`) : ok(names);
}

export const browserVars = [
  define({
    name: 'OCCAM_BROWSER_TIMEOUT_MS',
    area: 'browser',
    description: 'Per-extract browser budget (navigation, settle, snapshot).',
    default: 60_000,
    defaultText: '60000',
    range: '15000–180000',
    parse: int(15_000, 180_000, { clamp: true }),
  }),
  define({
    name: 'OCCAM_BROWSER_MAX_PARALLEL',
    area: 'browser',
    description: 'How many pages the shared browser renders at once; further reads wait for a slot.',
    default: 2,
    defaultText: '2',
    range: '1–16',
    parse: int(1, 16),
  }),
  define<string | null>({
    name: 'OCCAM_BROWSER_EXECUTABLE_PATH',
    area: 'browser',
    description: 'Path of the Chromium-family browser to drive (skips discovery).',
    default: null,
    defaultText: 'discovered',
    aliases: ['OCCAM_CHROME_PATH'],
    parse: text(),
  }),
  define({
    name: 'OCCAM_BROWSER_CHANNEL',
    area: 'browser',
    description: 'Which installed browser discovery looks for first.',
    ...choice(['chromium', 'chrome', 'msedge', 'chrome-beta', 'msedge-beta'] as const, 'chromium'),
  }),
  define<string | null>({
    name: 'OCCAM_BROWSER_ENDPOINT',
    area: 'browser',
    description:
      'A shared browser service to render on instead of launching Chromium here: the WebSocket URL of a Playwright browser server (`occam`\'s own: `node src/fetch/browser/server-main.ts`, the compose `browser` service) or a Chromium CDP endpoint (see OCCAM_BROWSER_ENDPOINT_KIND). Every page the remote browser loads still leaves through this instance\'s egress proxy (OCCAM_BROWSER_PROXY_BIND / _HOST), so the outbound guard decides as for a local browser.',
    default: null,
    defaultText: 'unset (launch a local browser)',
    parse: browserEndpoint,
    secret: true,
  }),
  define({
    name: 'OCCAM_BROWSER_ENDPOINT_KIND',
    area: 'browser',
    description: 'What OCCAM_BROWSER_ENDPOINT speaks: `playwright` (a Playwright browser server, `chromium.connect`) or `cdp` (Chrome DevTools Protocol, `chromium.connectOverCDP`).',
    ...choice(['playwright', 'cdp'] as const, 'playwright'),
  }),
  define<number>({
    name: 'OCCAM_BROWSER_CONNECT_TIMEOUT_MS',
    area: 'browser',
    description: 'How long connecting to OCCAM_BROWSER_ENDPOINT may take before the read fails with workers_unavailable (reason browser_endpoint_unreachable).',
    default: BROWSER_CONNECT_TIMEOUT.default,
    defaultText: String(BROWSER_CONNECT_TIMEOUT.default),
    range: `${BROWSER_CONNECT_TIMEOUT.min}–${BROWSER_CONNECT_TIMEOUT.max}`,
    parse: int(BROWSER_CONNECT_TIMEOUT.min, BROWSER_CONNECT_TIMEOUT.max),
  }),
  define<string>({
    name: 'OCCAM_BROWSER_PROXY_BIND',
    area: 'browser',
    description:
      'Address this instance\'s egress proxy listens on when the browser is remote (OCCAM_BROWSER_ENDPOINT): an address the browser service can reach. Every render gets its own listener and its own proxy credentials; a connection without them is answered 407.',
    default: '127.0.0.1',
    defaultText: '127.0.0.1',
    parse: (raw) => {
      const v = hostOnly(raw);
      return v.ok ? ok(v.value ?? '127.0.0.1') : v;
    },
  }),
  define<string | null>({
    name: 'OCCAM_BROWSER_PROXY_HOST',
    area: 'browser',
    description:
      'The address the remote browser dials to reach this instance\'s egress proxy (an IP literal, or a name listed in the browser server\'s OCCAM_BROWSER_SERVER_PROXY_HOSTS — the browser resolves no other name).',
    default: null,
    defaultText: 'the bind address; for 0.0.0.0 / :: this host\'s address on the route toward the endpoint',
    parse: hostOnly,
  }),
  define<string>({
    name: 'OCCAM_BROWSER_SERVER_BIND',
    area: 'browser',
    description: 'Address the browser server (src/fetch/browser/server-main.ts, the compose `browser` service) listens on. Anyone who reaches it can drive its browser: keep it on an internal network.',
    default: '127.0.0.1',
    defaultText: '127.0.0.1',
    parse: (raw) => {
      const v = hostOnly(raw);
      return v.ok ? ok(v.value ?? '127.0.0.1') : v;
    },
  }),
  define<number>({
    name: 'OCCAM_BROWSER_SERVER_PORT',
    area: 'browser',
    description: 'Port of the browser server; its endpoint is ws://<bind>:<port>/occam-browser.',
    default: BROWSER_SERVER_PORT,
    defaultText: String(BROWSER_SERVER_PORT),
    range: '1–65535',
    parse: int(1, 65535),
  }),
  define<string[]>({
    name: 'OCCAM_BROWSER_SERVER_PROXY_HOSTS',
    area: 'browser',
    description:
      'Comma-separated host names the browser server\'s Chromium may resolve: the names of the Occam instances\' egress proxies (OCCAM_BROWSER_PROXY_HOST). Every other name is left to the proxies, which resolve it under the guard.',
    default: [],
    defaultText: 'none (proxies are named by IP)',
    parse: hostList,
  }),
  define<string | null>({
    name: 'OCCAM_BROWSER_SERVER_TOKEN',
    area: 'browser',
    description:
      'A secret path segment for the browser server\'s endpoint (ws://<bind>:<port>/occam-browser/<token>): only clients that know it can drive the browser. Put the same URL in the instances\' OCCAM_BROWSER_ENDPOINT.',
    default: null,
    defaultText: 'unset (path /occam-browser)',
    parse: (raw) => {
      const v = raw.trim();
      if (v === '') return ok(null);
      return /^[A-Za-z0-9._~-]{16,200}$/.test(v) ? ok(v) : bad('expected 16–200 URL-safe characters (A–Z, a–z, 0–9, . _ ~ -)');
    },
    secret: true,
  }),
];
