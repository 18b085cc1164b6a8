// The publisher's own Markdown (issue 29) against a fixture server: a page that serves Markdown on
// `Accept: text/markdown` is read from it; one whose Markdown disagrees with its HTML is read from the HTML; a
// `<link rel="alternate" type="text/markdown">` twin is followed and checked; `Content-Signal: ai-input=no` is
// refused with a typed code. Through occam_transcode over the SDK client (stdio).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';

const PARAS = [
  'The harbour council met on Tuesday to settle the budget for the coming year, after three weeks of debate about the new ferry line.',
  'Councillors agreed to repair the north pier first, because the winter storms had loosened its stones and closed the fish market twice.',
  'The ferry line to the island villages will start in spring, with two boats a day and a cheaper ticket for pupils and older residents.',
  'Residents who spoke at the meeting asked for a covered waiting room at the pier, and the council promised to draw up plans by summer.',
];
const OTHER = [
  'Our spring collection of garden furniture is here, with teak benches, folding chairs and parasols in seven colours for every terrace.',
  'Order before Friday and the delivery is free, and every table comes with a care kit that keeps the wood looking new for many years.',
  'Visit the showroom to sit on the new lounge chairs, or book a video call and a designer will help you plan the perfect patio layout.',
];
const html = (title: string, paras: string[], head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><nav>Home News Sport</nav><main><article><h1>${title}</h1>${paras
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></main><footer>Contact Privacy</footer></body></html>`;
const markdown = (title: string, paras: string[]) => `# ${title}\n\n${paras.join('\n\n')}\n`;

/** Serves Markdown to a request that prefers it (Markdown listed before HTML, or HTML at a lower q), else HTML. */
const negotiated = (md: string, page: string) => (req: IncomingMessage, res: ServerResponse) => {
  const accept = String(req.headers.accept ?? '');
  const wantsMarkdown = accept.includes('text/markdown') && accept.indexOf('text/markdown') < accept.indexOf('text/html');
  if (wantsMarkdown) res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' }).end(md);
  else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' }).end(page);
};

let fixture: FixtureServer;
let mcp: McpSession;
const accepts: string[] = [];

before(async () => {
  fixture = await startFixtureServer({
    '/agrees': (req, res) => {
      accepts.push(String(req.headers.accept));
      negotiated(markdown('Harbour council budget', PARAS), html('Harbour council budget', PARAS))(req, res);
    },
    '/disagrees': negotiated(markdown('Garden furniture sale', OTHER), html('Harbour council budget', PARAS)),
    '/linked': (_req, res) =>
      void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html('Harbour council budget', PARAS, '<link rel="alternate" type="text/markdown" href="/linked.md">')),
    '/linked.md': (_req, res) => void res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(markdown('Harbour council budget', PARAS.slice(0, 3))),
    '/refused': (_req, res) =>
      void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-signal': 'search=yes, ai-input=no, ai-train=no' }).end(html('Harbour council budget', PARAS)),
  });
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
});
after(async () => {
  await mcp?.close();
  await fixture?.close();
});

test('issue 29: a page that serves Markdown on Accept: text/markdown is read from it (source publisher_markdown)', async () => {
  const { json } = await mcp.call('occam_transcode', { url: fixture.url('/agrees'), detail: 'full' });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  assert.equal(json.source, 'publisher_markdown');
  assert.equal(json.markdown.trim(), markdown('Harbour council budget', PARAS).trim());
  assert.match(accepts[0], /^text\/markdown, text\/html;q=0\.9/);
  const lean = (await mcp.call('occam_transcode', { url: fixture.url('/agrees') })).json;
  assert.equal(lean.source, 'publisher_markdown');
});

test('issue 29: Markdown that disagrees with its HTML is not used; the page is read from the HTML', async () => {
  const { json } = await mcp.call('occam_transcode', { url: fixture.url('/disagrees') });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  assert.equal(json.source, undefined);
  assert.match(json.markdown, /harbour council met on Tuesday/);
  assert.doesNotMatch(json.markdown, /garden furniture/i);
});

test('issue 29: a <link rel="alternate" type="text/markdown"> twin is followed when it agrees with the page', async () => {
  const { json } = await mcp.call('occam_transcode', { url: fixture.url('/linked') });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  assert.equal(json.source, 'publisher_markdown');
  assert.equal(json.url, fixture.url('/linked'), 'the page read is the HTML page');
  assert.doesNotMatch(json.markdown, /covered waiting room/, 'the twin (three paragraphs) is what was read');
});

test('issue 29: Content-Signal ai-input=no refuses the read with a typed, non-retryable code', async () => {
  for (const detail of ['lean', 'full']) {
    const { raw, json } = await mcp.call('occam_transcode', { url: fixture.url('/refused'), detail });
    assert.equal(raw.isError, true);
    assert.equal(json.failure.code, 'ai_input_refused', JSON.stringify(json));
    assert.notEqual(json.failure.retryable, true);
    assert.equal(json.agentMeta.decisions[0].action, 'stop');
    assert.equal(json.markdown, undefined);
  }
});
