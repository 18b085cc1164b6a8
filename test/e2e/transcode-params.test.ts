// occam_transcode parameters and response fields (tools.md §3.1.3, reading.md §14–15, #17–#19, #23–#33), run
// in-process through read/transcode.ts against real local HTTP servers (the MCP path is covered by the golden and
// budget e2e tests). The browser backend is switched off here (deps.browser = null) to keep the suite fast.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode, type TranscodeDeps } from '../../src/read/transcode.ts';
import type { TranscodeArgs } from '../../src/read/options.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

const home = mkdtempSync(join(tmpdir(), 'occam-transcode-'));
let clockMs = Date.UTC(2026, 10, 30, 12, 0, 0);
const runtime: RuntimeContext = testContext({
  env: { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_CACHE_DIR: join(home, 'cache'), OCCAM_SESSIONS_ROOT: join(home, 'sessions') },
  homeDir: home,
  tmpDir: home,
  now: () => clockMs,
});
const services = new Services(runtime);
const deps = (over: Partial<TranscodeDeps> = {}): TranscodeDeps => ({
  runtime,
  services,
  resolveMaxTokens: (explicit) => explicit,
  browser: null,
  ...over,
});
const read = (args: TranscodeArgs, over: Partial<TranscodeDeps> = {}) => transcode(args, deps(over)) as Promise<any>;

const para = (topic: string, n: number) =>
  `<p>${topic} paragraph ${n} explains the behaviour in plain words so that an agent can quote it with its source and move on to the next step.</p>`;
const ARTICLE = `<!doctype html><html lang="en"><head><title>Guide to sections</title></head><body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
<main><article><h1>Guide to sections</h1>
<p>This guide is a long article used to exercise the reader: it has several sections, each with a few paragraphs of prose.</p>
<h2>Section A</h2>${[1, 2, 3].map((n) => para('Alpha', n)).join('')}<figure><img src="/img/diagram.png" alt="Diagram of the flow"><figcaption>The flow, end to end.</figcaption></figure>
<h2>Section B</h2>${[1, 2, 3].map((n) => para('Beta', n)).join('')}<p>The bearer token is sent in the Authorization header of each request.</p>
<h2 id="install">Install</h2>${[1, 2, 3].map((n) => para('Install', n)).join('')}<p>Run <code>npm install occam</code> to install it. UNIQUE_MARKER_12</p>
<h2>Section D</h2>${[1, 2, 3].map((n) => para('Delta', n)).join('')}
<p>Subscribe to our newsletter for weekly tips.</p><p>All rights reserved.</p>
<p>Background reading: see <a href="https://example.com/ref">A reference link</a> for the longer explanation of how sections work in practice.</p>
</article></main><footer>Copyright</footer></body></html>`;

/** A minimal one-page PDF whose text layer says "Occam PDF fixture". */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 18 Tf 20 80 Td (Occam PDF fixture) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

let server: FixtureServer;
let hits = 0;
before(async () => {
  server = await startFixtureServer({
    '/article': html(ARTICLE),
    '/counted': (req, res) => {
      hits++;
      html(ARTICLE)(req, res);
    },
    '/notes.txt': (_q, res) => void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Plain prose notes.\nSecond line of the notes.'),
    '/README.md': (_q, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('# Title\n\nSome *markdown* body.'),
    '/data.json': (_q, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
    '/doc.pdf': (_q, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end(minimalPdf()),
    '/fake.pdf': (_q, res) => void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('not really a pdf at all, just bytes'),
    '/missing': (_q, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'),
    '/hang': () => {
      // never answers: the deadline must fire
    },
    // The header list sits between prose: a short unpunctuated last line of an article is tail metadata to the reader.
    '/echo-headers': (req, res) => {
      const names = Object.keys(req.headers).filter((h) => h.startsWith('x-') || h === 'cookie');
      html(`<html><head><title>Headers</title></head><body><main><article><h1>Headers</h1><p>${'The server saw these request headers and lists them here for the test to check. '.repeat(2)}</p><p>${names.map((n) => `${n}=${req.headers[n]}`).join('; ')}</p><p>${'The list above is what the request carried, one name and value a pair. '.repeat(2)}</p></article></main></body></html>`)(req, res);
    },
  });
});
after(async () => {
  await server.close();
  await services.disposeAll();
});

test('tools.md §3.1.3: a plain read carries the success envelope fields', async () => {
  const r = await read({ url: server.url('/article') });
  assert.equal(r.ok, true);
  assert.deepEqual(r.url, { url: server.url('/article'), finalUrl: server.url('/article') });
  assert.equal(r.backend, 'node_readability_turndown');
  assert.equal(r.contentHash, createHash('sha256').update(r.markdown).digest('hex'));
  assert.match(r.materializationKey, /^sha256:[0-9a-f]{64}$/);
  assert.equal(r.compile, undefined, 'no compile without a budget, fit or selectors');
  assert.equal(r.mediaRefs, undefined, 'mediaRefs are opt-in');
  assert.equal(r.focus, undefined, 'focus omitted when not requested');
  assert.ok(r.quality && r.receipt && r.timings && r.completeness);
  assert.ok(r.agentHints.warnings.includes('playwright_browser_missing_downgrading_to_http'), 'reading.md #12');
  assert.equal(r.recovery, undefined, 'no router ran without a browser');
  assert.equal(r.receipt.signed.contentHash, `sha256:${r.contentHash}`, 'signed by the trust layer');
  assert.equal(r.receipt.blockLeaves, undefined, 'no blocks requested → no leaves travel');
  const withBlocks = await read({ url: server.url('/article'), json_blocks: true });
  assert.equal(withBlocks.receipt.blockLeaves.length, withBlocks.blocks.length, 'one leaf per returned block');
  assert.equal(withBlocks.receipt.signed.leafSetComplete, true);
  assert.match(withBlocks.receipt.signed.blockMerkleRoot, /^sha256:[0-9a-f]{64}$/);
  const off = await read({ url: server.url('/article'), emit_capsule: true }, { runtime: { ...runtime, env: { ...runtime.env, OCCAM_RECEIPTS: 'off' } } });
  assert.equal(off.receipt.signed, undefined, 'receipts off: telemetry only, nothing faked');
  assert.ok(off.agentHints.warnings.some((w: string) => w.startsWith('emit_capsule_unavailable')));
});

test('reading.md #17/#18/#19: plain text, Markdown text, JSON and PDF bodies', async () => {
  const text = await read({ url: server.url('/notes.txt') });
  assert.equal(text.backend, 'plain_text');
  assert.equal(text.markdown, '```\nPlain prose notes.\nSecond line of the notes.\n```');
  const md = await read({ url: server.url('/README.md') });
  assert.equal(md.markdown, '# Title\n\nSome *markdown* body.');
  const json = await read({ url: server.url('/data.json') });
  assert.equal(json.ok, true);
  assert.equal(json.markdown, '```json\n{\n  "a": 1\n}\n```');
  const pdf = await read({ url: server.url('/doc.pdf') });
  assert.equal(pdf.ok, true, JSON.stringify(pdf.failure));
  assert.equal(pdf.backend, 'pdf');
  assert.ok(pdf.markdown.includes('Occam PDF fixture'));
  const fake = await read({ url: server.url('/fake.pdf') });
  assert.equal(fake.ok, false);
  assert.equal(fake.failure.code, 'extraction_failed');
});

test('reading.md #25, tools.md §3.1.3: argument validation is a typed invalid_arguments', async () => {
  for (const args of [
    { max_tokens: 127 },
    { backend_policy: 'managed' },
    { playbook_policy: 'sometimes' },
    { translate_to: 'x' },
    { diff_against: '{"a":1}' },
    { diff_against: '' },
    { content_selectors: '[1,2]' },
  ]) {
    const r = await read({ url: server.url('/article'), ...args });
    assert.equal(r.ok, false, JSON.stringify(args));
    assert.equal(r.failure.code, 'invalid_arguments', JSON.stringify(args));
    assert.equal(r.failureCode, undefined, '[F-nest] shape');
  }
  const r = await read({ url: server.url('/article'), backend_policy: 'HTTP-then-Browser' });
  assert.equal(r.ok, true, 'alias and case accepted');
  const bad = await read({ url: 'not a url' });
  assert.equal(bad.failure.code, 'invalid_url');
  const file = await read({ url: 'file:///etc/passwd' });
  assert.equal(file.failure.code, 'invalid_url', 'issue 14: a non-http(s) scheme is invalid_url on every tool');
});

test('reading.md #6: 404 is terminal with a stop decision and no retryable flag', async () => {
  const r = await read({ url: server.url('/missing') });
  assert.equal(r.failure.code, 'http_404');
  assert.equal(r.failure.statusCode, 404);
  assert.equal(r.failure.retryable, undefined);
  assert.equal(r.agentMeta.decisions[0].action, 'stop');
  assert.equal(r.markdown, undefined);
});

test('reading.md #29: content_selectors keep matching sections; a miss is typed', async () => {
  const r = await read({ url: server.url('/article'), content_selectors: '["## Section B"]' });
  assert.equal(r.ok, true);
  assert.ok(r.markdown.startsWith('## Section B'));
  assert.ok(!r.markdown.includes('Alpha paragraph') && r.markdown.includes('Beta paragraph 2'));
  assert.ok(r.compile, 'compile present with selectors');
  const csv = await read({ url: server.url('/article'), content_selectors: 'Section A, Install' });
  assert.ok(csv.markdown.includes('Alpha paragraph 1') && csv.markdown.includes('UNIQUE_MARKER_12') && !csv.markdown.includes('Beta'));
  const miss = await read({ url: server.url('/article'), content_selectors: '["## Nope"]' });
  assert.equal(miss.failure.code, 'content_selectors_miss');
});

test('reading.md #28: fit_markdown with a focus keeps the answer and drops newsletter text', async () => {
  const full = await read({ url: server.url('/article') });
  const r = await read({ url: server.url('/article'), fit_markdown: true, focus_query: 'bearer token' });
  assert.ok(r.markdown.length < full.markdown.length);
  assert.ok(r.markdown.includes('The bearer token is sent in the Authorization header'));
  assert.ok(!r.markdown.includes('Subscribe to our newsletter'));
  assert.ok(r.compile.fit.paragraphsDropped > 0);
});

test('reading.md #23: a #fragment is local focus, never sent, and selects its section under a budget', async () => {
  const r = await read({ url: `${server.url('/article')}#install`, max_tokens: 600 });
  assert.equal(r.ok, true);
  assert.ok(!server.requests().some((u) => u.includes('#')), 'fragment not sent');
  assert.equal(r.compile.truncationStrategy, 'focus_window');
  assert.ok(r.markdown.startsWith('## Install'));
  assert.ok(r.markdown.includes('UNIQUE_MARKER_12'));
  assert.equal(r.focus.status, 'hit');
});

test('reading.md #31: if_none_match answers unchanged without a body; materializationKey follows the budget', async () => {
  const first = await read({ url: server.url('/article') });
  const same = await read({ url: server.url('/article'), if_none_match: first.contentHash });
  assert.equal(same.unchanged, true);
  assert.equal(same.markdown, '');
  assert.equal(same.contentHash, first.contentHash);
  for (const absent of ['compile', 'quality', 'meta', 'mediaRefs', 'session', 'blocks']) assert.equal(same[absent], undefined, absent);
  const prefixed = await read({ url: server.url('/article'), if_none_match: `SHA256:${first.contentHash.toUpperCase()}` });
  assert.equal(prefixed.unchanged, true);
  const wrong = await read({ url: server.url('/article'), if_none_match: '0'.repeat(64) });
  assert.equal(wrong.unchanged, false);
  assert.equal(wrong.markdown, first.markdown);
  const a = await read({ url: server.url('/article'), max_tokens: 600 });
  const b = await read({ url: server.url('/article'), max_tokens: 900 });
  assert.notEqual(a.materializationKey, b.materializationKey);
});

test('reading.md #32: a private destination is never cached', async () => {
  hits = 0;
  const one = await read({ url: server.url('/counted'), cache_ttl_s: 60 });
  const two = await read({ url: server.url('/counted'), cache_ttl_s: 60 });
  assert.equal(hits, 2);
  assert.equal(one.cached, undefined);
  assert.equal(two.cached, undefined);
});

test('reading.md #33: a public name is cached per TTL; session or conditional reads bypass the cache', async () => {
  const seams = {
    resolve: async () => [{ address: '100.128.0.7', family: 4 as const }],
    dial: (t: { port: number }) => ({ host: '127.0.0.1', port: t.port }),
  };
  const port = new URL(server.origin).port;
  const url = `http://cache.test:${port}/counted`;
  const strict = { ...runtime, env: { ...runtime.env, OCCAM_ALLOW_PRIVATE_URLS: undefined } };
  const cached = (args: Partial<TranscodeArgs> = {}) => transcode({ url, cache_ttl_s: 60, ...args }, deps({ ...seams, runtime: strict })) as Promise<any>;
  hits = 0;
  const first = await cached();
  assert.equal(first.ok, true, JSON.stringify(first.failure));
  assert.equal(first.cached, undefined);
  clockMs += 5_000;
  const second = await cached();
  assert.equal(hits, 1);
  assert.equal(second.cached, true);
  assert.ok(second.cacheAgeS >= 0 && second.cacheAgeS <= 6);
  assert.equal(second.markdown, first.markdown);
  await cached({ if_none_match: first.contentHash });
  assert.equal(hits, 2, 'if_none_match bypasses the cache');
  clockMs += 2_200;
  await cached({ cache_ttl_s: 1 });
  assert.equal(hits, 3, 'an entry older than the TTL is a miss');
});

test('reading.md #34 subset: session_profile headers are sent, names echoed, values never returned', async () => {
  mkdirSync(join(home, 'sessions'), { recursive: true });
  writeFileSync(join(home, 'sessions', 'work.json'), JSON.stringify({ Cookie: 'sid=SECRET1', 'X-Test': 'yes', _occam: { hosts: ['127.0.0.1'] } }));
  const r = await read({ url: server.url('/echo-headers'), session_profile: 'work' });
  assert.equal(r.ok, true, JSON.stringify(r.failure));
  assert.deepEqual(r.session.headersApplied, ['Cookie', 'X-Test']);
  assert.ok(r.markdown.includes('cookie=sid=SECRET1'), 'the server saw the cookie');
  const { markdown: _m, ...rest } = r;
  assert.ok(!JSON.stringify(rest).includes('SECRET1'), 'no header value outside the page text');
  assert.equal((await read({ url: server.url('/article'), session_profile: '../x' })).failure.code, 'invalid_session_profile');
  assert.equal((await read({ url: server.url('/article'), session_profile: 'nope' })).failure.code, 'session_profile_not_found');
});

test('deadline_ms: a hanging origin fails as timeout, retryable', async () => {
  const r = await read({ url: server.url('/hang'), deadline_ms: 1000 });
  assert.equal(r.ok, false);
  assert.equal(r.failure.code, 'timeout');
  assert.equal(r.failure.retryable, true);
});

test('structured opt-ins: json_blocks, json_tables, toc, chunks, media refs, must_contain, compact links, rank and trust', async () => {
  const r = await read({
    url: server.url('/article'),
    json_blocks: true,
    json_tables: true,
    toc: true,
    semantic_chunking: true,
    include_media_refs: true,
    must_contain: 'bearer token',
    compact_links: true,
    compact_block_links: true,
    focus_query: 'install occam',
    rank_blocks: true,
    tag_trust: true,
  });
  assert.equal(r.ok, true);
  assert.ok(r.blocks.length >= 10);
  assert.ok(r.blocks.every((b: any) => /^[0-9a-f]{16}$/.test(b.hash) && typeof b.sourceSelector === 'string' && b.links === undefined && b.trust));
  assert.ok(r.blocks[0].salience >= r.blocks[r.blocks.length - 1].salience, 'ranked by salience');
  assert.ok(/install/i.test(r.blocks[0].text));
  assert.deepEqual(r.tables, []);
  assert.deepEqual(r.toc.map((t: any) => t.heading), ['Guide to sections', 'Section A', 'Section B', 'Install', 'Section D']);
  assert.equal(r.toc.find((t: any) => t.heading === 'Install').anchor, 'install');
  assert.ok(r.chunks.length >= 4 && r.chunks.every((c: any) => typeof c.text === 'string' && Array.isArray(c.headers)));
  assert.ok(r.mediaRefs.some((m: any) => m.url === server.url('/img/diagram.png') && m.kind === 'image'));
  assert.equal(r.mustContain.verdict, 'MATCH');
  assert.equal(r.mustContain.hitCount, 1);
  assert.ok(!r.markdown.includes('](https://example.com/ref)') && r.markdown.includes('A reference link'), 'link URL stripped');
  const miss = await read({ url: server.url('/article'), must_contain: 'kubernetes' });
  assert.deepEqual(miss.mustContain, { verdict: 'NO_MATCH', excerpts: [], hitCount: 0 });
});

test('diff_against and delta_only: block diff against a previous read; honest warnings for what needs more', async () => {
  const base = await read({ url: server.url('/article'), json_blocks: true });
  const hashes: string[] = base.blocks.map((b: any) => b.hash);
  const older = hashes.filter((_, i) => i % 3 !== 0).concat(['deadbeefdeadbeef']);
  const r = await read({ url: server.url('/article'), json_blocks: true, diff_against: JSON.stringify(older), delta_only: true });
  assert.equal(r.deltaOnly, true);
  assert.deepEqual(r.diff.removedHashes, ['deadbeefdeadbeef']);
  assert.equal(r.diff.addedBlocks.length, hashes.filter((_, i) => i % 3 === 0).length);
  assert.deepEqual(r.diff.blockHashes, hashes);
  assert.equal(r.blocks.length, r.diff.addedBlocks.length);
  const csv = await read({ url: server.url('/article'), diff_against: older.join(',') });
  assert.equal(csv.diff.addedBlocks.length, r.diff.addedBlocks.length);
  const noBlocks = await read({ url: server.url('/article'), diff_against: older.join(','), delta_only: true });
  assert.ok(noBlocks.agentHints.warnings.some((w: string) => w.startsWith('delta_only_ignored')));
  assert.equal(noBlocks.deltaOnly, undefined);
  const later = await read({ url: server.url('/article'), translate_to: 'de', emit_capsule: true, capture_screenshot: true });
  assert.equal(later.ok, true);
  const warnings: string[] = later.agentHints.warnings;
  assert.match(later.receipt.capsule, /^occam:\/\/capsule\//, 'receipts on: the capsule is attached');
  for (const prefix of ['translation_unavailable', 'capture_screenshot_unavailable']) {
    assert.ok(warnings.some((w) => w.startsWith(prefix)), prefix);
  }
  assert.equal(later.translatedMarkdown, undefined);
  assert.equal(later.screenshot, undefined);
});
