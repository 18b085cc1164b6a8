// Issue 30 item 3: a session profile's headers go only to the hosts it was imported for. A listener on 127.0.0.2
// (another host than the profile's 127.0.0.1) must never see the cookie: not when a read names it directly (typed
// refusal, no request at all), not after a redirect (HTTP and browser), not on a third-party request the page makes
// in the browser. The batch server refuses session_profile without a bearer token and answers 401 without it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { acquire } from '../../src/fetch/acquire.ts';
import { sessionCoversHost } from '../../src/fetch/session.ts';
import { transcode } from '../../src/read/transcode.ts';
import { heal } from '../../src/playbooks/heal.ts';
import { startBatchServer } from '../../src/mcp/transports/batch-server.ts';
import { serverClient } from '../../src/jobs/batch-client.ts';
import { chromiumPath, requireChromium } from '../helpers/requires.ts';

const SECRET = 'sid=CREDENTIAL-SCOPE-SECRET';
const home = mkdtempSync(join(tmpdir(), 'occam-cred-scope-'));
const sessions = join(home, '.occam', 'sessions');
mkdirSync(sessions, { recursive: true });
writeFileSync(join(sessions, 'site.json'), JSON.stringify({ Cookie: SECRET, 'X-Site-Token': 'tok', _occam: { hosts: ['127.0.0.1'] } }));
writeFileSync(join(sessions, 'example.com.imported.json'), JSON.stringify({ Cookie: SECRET, _occam: { hosts: ['example.com'] } }));
writeFileSync(join(sessions, 'nohosts.json'), JSON.stringify({ Cookie: SECRET }));

interface Listener {
  origin: string;
  seen: Array<{ path: string; headers: IncomingHttpHeaders }>;
  server: Server;
}

async function listen(host: string, pages: (origin: string) => Record<string, (res: import('node:http').ServerResponse) => void>): Promise<Listener> {
  const seen: Listener['seen'] = [];
  let routes: ReturnType<typeof pages> = {};
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '/', headers: req.headers });
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (route) return route(res);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>other host</p>');
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  routes = pages(origin);
  return { origin, seen, server };
}

let other: Listener;
let site: Listener;
const ARTICLE = `<main><article><h1>Members area</h1>${'<p>Members read this long paragraph of plain prose, written so the reader keeps it as the article body of the page.</p>'.repeat(8)}</article></main>`;
const page = (body: string) => (res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><title>Members</title></head><body>${body}</body></html>`);

before(async () => {
  other = await listen('127.0.0.2', () => ({}));
  site = await listen('127.0.0.1', () => ({
    '/article': page(ARTICLE),
    '/to-other': (res) => void res.writeHead(302, { location: `${other.origin}/landing` }).end(),
    // In the browser: a script and a frame from the other host ride along with the page.
    '/with-third-party': page(`${ARTICLE}<script src="${other.origin}/third-party.js"></script><iframe src="${other.origin}/frame"></iframe>`),
  }));
});

after(async () => {
  other.server.closeAllConnections();
  site.server.closeAllConnections();
  await Promise.all([new Promise((r) => other.server.close(r)), new Promise((r) => site.server.close(r))]);
});

const runtimeWith = (env: Record<string, string> = {}): RuntimeContext =>
  testContext({ homeDir: home, tmpDir: home, env: { HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1', ...env }, networkInterfaces: () => ({}) });

const cookiesSeenBy = (l: Listener) => l.seen.filter((r) => r.headers.cookie !== undefined || r.headers['x-site-token'] !== undefined);

test('registrable-domain match: subdomains of an imported site, never a lookalike, a suffix or another IP', () => {
  const profile = { hosts: ['example.com', '127.0.0.1', 'alice.github.io'] };
  for (const host of ['example.com', 'www.example.com', 'a.b.example.com', 'EXAMPLE.COM.', '127.0.0.1', 'alice.github.io']) {
    assert.equal(sessionCoversHost(profile, host), true, host);
  }
  for (const host of ['example.com.evil.net', 'notexample.com', 'com', '127.0.0.2', 'bob.github.io', 'localhost', '']) {
    assert.equal(sessionCoversHost(profile, host), false, host);
  }
});

test('HTTP: a profile imported for example.com read against 127.0.0.2 fails typed and sends nothing', async () => {
  const before = other.seen.length;
  await assert.rejects(acquire(`${other.origin}/page`, { sessionProfile: 'example.com.imported' }, { runtime: runtimeWith() }), { code: 'session_profile_host_mismatch' });
  await assert.rejects(acquire(`${other.origin}/page`, { sessionProfile: 'nohosts' }, { runtime: runtimeWith() }), { code: 'session_profile_host_mismatch' });
  assert.equal(other.seen.length, before, 'no request reached the other host');

  const runtime = runtimeWith();
  const services = new Services(runtime);
  try {
    for (const backend_policy of ['http', 'browser', 'http_then_browser']) {
      const r = (await transcode({ url: `${other.origin}/page`, session_profile: 'example.com.imported', backend_policy }, { runtime, services, resolveMaxTokens: (x) => x, browser: null })) as any;
      assert.equal(r.ok, false, backend_policy);
      assert.equal(r.failure.code, 'session_profile_host_mismatch', backend_policy);
      assert.ok(!JSON.stringify(r).includes('CREDENTIAL-SCOPE-SECRET'));
    }
  } finally {
    await services.disposeAll();
  }
  assert.equal(other.seen.length, before, 'transcode refused before any fetch');
});

test('HTTP: the profile reaches its own host, and a redirect to 127.0.0.2 carries none of its headers', async () => {
  const doc = await acquire(`${site.origin}/to-other`, { sessionProfile: 'site' }, { runtime: runtimeWith() });
  assert.equal(doc.finalUrl, `${other.origin}/landing`);
  assert.equal(site.seen.at(-1)!.headers.cookie, SECRET, 'the imported host got the cookie');
  assert.deepEqual(cookiesSeenBy(other), [], 'the other host saw no cookie and no profile header');
});

test('browser: no cookie reaches 127.0.0.2 through a redirect or a third-party script or frame', async (t) => {
  if (!requireChromium(t)) return;
  const runtime = runtimeWith({ OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath() ?? '/usr/bin/chromium' });
  const services = new Services(runtime);
  try {
    const direct = await heal({ url: `${site.origin}/with-third-party`, failure_reason: 'thin_extract', session_profile: 'site' }, { runtime, services });
    assert.equal(direct.ok, true, JSON.stringify(direct));
    const main = site.seen.filter((r) => r.path === '/with-third-party').at(-1)!;
    assert.equal(main.headers.cookie, SECRET, 'the page itself was read with the profile');
    assert.ok(other.seen.some((r) => r.path === '/third-party.js' || r.path === '/frame'), 'the page did load from the other host');

    const redirected = await heal({ url: `${site.origin}/to-other`, failure_reason: 'thin_extract', session_profile: 'site' }, { runtime, services });
    assert.equal(redirected.ok, true, JSON.stringify(redirected));
    assert.ok(other.seen.some((r) => r.path === '/landing'), 'the redirect was followed');

    const refused = await heal({ url: `${other.origin}/page`, failure_reason: 'thin_extract', session_profile: 'example.com.imported' }, { runtime, services });
    assert.equal(refused.failureCode, 'session_profile_host_mismatch');
  } finally {
    await services.disposeAll();
  }
  assert.deepEqual(cookiesSeenBy(other).map((r) => r.path), [], 'the other host saw no cookie and no profile header');
});

test('batch server: session_profile refused without OCCAM_BATCH_TOKEN; with one, 401 without the bearer', async () => {
  const submit = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}batch/submit`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const job = { urls: [`${site.origin}/article`], session_profile: 'site', backend_policy: 'http' };

  const open = await startBatchServer(runtimeWith({ OCCAM_BATCH_DB_PATH: join(home, 'open', 'jobs.db') }), { port: 0, bind: '127.0.0.1' });
  try {
    const refused = await submit(open.url, job);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as any).error.code, 'batch_auth_required');
    const plain = await submit(open.url, { urls: [`${site.origin}/article`], backend_policy: 'http' });
    assert.equal(plain.status, 202, 'without a profile the open server still takes jobs');
  } finally {
    await open.close();
  }

  const token = 'batch-token-0123456789abcdef';
  const guarded = await startBatchServer(runtimeWith({ OCCAM_BATCH_DB_PATH: join(home, 'guarded', 'jobs.db'), OCCAM_BATCH_TOKEN: token }), { port: 0, bind: '127.0.0.1' });
  try {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }] as Array<Record<string, string>>) {
      const r = await submit(guarded.url, job, headers);
      assert.equal(r.status, 401, JSON.stringify(headers));
      assert.equal(((await r.json()) as any).error.code, 'batch_auth_required');
    }
    const status = await fetch(`${guarded.url}batch/some-job/status`);
    assert.equal(status.status, 401, 'reading results needs the token too');
    const ok = await submit(guarded.url, job, { authorization: `Bearer ${token}` });
    assert.equal(ok.status, 202, await ok.clone().text());
    const health = await fetch(`${guarded.url}health`);
    assert.equal(health.status, 200, 'health stays open for probes');
    // `occam batch --server` sends OCCAM_BATCH_TOKEN as the bearer token; without it the server says 401.
    const withToken = serverClient(guarded.url, runtimeWith({ OCCAM_BATCH_TOKEN: token }));
    assert.equal((await withToken.submit({ urls: [`${site.origin}/article`], backend_policy: 'http' })).status, 202);
    assert.equal((await serverClient(guarded.url, runtimeWith()).submit({ urls: [`${site.origin}/article`] })).status, 401);
  } finally {
    await guarded.close();
  }
});
