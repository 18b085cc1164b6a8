// Issue 14 — the response contract as a property over MCP (real SDK client over stdio, pages on 127.0.0.1):
// random pages of 1–5,000 blocks under up to 500 headings, random budgets from the minimum (128) up, every
// reading tool (occam, occam_transcode, occam_digest per item and combined, occam_browser_interact, reads of
// search handles). For every response:
//   - the o200k count of its whole text content (what the client receives) is ≤ the budget;
//   - a cut is named: compile.omitted lists (manifest) or summarises (manifestSummary) what was left out;
//   - `partial` is true exactly when something was cut (the markdown differs from the page read uncapped);
//   - a budget that cannot hold even the response's fixed fields is a typed failure that fits the budget and
//     says how much would (suggestedMinTokens).
// Tens of cases, one Chromium-backed tool: the run stays in minutes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { rng } from '../helpers/rng.ts';

const WORDS = 'system reader budget page section token anchor cache browser request value layer origin parse block agent table answer markup client window'.split(' ');

/** A page of `blocks` body blocks under `headings` headings (h2/h3), with paragraphs, lists, code and tables. */
function pageOf(seed: number): { html: string; blocks: number; headings: number } {
  const r = rng(seed);
  const blocks = r() < 0.5 ? 1 + Math.floor(r() * 60) : 1 + Math.floor(r() ** 2 * 5000);
  const headings = Math.min(500, Math.floor(r() * Math.min(blocks, 500)));
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');
  const every = headings ? Math.max(1, Math.floor(blocks / headings)) : Infinity;
  const out = [`<!doctype html><html lang="en"><head><title>Page ${seed}</title></head><body><main><article><h1>Page ${seed}</h1>`];
  let h = 0;
  for (let i = 0; i < blocks; i++) {
    if (h < headings && i % every === 0) {
      const level = r() < 0.7 ? 2 : 3;
      out.push(`<h${level}>Heading ${h++} ${words(2)}</h${level}>`);
    }
    const kind = r();
    if (kind < 0.75) out.push(`<p>Paragraph ${i}: ${words(8 + Math.floor(r() * 30))}.</p>`);
    else if (kind < 0.87) out.push(`<ul>${Array.from({ length: 2 + Math.floor(r() * 4) }, () => `<li>${words(4)}</li>`).join('')}</ul>`);
    else if (kind < 0.95) out.push(`<pre><code>const v${i} = ${Math.floor(r() * 1000)};\nreturn v${i} * 2;</code></pre>`);
    else out.push(`<table><tr><th>key</th><th>value</th></tr>${Array.from({ length: 3 }, (_, k) => `<tr><td>k${k}</td><td>${words(3)}</td></tr>`).join('')}</table>`);
  }
  out.push('</article></main></body></html>');
  return { html: out.join('\n'), blocks, headings };
}

const budgetOf = (r: () => number) => Math.round(128 * Math.exp(r() * Math.log(6000 / 128)));

let server: FixtureServer;
let mcp: McpSession;
const pages = new Map<string, ReturnType<typeof pageOf>>();
const fullMarkdown = new Map<string, string>();

before(async () => {
  const route = (req: { url?: string }, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/searx/search') {
      const results = [11, 12, 13].map((s) => ({ title: `Page ${s}`, url: server.url(`/p/${s}`), content: 'hit' }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
      return;
    }
    const seed = Number(/^\/p\/(\d+)$/.exec(path)?.[1] ?? NaN);
    if (!Number.isFinite(seed)) {
      res.writeHead(404).end('no');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(path, seed).html);
  };
  server = await startFixtureServer({}, route);
  mcp = await startMcp({
    OCCAM_RESPONSE_DETAIL: 'full',
    OCCAM_ALLOW_PRIVATE_URLS: '1',
    OCCAM_BROWSER_ACTIONS_MCP: '1',
    OCCAM_SEARCH_PROVIDER: 'SearXNG',
    OCCAM_SEARCH_URL: server.url('/searx/'),
    OCCAM_PROFILE: 'full',
  });
});
after(async () => {
  await mcp?.close();
  await server?.close();
});

function page(path: string, seed: number) {
  let p = pages.get(path);
  if (!p) pages.set(path, (p = pageOf(seed)));
  return p;
}

/** The page's markdown read without any cap (the reference for "something was cut"). */
async function uncapped(url: string): Promise<string> {
  let md = fullMarkdown.get(url);
  if (md === undefined) {
    const { json } = await mcp.call('occam_transcode', { url, backend_policy: 'http', playbook_policy: 'off' });
    assert.equal(json.ok, true, `uncapped read of ${url}: ${JSON.stringify(json).slice(0, 300)}`);
    assert.equal(json.partial, false, `an uncapped read of ${url} is whole`);
    md = json.markdown as string;
    fullMarkdown.set(url, md);
  }
  return md;
}

async function call(name: string, args: Record<string, unknown>) {
  const { raw, json } = await mcp.call(name, args);
  const text = (raw.content as Array<{ text: string }>)[0].text;
  return { json, tokens: countTokens(text) };
}

/** The shared assertions: fits, a too-small budget is a typed failure that fits, cuts are named. */
function checkFits(where: string, tokens: number, budget: number, json: any): boolean {
  assert.ok(tokens <= budget, `${where}: whole response ${tokens} tokens > budget ${budget}`);
  if (json.ok) return true;
  assert.equal(json.failure?.code ?? json.failureCode, 'invalid_arguments', `${where}: ${JSON.stringify(json).slice(0, 400)}`);
  assert.ok(json.suggestedMinTokens > budget, `${where}: a too-small budget names what would fit`);
  return false;
}

function checkCutNamed(where: string, partial: boolean, omitted: any) {
  if (!partial) return;
  assert.ok(omitted, `${where}: partial without omitted`);
  assert.ok(omitted.manifest?.length || omitted.manifestSummary || omitted.structured, `${where}: the cut is neither listed nor summarised: ${JSON.stringify(omitted)}`);
  assert.ok(omitted.tokensDropped >= 0);
}

test('issue 14 property: occam_transcode — whole response ≤ budget, cuts named, partial exactly when cut', async () => {
  const r = rng(1401);
  const seen = { ok: 0, partial: 0, whole: 0, tooSmall: 0 };
  for (let i = 0; i < 16; i++) {
    const seed = 100 + i;
    const url = server.url(`/p/${seed}`);
    const budget = budgetOf(r);
    const args: Record<string, unknown> = { url, max_tokens: budget, backend_policy: 'http', playbook_policy: 'off' };
    if (r() < 0.25) args.focus_query = `Heading ${Math.floor(r() * 20)}`;
    const { json, tokens } = await call('occam_transcode', args);
    const where = `transcode seed=${seed} blocks=${page(`/p/${seed}`, seed).blocks} ${JSON.stringify(args)}`;
    if (!checkFits(where, tokens, budget, json)) {
      seen.tooSmall++;
      continue;
    }
    seen.ok++;
    const full = await uncapped(url);
    seen[json.markdown === full ? 'whole' : 'partial']++;
    assert.equal(json.partial, json.markdown !== full, `${where}: partial=${json.partial} but the markdown ${json.markdown === full ? 'is' : 'is not'} whole`);
    assert.equal(json.partial, json.compile.truncated, where);
    checkCutNamed(where, json.partial, json.compile.omitted);
    if (json.receipt && json.partial) assert.equal(json.receipt.partial, true, `${where}: the receipt says partial`);
  }
  // The property is not vacuous: the seeds cover cut reads, whole reads and at least a few long pages.
  assert.ok(seen.partial >= 3 && seen.whole >= 2, JSON.stringify(seen));
  assert.ok([...pages.values()].some((p) => p.blocks > 1000 && p.headings > 100), 'a long page with many headings was read');
});

test('issue 14 property: ambient budget from occam_client_capabilities is a ceiling too', async () => {
  const seeds = [120, 121, 122];
  for (const seed of seeds) await uncapped(server.url(`/p/${seed}`)); // before the ambient budget applies
  await mcp.call('occam_client_capabilities', { context_tokens: 2560 });
  try {
    for (const seed of seeds) {
      const url = server.url(`/p/${seed}`);
      const { json, tokens } = await call('occam_transcode', { url, backend_policy: 'http', playbook_policy: 'off' });
      const where = `ambient seed=${seed}`;
      if (!checkFits(where, tokens, 512, json)) continue;
      assert.equal(json.partial, json.markdown !== (await uncapped(url)), where);
      checkCutNamed(where, json.partial, json.compile.omitted);
    }
  } finally {
    await mcp.call('occam_client_capabilities', { clear: true });
  }
});

test('issue 14 property: occam (facade) — whole answer ≤ budget, partial when the body was cut', async () => {
  const r = rng(1402);
  for (let i = 0; i < 6; i++) {
    const seed = 200 + i;
    const url = server.url(`/p/${seed}`);
    const budget = budgetOf(r);
    const { json, tokens } = await call('occam', { url, budget });
    const where = `occam seed=${seed} budget=${budget}`;
    if (!checkFits(where, tokens, budget, json)) continue;
    const cut = json.markdown !== (await uncapped(url));
    assert.equal(json.partial, cut || json.omitted.length > 0, `${where}: partial=${json.partial}, cut=${cut}`);
    if (cut) checkCutNamed(where, true, json.compile?.omitted);
  }
});

test('issue 14 property: occam_digest — every item ≤ per_url_max_tokens, combined ≤ budget × items, partial per item', async () => {
  const r = rng(1403);
  for (let i = 0; i < 3; i++) {
    const seeds = [300 + 3 * i, 301 + 3 * i, 302 + 3 * i];
    const urls = seeds.map((s) => server.url(`/p/${s}`));
    const budget = budgetOf(r);
    const { json } = await call('occam_digest', { urls, per_url_max_tokens: budget, fit_markdown: false });
    const where = `digest seeds=${seeds} budget=${budget}`;
    assert.ok(Array.isArray(json.items), `${where}: ${JSON.stringify(json).slice(0, 300)}`);
    let ok = 0;
    for (const [k, item] of json.items.entries()) {
      const itemTokens = countTokens(JSON.stringify(item));
      assert.ok(itemTokens <= budget, `${where} item ${k}: ${itemTokens} > ${budget}`);
      if (!item.ok) {
        assert.ok(item.suggestedMinTokens > budget, `${where} item ${k}: ${JSON.stringify(item.failure)}`);
        continue;
      }
      ok++;
      assert.equal(item.partial, item.excerpt !== (await uncapped(urls[k])), `${where} item ${k}`);
      checkCutNamed(`${where} item ${k}`, item.partial, item.omitted);
    }
    if (json.combined !== undefined) assert.ok(countTokens(json.combined) <= budget * ok, `${where}: combined over ${budget} × ${ok}`);
  }
});

test('issue 14 property: reads of search handles (S1…, H…) obey the same ceiling', async () => {
  const found = (await mcp.call('occam_search', { query: 'pages', max_results: 3 })).json;
  assert.equal(found.ok, true, JSON.stringify(found));
  const r = rng(1404);
  for (const [k, hit] of found.results.entries()) {
    const budget = budgetOf(r);
    const handle = k === 2 ? hit.handle : hit.id;
    const tool = k === 1 ? 'occam' : 'occam_transcode';
    const args = tool === 'occam' ? { url: handle, budget } : { url: handle, max_tokens: budget, backend_policy: 'http' };
    const { json, tokens } = await call(tool, args);
    const where = `${tool} ${handle} budget=${budget}`;
    if (!checkFits(where, tokens, budget, json)) continue;
    const cut = json.markdown !== (await uncapped(hit.url));
    assert.equal(json.partial, tool === 'occam' ? cut || json.omitted.length > 0 : cut, where);
  }
});

test('issue 14 property: occam_browser_interact (Chromium) — whole response ≤ budget, partial when cut', async () => {
  for (const [seed, budget] of [[400, 700], [401, 2400]] as const) {
    const url = server.url(`/p/${seed}`);
    const { json, tokens } = await call('occam_browser_interact', { url, actions: '[{"do":"wait","ms":10}]', max_tokens: budget });
    const where = `interact seed=${seed} budget=${budget}`;
    assert.ok(tokens <= budget, `${where}: whole response ${tokens} > ${budget}`);
    if (!json.ok) {
      assert.ok(['invalid_arguments', 'workers_unavailable'].includes(json.failureCode), `${where}: ${JSON.stringify(json).slice(0, 300)}`);
      continue;
    }
    assert.equal(json.partial, json.truncated, where);
    checkCutNamed(where, json.partial, json.omitted);
  }
});
