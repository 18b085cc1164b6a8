// The browser backend against pages on 127.0.0.1 in a real headless Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BrowserPool } from '../../src/fetch/browser/pool.ts';
import { PrivateOriginAllowance, type GuardPolicy } from '../../src/fetch/guard.ts';
import { processContext } from '../../src/runtime/context.ts';
import { OccamError } from '../../src/contract/failures.ts';
import { html, startFixtureServer, type Route } from '../helpers/http-fixture.ts';
import { startMcp } from '../helpers/mcp-client.ts';
import { requireChromium } from '../helpers/requires.ts';

const SCRIPT_PAGE = `<!doctype html><html><head><title>Rendered</title></head><body><div id="root"></div>
<script>setTimeout(() => { document.getElementById('root').innerHTML = '<main><h1>Hydrated heading</h1><p>' +
  'Only script execution puts this paragraph here. '.repeat(20) + '</p></main>'; }, 100);</script></body></html>`;

// A consent wall that hides the article until its button is clicked: the article exists only after the click.
// (The header keeps <body> visible: with only fixed-position content the pool waits out its content-selector wait.)
const consentWall = (button: string) => `<!doctype html><html><head><title>Walled</title></head><body>
<header><a href="/">Example News</a></header>
<div id="wall" style="position:fixed;inset:0;background:#fff"><p>We use cookies to run this site.</p>${button}</div>
<div id="root"></div>
<script>document.querySelector('#wall button').addEventListener('click', () => {
  document.getElementById('wall').remove();
  document.getElementById('root').innerHTML = '<main><h1>Behind the wall</h1><p>' + 'Consent given, the article text follows. '.repeat(20) + '</p></main>';
});</script></body></html>`;

/** Requests seen per path, to prove a failed read is not retried in a loop. */
const hits = new Map<string, number>();
const counted = (status: number): Route => (req, res) => {
  hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
  html(`<html><body><main><h1>Error ${status}</h1><p>${'This page is an error page with a readable body. '.repeat(12)}</p></main></body></html>`, status)(req, res);
};

const server = await startFixtureServer({
  '/spa': html(SCRIPT_PAGE),
  '/consent-cmp': html(consentWall('<button id="onetrust-accept-btn-handler">Allow</button>')),
  '/consent-label': html(consentWall('<button class="cta">Accept all cookies</button>')),
  '/status/403': counted(403),
  '/status/404': counted(404),
  '/status/410': counted(410),
  '/never': (_req, res) => {
    // Headers, then a body that never ends: navigation never reaches DOMContentLoaded.
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<!doctype html><html><body><p>loading');
    const t = setInterval(() => res.write(' .'), 200);
    res.on('close', () => clearInterval(t));
  },
  '/slow': async (_req, res) => {
    await new Promise((r) => setTimeout(r, 300));
    html('<html><body><main><p>slow page body text</p></main></body></html>')(_req, res);
  },
  '/escape': html(`<html><body><p>redirecting</p><script>location.href = 'http://10.0.0.1/secret';</script></body></html>`),
  '/subresource': html(`<html><body><main><p>page with a private subresource</p></main>
    <script>fetch('http://192.168.1.1/x').catch(() => {});</script></body></html>`),
});
after(() => server.close());

const policy: GuardPolicy = { allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(server.origin) };
const runtime = (env: Record<string, string> = {}) => processContext({ env: { ...env }, warn: () => {} });

function chromiumProcessesWith(marker: string): number {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(marker) && /chrom/i.test(l)).length;
}

test('reading.md §6.3: content that only exists after script execution is rendered', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime());
  try {
    const page = await pool.render(server.url('/spa'), { policy });
    assert.match(page.html, /Hydrated heading/);
    assert.match(page.html, /Only script execution puts this paragraph here/);
    assert.equal(page.status, 200);
    assert.equal(page.title, 'Rendered');
  } finally {
    await pool.close();
  }
});

test('a page that never settles times out with a typed failure and leaves no Chromium behind', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime());
  await assert.rejects(pool.render(server.url('/never'), { policy, timeoutMs: 2000 }), (err: unknown) => {
    assert.ok(err instanceof OccamError);
    assert.equal(err.code, 'timeout');
    return true;
  });
  // The pool stays usable after a timeout.
  const ok = await pool.render(server.url('/slow'), { policy, timeoutMs: 15_000 });
  assert.match(ok.html, /slow page body text/);
  const marker = `--occam-browser-pool=${process.pid}`;
  assert.ok(chromiumProcessesWith(marker) > 0, 'the shared browser is running before shutdown');
  await pool.close();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(chromiumProcessesWith(marker), 0, 'no Chromium process left after shutdown');
});

test('20 concurrent reads respect the pool limit', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime({ OCCAM_BROWSER_MAX_PARALLEL: '3' }));
  try {
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => pool.render(server.url('/slow'), { policy, settleMs: 50 })),
    );
    assert.equal(pages.length, 20);
    for (const p of pages) assert.match(p.html, /slow page body text/);
    const stats = pool.stats();
    assert.equal(stats.renders, 20);
    assert.ok(stats.peakActive <= 3, `peak ${stats.peakActive} exceeds the limit`);
    assert.equal(stats.peakActive, 3, 'the limit is actually used');
    assert.equal(stats.active, 0);
  } finally {
    await pool.close();
  }
});

test('reading.md §3.2.4: navigations and subresources to private addresses are aborted in the browser', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime());
  try {
    await assert.rejects(pool.render(server.url('/escape'), { policy, settleMs: 500 }), (err: unknown) => {
      assert.ok(err instanceof OccamError);
      assert.equal(err.code, 'private_url_blocked');
      return true;
    });
    const page = await pool.render(server.url('/subresource'), { policy, settleMs: 300 });
    assert.ok(page.blockedRequests >= 1, 'the private fetch was blocked');
    await assert.rejects(pool.render('http://127.0.0.2:9/', { policy }), (err: unknown) =>
      err instanceof OccamError && err.code === 'private_url_blocked');
  } finally {
    await pool.close();
  }
});

test('no browser installed → browser_required with an install hint', async () => {
  const pool = new BrowserPool(runtime({ OCCAM_BROWSER_EXECUTABLE_PATH: '/nonexistent/chromium' }));
  try {
    assert.equal(pool.available(), false);
    await assert.rejects(pool.render(server.url('/spa'), { policy }), (err: unknown) => {
      assert.ok(err instanceof OccamError);
      assert.equal(err.code, 'browser_required');
      assert.match(err.message, /OCCAM_BROWSER_EXECUTABLE_PATH/);
      assert.deepEqual(Object.keys(err.details.fix as object).sort(), ['command', 'kind', 'rootRequired']);
      return true;
    });
  } finally {
    await pool.close();
  }
});

test('a client that disconnects mid-read leaves no Chromium behind', async (t) => {
  if (!requireChromium(t)) return;
  const s = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
  const serverPid = s.pid;
  assert.ok(serverPid);
  const marker = `--occam-browser-pool=${serverPid}`;
  const pending = s.call('occam_transcode', { url: server.url('/never'), backend_policy: 'browser' }).catch(() => null);
  const deadline = Date.now() + 20_000;
  while (chromiumProcessesWith(marker) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  assert.ok(chromiumProcessesWith(marker) > 0, 'the browser started for the read');
  await s.close(); // the host goes away with the read in flight
  await pending;
  const gone = Date.now() + 10_000;
  while (chromiumProcessesWith(marker) > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 200));
  assert.equal(chromiumProcessesWith(marker), 0, 'Chromium exited with its host');
});

test('a consent wall that hides the article until its button is clicked: the browser clicks it (known CMP id, then label)', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime());
  try {
    for (const path of ['/consent-cmp', '/consent-label']) {
      const page = await pool.render(server.url(path), { policy, settleMs: 200 });
      assert.match(page.html, /Behind the wall/, `${path}: the article exists only after the click`);
      assert.match(page.html, /Consent given, the article text follows/, path);
      assert.doesNotMatch(page.html, /id="wall"/, `${path}: the wall is gone`);
    }
  } finally {
    await pool.close();
  }
});

test('a 4xx page in the browser is a typed http_<status> failure, not content, and is fetched once', async (t) => {
  if (!requireChromium(t)) return;
  const pool = new BrowserPool(runtime());
  try {
    for (const status of [403, 404, 410]) {
      const path = `/status/${status}`;
      hits.delete(path);
      await assert.rejects(pool.render(server.url(path), { policy, settleMs: 100 }), (err: unknown) => {
        assert.ok(err instanceof OccamError, `${status}: typed`);
        assert.equal(err.code, `http_${status}`);
        assert.equal(err.details.statusCode, status);
        return true;
      });
      assert.equal(hits.get(path), 1, `${status}: one request, no retry`);
    }
  } finally {
    await pool.close();
  }
});

test('a browser read (backend_policy=browser) of a 403/404/410 page fails typed with no escalation loop', async (t) => {
  if (!requireChromium(t)) return;
  const s = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
  try {
    for (const status of [403, 404, 410]) {
      const path = `/status/${status}`;
      hits.delete(path);
      const { raw, json } = await s.call('occam_transcode', { url: server.url(path), backend_policy: 'browser' });
      assert.equal(json.ok, false, `${status}: an error page is not content`);
      assert.equal(raw.isError, true);
      assert.equal(json.failure.code, `http_${status}`, JSON.stringify(json.failure));
      assert.equal(json.markdown, undefined, `${status}: no markdown on failure`);
      assert.ok((hits.get(path) ?? 0) <= 2, `${status}: at most one HTTP and one browser request, saw ${hits.get(path)}`);
    }
  } finally {
    await s.close();
  }
});
