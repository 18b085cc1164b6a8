// occam, occam_digest and occam_map end to end: local sites on 127.0.0.1, a real stdio MCP client, and (for
// escalation) a real headless Chromium.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { requireChromium } from '../helpers/requires.ts';
import { gzipSync } from 'node:zlib';
import { html, startFixtureServer } from '../helpers/http-fixture.ts';
import { startMcp } from '../helpers/mcp-client.ts';

const article = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>${title}</h1>` +
  `<p>${body} ${'This paragraph carries enough real prose to count as the main content of the page. '.repeat(4)}</p>` +
  `<p>${'A second paragraph keeps the extract well above any thin-content threshold for the reader. '.repeat(3)}</p></article></main></body></html>`;

const SPA = `<!doctype html><html><head><title>App</title></head><body><div id="app"></div><script>
setTimeout(() => { document.getElementById('app').innerHTML = '<main><h1>Rendered by script</h1><p>' +
 'This content exists only after JavaScript runs in a browser and is long enough to be the main text. '.repeat(6) + '</p></main>'; }, 50);
</script></body></html>`;

const server = await startFixtureServer({
  '/': html(`<html><head><title>Site</title></head><body><main>
    <ul>
      <li><a href="/docs/install">Install guide</a></li>
      <li><a href="/docs/auth">Configure authentication</a></li>
      <li><a href="/library/asyncio.html">asyncio — Asynchronous I/O</a></li>
      <li><a href="/3.12/whatsnew/changelog.html">Changelog</a></li>
      <li><a href="https://elsewhere.example/x">Other site</a></li>
      <li><a href="/app.css">styles</a></li><li><a href="/img.png">logo</a></li>
      <li><a href="mailto:a@b.c">mail</a></li><li><a href="#top">top</a></li>
      <li><a href="/404">Missing</a></li><li><a href="/errors/oops">Oops page</a></li>
      <li><a href="/docs/gone">Page not found</a></li>
    </ul></main></body></html>`),
  '/docs/install': html(article('Install guide', 'Install the tool with the package manager.')),
  '/docs/auth': html(article('Authentication', 'To configure authentication, set the bearer token.')),
  '/library/asyncio.html': html(article('asyncio', 'asyncio is a library to write concurrent code.')),
  '/3.12/whatsnew/changelog.html': html(article('Changelog', 'Changes in 3.12.')),
  '/ok/1': html(article('Page one', 'First page.')),
  '/ok/2': html(article('Page two', 'Second page.')),
  '/slow': async (req, res) => {
    await new Promise((r) => setTimeout(r, 300));
    html(article('Slow page', 'Slow but fine.'))(req, res);
  },
  '/spa': html(SPA),
  '/robots.txt': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow:\nSitemap: /sm-index.xml\n');
  },
  '/sm-index.xml': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' }).end(
      `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
       <sitemap><loc>${server.url('/sm-a.xml')}</loc></sitemap><sitemap><loc>${server.url('/sm-b.xml.gz')}</loc></sitemap></sitemapindex>`,
    );
  },
  '/sm-a.xml': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml' }).end(
      `<urlset><url><loc>${server.url('/docs/install')}</loc></url><url><loc>${server.url('/not-found')}</loc></url><url><loc>https://other.example/a</loc></url></urlset>`,
    );
  },
  '/sm-b.xml.gz': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/gzip' }).end(
      gzipSync(`<urlset><url><loc>${server.url('/docs/auth')}</loc></url><url><loc>${server.url('/library/asyncio.html')}</loc></url></urlset>`),
    );
  },
});
after(() => server.close());

const env = { OCCAM_ALLOW_PRIVATE_URLS: '1' };

test('reading.md #50: occam cascade labels every step and hashes the markdown', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env, OCCAM_PROFILE: 'minimal' });
  try {
    assert.deepEqual(await s.toolNames(), ['occam']);
    const r = (await s.call('occam', { url: server.url('/ok/1') })).json;
    assert.equal(r.ok, true);
    assert.equal(r.partial, false);
    assert.deepEqual(r.steps.map((x: any) => x.kind), ['playbook_resolve', 'focus_budget', 'http_extract', 'browser_fallback', 'receipt']);
    assert.deepEqual(r.steps[3], { ...r.steps[3], status: 'skipped', detail: 'http_succeeded' });
    assert.match(r.markdown, /Page one/);
    const { createHash } = await import('node:crypto');
    assert.equal(r.contentHash, createHash('sha256').update(r.markdown).digest('hex'));
    const focused = (await s.call('occam', { url: server.url('/ok/2'), task: 'second page', budget: 700, mode: 'advanced' })).json;
    assert.equal(focused.maxTokens, 700);
    assert.equal(focused.focusQuery, 'second page');
    assert.equal(focused.steps[1].detail, 'task=second page;budget=700');
    assert.ok(focused.hint);
    const missing = await s.call('occam', { url: server.url('/missing') });
    assert.equal(missing.json.ok, false);
    assert.equal(missing.json.failure.code, 'http_404');
    assert.equal(missing.json.steps.find((x: any) => x.kind === 'browser_fallback').detail, 'terminal_http');
    // Issue 14: one fault, one code on every tool — a non-http(s) URL is invalid_url.
    assert.equal((await s.call('occam', { url: 'file:///etc/passwd' })).json.failure.code, 'invalid_url');
    assert.equal((await s.call('occam', { url: server.url('/ok/1'), budget: 100 })).raw.isError, true);
  } finally {
    await s.close();
  }
});

test('issue 4: a script-rendered page is empty over HTTP and read through browser escalation', async (t) => {
  if (!requireChromium(t)) return;
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    const plain = (await s.call('occam_transcode', { url: server.url('/spa'), backend_policy: 'http' })).json;
    assert.equal(plain.ok, false, 'plain HTTP sees only the shell');
    const escalated = (await s.call('occam_transcode', { url: server.url('/spa') })).json;
    assert.equal(escalated.ok, true, JSON.stringify(escalated.failure));
    assert.equal(escalated.backend, 'browser_playwright');
    assert.match(escalated.markdown, /Rendered by script/);
    const shot = (await s.call('occam_transcode', { url: server.url('/spa'), backend_policy: 'browser', capture_screenshot: true })).json;
    assert.equal(shot.ok, true);
    assert.match(shot.screenshot, /^\/9j\//, 'capture_screenshot returns a base64 JPEG');
    const viaFacade = (await s.call('occam', { url: server.url('/spa') })).json;
    assert.equal(viaFacade.ok, true);
    assert.equal(viaFacade.steps.find((x: any) => x.kind === 'browser_fallback').status, 'degraded');
  } finally {
    await s.close();
  }
});

test('issue 4: with no browser installed, a page that needs one fails typed and says how to install one', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env, OCCAM_BROWSER_EXECUTABLE_PATH: '/nonexistent/chromium' });
  try {
    const r = (await s.call('occam_transcode', { url: server.url('/spa') })).json;
    assert.equal(r.ok, false);
    assert.equal(r.failure.code, 'thin_extract');
    assert.ok(r.agentHints.warnings.includes('playwright_browser_missing_downgrading_to_http'));
    assert.deepEqual(Object.keys(r.failure.fix).sort(), ['command', 'kind', 'rootRequired']);
    assert.match(r.failure.reason, /install/);
  } finally {
    await s.close();
  }
});

test('reading.md #38/#39: digest keeps input order, reports partial success and a stable id', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env, OCCAM_CLIENT_CONTEXT_TOKENS: '8192' });
  try {
    const urls = [server.url('/ok/1'), server.url('/missing'), server.url('/ok/2')];
    const r = (await s.call('occam_digest', { urls })).json;
    assert.equal(r.ok, true);
    assert.deepEqual(r.items.map((i: any) => i.url), urls);
    assert.equal(r.items[1].failure.code, 'http_404');
    assert.deepEqual(r.stats, { ...r.stats, requested: 3, succeeded: 2, failed: 1 });
    assert.equal((r.combined.match(/^## /gm) ?? []).length, 2);
    assert.ok(r.agentHints.warnings.some((w: string) => w.startsWith('partial_digest')));
    assert.ok(r.agentHints.decisions.includes('skip_failed'));
    assert.match(r.digestId, /^[0-9a-f]{16}$/);
    const reversed = (await s.call('occam_digest', { urls: [...urls].reverse() })).json;
    assert.equal(reversed.digestId, r.digestId);
    for (const item of r.items.filter((i: any) => i.ok)) assert.ok(item.tokensEstimated <= 1638 + 64, 'ambient per-URL budget applies');

    const allFail = (await s.call('occam_digest', { urls: [server.url('/missing'), server.url('/gone')] })).json;
    assert.equal(allFail.failureCode, 'digest_failed');
    assert.equal((await s.call('occam_digest', {})).json.failureCode, 'invalid_arguments');
    assert.equal((await s.call('occam_digest', { urls: [1, 'x'] })).json.failureCode, 'invalid_arguments');
    const capped = (await s.call('occam_digest', { urls: [server.url('/ok/1'), server.url('/ok/2'), server.url('/slow'), server.url('/docs/auth')], max_urls: 2 })).json;
    assert.equal(capped.items.length, 2);
    const unchanged = (await s.call('occam_digest', { urls: [server.url('/ok/1')], if_none_match: (await import('node:crypto')).createHash('sha256').update((await s.call('occam_digest', { urls: [server.url('/ok/1')] })).json.combined).digest('hex') })).json;
    assert.equal(unchanged.unchanged, true);
    assert.equal(unchanged.combined, '');
  } finally {
    await s.close();
  }
});

test('reading.md #40: digest focus honesty', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    const none = (await s.call('occam_digest', { urls: [server.url('/ok/1'), server.url('/ok/2')], focus_query: 'kubernetes ingress' })).json;
    assert.equal(none.agentHints.suggestedReadOrder, 'items_only');
    assert.ok(none.agentHints.warnings.some((w: string) => w.startsWith('focus_not_found')));
    assert.ok(none.items.every((i: any) => i.focusMatched === false));
    const auth = (await s.call('occam_digest', { urls: [server.url('/docs/auth')], focus_query: 'auth config' })).json;
    assert.equal(auth.items[0].focusMatched, true);
  } finally {
    await s.close();
  }
});

test('reading.md #41: digest discovers its URLs from a source_url sitemap', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    const r = (await s.call('occam_digest', { source_url: server.url('/'), urls: ['https://ignored.example/'], max_links: 3 })).json;
    assert.equal(r.ok, true);
    assert.equal(r.sourceUrl, server.url('/'));
    assert.ok(r.discoveredLinks.length >= 2);
    assert.ok(!r.items.some((i: any) => i.url.includes('ignored.example')));
  } finally {
    await s.close();
  }
});

test('reading.md #42: map homepage keeps same-site content links and filters the rest', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    const r = (await s.call('occam_map', { url: server.url('/') })).json;
    assert.equal(r.ok, true);
    const paths = r.links.map((l: any) => l.path);
    assert.deepEqual(paths, ['/docs/install', '/docs/auth', '/library/asyncio.html', '/3.12/whatsnew/changelog.html']);
    assert.ok(r.filtered >= 3);
    assert.equal(r.agentHints.suggestedNext, 'occam_digest');
    assert.equal(r.agentHints.maxDigestUrls, 8);
  } finally {
    await s.close();
  }
});

test('reading.md #43/#44: map walks a sitemap index with a gzipped child; validation and focus ranking', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    const r = (await s.call('occam_map', { url: server.url('/'), source: 'sitemap' })).json;
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual(r.links.map((l: any) => l.path).sort(), ['/docs/auth', '/docs/install', '/library/asyncio.html']);
    assert.ok(r.filtered >= 2, 'soft-404 and off-site entries dropped');
    const none = (await s.call('occam_map', { url: server.url('/docs/install'), source: 'robots', timeout_ms: 3000 })).json;
    assert.equal(none.ok, true, 'robots lists the sitemap for every page of the origin');
    for (const bad of [{ max_links: 0 }, { max_links: 65 }, { timeout_ms: 2999 }, { source: 'feed' }]) {
      const x = await s.call('occam_map', { url: server.url('/'), ...bad });
      assert.equal(x.json.failureCode, 'invalid_arguments', JSON.stringify(bad));
    }
    assert.equal((await s.call('occam_map', { url: server.url('/doc.pdf') })).json.failureCode, 'unsupported_content_type');
    const ranked = (await s.call('occam_map', { url: server.url('/'), focus_query: 'asyncio' })).json;
    const order = ranked.links.map((l: any) => l.path);
    assert.ok(order.indexOf('/library/asyncio.html') < order.indexOf('/3.12/whatsnew/changelog.html'));
    assert.equal(order[0], '/library/asyncio.html');
  } finally {
    await s.close();
  }
});

test('reading.md #3: private literals are refused by map and digest', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full' });
  try {
    assert.equal((await s.call('occam_map', { url: 'http://10.1.2.3/' })).json.failureCode, 'private_url_blocked');
    // Issue 14: a private URL fails its own item, never the whole digest.
    const mixed = (await s.call('occam_digest', { urls: ['http://192.168.1.1/', 'https://example.com/'] })).json;
    assert.equal(mixed.items.length, 2);
    assert.equal(mixed.items[0].failure.code, 'private_url_blocked');
    assert.notEqual(mixed.items[1].failure?.code, 'private_url_blocked');
  } finally {
    await s.close();
  }
});
