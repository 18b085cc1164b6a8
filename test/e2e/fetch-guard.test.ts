// The outbound guard end to end: every private destination is refused before a socket opens. The dial seam sends
// any connection that does get through to the local server, so "0 connections seen" proves nothing was dialled.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { testContext } from '../../src/runtime/context.ts';
import { acquire, type AcquireDeps } from '../../src/fetch/acquire.ts';
import { PrivateOriginAllowance, type Resolver } from '../../src/fetch/guard.ts';
import type { DialSeam } from '../../src/fetch/transport.ts';
import { html, startServer, type LocalServer } from '../unit/fetch/local-server.ts';

let server: LocalServer;
let other: LocalServer;

before(async () => {
  server = await startServer({
    '/page': html('<h1>page</h1>'),
    '/secret': html('<h1>secret</h1>'),
    '/to-private': (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${server.port}/secret` }).end();
    },
    '/to-other-port': (_req, res) => {
      res.writeHead(302, { location: `${other.origin}/page` }).end();
    },
    '/to-same-origin': (_req, res) => {
      res.writeHead(302, { location: '/page' }).end();
    },
    '/to-metadata': (_req, res) => {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    },
    '/to-file': (_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    },
  });
  other = await startServer({ '/page': html('<h1>other</h1>') });
});

after(async () => {
  await server.close();
  await other.close();
});

const PUBLIC: Record<string, string[]> = {
  'pub.test': ['100.128.0.7'],
  'loopback-name.test': ['127.0.0.1'],
  'private-answer.test': ['10.20.30.40'],
  'mixed-answer.test': ['100.128.0.7', '192.168.0.10'],
  'metadata.test': ['169.254.169.254'],
  'v6-private.test': ['fd00::1'],
};
const resolve: Resolver = async (host) => {
  const answers = PUBLIC[host];
  if (!answers) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
/** Every dial lands on the fixture server, whatever address was validated. */
const dial: DialSeam = () => ({ host: '127.0.0.1', port: server.port });

function deps(env: Record<string, string> = {}): AcquireDeps {
  return { runtime: testContext({ env }), resolve, dial };
}

async function refusedWithoutConnecting(url: string, d: AcquireDeps = deps(), allowance?: PrivateOriginAllowance) {
  const before = server.connections;
  await assert.rejects(acquire(url, { allowance, timeoutMs: 5000 }, d), (err: any) => {
    assert.equal(err.code, 'private_url_blocked', `${url}: ${err.code} ${err.message}`);
    assert.equal(err.message, 'Private or local URLs are blocked.');
    return true;
  });
  assert.equal(server.connections, before, `${url} must not open a connection`);
}

const literalCases: Array<[string, (port: number) => string]> = [
  ['127.0.0.1', (p) => `http://127.0.0.1:${p}/page`],
  ['hex 0x7f000001', (p) => `http://0x7f000001:${p}/page`],
  ['decimal 2130706433', (p) => `http://2130706433:${p}/page`],
  ['octal 0177.0.0.1', (p) => `http://0177.0.0.1:${p}/page`],
  ['short 127.1', (p) => `http://127.1:${p}/page`],
  ['[::1]', (p) => `http://[::1]:${p}/page`],
  ['[::ffff:127.0.0.1]', (p) => `http://[::ffff:127.0.0.1]:${p}/page`],
  ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
  ['10/8', () => 'http://10.1.2.3/'],
  ['172.16/12', () => 'http://172.20.0.1/'],
  ['192.168/16', () => 'http://192.168.1.1/'],
  ['100.64/10 CGNAT', () => 'http://100.64.0.1/'],
  ['0.0.0.0', (p) => `http://0.0.0.0:${p}/page`],
  ['fc00::/7', () => 'http://[fd00::1]/'],
  ['fe80::/10', () => 'http://[fe80::1]/'],
  ['localhost', (p) => `http://localhost:${p}/page`],
  ['a.local', () => 'http://a.local/'],
  ['b.internal', () => 'http://b.internal/'],
  ['file: scheme', () => 'file:///etc/passwd'],
];

for (const [name, build] of literalCases) {
  test(`reading.md #3: private literal ${name} is refused before any connection`, async () => {
    await refusedWithoutConnecting(build(server.port));
  });
}

test('reading.md #2: OCCAM_ALLOW_PRIVATE_URLS unset → 127.0.0.1 blocked with 0 hits; a value other than "1" does not lift it', async () => {
  await refusedWithoutConnecting(server.url('/page'));
  await refusedWithoutConnecting(server.url('/page'), deps({ OCCAM_ALLOW_PRIVATE_URLS: 'true' }));
  await refusedWithoutConnecting(server.url('/page'), deps({ OCCAM_ALLOW_PRIVATE_URLS: ' 1' }));
});

test('a hostname resolving to loopback is refused before connecting', async () => {
  await refusedWithoutConnecting('http://loopback-name.test/page');
});

test('a public-looking hostname whose DNS answer is private is refused (any one private answer suffices)', async () => {
  await refusedWithoutConnecting('http://private-answer.test/page');
  await refusedWithoutConnecting('http://mixed-answer.test/page');
  await refusedWithoutConnecting('http://metadata.test/page');
  await refusedWithoutConnecting('http://v6-private.test/page');
});

test('an unresolvable host is dns_error without a connection', async () => {
  const before = server.connections;
  await assert.rejects(acquire('http://nowhere.test/', {}, deps()), { code: 'dns_error' });
  assert.equal(server.connections, before);
});

test('reading.md #4: a redirect from an allowed host to a private one is refused before connecting; /secret gets 0 hits', async () => {
  const secretHits = () => server.requests.filter((r) => r.path === '/secret').length;
  const before = secretHits();
  // pub.test validates as 100.128.0.7 (public) but the seam dials the fixture server.
  await assert.rejects(acquire('http://pub.test/to-private', {}, deps()), (err: any) => {
    assert.equal(err.code, 'private_url_blocked');
    assert.deepEqual(err.details.redirectChain, [{ url: 'http://pub.test/to-private', statusCode: 302 }]);
    return true;
  });
  await assert.rejects(acquire('http://pub.test/to-metadata', {}, deps()), { code: 'private_url_blocked' });
  await assert.rejects(acquire('http://pub.test/to-file', {}, deps()), { code: 'private_url_blocked' });
  assert.equal(secretHits(), before);
});

test('reading.md #4: a meta refresh to a private target is refused too', async () => {
  const refreshServer = await startServer({
    '/a': html(`<html><head><meta http-equiv="refresh" content="0; url=http://127.0.0.1:${server.port}/secret"></head><body>x</body></html>`),
  });
  try {
    const secretHits = () => server.requests.filter((r) => r.path === '/secret').length;
    const before = secretHits();
    const d: AcquireDeps = { runtime: testContext(), resolve, dial: () => ({ host: '127.0.0.1', port: refreshServer.port }) };
    await assert.rejects(acquire('http://pub.test/a', {}, d), { code: 'private_url_blocked' });
    assert.equal(secretHits(), before);
  } finally {
    await refreshServer.close();
  }
});

test('an allowance admits exactly its origin: same-origin redirects follow, another port is refused before connecting', async () => {
  const allowance = PrivateOriginAllowance.forOrigin(server.origin);
  const d: AcquireDeps = { runtime: testContext() }; // real resolver, real dialling: no seam
  const doc = await acquire(server.url('/to-same-origin'), { allowance }, d);
  assert.equal(doc.finalUrl, server.url('/page'));
  assert.equal(doc.privacyMode, 'local_private');
  const otherBefore = other.connections;
  await assert.rejects(acquire(server.url('/to-other-port'), { allowance }, d), { code: 'private_url_blocked' });
  assert.equal(other.connections, otherBefore, 'the other origin saw no connection');
  // The allowance for one origin does not open another origin directly either.
  await assert.rejects(acquire(other.url('/page'), { allowance }, d), { code: 'private_url_blocked' });
  assert.equal(other.connections, otherBefore);
});

test('OCCAM_ALLOW_PRIVATE_URLS=1 lifts the guard (resolution still runs)', async () => {
  const doc = await acquire(server.url('/page'), {}, { runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1' } }) });
  assert.equal(doc.statusCode, 200);
  assert.match(doc.text, /page/);
  // A name resolving to loopback also passes now, and is dialled at the pinned address.
  const viaName = await acquire('http://loopback-name.test/page', {}, { runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1' } }), resolve, dial });
  assert.equal(viaName.finalUrl, 'http://loopback-name.test/page');
});

test('DNS rebinding: the name is resolved once per hop and the socket dials the validated address, not a later answer', async () => {
  let calls = 0;
  // First answer public, every later answer loopback: a re-resolving client would be steered to 127.0.0.1.
  const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: '100.128.0.7', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
  const dialled: string[] = [];
  const seam: DialSeam = (t) => {
    dialled.push(t.address);
    return { host: '127.0.0.1', port: server.port };
  };
  const doc = await acquire('http://rebind.test/page', {}, { runtime: testContext(), resolve: rebinding, dial: seam });
  assert.equal(doc.statusCode, 200);
  assert.equal(calls, 1);
  assert.deepEqual(dialled, ['100.128.0.7']);
});

test('without the seam, sockets use only the pinned answers and fall through them (happy eyeballs)', async () => {
  // 127.0.0.3 has no listener (refused); 127.0.0.1 does. Both validated, tried in order, nothing else resolved.
  const seen: string[] = [];
  const multi: Resolver = async (host) => {
    seen.push(host);
    return [
      { address: '127.0.0.3', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
  };
  const env = { OCCAM_ALLOW_PRIVATE_URLS: '1' };
  const doc = await acquire(`http://multi.test:${server.port}/page`, {}, { runtime: testContext({ env }), resolve: multi });
  assert.equal(doc.statusCode, 200);
  assert.deepEqual(seen, ['multi.test']);
  assert.equal(server.requests.at(-1)?.headers.host, `multi.test:${server.port}`, 'Host header keeps the name');
});

test('privacyMode is local_private when a name resolved to an allowed private address', async () => {
  const env = { OCCAM_ALLOW_PRIVATE_URLS: '1' };
  const viaName = await acquire('http://loopback-name.test/page', {}, { runtime: testContext({ env }), resolve, dial });
  assert.equal(viaName.privacyMode, 'local_private');
  const publicName = await acquire('http://pub.test/page', {}, { runtime: testContext({ env }), resolve, dial });
  assert.equal(publicName.privacyMode, 'local_public');
});
