// Budgets through the MCP tool over a real stdio SDK client (tools.md §5.4 #14, reading.md §12, #24–#27):
// a response never exceeds max_tokens by the o200k tokenizer; omitted max_tokens inherits the ambient budget;
// the section index / omitted manifest lets the caller ask for what was cut.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { GOLDEN_DIR } from '../helpers/fixtures.ts';

const GOLDEN = GOLDEN_DIR;
let server: FixtureServer;
let mcp: McpSession;

before(async () => {
  const routes: Record<string, (req: unknown, res: import('node:http').ServerResponse) => void> = {};
  for (const name of ['wikipedia-article', 'nginx-doc', 'mdn-doc', 'article-boilerplate', 'links-headings', 'data-table']) {
    const body = readFileSync(join(GOLDEN, `${name}.html`));
    routes[`/${name}`] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  }
  routes['/links-once'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LINKS_ONCE_PAGE);
  server = await startFixtureServer(routes);
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RESPONSE_DETAIL: 'full' });
});
after(async () => {
  await mcp?.close();
  await server?.close();
});

const PROSE = 'The tool reads one page at a time and keeps what a reader of the page came for, with each source linked. ';
/** The guide is linked in the intro and again in the Install section. */
const LINKS_ONCE_PAGE = `<!doctype html><html lang="en"><head><title>Queue tool</title></head><body><main><article><h1>Queue tool</h1>
  <p>${PROSE}Start with <a href="/guide">the user guide</a>, which explains every option in order, and keep it open while you work.</p>
  <p>${PROSE.repeat(3)}</p><h2>Install</h2>
  <p>${PROSE}Installing takes one command; <a href="/guide">the user guide</a> lists what each platform needs before you run it.</p>
  <p>${PROSE.repeat(3)}</p></article></main></body></html>`;

/** The payload the budget covers, serialised as in the response: markdown + requested sidecars + receipt. */
function payloadTokens(json: any): number {
  const sidecars = ['blocks', 'tables', 'chunks', 'mediaRefs', 'toc'].filter((k) => json[k] !== undefined).map((k) => JSON.stringify(json[k]));
  if (json.feed) sidecars.push(JSON.stringify(json.feed.items));
  return countTokens(json.markdown) + sidecars.reduce((n, s) => n + countTokens(s), 0) + countTokens(JSON.stringify(json.receipt));
}

test('property over MCP: random pages and budgets never exceed max_tokens (o200k), markdown and whole payload', async () => {
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pages = ['wikipedia-article', 'nginx-doc', 'mdn-doc', 'article-boilerplate', 'links-headings', 'data-table'];
  for (let i = 0; i < 14; i++) {
    const page = pages[Math.floor(next() * pages.length)];
    const max = 128 + Math.floor(next() * 1400);
    const args: Record<string, unknown> = { url: server.url(`/${page}`), max_tokens: max };
    if (next() < 0.3) args.focus_query = ['install', 'markup language', 'GET request', 'status code'][Math.floor(next() * 4)];
    if (next() < 0.3) args.json_blocks = true;
    if (next() < 0.2) args.toc = true;
    const { raw, json } = await mcp.call('occam_transcode', args);
    const where = `${page} max_tokens=${max} ${JSON.stringify(args)}`;
    const whole = countTokens((raw.content as any)[0].text);
    assert.ok(whole <= max, `o200k(whole response)=${whole} ≤ ${max}: ${where}`);
    if (!json.ok) {
      // Only a budget below the response's fixed fields may fail, and it says what would fit.
      assert.equal(json.failure.reason, 'budget_below_envelope', where);
      assert.ok(json.suggestedMinTokens > max, where);
      continue;
    }
    assert.ok(countTokens(json.markdown) <= max, `o200k(markdown) ≤ ${max}: ${where}`);
    assert.ok(payloadTokens(json) <= max, `o200k(payload)=${payloadTokens(json)} ≤ ${max}: ${where}`);
    assert.ok(json.compile.tokensEstimated <= max, where);
    assert.equal(json.partial, json.compile.truncated, where);
    if (json.compile.truncated) {
      assert.ok(json.compile.omitted.tokensDropped >= 0);
      assert.ok(json.compile.omitted.manifest || json.compile.omitted.manifestSummary || json.compile.omitted.structured, where);
    }
  }
});

test('tools.md #14: omitted max_tokens inherits the declared budget; explicit wins; cleared → no cap', async () => {
  const url = server.url('/wikipedia-article');
  const uncapped = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(uncapped.compile, undefined, 'unconfigured: no budget applied');
  assert.ok(countTokens(uncapped.markdown) > 2000, 'the page is larger than the budgets below');

  const caps = (await mcp.call('occam_client_capabilities', { context_tokens: 2560 })).json;
  assert.equal(caps.outputBudgetTokens, 512);
  const inherited = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(inherited.compile.truncated, true);
  assert.ok(inherited.compile.budget.total <= 512);
  assert.ok(payloadTokens(inherited) <= 512);

  const explicit = (await mcp.call('occam_transcode', { url, max_tokens: 1500 })).json;
  assert.ok(explicit.compile.budget.total <= 1500 && explicit.compile.budget.total > 512, 'explicit max_tokens wins');
  assert.notEqual(explicit.materializationKey, inherited.materializationKey);

  await mcp.call('occam_client_capabilities', { clear: true });
  const cleared = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(cleared.compile, undefined);
  assert.equal(cleared.markdown, uncapped.markdown);
});

test('tools.md §5.2/#14: the env bootstrap budget applies to reads too', async () => {
  const s = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RESPONSE_DETAIL: 'full', OCCAM_CLIENT_CONTEXT_TOKENS: '8192' });
  try {
    const { json } = await s.call('occam_transcode', { url: server.url('/wikipedia-article') });
    assert.ok(json.compile.budget.total <= 1638);
    assert.ok(json.compile.budget.total > 1000, 'the budget is used, not wasted');
    assert.ok(countTokens(json.markdown) <= 1638);
  } finally {
    await s.close();
  }
});

test('reading.md #24: head_safe at max_tokens 128 over MCP; the manifest names what was cut; section reads it next', async () => {
  const url = server.url('/links-headings');
  // The whole response is the ceiling (issue 14): 128 cannot hold this page's fixed fields, and says so in 128.
  const tiny = await mcp.call('occam_transcode', { url, max_tokens: 128 });
  assert.ok(countTokens((tiny.raw.content as any)[0].text) <= 128);
  assert.equal(tiny.json.failure.code, 'invalid_arguments');
  assert.equal(tiny.json.failure.reason, 'budget_below_envelope');
  const { raw, json } = await mcp.call('occam_transcode', { url, max_tokens: 300 });
  assert.ok(countTokens((raw.content as any)[0].text) <= 300);
  assert.equal(json.partial, true);
  assert.equal(json.compile.truncationStrategy, 'head_safe');
  assert.ok(json.markdown.endsWith('<!-- SNIP: tail (reason: head_safe) -->'));
  assert.deepEqual(json.compile.omitted.regions, ['tail']);
  assert.ok(json.compile.omitted.tokensDropped > 0);
  assert.ok(countTokens(json.markdown) <= 300 && json.compile.budget.total <= 300);
  // At this budget the manifest travels as its summary; its hint names a section to read next.
  const listed = json.compile.omitted.manifest?.filter((m: any) => !m.partial).map((m: any) => m.heading);
  const hinted = /section="([^"]+)"/.exec(json.compile.omitted.manifestSummary?.hint ?? '')?.[1];
  const heading = listed?.[0] ?? hinted;
  assert.ok(heading, JSON.stringify(json.compile.omitted));
  const follow = (await mcp.call('occam_transcode', { url, section: heading })).json;
  assert.equal(follow.ok, true);
  assert.ok(follow.markdown.includes(`# ${heading}`), `section ${heading} returned`);
  const missing = (await mcp.call('occam_transcode', { url, section: 'No such heading' })).json;
  assert.equal(missing.failure.code, 'content_selectors_miss');
});

test('a target is linked once in the read, and once in a section read alone even when the page linked it earlier', async () => {
  const url = server.url('/links-once');
  const guide = `[the user guide](${server.url('/guide')})`;
  const whole = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(whole.ok, true);
  assert.equal(whole.markdown.split(guide).length, 2, whole.markdown);
  assert.ok(whole.markdown.includes('Installing takes one command; the user guide lists'), whole.markdown);
  const install = (await mcp.call('occam_transcode', { url, section: 'Install' })).json;
  assert.equal(install.ok, true);
  assert.ok(!install.markdown.includes('Start with'), install.markdown);
  assert.ok(install.markdown.includes(`Installing takes one command; ${guide} lists`), install.markdown);
});

test('reading.md #26/#27 over MCP: focus_window keeps the answering section; sandwich when nothing matches', async () => {
  const url = server.url('/wikipedia-article');
  // The whole response counts against max_tokens (issue 14): 600 leaves the focused answer unit room beside the envelope (about 300 tokens).
  const focused = (await mcp.call('occam_transcode', { url, max_tokens: 600, focus_query: 'John Gruber' })).json;
  assert.ok(['focus_window', 'sandwich'].includes(focused.compile.truncationStrategy));
  assert.ok(focused.markdown.includes('Gruber'));
  assert.ok(focused.focus.status === 'hit' || focused.focus.status === 'weak');
  const none = (await mcp.call('occam_transcode', { url, max_tokens: 300, focus_query: 'kubernetes ingress controller' })).json;
  assert.equal(none.compile.truncationStrategy, 'sandwich');
  assert.ok(none.markdown.includes('<!-- SNIP: middle (reason: budget_exceeded) -->'));
  assert.equal(none.focus.status, 'miss');
  // At 300 tokens the hints are shed before focus is (src/budget/envelope.ts levels); with room they say it too.
  const roomy = (await mcp.call('occam_transcode', { url, max_tokens: 900, focus_query: 'kubernetes ingress controller' })).json;
  assert.ok(roomy.agentHints.warnings.some((w: string) => w.startsWith('focus_miss')));
});

test('reading.md #25, tools.md #24 over MCP: max_tokens 127 and unknown parameters are typed failures, not protocol errors', async () => {
  const low = await mcp.call('occam_transcode', { url: server.url('/data-table'), max_tokens: 127 });
  assert.equal(low.raw.isError, true);
  assert.equal(low.json.failure.code, 'invalid_arguments');
  assert.match(low.json.failure.message, /max_tokens must be at least 128/);
  const unknown = await mcp.call('occam_transcode', { url: server.url('/data-table'), auto_recover: true });
  assert.equal(unknown.raw.isError, true);
  assert.equal(unknown.json.failureCode ?? unknown.json.failure?.code, 'invalid_arguments');
  const typed = await mcp.call('occam_transcode', { url: 123 });
  assert.equal(typed.json.failureCode, 'invalid_arguments');
});

test('tools/list: occam_transcode advertises every tools.md §3.1.3 parameter with tags and ranges', async () => {
  const tool = (await mcp.client.listTools()).tools.find((t) => t.name === 'occam_transcode')!;
  const props = tool.inputSchema.properties as Record<string, any>;
  const params = [
    'url', 'backend_policy', 'max_tokens', 'fit_markdown', 'focus_query', 'content_selectors', 'session_profile', 'playbook_policy',
    'if_none_match', 'semantic_chunking', 'capture_screenshot', 'json_blocks', 'json_tables', 'json_feed', 'translate_to',
    'diff_against', 'prefer_llms_txt', 'cache_ttl_s', 'emit_capsule', 'rank_blocks', 'tag_trust', 'delta_only', 'toc', 'section',
    'must_contain', 'deadline_ms', 'compact_links', 'include_media_refs', 'compact_block_links', 'detail',
  ];
  assert.deepEqual(Object.keys(props).sort(), [...params].sort());
  for (const p of params) assert.match(props[p].description, /^\[(core|tokens|structured|fetch|watch|trust|advanced)\] /, p);
  assert.deepEqual(tool.inputSchema.required, ['url']);
  assert.equal(tool.annotations?.readOnlyHint, true);
  const max = props.max_tokens.anyOf ? props.max_tokens.anyOf.find((x: any) => x.type === 'integer') : props.max_tokens;
  assert.equal(max.minimum, 128);
});
