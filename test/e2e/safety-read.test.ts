// Safe reading (issue 34), end to end: a page with an article, seven hidden texts and one visible paragraph that
// speaks to AI assistants (test/fixtures/safety/pages, provenance there), served from 127.0.0.1 and read over a
// real MCP stdio client on the HTTP path and on the browser path (real Chromium), and by `occam read --json`. The
// Markdown holds the article and none of the hidden texts; `safety` counts the hidden texts and names the
// paragraph; an ordinary news article about AI gets no `safety` object; the operator policy strips or refuses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { runOccam } from '../helpers/network-server.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { FIXTURES_DIR } from '../helpers/fixtures.ts';
import { chromiumPath, requireChromium } from '../helpers/requires.ts';

const PAGES = join(FIXTURES_DIR, 'safety', 'pages');
const HIDDEN = ['HIDDEN-INLINE', 'HIDDEN-ATTRIBUTE', 'HIDDEN-ARIA', 'HIDDEN-CLASS', 'HIDDEN-VISIBILITY', 'HIDDEN-FONTSIZE', 'HIDDEN-OFFSCREEN'];
const ARTICLE = ['forty square metres', 'first-flush diverter', 'compacted gravel', 'soaker hose', 'first hard frost'];
const ADDRESSED = 'AI assistants reading this page';

let server: FixtureServer;
let mcp: McpSession;

before(async () => {
  const routes: Record<string, (req: unknown, res: import('node:http').ServerResponse) => void> = {};
  for (const name of ['hidden-and-addressed', 'ai-news']) {
    const body = readFileSync(join(PAGES, `${name}.html`));
    routes[`/${name}`] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  }
  // Hidden only by an external stylesheet: the HTTP path does not fetch stylesheets, the rendered page applies it.
  routes['/external-css'] = (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Tide tables</title><link rel="stylesheet" href="/site.css"></head>
<body><main><article><h1>Tide tables</h1><p>${'High water comes about fifty minutes later each day, following the moon around the earth. '.repeat(4)}</p>
<p class="mute">EXTERNAL-HIDDEN: a paragraph the site stylesheet hides from every visitor, long enough to be a sentence.</p>
<p>${'Spring tides follow the full and the new moon, when sun and moon pull in line. '.repeat(4)}</p></article></main></body></html>`);
  routes['/site.css'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/css' }).end('.mute { display: none }');
  server = await startFixtureServer(routes);
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
});

after(async () => {
  await mcp?.close();
  await server?.close();
});

function assertSafeRead(json: Record<string, any>, detail: 'lean' | 'standard' | 'full', path: string): void {
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  const markdown: string = json.markdown;
  for (const words of ARTICLE) assert.ok(markdown.includes(words), `${path}: the article keeps "${words}"`);
  for (const mark of HIDDEN) assert.ok(!markdown.includes(mark), `${path}: ${mark} is hidden on the page and must not be read`);
  assert.ok(markdown.includes(ADDRESSED), `${path}: the visible paragraph stays in the Markdown (policy report)`);
  const safety = json.safety;
  assert.ok(safety, `${path}: a safety object`);
  assert.ok(safety.hidden >= 5, `${path}: safety.hidden ${safety.hidden} ≥ 5`);
  assert.equal(safety.verdict, 'instructions_present');
  assert.ok(safety.instructions.some((i: { text: string; blockIndex: number }) => i.text.startsWith(ADDRESSED) && i.blockIndex > 0), JSON.stringify(safety.instructions));
  assert.equal(safety.instructions.length, 1, `${path}: only the addressed paragraph is flagged: ${JSON.stringify(safety.instructions)}`);
  if (detail === 'lean') assert.equal(safety.hiddenSamples, undefined, 'lean carries no samples');
  else {
    assert.ok(safety.hiddenSamples.length >= 1 && safety.hiddenSamples.length <= 5);
    for (const s of safety.hiddenSamples) {
      assert.match(s.reason, /^visibility\./);
      assert.ok(s.text.length <= 120 && s.text.startsWith('HIDDEN-'), s.text);
      assert.ok(s.selector.length > 0);
    }
  }
}

test('HTTP path: the hidden texts are gone, counted and sampled; the paragraph addressing AI assistants is named (lean and standard)', async () => {
  for (const detail of ['lean', 'standard'] as const) {
    const { json } = await mcp.call('occam_transcode', { url: server.url('/hidden-and-addressed'), backend_policy: 'http', detail });
    assertSafeRead(json, detail, `http/${detail}`);
  }
});

test('the occam facade carries the same safety object', async () => {
  const { json } = await mcp.call('occam', { url: server.url('/hidden-and-addressed') });
  assertSafeRead(json, 'lean', 'occam');
});

test('an ordinary news article about AI ("ChatGPT said …") gets no safety object at any level', async () => {
  for (const detail of ['lean', 'full'] as const) {
    const { json } = await mcp.call('occam_transcode', { url: server.url('/ai-news'), backend_policy: 'http', detail });
    assert.equal(json.ok, true, JSON.stringify(json.failure));
    assert.ok(json.markdown.includes('ChatGPT said the permit office closes'));
    assert.equal(json.safety, undefined, JSON.stringify(json.safety));
  }
});

test('full detail: the receipt records the verdict beside (not inside) the signed envelope', async () => {
  const { json } = await mcp.call('occam_transcode', { url: server.url('/hidden-and-addressed'), backend_policy: 'http', detail: 'full' });
  assertSafeRead(json, 'full', 'http/full');
  assert.ok(json.receipt.signed, 'receipts are on by default');
  assert.deepEqual(json.receipt.safety, { verdict: 'instructions_present', hidden: json.safety.hidden, instructions: 1 });
  assert.equal(JSON.stringify(json.receipt.signed).includes('instructions_present'), false, 'the v1 signed bytes do not carry it');
});

test('occam_digest items carry the safety object', async () => {
  const { json } = await mcp.call('occam_digest', { urls: [server.url('/hidden-and-addressed'), server.url('/ai-news')] });
  const items = json.items as Array<Record<string, any>>;
  const bad = items.find((i) => String(i.url).includes('hidden-and-addressed'));
  const news = items.find((i) => String(i.url).includes('ai-news'));
  assert.equal(bad?.safety?.verdict, 'instructions_present', JSON.stringify(bad));
  assert.ok(bad?.safety?.hidden >= 5);
  assert.equal(news?.safety, undefined);
});


test('occam read --json: the lean response carries the safety object', async () => {
  const r = await runOccam(['read', server.url('/hidden-and-addressed'), '--json'], { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BROWSER_EXECUTABLE_PATH: '/nonexistent' }, 60_000);
  assert.equal(r.code, 0, r.stderr);
  assertSafeRead(JSON.parse(r.stdout), 'lean', 'cli');
});

test('OCCAM_SAFETY=strip removes the addressed paragraph and says so; refuse fails with unsafe_content', async () => {
  const strip = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_SAFETY: 'strip' });
  const refuse = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_SAFETY: 'refuse' });
  try {
    const { json } = await strip.call('occam_transcode', { url: server.url('/hidden-and-addressed'), backend_policy: 'http' });
    assert.equal(json.ok, true);
    assert.ok(!json.markdown.includes(ADDRESSED));
    assert.ok(json.markdown.includes('first hard frost'));
    assert.equal(json.safety.stripped, 1);
    const refused = await refuse.call('occam_transcode', { url: server.url('/hidden-and-addressed'), backend_policy: 'http' });
    assert.equal(refused.json.ok, false);
    assert.equal(refused.json.failure.code, 'unsafe_content');
    assert.equal(refused.json.markdown, undefined);
    const clean = await refuse.call('occam_transcode', { url: server.url('/ai-news'), backend_policy: 'http' });
    assert.equal(clean.json.ok, true, 'a clean page is read under refuse');
  } finally {
    await strip.close();
    await refuse.close();
  }
});

test('browser path (real Chromium): the rendered page marks what it does not show; same Markdown and safety', async (t) => {
  if (!requireChromium(t)) return;
  const browser = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath() ?? '' });
  try {
    const { json } = await browser.call('occam_transcode', { url: server.url('/hidden-and-addressed'), backend_policy: 'browser', detail: 'standard' });
    assert.equal(json.backend, 'browser_playwright', JSON.stringify(json.failure ?? json.agentHints));
    assertSafeRead(json, 'standard', 'browser');
    // Text hidden by a stylesheet only the browser loads: the rendered page's mark removes it.
    const ext = await browser.call('occam_transcode', { url: server.url('/external-css'), backend_policy: 'browser', detail: 'standard' });
    assert.equal(ext.json.ok, true, JSON.stringify(ext.json.failure));
    assert.ok(ext.json.markdown.includes('Spring tides'));
    assert.ok(!ext.json.markdown.includes('EXTERNAL-HIDDEN'), ext.json.markdown);
    assert.equal(ext.json.safety?.hidden, 1);
    assert.equal(ext.json.safety.hiddenSamples[0].reason, 'visibility.rendered-hidden');
  } finally {
    await browser.close();
  }
});
