// What goes out on the wire: default headers, the headers file, session profiles, credential stripping across
// origins, robots.txt and the per-host throttle.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { testContext } from '../../src/runtime/context.ts';
import { acquire, type AcquireDeps } from '../../src/fetch/acquire.ts';
import { DEFAULT_ACCEPT, DEFAULT_USER_AGENT } from '../../src/fetch/headers.ts';
import { Politeness } from '../../src/fetch/politeness.ts';
import { html, startServer, type LocalServer } from '../unit/fetch/local-server.ts';

let server: LocalServer;
let other: LocalServer;
let home: string;

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'occam-fetch-home-'));
  const sessions = join(home, '.occam', 'sessions');
  mkdirSync(sessions, { recursive: true });
  writeFileSync(join(sessions, 'work.json'), JSON.stringify({ Cookie: 'sid=1', 'X-Test': 'secret-value', Host: 'evil.test', 'Content-Length': '5', _occam: { hosts: ['127.0.0.1'] } }));
  writeFileSync(join(sessions, 'ua.json'), JSON.stringify({ 'User-Agent': 'SessionAgent/1', 'X-Extra': 'from-session', _occam: { hosts: ['127.0.0.1'] } }));
  writeFileSync(join(sessions, 'broken.json'), '{not json');
  writeFileSync(join(sessions, 'state.json'), JSON.stringify({ Cookie: 'a=b', storageState: 'states/one.json', _occam: { hosts: ['127.0.0.1'] } }));
  writeFileSync(join(sessions, 'escape.json'), JSON.stringify({ storageState: '../../outside.json' }));
  mkdirSync(join(sessions, 'states'));
  writeFileSync(join(sessions, 'states', 'one.json'), '{"cookies":[]}');
  writeFileSync(join(home, 'outside.json'), '{}');
  writeFileSync(join(home, 'headers.json'), JSON.stringify({ 'X-Extra': 'from-file', 'X-File-Only': 'yes', Connection: 'close' }));

  other = await startServer({ '/landing': html('<p>other origin</p>') });
  server = await startServer({
    '/echo': html('<p>echo</p>'),
    '/same-origin-hop': (_req, res) => void res.writeHead(302, { location: '/echo' }).end(),
    '/cross-origin-hop': (_req, res) => void res.writeHead(302, { location: `${other.origin}/landing` }).end(),
  });
});

after(async () => {
  await server.close();
  await other.close();
});

function deps(env: Record<string, string> = {}, extra: Partial<AcquireDeps> = {}): AcquireDeps {
  return { runtime: testContext({ homeDir: home, env: { OCCAM_ALLOW_PRIVATE_URLS: '1', ...env } }), ...extra };
}

const lastRequest = (s: LocalServer, path: string) => [...s.requests].reverse().find((r) => r.path === path)!;

test('reading.md #35: default User-Agent and Accept; the headers file adds; a session profile overrides; the caller UA wins', async () => {
  await acquire(server.url('/echo'), {}, deps());
  let seen = lastRequest(server, '/echo').headers;
  assert.equal(seen['user-agent'], DEFAULT_USER_AGENT);
  assert.equal(seen.accept, DEFAULT_ACCEPT);

  await acquire(server.url('/echo'), { sessionProfile: 'ua' }, deps({ OCCAM_REQUEST_HEADERS_FILE: join(home, 'headers.json') }));
  seen = lastRequest(server, '/echo').headers;
  assert.equal(seen['x-file-only'], 'yes');
  assert.equal(seen['x-extra'], 'from-session', 'session profile beats the headers file');
  assert.equal(seen['user-agent'], 'SessionAgent/1');
  assert.notEqual(seen.connection, 'close', 'transport-owned names from the file are ignored');

  await acquire(server.url('/echo'), { sessionProfile: 'ua', headers: { 'user-agent': 'Caller/2' } }, deps());
  assert.equal(lastRequest(server, '/echo').headers['user-agent'], 'Caller/2');
});

test('fetch defaults file under OCCAM_HOME overrides User-Agent and Accept', async () => {
  const installRoot = mkdtempSync(join(tmpdir(), 'occam-install-'));
  mkdirSync(join(installRoot, 'profiles'));
  writeFileSync(join(installRoot, 'profiles', 'occam-fetch-defaults.json'), JSON.stringify({ userAgent: 'Install/1', accept: 'text/html' }));
  await acquire(server.url('/echo'), {}, deps({ OCCAM_HOME: installRoot }));
  const seen = lastRequest(server, '/echo').headers;
  assert.deepEqual([seen['user-agent'], seen.accept], ['Install/1', 'text/html']);
});

test('reading.md #34: a session profile sends its headers and echoes names only, never values', async () => {
  const doc = await acquire(server.url('/echo'), { sessionProfile: 'work' }, deps());
  const seen = lastRequest(server, '/echo').headers;
  assert.equal(seen.cookie, 'sid=1');
  assert.equal(seen['x-test'], 'secret-value');
  assert.match(seen.host ?? '', /^127\.0\.0\.1:/, 'Host from a profile is ignored');
  assert.deepEqual(doc.session, { profileId: 'work', profileFound: true, headersApplied: ['Cookie', 'X-Test'] });
  assert.doesNotMatch(JSON.stringify({ ...doc, bytes: undefined, text: undefined }), /secret-value|sid=1/);
});

test('reading.md #34: bad ids are invalid_session_profile, missing or unparseable files session_profile_not_found', async () => {
  for (const id of ['../x', 'a/b', 'a\\b', 'a..b', 'sp ace', '']) {
    await assert.rejects(acquire(server.url('/echo'), { sessionProfile: id || '..' }, deps()), { code: 'invalid_session_profile' }, id);
  }
  await assert.rejects(acquire(server.url('/echo'), { sessionProfile: 'nope' }, deps()), { code: 'session_profile_not_found' });
  await assert.rejects(acquire(server.url('/echo'), { sessionProfile: 'broken' }, deps()), { code: 'session_profile_not_found' });
  await assert.rejects(acquire(server.url('/echo'), { sessionProfile: 'escape' }, deps()), { code: 'session_profile_not_found' });
  const withState = await acquire(server.url('/echo'), { sessionProfile: 'state' }, deps());
  assert.deepEqual(withState.session?.headersApplied, ['Cookie']);
});

test('reading.md #5: credentials survive a same-origin redirect and are stripped when a hop changes origin', async () => {
  await acquire(server.url('/same-origin-hop'), { sessionProfile: 'work' }, deps());
  assert.equal(lastRequest(server, '/echo').headers.cookie, 'sid=1');
  const doc = await acquire(server.url('/cross-origin-hop'), { sessionProfile: 'work', headers: { Authorization: 'Bearer t' } }, deps());
  assert.equal(doc.finalUrl, other.url('/landing'));
  const seen = lastRequest(other, '/landing').headers;
  assert.equal(seen.cookie, undefined);
  assert.equal(seen.authorization, undefined);
  assert.equal(seen['x-test'], 'secret-value', 'non-credential headers still travel');
});

test('reading.md #36: robots.txt disallow → robots_disallowed; a 500 robots.txt allows; unset flags never fetch robots.txt', async () => {
  const site = await startServer({
    '/robots.txt': (_req, res) =>
      void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n'),
    '/private/x': html('<p>hidden</p>'),
    '/public': html('<p>open</p>'),
  });
  const broken = await startServer({
    '/robots.txt': (_req, res) => void res.writeHead(500).end(),
    '/private/x': html('<p>fine</p>'),
  });
  try {
    const politeness = new Politeness();
    const d = deps({ OCCAM_RESPECT_ROBOTS: '1' }, { politeness });
    await assert.rejects(acquire(site.url('/private/x'), {}, d), { code: 'robots_disallowed' });
    assert.equal(site.requests.filter((r) => r.path === '/private/x').length, 0);
    const ok = await acquire(site.url('/public'), {}, d);
    assert.equal(ok.statusCode, 200);
    assert.equal(site.requests.filter((r) => r.path === '/robots.txt').length, 1, 'robots.txt cached per authority');
    const open = await acquire(broken.url('/private/x'), {}, d);
    assert.equal(open.statusCode, 200, 'fail open');
    const before = site.requests.length;
    await acquire(site.url('/private/x'), {}, deps());
    assert.equal(site.requests.length, before + 1);
    assert.equal(site.requests.filter((r) => r.path === '/robots.txt').length, 1, 'no robots fetch without the flag');
  } finally {
    await site.close();
    await broken.close();
  }
});

test('reading.md #37: OCCAM_HOST_THROTTLE_MS spaces fetches to one host, parallel callers queue', async () => {
  const politeness = new Politeness();
  const d = deps({ OCCAM_HOST_THROTTLE_MS: '250' }, { politeness });
  const start = server.requests.length;
  await Promise.all([acquire(server.url('/echo'), {}, d), acquire(server.url('/echo'), {}, d), acquire(server.url('/echo'), {}, d)]);
  const times = server.requests.slice(start).map((r) => r.at).sort((a, b) => a - b);
  assert.equal(times.length, 3);
  // Lower bounds only: each arrival is at least the interval after the previous (timer slack allowed).
  assert.ok(times[1] - times[0] >= 200, `gap ${times[1] - times[0]}`);
  assert.ok(times[2] - times[1] >= 200, `gap ${times[2] - times[1]}`);
});

test('a malformed proxy URL is invalid_proxy_url; OCCAM_NO_PROXY bypasses a configured proxy', async () => {
  await assert.rejects(acquire(server.url('/echo'), {}, deps({ OCCAM_HTTP_PROXY: 'ftp://proxy.test:21' })), { code: 'invalid_proxy_url' });
  await assert.rejects(acquire(server.url('/echo'), {}, deps({ OCCAM_HTTP_PROXY: '::not a url' })), { code: 'invalid_proxy_url' });
  const doc = await acquire(server.url('/echo'), {}, deps({ OCCAM_HTTP_PROXY: 'http://127.0.0.1:9', OCCAM_NO_PROXY: '127.0.0.1' }));
  assert.equal(doc.statusCode, 200);
});

test('an http proxy carries the request (literal guard still applied first)', async () => {
  // A minimal forward proxy: answers absolute-form requests itself and records them.
  const seen: string[] = [];
  const proxy = await startServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>via proxy</p>');
  });
  try {
    const doc = await acquire('http://pub.test/page', {}, deps({ OCCAM_HTTP_PROXY: proxy.origin }, {
      resolve: async () => [{ address: '100.128.0.7', family: 4 }],
    }));
    assert.equal(doc.text, '<p>via proxy</p>');
    assert.deepEqual(seen, ['http://pub.test/page']);
    await assert.rejects(
      acquire('http://private.test/page', {}, { runtime: testContext({ homeDir: home, env: { OCCAM_HTTP_PROXY: proxy.origin } }), resolve: async () => [{ address: '10.0.0.1', family: 4 }] }),
      { code: 'private_url_blocked' },
    );
    assert.equal(seen.length, 1, 'the pre-resolve check stops a private target before the proxy sees it');
  } finally {
    await proxy.close();
  }
});

test('a socks5 proxy carries the request (CONNECT by host name)', async () => {
  const { createServer, connect } = await import('node:net');
  const targets: string[] = [];
  // A minimal SOCKS5 server (no auth, CONNECT only) that tunnels every target to the fixture server.
  const socks = createServer((client) => {
    client.once('data', () => {
      client.write(Buffer.from([5, 0]));
      client.once('data', (req: Buffer) => {
        const atyp = req[3];
        const host = atyp === 3 ? req.subarray(5, 5 + req[4]).toString() : [...req.subarray(4, 8)].join('.');
        const portAt = atyp === 3 ? 5 + req[4] : 8;
        targets.push(`${host}:${req.readUInt16BE(portAt)}`);
        const upstream = connect(server.port, '127.0.0.1', () => {
          client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          client.pipe(upstream).pipe(client);
        });
        upstream.on('error', () => client.destroy());
      });
    });
    client.on('error', () => {});
  });
  await new Promise<void>((r) => socks.listen(0, '127.0.0.1', r));
  try {
    const port = (socks.address() as { port: number }).port;
    const doc = await acquire('http://pub.test/echo', {}, deps({ OCCAM_HTTP_PROXY: `socks5://127.0.0.1:${port}` }, {
      resolve: async () => [{ address: '100.128.0.7', family: 4 }],
    }));
    assert.equal(doc.statusCode, 200);
    assert.match(doc.text, /echo/);
    assert.deepEqual(targets, ['pub.test:80']);
  } finally {
    await new Promise<void>((r) => socks.close(() => r()));
  }
});
