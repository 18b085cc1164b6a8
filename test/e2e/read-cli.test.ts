// `occam read` as a user runs it: a child process, Markdown on stdout, JSON with --json, exit 1 + failure code
// on stderr for ok:false, and `--demo` reading the bundled representative article through the normal guard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';
import { DEMO_PAGE_HTML, DEMO_PAGE_SHA256 } from '../../src/read/demo-page.ts';
import { startDemoServer } from '../../src/read/demo.ts';
import { testContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';

function occam(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const PAGE = `<html><head><title>CLI page</title></head><body><main><article><h1>CLI page</h1>
${['Alpha', 'Beta', 'Gamma', 'Delta'].map((h) => `<h2>${h}</h2>${[1, 2, 3].map((n) => `<p>${h} paragraph ${n} has enough words to be counted as real prose by the reader and kept.</p>`).join('')}`).join('\n')}
</article></main></body></html>`;

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer({ '/page': html(PAGE), '/gone': html('<h1>gone</h1>', 404) });
});
after(async () => {
  await server.close();
});

const allow = { OCCAM_ALLOW_PRIVATE_URLS: '1' };

test('occam read <url>: a title — final URL line, then the Markdown on stdout, exit 0; --no-header prints the Markdown only', async () => {
  const r = await occam(['read', server.url('/page')], allow);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith(`CLI page — ${server.url('/page')}\n\n# CLI page\n`), r.stdout.slice(0, 200));
  assert.ok(r.stdout.includes('## Gamma'));
  const bare = await occam(['read', server.url('/page'), '--no-header'], allow);
  assert.ok(bare.stdout.startsWith('# CLI page\n'));
});

test('occam read --json: exactly one JSON document, the lean transcode response', async () => {
  const r = await occam(['read', server.url('/page'), '--json'], allow);
  assert.equal(r.code, 0);
  const json = JSON.parse(r.stdout);
  assert.equal(json.ok, true);
  assert.ok(createHash('sha256').update(json.markdown).digest('hex').startsWith(json.contentHash), 'the lean contentHash is a prefix of the hash');
});

test('occam read --max-tokens / --section / --focus', async () => {
  // The budget counts what the CLI prints (issue 29): the header and the Markdown, spent on the page.
  const tiny = await occam(['read', server.url('/page'), '--max-tokens', '128'], allow);
  assert.equal(tiny.code, 0, tiny.stderr);
  assert.ok(countTokens(tiny.stdout.trimEnd()) <= 128);
  const whole = countTokens((await occam(['read', server.url('/page')], allow)).stdout.trimEnd());
  const capped = await occam(['read', server.url('/page'), '--max-tokens', '200'], allow);
  assert.equal(capped.code, 0, capped.stderr);
  const printed = countTokens(capped.stdout.trimEnd());
  assert.ok(whole > 200 && printed <= 200 && printed >= 150, `printed ${printed} of 200 (whole page ${whole})`);
  assert.match(capped.stderr, /truncated to the budget; .*left out: .*Delta/);
  // A section the read stops inside is named as partly included, never as left out (issue 32).
  const shownHeadings = capped.stdout.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, ''));
  const leftOut = /left out: ([^(]*)/.exec(capped.stderr)?.[1] ?? '';
  for (const h of shownHeadings) assert.ok(!leftOut.includes(h), `${h} is in the read but listed as left out: ${capped.stderr}`);
  const miss = await occam(['read', server.url('/page'), '--section', 'Epsilon'], allow);
  assert.equal(miss.code, 1);
  assert.match(miss.stderr, /No section matched "Epsilon"\. Headings here: CLI page · Alpha · Beta · Gamma · Delta\./);
  const section = await occam(['read', server.url('/page'), '--section', 'Delta', '--no-header'], allow);
  assert.ok(section.stdout.startsWith('## Delta') && !section.stdout.includes('Alpha'));
  // 340: the full response spends ~25 tokens of the budget on extraction {pageType, agreement, candidate}.
  const focus = await occam(['read', server.url('/page'), '--focus', 'gamma paragraph', '--max-tokens', '340', '--json', '--detail', 'full'], allow);
  const json = JSON.parse(focus.stdout);
  assert.equal(json.compile.truncationStrategy, 'focus_window');
  assert.ok(json.markdown.startsWith('## Gamma'), json.markdown);
});

test('occam read --explain: stdout is the same read; stderr names the page type, the candidate and each stage and rule', async () => {
  const plain = await occam(['read', server.url('/page')], allow);
  const explained = await occam(['read', server.url('/page'), '--explain'], allow);
  assert.equal(explained.code, 0, explained.stderr);
  assert.equal(explained.stdout, plain.stdout);
  assert.match(explained.stderr, /occam read --explain: page type \w+ · main content from the (engine|density) candidate · agreement with the second opinion [\d.]+/);
  assert.match(explained.stderr, /main-content\s+second-opinion:(engine|density)\s+0/);
  const full = JSON.parse((await occam(['read', server.url('/page'), '--explain', '--json', '--detail', 'full'], allow)).stdout);
  assert.ok(Array.isArray(full.extraction.trace) && full.extraction.trace.every((t: { stage: string; rule: string }) => t.stage && t.rule), JSON.stringify(full.extraction));
});

test('occam read: ok:false exits 1 with the failure code on stderr; usage errors exit 2', async () => {
  const gone = await occam(['read', server.url('/gone')], allow);
  assert.equal(gone.code, 1);
  assert.match(gone.stderr, /http_404/);
  assert.equal(gone.stdout, '');
  const blocked = await occam(['read', server.url('/page')]);
  assert.equal(blocked.code, 1);
  assert.match(blocked.stderr, /private_url_blocked/);
  const usage = await occam(['read']);
  assert.equal(usage.code, 2);
  const low = await occam(['read', server.url('/page'), '--max-tokens', '100']);
  assert.equal(low.code, 2);
});

test('the demo page is the vendored representative fixture, byte-identical', () => {
  assert.equal(createHash('sha256').update(DEMO_PAGE_HTML, 'utf8').digest('hex'), DEMO_PAGE_SHA256);
  assert.equal(Buffer.byteLength(DEMO_PAGE_HTML, 'utf8'), 5297);
});

test('reading.md #1: occam read --demo reads the representative article without OCCAM_ALLOW_PRIVATE_URLS', async () => {
  const r = await occam(['read', '--demo', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.ok, true);
  assert.ok(json.markdown.startsWith('# Web context without the chrome'));
  assert.ok(Buffer.byteLength(json.markdown) < 5297 * 0.4, 'reduction ≥ 60%');
  const human = await occam(['read', '--demo']);
  assert.match(human.stderr, /5297 HTML bytes → \d+ Markdown bytes/);
});

test('the demo allowance covers exactly its origin: another loopback port stays blocked', async () => {
  const demo = await startDemoServer();
  const runtime = testContext({ env: {}, homeDir: '/tmp/occam-demo-scope', now: Date.now });
  const services = new Services(runtime);
  try {
    const deps = { runtime, services, resolveMaxTokens: (e: number | null) => e, allowance: demo.allowance, browser: null };
    const ok = (await transcode({ url: demo.url }, deps)) as any;
    assert.equal(ok.ok, true);
    const other = (await transcode({ url: server.url('/page') }, deps)) as any;
    assert.equal(other.ok, false);
    assert.equal(other.failure.code, 'private_url_blocked');
    assert.equal(other.failure.message, 'Private or local URLs are blocked.');
  } finally {
    await demo.close();
    await services.disposeAll();
  }
});

// Issue 32: one deadline over the whole read, from a shell as over MCP. A page that never answers took the HTTP
// stage's own 30 s and then the browser's 60 s; under `--timeout` both stages split the one deadline.
test('occam read --timeout / occam digest --timeout: a page that never answers ends in a typed timeout inside the deadline, across both backends', async () => {
  const silent = await startFixtureServer({}, (_req, res) => {
    res.on('error', () => {});
  });
  try {
    const DEADLINE_MS = 5000;
    const started = performance.now();
    const read = await occam(['read', silent.url('/never'), '--timeout', String(DEADLINE_MS), '--json', '--detail', 'full'], allow);
    const readMs = performance.now() - started;
    assert.equal(read.code, 1, read.stderr);
    const doc = JSON.parse(read.stdout);
    assert.equal(doc.failure.code, 'timeout', read.stdout.slice(0, 400));
    // Both backends ran inside the deadline (the browser with what the HTTP stage left of it).
    assert.deepEqual(doc.recovery.map((a: { backend: string }) => a.backend), ['node_readability_turndown', 'browser_playwright']);
    // Far below the 30 s the HTTP stage alone used to take; the slack is start-up on a loaded machine.
    assert.ok(readMs < 25_000, `occam read --timeout 5000 took ${Math.round(readMs)} ms`);
    const digest = await occam(['digest', silent.url('/a'), silent.url('/b'), '--timeout', String(DEADLINE_MS), '--json'], allow);
    assert.equal(digest.code, 1, digest.stderr);
    const items = JSON.parse(digest.stdout).items as Array<{ failure?: { code: string } }>;
    assert.deepEqual(items.map((i) => i.failure?.code), ['timeout', 'timeout']);
    const bad = await occam(['read', silent.url('/x'), '--timeout', '12'], allow);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--timeout/);
  } finally {
    await silent.close();
  }
});

test('a refused connection says "connection refused" and which backend saw it', async () => {
  const closed = await startFixtureServer({});
  const url = closed.url('/refused');
  await closed.close();
  const http = await occam(['read', url, '--policy', 'http'], allow);
  assert.equal(http.code, 1);
  assert.match(http.stderr, /network_error: Connection refused \(http\)/);
  const browser = await occam(['read', url, '--browser'], { ...allow, OCCAM_BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium' });
  assert.equal(browser.code, 1);
  assert.match(browser.stderr, /network_error: Connection refused \(browser\)/);
});
