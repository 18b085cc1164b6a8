// Failure paths and special bodies of the read pipeline, in-process against local servers (reading.md #2, #13,
// #20–#22, #49, #52, §7.5). The browser is off (deps.browser = null): the HTTP path decides.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode, type TranscodeDeps } from '../../src/read/transcode.ts';
import type { TranscodeArgs } from '../../src/read/options.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { GOLDEN_DIR } from '../helpers/fixtures.ts';

const home = mkdtempSync(join(tmpdir(), 'occam-transcode-fail-'));
const env = { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_SESSIONS_ROOT: join(home, 'sessions'), OCCAM_KEYS_ROOT: join(home, 'keys') };
const runtime: RuntimeContext = testContext({ env, homeDir: home, tmpDir: home, now: Date.now });
const services = new Services(runtime);
const read = (args: TranscodeArgs, over: Partial<TranscodeDeps> = {}) =>
  transcode(args, { runtime, services, resolveMaxTokens: (e) => e, browser: null, ...over }) as Promise<any>;

const GOLDEN = GOLDEN_DIR;
const LONG = `<html><head><title>Big</title></head><body><main><article><h1>Big</h1>${Array.from({ length: 3000 }, (_, i) => `<p>Paragraph ${i} of prose that makes the body large enough for the cap to bite.</p>`).join('')}</article></main></body></html>`;
const ARTICLE = `<html><head><title>B page</title></head><body><main><article><h1>B page</h1><p>${'This is the refreshed target page with enough prose to be a real article for the reader. '.repeat(5)}</p></article></main></body></html>`;

let server: FixtureServer;
let hits = 0;
before(async () => {
  const login = readFileSync(join(GOLDEN, 'login-wall.html'));
  server = await startFixtureServer({
    '/x': (req, res) => {
      hits++;
      html(ARTICLE)(req, res);
    },
    '/login-wall': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(login),
    '/big': (_q, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(LONG),
    '/img.png': (_q, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/a': html('<html><head><meta http-equiv="refresh" content="0;url=/b"><title>A</title></head><body>moving</body></html>'),
    '/b': html(ARTICLE),
    '/feed.xml': (_q, res) => void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(readFileSync(join(GOLDEN, 'sample-feed.xml'))),
    '/503': html('<h1>down</h1>', 503),
    '/429': html('<h1>slow down</h1>', 429),
    '/401': html('<h1>who are you</h1>', 401, { 'www-authenticate': 'Basic realm="x"' }),
    '/account': (_q, res) => void res.writeHead(302, { location: '/login' }).end(),
    '/login': html('<html><head><title>Sign in</title></head><body><main><h1>Sign in</h1><form action="/login" method="post"><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form></main></body></html>'),
    '/auth-docs': html(`<html><head><title>Authentication guide</title></head><body><main><article><h1>Authentication guide</h1>${['OAuth lets a client obtain an access token on behalf of a user without ever seeing the user password.', 'The authorization server issues the token after the user signs in and approves the requested scopes for the application.', 'Passwords should be stored with a slow salted hash; never log a password or a bearer token in plain text anywhere.', 'Refresh tokens let the client obtain a new access token when the old one expires, without asking the user to log in again.'].map((p) => `<p>${p} ${p}</p>`).join('')}</article></main></body></html>`),
    '/short': html('<html><head><title>Example Domain</title></head><body><div><h1>Example Domain</h1><p>This domain is for use in documentation examples without needing permission. Avoid use in operations.</p><p><a href="https://iana.org/domains/example">Learn more</a></p></div></body></html>'),
    '/llms.txt': (_q, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('# Site for agents\n\n- [Docs](/docs): everything an agent needs.'),
  });
});
after(async () => {
  await server.close();
  await services.disposeAll();
});

test('reading.md #2: without the allow flag a loopback URL is blocked before any request', async () => {
  hits = 0;
  const r = await read({ url: server.url('/x') }, { runtime: { ...runtime, env: { ...env, OCCAM_ALLOW_PRIVATE_URLS: undefined } } });
  assert.equal(r.failure.code, 'private_url_blocked');
  assert.equal(r.failure.message, 'Private or local URLs are blocked.');
  assert.equal(hits, 0);
  assert.equal(r.markdown, undefined);
});

test('reading.md #13: a login wall is requires_login with restricted access; a session profile lifts the check', async () => {
  const r = await read({ url: server.url('/login-wall') });
  assert.equal(r.failure.code, 'requires_login');
  assert.equal(r.access.disposition, 'restricted');
  assert.deepEqual(r.agentMeta.decisions.map((d: any) => d.action), ['configure_session_profile', 'stop']);
  assert.equal(r.receipt?.signed?.kind, 'negative', 'a provable wall carries a signed negative receipt');
  mkdirSync(join(home, 'sessions'), { recursive: true });
  writeFileSync(join(home, 'sessions', 'acct.json'), JSON.stringify({ Cookie: 'sid=1', _occam: { hosts: ['127.0.0.1'] } }));
  const withSession = await read({ url: server.url('/login-wall'), session_profile: 'acct' });
  assert.notEqual(withSession.failure?.code, 'requires_login');
});

test('reading.md #20: oversize in partial mode is response_truncated carrying the partial markdown', async () => {
  const capped = { ...env, OCCAM_MAX_RESPONSE_BYTES: '65536' };
  const fail = await read({ url: server.url('/big') }, { runtime: { ...runtime, env: capped } });
  assert.equal(fail.failure.code, 'response_too_large');
  const partial = await read({ url: server.url('/big') }, { runtime: { ...runtime, env: { ...capped, OCCAM_HTTP_OVERSIZE_MODE: 'partial' } } });
  assert.equal(partial.ok, false);
  assert.equal(partial.failure.code, 'response_truncated');
  assert.ok(partial.markdown.length > 100 && partial.markdown.startsWith('# Big'));
});

test('reading.md #21/#22: binary media is unsupported; meta refresh lands on the target', async () => {
  assert.equal((await read({ url: server.url('/img.png') })).failure.code, 'unsupported_content_type');
  const r = await read({ url: server.url('/a') });
  assert.equal(r.ok, true);
  assert.ok(r.url.finalUrl.endsWith('/b'));
  assert.ok(r.markdown.startsWith('# B page'));
});

test('reading.md #52: a feed without json_feed goes the normal path; with it, feed + items', async () => {
  const plain = await read({ url: server.url('/feed.xml') });
  assert.equal(plain.feed, undefined);
  const feed = await read({ url: server.url('/feed.xml'), json_feed: true });
  assert.equal(feed.feed.title, 'Occam Engineering Blog');
  assert.equal(feed.feed.items.length, 3);
  assert.ok(feed.markdown.startsWith('# Occam Engineering Blog'));
});

test('reading.md §7.5: prefer_llms_txt returns the site llms.txt', async () => {
  const r = await read({ url: server.url('/x'), prefer_llms_txt: true });
  assert.equal(r.llmsTxt, true);
  assert.equal(r.url.finalUrl, server.url('/llms.txt'));
  assert.ok(r.markdown.startsWith('# Site for agents'));
});

test('reading.md #49: search handles that name nothing are typed failures', async () => {
  assert.equal((await read({ url: 'S9' })).failure.code, 'unknown_handle');
  assert.equal((await read({ url: 'Hffffffff' })).failure.code, 'stale_handle');
});

test('reading.md #7/#8: 5xx and 429 are retryable; 401 asks for a session profile', async () => {
  const down = await read({ url: server.url('/503'), backend_policy: 'http' });
  assert.deepEqual([down.failure.code, down.failure.retryable, down.failure.statusCode], ['http_503', true, 503]);
  const slow = await read({ url: server.url('/429'), backend_policy: 'http' });
  assert.deepEqual([slow.failure.code, slow.failure.retryable], ['http_429', true]);
  const auth = await read({ url: server.url('/401') });
  assert.equal(auth.failure.code, 'http_401');
  assert.ok(auth.agentMeta.decisions.some((d: any) => d.action === 'configure_session_profile'));
});

test('reading.md #14/#15/#16: login redirect is requires_login; auth prose is not; a small complete page is short_quality', async () => {
  const redirected = await read({ url: server.url('/account') });
  assert.equal(redirected.failure.code, 'requires_login');
  assert.ok(redirected.access.evidenceCodes.includes('redirected_to_login'));
  const prose = await read({ url: server.url('/auth-docs') });
  assert.equal(prose.ok, true, JSON.stringify(prose.failure));
  assert.ok(prose.access.evidenceCodes.includes('authentication_terminology_non_decisive'));
  const short = await read({ url: server.url('/short') });
  assert.equal(short.ok, true, JSON.stringify(short.failure));
  assert.equal(short.quality.verdict, 'short_quality');
});
