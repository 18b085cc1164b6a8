// The browser's egress proxy on its own, with a raw client: forwards what the guard allows (absolute-form HTTP,
// CONNECT, upgrades) to the checked address only, answers refusals itself, pins one resolution per origin, and
// never opens a socket to a refused destination (counting listeners on loopback).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { EGRESS_HEADER, openEgressSession, type EgressEvent } from '../../../src/fetch/browser/egress-proxy.ts';
import { PrivateOriginAllowance, type Resolver } from '../../../src/fetch/guard.ts';

let site: { port: number; origin: string; requests: IncomingMessage[]; close: () => Promise<void> };
let other: { port: number; connections: number; close: () => Promise<void> };

before(async () => {
  const requests: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push(req);
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'keep-alive' }).end(`hello ${req.url}`);
  });
  server.on('upgrade', (req, socket: Socket) => {
    requests.push(req);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (d) => socket.write(`echo:${d}`));
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy(); // upgraded sockets too, which closeAllConnections leaves alone
      server.close(() => r());
    });
  site = { port, origin: `http://127.0.0.1:${port}`, requests, close };
  const state = { connections: 0 };
  const tcp = createTcpServer((s) => {
    state.connections += 1;
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  other = { port: (tcp.address() as AddressInfo).port, get connections() { return state.connections; }, close: () => new Promise((r) => tcp.close(() => r())) };
});
after(async () => {
  await site.close();
  await other.close();
});

const allowSite = () => ({ allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(site.origin) });

function viaProxy(proxyPort: number, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, path: target, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function tunnel(proxyPort: number, authority: string): Promise<{ status: number; socket: Socket; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: authority, agent: false });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, socket, headers: res.headers }));
    req.on('error', reject);
    req.end();
  });
}

test('absolute-form HTTP to the allowed origin is forwarded without hop-by-hop headers; other ports are refused by the proxy itself', async () => {
  const events: EgressEvent[] = [];
  const session = await openEgressSession({ policy: allowSite(), onEvent: (e) => events.push(e) });
  try {
    const ok = await viaProxy(session.port, `${site.origin}/page?x=1`, { 'proxy-connection': 'keep-alive', 'proxy-authorization': 'Basic c2VjcmV0', 'x-kept': 'yes' });
    assert.equal(ok.status, 200);
    assert.equal(ok.body, 'hello /page?x=1');
    const seen = site.requests.at(-1)!;
    assert.equal(seen.headers['x-kept'], 'yes');
    assert.equal(seen.headers['proxy-connection'], undefined);
    assert.equal(seen.headers['proxy-authorization'], undefined);
    assert.equal(seen.headers.host, `127.0.0.1:${site.port}`);

    for (const target of [`http://127.0.0.1:${other.port}/`, `http://[::1]:${other.port}/`, `http://localhost:${other.port}/`, `http://0x7f000001:${other.port}/`]) {
      const refused = await viaProxy(session.port, target);
      assert.equal(refused.status, 403, target);
      assert.equal(refused.headers[EGRESS_HEADER], 'denied');
    }
    assert.equal(other.connections, 0);
    assert.equal(session.denied, 4);
    assert.deepEqual(events.map((e) => e.verdict), ['allowed', 'denied', 'denied', 'denied', 'denied']);
    // Origin-form is not a proxy request.
    assert.equal((await viaProxy(session.port, '/direct')).status, 403);
  } finally {
    await session.close();
  }
});

test('CONNECT reaches only the allowed host and port; a refused tunnel is answered 403 with no socket opened', async () => {
  const session = await openEgressSession({ policy: allowSite() });
  try {
    const ok = await tunnel(session.port, `127.0.0.1:${site.port}`);
    assert.equal(ok.status, 200);
    const reply = await new Promise<string>((resolve) => {
      let text = '';
      ok.socket.on('data', (d) => {
        text += d;
        if (text.includes('hello /through')) resolve(text);
      });
      ok.socket.write(`GET /through HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nConnection: close\r\n\r\n`);
    });
    assert.match(reply, /^HTTP\/1\.1 200/);
    ok.socket.destroy();
    for (const authority of [`127.0.0.1:${other.port}`, `[::1]:${other.port}`, `127.0.0.2:${site.port}`, 'garbage']) {
      const refused = await tunnel(session.port, authority);
      assert.notEqual(refused.status, 200, authority);
      assert.equal(refused.headers[EGRESS_HEADER], 'denied', authority);
      refused.socket.destroy();
    }
    assert.equal(other.connections, 0);
    assert.equal(session.refusedTunnel(new URL(`https://127.0.0.1:${other.port}/`)), true);
    assert.equal(session.refusedTunnel(new URL(`https://127.0.0.1:${site.port}/`)), false);
  } finally {
    await session.close();
  }
});

test('an absolute-form upgrade (WebSocket without CONNECT) is guarded the same way', async () => {
  const session = await openEgressSession({ policy: allowSite() });
  const upgrade = (target: string) =>
    new Promise<{ status: number; socket?: Socket }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: session.port, path: target, agent: false, headers: { connection: 'Upgrade', upgrade: 'websocket', 'proxy-connection': 'keep-alive' } });
      req.on('upgrade', (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      });
      req.on('error', reject);
      req.end();
    });
  try {
    const ok = await upgrade(`ws://127.0.0.1:${site.port}/ws`);
    assert.equal(ok.status, 101);
    const echoed = await new Promise<string>((r) => {
      ok.socket!.once('data', (d) => r(String(d)));
      ok.socket!.write('ping');
    });
    assert.equal(echoed, 'echo:ping');
    assert.equal(site.requests.at(-1)!.headers['proxy-connection'], undefined);
    ok.socket!.destroy();
    const refused = await upgrade(`http://127.0.0.1:${other.port}/ws`);
    assert.equal(refused.status, 403);
    assert.equal(other.connections, 0);
  } finally {
    await session.close();
  }
});

test('one resolution per origin is pinned for the session (no rebinding), and only the checked address is dialled', async () => {
  let calls = 0;
  // First answer public (dialled through the seam to the site), any later answer loopback: a rebinding attempt.
  const resolve: Resolver = async () => (calls++ === 0 ? [{ address: '100.128.0.7', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
  const dialled: string[] = [];
  const session = await openEgressSession({
    policy: { allowPrivate: false, allowance: null },
    resolve,
    dial: (t) => {
      dialled.push(`${t.address}:${t.port}`);
      return { host: '127.0.0.1', port: site.port };
    },
  });
  try {
    for (let i = 0; i < 3; i++) assert.equal((await viaProxy(session.port, `http://rebind.test/${i}`)).status, 200);
    assert.equal(calls, 1, 'resolved once');
    assert.deepEqual(dialled, ['100.128.0.7:80', '100.128.0.7:80', '100.128.0.7:80']);
    // Another name is resolved on its own — and this resolver now answers loopback, so it is refused.
    const other = await viaProxy(session.port, 'http://other-name.test/');
    assert.equal(other.status, 403);
    assert.equal(other.headers['x-occam-egress-reason'], 'dns_loopback');
    assert.equal(dialled.length, 3);
  } finally {
    await session.close();
  }
  const failing = await openEgressSession({ policy: { allowPrivate: false }, resolve: async () => Promise.reject(Object.assign(new Error('nx'), { code: 'ENOTFOUND' })) });
  try {
    const r = await viaProxy(failing.port, 'http://nowhere.test/');
    assert.equal(r.status, 502);
    assert.equal(r.headers[EGRESS_HEADER], 'dns_error');
  } finally {
    await failing.close();
  }
});

test('the background listener refuses everything; no listener is a destination of another, even with private destinations allowed', async () => {
  const background = await openEgressSession({ policy: null });
  const open = await openEgressSession({
    policy: { allowPrivate: true },
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    ownPorts: () => new Set([background.port]),
  });
  try {
    assert.equal((await viaProxy(background.port, `${site.origin}/`)).status, 403);
    assert.equal((await viaProxy(background.port, 'http://example.com/')).status, 403);
    assert.equal((await viaProxy(open.port, `http://127.0.0.1:${background.port}/`)).status, 403, 'no proxy loop');
    assert.equal((await viaProxy(open.port, `http://loop.test:${background.port}/`)).status, 403, 'not by name either');
    assert.equal((await tunnel(open.port, `127.0.0.1:${background.port}`)).status, 403, 'nor as a tunnel');
    assert.equal((await viaProxy(open.port, `${site.origin}/open`)).status, 200, 'OCCAM_ALLOW_PRIVATE_URLS reaches loopback');
    assert.equal((await viaProxy(open.port, 'http://content-autofill.googleapis.com/')).status, 403, "Chromium's own service hosts are refused by name");
  } finally {
    await background.close();
    await open.close();
  }
});

test('a name is dialled through its pins only (plain HTTP and CONNECT), both address families offered', async () => {
  const asked: string[] = [];
  // With private destinations allowed (OCCAM_ALLOW_PRIVATE_URLS), loop.test pins to loopback: the lookup the
  // socket uses answers with these pins, never with the system resolver.
  const resolve: Resolver = async (host) => {
    asked.push(host);
    return [{ address: '::1', family: 6 }, { address: '127.0.0.1', family: 4 }];
  };
  const session = await openEgressSession({ policy: { allowPrivate: true }, resolve });
  try {
    const r = await viaProxy(session.port, `http://loop.test:${site.port}/named`);
    assert.equal(r.status, 200, 'happy eyeballs falls back from ::1 (nothing listens there) to 127.0.0.1');
    assert.equal(r.body, 'hello /named');
    assert.equal(site.requests.at(-1)!.headers.host, `loop.test:${site.port}`);
    const t = await tunnel(session.port, `loop.test:${site.port}`);
    assert.equal(t.status, 200);
    t.socket.destroy();
    assert.deepEqual(asked, ['loop.test', 'loop.test'], 'one resolution per mode (request, tunnel)');
  } finally {
    await session.close();
  }
});

// Bounded: before the fix the first request was never answered.
test('a fault while handling a request drops that connection and nothing else: no rejection escapes, the next request is served', { timeout: 30_000 }, async () => {
  const stray: unknown[] = [];
  const onStray = (reason: unknown) => stray.push(reason);
  process.on('unhandledRejection', onStray);
  let throwOnce = true;
  const session = await openEgressSession({
    policy: allowSite(),
    onEvent: () => {
      if (throwOnce) {
        throwOnce = false;
        throw new Error('observer fault');
      }
    },
  });
  try {
    await assert.rejects(viaProxy(session.port, `${site.origin}/first`), /socket hang up|ECONNRESET/);
    const next = await viaProxy(session.port, `${site.origin}/second`);
    assert.equal(next.status, 200);
    assert.equal(next.body, 'hello /second');
    await new Promise((r) => setTimeout(r, 50)); // a rejection is reported a tick after it happens
    assert.deepEqual(stray, []);
  } finally {
    process.off('unhandledRejection', onStray);
    await session.close();
  }
});
