// The browser path's outbound guard, attacked the way a page would: the page is served on 127.0.0.1 under the
// in-process allowance and tries to reach counting listeners on other loopback ports (127.0.0.1 and [::1], TCP
// connections counted at accept — not requests — plus a UDP socket for STUN). Every case must leave all listeners
// at 0 while the read still returns the page's own content, under backend_policy browser and under escalation
// from http_then_browser (the HTTP attempt sees a thin script shell).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';
import { PrivateOriginAllowance, type Resolver } from '../../src/fetch/guard.ts';
import { BrowserPool } from '../../src/fetch/browser/pool.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

interface Listener {
  port: number;
  connections: number;
  close: () => Promise<void>;
}

/** Counts every accepted TCP connection; answers like a web server so nothing stalls if one gets through. */
async function countingListener(host: string): Promise<Listener> {
  const state = { connections: 0 };
  const server: TcpServer = createTcpServer((socket) => {
    state.connections += 1;
    socket.on('error', () => {});
    socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 6\r\nconnection: close\r\n\r\nsecret'));
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let v4: Listener;
let v6: Listener;
let udp: UdpSocket;
let udpPort = 0;
let datagrams = 0;
let site: FixtureServer;

const home = mkdtempSync(join(tmpdir(), 'occam-browser-ssrf-'));
const runtime: RuntimeContext = testContext({ env: { OCCAM_KEYS_ROOT: join(home, 'keys'), OCCAM_SESSIONS_ROOT: join(home, 'sessions') }, homeDir: home, tmpDir: home, now: Date.now });
const services = new Services(runtime);

/** evil.test answers a loopback address: the name must be refused by its DNS answer, never dialled. */
const resolve: Resolver = async (host) => {
  if (host === 'evil.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'evil6.test') return [{ address: '::1', family: 6 }];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

const PROSE = 'This paragraph belongs to the page itself and must survive every attack it carries. ';
const OWN_CONTENT = 'Own content survives';
/** A thin shell for the HTTP attempt; in the browser the script writes the article (then the attack runs). */
function page(attack: { head?: string; body?: string; script?: string }): string {
  return `<!doctype html><html><head><title>SSRF case</title>${attack.head ?? ''}</head><body><div id="root"></div>${attack.body ?? ''}
<script>document.getElementById('root').innerHTML = '<main><article><h1>${OWN_CONTENT}</h1><p>' + ${JSON.stringify(PROSE)}.repeat(12) + '</p></article></main>';</script>
<script>try { ${attack.script ?? ''} } catch (e) {}</script></body></html>`;
}

const a4 = () => `127.0.0.1:${v4.port}`;
const a6 = () => `[::1]:${v6.port}`;

const CASES: Record<string, () => { head?: string; body?: string; script?: string }> = {
  websocket: () => ({ script: `new WebSocket('ws://${a4()}/ws'); new WebSocket('ws://${a6()}/ws'); new WebSocket('wss://${a4()}/ws');` }),
  iframe: () => ({ body: `<iframe src="http://${a4()}/"></iframe><iframe src="http://${a6()}/"></iframe>` }),
  'form POST': () => ({
    body: `<iframe name="sink4"></iframe><iframe name="sink6"></iframe>
      <form id="f4" method="post" action="http://${a4()}/submit" target="sink4"><input name="a" value="1"></form>
      <form id="f6" method="post" action="http://${a6()}/submit" target="sink6"><input name="a" value="1"></form>`,
    script: `document.getElementById('f4').submit(); document.getElementById('f6').submit();`,
  }),
  location: () => ({ script: `setTimeout(() => { location.href = 'http://${a4()}/'; }, 300); setTimeout(() => { location.assign('http://${a6()}/'); }, 400);` }),
  'meta refresh': () => ({ head: `<meta http-equiv="refresh" content="0;url=http://${a4()}/">` }),
  'meta refresh inserted by script': () => ({
    script: `const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=http://${a6()}/'; document.head.appendChild(m);`,
  }),
  fetch: () => ({ script: `fetch('http://${a4()}/x').catch(() => {}); fetch('http://${a6()}/x', { mode: 'no-cors' }).catch(() => {});` }),
  XHR: () => ({ script: `for (const u of ['http://${a4()}/x', 'http://${a6()}/x']) { const x = new XMLHttpRequest(); x.open('GET', u); x.send(); }` }),
  EventSource: () => ({ script: `new EventSource('http://${a4()}/events'); new EventSource('http://${a6()}/events');` }),
  sendBeacon: () => ({ script: `navigator.sendBeacon('http://${a4()}/beacon', 'x'); navigator.sendBeacon('http://${a6()}/beacon', 'x');` }),
  'link preconnect, prefetch, dns-prefetch': () => ({
    head: ['preconnect', 'prefetch', 'dns-prefetch']
      .flatMap((rel) => [`<link rel="${rel}" href="http://${a4()}/">`, `<link rel="${rel}" href="http://${a6()}/">`, `<link rel="${rel}" href="https://${a4()}/">`])
      .join(''),
  }),
  'service worker registration': () => ({
    script: `navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {}); navigator.serviceWorker && navigator.serviceWorker.register('http://${a4()}/sw.js').catch(() => {});`,
  }),
  'CSS @import and url()': () => ({
    head: `<style>@import url("http://${a4()}/a.css"); @import "http://${a6()}/b.css";
      body { background: url("http://${a4()}/bg.png"); } @font-face { font-family: x; src: url("http://${a6()}/f.woff2"); }
      h1 { font-family: x; cursor: url("http://${a4()}/c.cur"), auto; }</style>`,
  }),
  'img srcset': () => ({ body: `<img srcset="http://${a4()}/a.png 1x, http://${a6()}/b.png 2x" src="http://${a4()}/c.png">` }),
  'redirect chain ending private': () => ({
    body: `<iframe src="/hop1"></iframe>`,
    script: `fetch('/hop1').catch(() => {}); fetch('/hop-v6').catch(() => {});`,
  }),
  'DNS name answering a private address': () => ({
    body: `<iframe src="http://evil.test:${v4.port}/"></iframe>`,
    script: `fetch('http://evil.test:${v4.port}/x').catch(() => {}); new WebSocket('ws://evil6.test:${v6.port}/ws'); fetch('http://localhost:${v4.port}/').catch(() => {});`,
  }),
  'WebRTC / STUN': () => ({
    script: `const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }, { urls: 'turn:127.0.0.1:${v4.port}?transport=tcp', username: 'u', credential: 'p' }] });
      pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)).catch(() => {});`,
  }),
};

before(async () => {
  v4 = await countingListener('127.0.0.1');
  v6 = await countingListener('::1');
  udp = createSocket('udp4');
  udp.on('message', () => {
    datagrams += 1;
  });
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  udpPort = udp.address().port;
  const routes: Record<string, ReturnType<typeof html>> = {
    '/hop1': (_q, res) => void res.writeHead(302, { location: '/hop2' }).end(),
    '/hop2': (_q, res) => void res.writeHead(307, { location: `http://${a4()}/final` }).end(),
    '/hop-v6': (_q, res) => void res.writeHead(301, { location: `http://${a6()}/final` }).end(),
    '/sw.js': (_q, res) => void res.writeHead(200, { 'content-type': 'text/javascript' }).end(`fetch('http://${a4()}/from-sw'); importScripts('http://${a6()}/x.js');`),
    '/to-private': (_q, res) => void res.writeHead(302, { location: `http://${a4()}/` }).end(),
  };
  for (const [name, build] of Object.entries(CASES)) routes[`/case/${encodeURIComponent(name)}`] = (q, r) => html(page(build()))(q, r);
  site = await startFixtureServer(routes);
});

after(async () => {
  await services.disposeAll();
  await site.close();
  await v4.close();
  await v6.close();
  udp.close();
});

async function readCase(name: string, backendPolicy: 'browser' | 'http_then_browser'): Promise<any> {
  const url = site.url(`/case/${encodeURIComponent(name)}`);
  return transcode(
    { url, backend_policy: backendPolicy, cache_ttl_s: 0 },
    { runtime, services, resolveMaxTokens: (e) => e, allowance: PrivateOriginAllowance.forOrigin(site.origin), resolve },
  );
}

function assertNothingReached(label: string): void {
  assert.equal(v4.connections, 0, `${label}: TCP connections to 127.0.0.1`);
  assert.equal(v6.connections, 0, `${label}: TCP connections to [::1]`);
  assert.equal(datagrams, 0, `${label}: UDP datagrams to 127.0.0.1`);
}

for (const policy of ['browser', 'http_then_browser'] as const) {
  for (const name of Object.keys(CASES)) {
    test(`browser SSRF (${policy}): ${name} reaches no listener and the page's own content is read`, async () => {
      const r = await readCase(name, policy);
      // Late attempts (timers, retries) get a moment to show up before counting.
      await new Promise((res) => setTimeout(res, 300));
      assertNothingReached(name);
      if (policy === 'http_then_browser' && name === 'meta refresh') {
        // The HTTP path follows a static meta refresh as a redirect hop (reading.md §7.1) and its guard refuses the
        // private target before any socket: the read ends there, terminal, without the browser.
        assert.equal(r.ok, false);
        assert.equal(r.failure.code, 'private_url_blocked');
        return;
      }
      assert.equal(r.ok, true, JSON.stringify(r.failure));
      assert.equal(r.backend, 'browser_playwright', 'the browser rendered the page');
      assert.match(r.markdown, new RegExp(OWN_CONTENT));
      assert.match(r.markdown, /must survive every attack/);
      assert.doesNotMatch(r.markdown, /secret/);
    });
  }
}

test('browser SSRF: a page whose own URL redirects to a private port is private_url_blocked, with no connection', async () => {
  const r: any = await transcode(
    { url: site.url('/to-private'), backend_policy: 'browser', cache_ttl_s: 0 },
    { runtime, services, resolveMaxTokens: (e) => e, allowance: PrivateOriginAllowance.forOrigin(site.origin), resolve },
  );
  assertNothingReached('main redirect');
  assert.equal(r.ok, false);
  assert.equal(r.failure.code, 'private_url_blocked');
});

test('the browser sends nothing that bypasses the guard: every destination in the proxy logs is checked, background traffic is refused', async () => {
  const pool = new BrowserPool(runtime);
  const seen: string[] = [];
  const events: Array<{ destination: string; verdict: string }> = [];
  try {
    const allowance = PrivateOriginAllowance.forOrigin(site.origin);
    for (const name of ['form POST', 'websocket', 'iframe', 'fetch', 'DNS name answering a private address', 'link preconnect, prefetch, dns-prefetch', 'WebRTC / STUN']) {
      const rendered = await pool.render(site.url(`/case/${encodeURIComponent(name)}`), {
        policy: { allowPrivate: false, allowance },
        resolver: async (host) => {
          seen.push(host);
          return resolve(host);
        },
        settleMs: 200,
        onEgress: (e) => events.push(e),
      });
      assert.match(rendered.html, new RegExp(OWN_CONTENT));
      assert.ok(rendered.blockedRequests >= 1, `${name}: the attack was refused at the proxy`);
    }
    assertNothingReached('proxy log run');
    // Every destination the pages asked for passed the guard; the only one allowed is the page's own origin.
    const own = `127.0.0.1:${new URL(site.origin).port}`;
    assert.ok(events.some((e) => e.destination === own && e.verdict === 'allowed'), 'the page itself came through the proxy');
    for (const e of events) if (e.verdict === 'allowed') assert.equal(e.destination, own, `allowed destination ${e.destination}`);
    assert.ok(events.some((e) => e.verdict === 'denied' && e.destination === `127.0.0.1:${v4.port}`));
    assert.ok(events.some((e) => e.verdict === 'denied' && e.destination === `::1:${v6.port}`));
    // Background traffic (updates, safe browsing, …) only ever meets the deny-all listener.
    for (const event of await pool.backgroundEgress()) assert.equal(event.verdict, 'denied', event.destination);
  } finally {
    await pool.close();
  }
  // The only names resolved were the page's own attack names, by the proxy's injected resolver: Chromium resolved
  // nothing itself (its resolver maps every name to NOTFOUND), so no DNS query left the browser.
  assert.ok(seen.includes('evil.test'), 'the attack name was resolved by the proxy');
  for (const host of seen) assert.ok(['evil.test', 'evil6.test'].includes(host), host);
});

test('Chromium itself makes no DNS query and connects only to the egress proxy (its NetLog)', async () => {
  const netLogPath = join(home, 'netlog.json');
  const pool = new BrowserPool(runtime, { netLogPath });
  const allowance = PrivateOriginAllowance.forOrigin(site.origin);
  const cases = ['link preconnect, prefetch, dns-prefetch', 'DNS name answering a private address', 'websocket', 'WebRTC / STUN', 'form POST'];
  try {
    for (const name of cases) {
      const rendered = await pool.render(site.url(`/case/${encodeURIComponent(name)}`), { policy: { allowPrivate: false, allowance }, resolver: resolve, settleMs: 200 });
      assert.match(rendered.html, new RegExp(OWN_CONTENT));
    }
  } finally {
    await pool.close(); // the NetLog is complete once the browser has exited
  }
  const log = JSON.parse(readFileSync(netLogPath, 'utf8')) as { constants: { logEventTypes: Record<string, number> }; events: Array<{ type: number; params?: Record<string, unknown> }> };
  const nameOf = new Map(Object.entries(log.constants.logEventTypes).map(([k, v]) => [v, k]));
  const events = log.events.map((e) => ({ name: nameOf.get(e.type) ?? '', params: e.params ?? {} }));
  // Actual resolutions (system or built-in DNS client) — requests mapped to ~NOTFOUND by the launch rules are not.
  const dns = events.filter((e) => /^(DNS_TRANSACTION|HOST_RESOLVER_DNS_TASK|HOST_RESOLVER_SYSTEM_TASK|HOST_RESOLVER_MANAGER_JOB)/.test(e.name));
  assert.deepEqual(dns.map((e) => e.name), [], 'no DNS query left Chromium');
  assert.ok(events.some((e) => e.name === 'HOST_RESOLVER_MANAGER_REQUEST'), 'the NetLog did record resolver activity');
  const remotes = events.flatMap((e) => {
    if (e.name !== 'TCP_CONNECT') return [];
    const list = (e.params.address_list as string[] | undefined) ?? [];
    const remote = e.params.remote_address;
    return [...list, ...(typeof remote === 'string' ? [remote] : [])];
  });
  assert.ok(remotes.length > 0, 'the NetLog did record connections');
  const forbidden = new Set([new URL(site.origin).port, String(v4.port), String(v6.port), String(udpPort)]);
  for (const remote of remotes) {
    const m = /^(.*):(\d+)$/.exec(remote);
    assert.ok(m && m[1] === '127.0.0.1' && !forbidden.has(m[2]), `Chromium connected to ${remote}: only the egress proxy is allowed`);
  }
  assert.ok(new Set(remotes).size <= cases.length + 1, 'one proxy listener per render plus the background one');
  // No datagram left Chromium (no DNS, no STUN). The only UDP sockets are route probes: its IPv6 reachability probe,
  // and a source-address probe towards a loopback destination (the proxy) — a connect() that picks a route and
  // sends nothing (the loopback one seen in one full-suite run of several on a loaded machine).
  assert.equal(events.filter((e) => e.name === 'UDP_BYTES_SENT').length, 0, 'no UDP datagram was sent');
  for (const e of events.filter((x) => x.name === 'UDP_CONNECT' && x.params.address !== undefined)) {
    assert.match(String(e.params.address), /^\[2001:4860:4860::8888\]:443$|^8\.8\.8\.8:443$|^127\.0\.0\.1:\d+$|^\[::1\]:\d+$/, 'only a route probe connects a UDP socket');
  }
});
