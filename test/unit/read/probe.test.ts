// occam_probe against local servers, calling the tool handler with a ToolContext built here.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { testContext } from '../../../src/runtime/context.ts';
import { isFailureCode } from '../../../src/contract/failures.ts';
import { probeTool } from '../../../src/mcp/tools/probe.ts';
import { Services } from '../../../src/runtime/services.ts';
import type { ToolContext } from '../../../src/mcp/tool.ts';
import { classifyPage, extractabilityOf } from '../../../src/read/probe.ts';
import { html, startServer, type LocalServer } from '../fetch/local-server.ts';
import { GOLDEN_DIR } from '../../helpers/fixtures.ts';

const GOLDEN = `${GOLDEN_DIR}/`;
const golden = (name: string) => readFileSync(join(GOLDEN, name), 'utf8');

const ARTICLE = `<!doctype html><html lang="en"><head><title>Tokens</title>
<meta property="og:title" content="OG Tokens Title"><meta property="og:description" content="About tokens">
<meta property="og:image" content="https://img.test/a.png"><meta name="twitter:card" content="summary">
<meta property="og:site_name" content="Example"></head>
<body><article><h1>Token budgets</h1>${'<p>Budgets decide what an agent can read in one turn, so pruning chrome matters a great deal. '.repeat(12)}</p></article></body></html>`;

let server: LocalServer;
let home: string;

function ctx(env: Record<string, string> = { OCCAM_ALLOW_PRIVATE_URLS: '1' }): ToolContext {
  const runtime = testContext({ env: { OCCAM_RESPONSE_DETAIL: 'full', ...env }, homeDir: home });
  return {
    runtime,
    session: {} as ToolContext['session'],
    services: new Services(runtime),
    signal: new AbortController().signal,
    notifyToolsChanged: async () => false,
    log: () => {},
  };
}

const call = (args: Record<string, unknown>, c: ToolContext = ctx()) => probeTool.handler(probeTool.inputSchema.parse(args), c) as Promise<any>;

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'occam-probe-home-'));
  mkdirSync(join(home, '.occam', 'sessions'), { recursive: true });
  writeFileSync(join(home, '.occam', 'sessions', 'member.json'), JSON.stringify({ Cookie: 'sid=42', _occam: { hosts: ['127.0.0.1'] } }));
  server = await startServer({
    '/article': html(ARTICLE),
    '/challenge': html(golden('challenge-turnstile.html')),
    '/cf-403': (_req, res) => void res.writeHead(403, { 'content-type': 'text/html' }).end(golden('challenge-turnstile.html')),
    '/login': html(golden('login-wall.html')),
    '/thin': html(golden('thin-shell.html')),
    '/consent': html(`<html><body><div id="onetrust-banner">We use cookies. Accept all</div><p>${'Some content here. '.repeat(60)}</p></body></html>`),
    '/paywall': html(`<html><body><article><p>${'Intro text of the story. '.repeat(40)}</p><div>Subscribe to read the full story</div></article></body></html>`),
    '/doc.pdf': (_req, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF'),
    '/image': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/json': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
    '/r301': (_req, res) => void res.writeHead(301, { location: '/r302' }).end(),
    '/r302': (_req, res) => void res.writeHead(302, { location: '/article' }).end(),
    '/loop': (_req, res) => void res.writeHead(302, { location: '/loop' }).end(),
    '/hang': () => {},
    '/to-private': (_req, res) => void res.writeHead(302, { location: 'http://192.168.0.1/admin' }).end(),
    '/401': (_req, res) => void res.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/html' }).end('<p>no</p>'),
    '/account': (_req, res) => void res.writeHead(302, { location: '/signin' }).end(),
    '/signin': html(golden('login-wall.html')),
  });
});
after(() => server.close());

function assertSuccessShape(r: any) {
  assert.equal(r.ok, true);
  assert.equal(typeof r.url.requested, 'string');
  assert.equal(typeof r.url.final, 'string');
  for (const k of ['pageClass', 'requiresJavascript', 'likelyCookieConsent', 'likelyChallenge', 'likelyLoginRequired', 'likelyPaywall', 'riskFlags']) {
    assert.ok(k in r.classification, k);
  }
  assert.ok(['http', 'http_then_browser', 'browser', 'none'].includes(r.recommendation.backend));
  assert.equal(typeof r.recommendation.estimatedLatencyMs, 'number');
  assert.ok(r.recommendation.extractability >= 0 && r.recommendation.extractability <= 1);
  assert.ok(['local_public', 'local_private', 'blocked_by_policy'].includes(r.policy.privacyMode));
  assert.equal(typeof r.statusCode, 'number');
  assert.equal(typeof r.probeLatencyMs, 'number');
  assert.equal(typeof r.agentHints.suggestedNextTool, 'string');
  assert.ok(Array.isArray(r.agentHints.warnings));
  assert.match(r.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(r.classification.httpOnlyRoute, undefined, 'httpOnlyRoute omitted when false');
}

function assertFailureShape(r: any, code: string) {
  assert.equal(r.ok, false);
  assert.equal(r.failureCode, code);
  assert.ok(isFailureCode(r.failureCode));
  assert.equal(typeof r.message, 'string');
  assert.ok(r.policy && typeof r.policy.privacyMode === 'string');
  assert.equal(typeof r.probeLatencyMs, 'number');
  assert.equal(typeof r.timestamp, 'string');
  assert.equal(r.failure, undefined, '[F-top], never nested');
  assert.equal(r.classification, undefined);
}

test('reading.md #45: article → ok, pageClass article, recommendation http, extractability 0.9', async () => {
  const r = await call({ url: server.url('/article') });
  assertSuccessShape(r);
  assert.equal(r.classification.pageClass, 'article');
  assert.deepEqual(r.recommendation, { backend: 'http', estimatedLatencyMs: 1200, extractability: 0.9 });
  assert.equal(r.policy.privacyMode, 'local_private');
  assert.equal(r.contentType, 'text/html');
  assert.equal(r.socialMeta, undefined);
  assert.equal(r.redirectChain, undefined);
  assert.equal(r.access.disposition, 'open');
});

test('reading.md #45: include_social_meta returns og:title and friends', async () => {
  const r = await call({ url: server.url('/article'), include_social_meta: true });
  assert.deepEqual(r.socialMeta, {
    title: 'OG Tokens Title',
    description: 'About tokens',
    image: 'https://img.test/a.png',
    twitterCard: 'summary',
    siteName: 'Example',
    lang: 'en',
  });
});

test('reading.md #45: 404 → http_404 with statusCode; 301→302→200 chain has 3 entries; 11 redirects → redirect_loop', async () => {
  const missing = await call({ url: server.url('/nope') });
  assertFailureShape(missing, 'http_404');
  assert.equal(missing.statusCode, 404);
  assert.deepEqual(missing.agentHints.decisions, [{ action: 'stop', reason: 'http_404' }]);
  const chained = await call({ url: server.url('/r301') });
  assert.equal(chained.ok, true);
  assert.equal(chained.redirectChain.length, 3);
  assert.deepEqual(chained.redirectChain.map((h: any) => h.statusCode), [301, 302, 200]);
  assert.equal(chained.url.final, server.url('/article'));
  const loop = await call({ url: server.url('/loop') });
  assertFailureShape(loop, 'redirect_loop');
  assert.equal(loop.redirectChain.length, 11);
});

test('reading.md #45: a hanging server with timeout_ms 1000 → timeout', async () => {
  const r = await call({ url: server.url('/hang'), timeout_ms: 1000 });
  assertFailureShape(r, 'timeout');
});

test('reading.md #9: a Cloudflare-style interstitial → likelyChallenge, kind js_challenge, anti_bot_challenge flag', async () => {
  const r = await call({ url: server.url('/challenge') });
  assertSuccessShape(r);
  assert.equal(r.classification.likelyChallenge, true);
  assert.equal(r.classification.pageClass, 'challenge');
  assert.deepEqual(r.classification.challenge, { kind: 'js_challenge', healEligible: false, recommendedAction: 'session_cookies' });
  assert.ok(r.classification.riskFlags.includes('anti_bot_challenge'));
  assert.ok(r.classification.riskFlags.includes('challenge_kind:js_challenge'));
  assert.equal(r.recommendation.extractability, 0.05);
  const forbidden = await call({ url: server.url('/cf-403') });
  assertFailureShape(forbidden, 'http_403');
  assert.ok(forbidden.agentHints.warnings.includes('anti_bot_challenge'), 'the error page is classified internally');
});

test('reading.md #11: an SPA shell → spa_shell, requiresJavascript, http_then_browser', async () => {
  const r = await call({ url: server.url('/thin') });
  assertSuccessShape(r);
  assert.ok(r.classification.riskFlags.includes('spa_shell'));
  assert.equal(r.classification.requiresJavascript, true);
  assert.equal(r.recommendation.backend, 'http_then_browser');
  assert.equal(r.recommendation.estimatedLatencyMs, 5000);
});

test('login wall → pageClass login, recommendation none/0, extractability 0.15; a session profile skips the login check', async () => {
  const r = await call({ url: server.url('/login') });
  assertSuccessShape(r);
  assert.equal(r.classification.likelyLoginRequired, true);
  assert.equal(r.classification.pageClass, 'login');
  assert.deepEqual(r.recommendation, { backend: 'none', estimatedLatencyMs: 0, extractability: 0.15 });
  assert.equal(r.access.disposition, 'restricted');
  assert.equal(r.agentHints.decisions[0].action, 'configure_session_profile');
  const redirected = await call({ url: server.url('/account') });
  assert.equal(redirected.classification.likelyLoginRequired, true);
  assert.ok(redirected.access.evidenceCodes.includes('redirected_to_login'));
  const withSession = await call({ url: server.url('/login'), session_profile: 'member' });
  assert.equal(withSession.classification.likelyLoginRequired, false);
  assert.equal(withSession.access, undefined);
  assert.deepEqual(withSession.session, { profileId: 'member', profileFound: true, headersApplied: ['Cookie'] });
  assert.doesNotMatch(JSON.stringify(withSession), /sid=42/);
});

test('consent and paywall pages are flagged', async () => {
  const consent = await call({ url: server.url('/consent') });
  assert.equal(consent.classification.likelyCookieConsent, true);
  assert.equal(consent.classification.pageClass, 'news');
  assert.ok(consent.classification.riskFlags.includes('cookie_consent'));
  assert.equal(consent.recommendation.backend, 'http_then_browser');
  const paywall = await call({ url: server.url('/paywall') });
  assert.equal(paywall.classification.likelyPaywall, true);
  assert.ok(paywall.classification.riskFlags.includes('paywall'));
});

test('PDF → ok with pageClass pdf and backend http; image and JSON → unsupported_content_type', async () => {
  const pdf = await call({ url: server.url('/doc.pdf') });
  assertSuccessShape(pdf);
  assert.equal(pdf.classification.pageClass, 'pdf');
  assert.equal(pdf.recommendation.backend, 'http');
  assertFailureShape(await call({ url: server.url('/image') }), 'unsupported_content_type');
  assertFailureShape(await call({ url: server.url('/json') }), 'unsupported_content_type');
});

test('401 with WWW-Authenticate → http_401 with a configure_session_profile decision', async () => {
  const r = await call({ url: server.url('/401') });
  assertFailureShape(r, 'http_401');
  assert.equal(r.statusCode, 401);
  assert.ok(r.agentHints.decisions.some((d: any) => d.action === 'configure_session_profile'));
});

test('reading.md #2/#3, issue 14: private targets are blocked without the env flag; file: and bad input are invalid_url', async () => {
  const before = server.connections;
  const blocked = await call({ url: server.url('/article') }, ctx({}));
  assertFailureShape(blocked, 'private_url_blocked');
  assert.equal(blocked.message, 'Private or local URLs are blocked.');
  assert.equal(blocked.policy.privacyMode, 'blocked_by_policy');
  assert.equal(server.connections, before);
  for (const url of ['http://localhost/', 'http://a.local/', 'http://b.internal/', 'http://[::1]/', 'http://169.254.169.254/', 'http://0.0.0.0/', 'http://[::ffff:127.0.0.1]/', 'http://10.1.2.3/', 'http://172.20.0.1/', 'http://192.168.1.1/']) {
    assertFailureShape(await call({ url }, ctx({})), 'private_url_blocked');
  }
  assertFailureShape(await call({ url: 'file:///etc/passwd' }, ctx({})), 'invalid_url');
  assertFailureShape(await call({ url: 'not a url' }), 'invalid_url');
  assertFailureShape(await call({ url: '/relative' }), 'invalid_url');
  assertFailureShape(await call({ url: 'S3' }), 'unknown_handle');
  assertFailureShape(await call({ url: 'Hffffffff' }), 'stale_handle');
  // The handler also refuses an out-of-range timeout when called without schema parsing.
  const direct = (await probeTool.handler({ url: server.url('/article'), timeout_ms: 999 }, ctx())) as any;
  assertFailureShape(direct, 'invalid_arguments');
  assert.equal(probeTool.inputSchema.safeParse({ url: 'x', timeout_ms: 120001 }).success, false);
  assert.equal(probeTool.inputSchema.safeParse({ url: 'x', extra: 1 }).success, false);
});

test('a public-looking name whose DNS answer is private is blocked_by_policy; a redirect into private space too', async () => {
  const c = ctx({});
  const deps = {
    runtime: c.runtime,
    resolve: async (host: string) => [{ address: host === 'pub.test' ? '100.128.0.7' : '10.0.0.9', family: 4 as const }],
    dial: () => ({ host: '127.0.0.1', port: server.port }),
  };
  const { probe } = await import('../../../src/read/probe.ts');
  const viaDns = (await probe({ url: 'http://inside.test/article' }, deps)) as any;
  assertFailureShape(viaDns, 'private_url_blocked');
  assert.equal(viaDns.policy.privacyMode, 'blocked_by_policy');
  const viaRedirect = (await probe({ url: 'http://pub.test/to-private' }, deps)) as any;
  assertFailureShape(viaRedirect, 'private_url_blocked');
  assert.equal(viaRedirect.policy.privacyMode, 'blocked_by_policy');
  const fine = (await probe({ url: 'http://pub.test/article' }, deps)) as any;
  assert.equal(fine.ok, true);
  assert.equal(fine.policy.privacyMode, 'local_public');
});

test('session profile ids are validated', async () => {
  assertFailureShape(await call({ url: server.url('/article'), session_profile: '../x' }), 'invalid_session_profile');
  assertFailureShape(await call({ url: server.url('/article'), session_profile: 'nope' }), 'session_profile_not_found');
});

test('classifyPage: domain tiers and the extractability rules of reading.md §17.3', () => {
  const page = (body: string) => `<html><body>${body}</body></html>`;
  const long = '<p>' + 'Reference prose with a lot of words. '.repeat(40) + '</p>';
  const docs = classifyPage({
    html: page(long),
    requestedUrl: 'https://developer.mozilla.org/en-US/docs/Web',
    finalUrl: 'https://developer.mozilla.org/en-US/docs/Web',
    statusCode: 200,
    hasAuthenticationChallenge: false,
    sessionBound: false,
    tier: { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  });
  assert.equal(docs.classification.pageClass, 'documentation');
  assert.equal(docs.classification.domainTier, 'docs');
  assert.equal(docs.classification.httpOnlyRoute, true);
  assert.deepEqual(docs.recommendation, { backend: 'http', estimatedLatencyMs: 800, extractability: 0.9 });
  const wiki = classifyPage({
    html: page(long + '<p>The word captcha and Just a moment appear in this encyclopedia article.</p>'),
    requestedUrl: 'https://en.wikipedia.org/wiki/CAPTCHA',
    finalUrl: 'https://en.wikipedia.org/wiki/CAPTCHA',
    statusCode: 200,
    hasAuthenticationChallenge: false,
    sessionBound: false,
  });
  assert.equal(wiki.classification.likelyChallenge, false, 'public reference pages suppress challenge words');
  const base = { ok: true, statusCode: 200, challenge: false, login: false, backend: 'http' as const, visibleRatio: 0.5, scriptDensity: 0, pageClass: 'static_article' };
  assert.equal(extractabilityOf(base), 0.7);
  assert.equal(extractabilityOf({ ...base, ok: false }), 0);
  assert.equal(extractabilityOf({ ...base, statusCode: 404 }), 0);
  assert.equal(extractabilityOf({ ...base, challenge: true }), 0.05);
  assert.equal(extractabilityOf({ ...base, login: true }), 0.15);
  assert.equal(extractabilityOf({ ...base, backend: 'none' }), 0.3);
  assert.equal(extractabilityOf({ ...base, visibleRatio: 0.05, scriptDensity: 0.6 }), 0.45);
  assert.equal(extractabilityOf({ ...base, backend: 'browser' }), 0.55);
  assert.equal(extractabilityOf({ ...base, pageClass: 'documentation' }), 0.9);
});
