// Issue 14: the memory of a read is bounded and concurrent reads respect a memory budget. Measured from /proc on
// the `occam mcp` child (its own process, so nothing of the test runner is counted): VmHWM (peak RSS) before and
// after. One 6 MB page: the peak growth stays within the documented per-parse reservation (PARSE_MEMORY_BASE +
// PARSE_MEMORY_FACTOR × page bytes, src/read/memory.ts: 348 MB, 58× the page; measured 290–318 MB, 51–56×).
// Twenty pages through occam_digest (three calls at once): the growth stays under OCCAM_READ_MEMORY_BUDGET_MB plus
// the responses' worth, parses queue for the budget, and the process is healthy afterwards. The digest pages are
// 0.6 MB (not 6 MB) so that twenty queued parses finish in about a minute on a shared two-core machine; the budget
// is scaled with them (each parse reserves 96 MB + 44 × 0.6 MB ≈ 121 MB, so two of the three concurrent reads parse
// at once and the third queues).
// VmHWM is reset before each measurement through /proc/<pid>/clear_refs (5), so earlier peaks do not hide growth.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { parseReservation } from '../../src/read/memory.ts';

const PAGE_BYTES = 6_000_000;
const DIGEST_PAGE_BYTES = 600_000;
const BUDGET_MB = 248;
const MB = 1024 * 1024;

function articleOf(bytes: number, marker: string): string {
  const parts = [`<!doctype html><html><head><title>Big ${marker}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>Big article ${marker}</h1>`];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const p = `${i % 40 === 0 ? `<h2>Part ${i / 40}</h2>` : ''}<p>Paragraph ${i} of ${marker} explains one behaviour in plain words, with a <a href="/ref/${i}">reference</a> and some <em>emphasis</em> so that the extractor walks real inline markup.</p>\n`;
    parts.push(p);
    size += p.length;
  }
  parts.push('</article></main></body></html>');
  return parts.join('');
}

const page = Buffer.from(articleOf(PAGE_BYTES, 'm'));
const digestPage = Buffer.from(articleOf(DIGEST_PAGE_BYTES, 'd'));
const smallPage = Buffer.from(articleOf(20_000, 's'));
let server: FixtureServer;
let mcp: McpSession;

/** Peak and current RSS of the MCP child, in bytes. */
function memoryOf(pid: number): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { peak: kb('VmHWM'), rss: kb('VmRSS') };
}

/** Resets the child's peak RSS to its current RSS (Linux clear_refs 5), so the next peak is this step's. */
function resetPeak(pid: number): { peak: number; rss: number } {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return memoryOf(pid);
}

before(async () => {
  const html = (body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };
  server = await startFixtureServer({ '/one': html(page), '/warm': html(smallPage), '/after': html(smallPage) }, html(digestPage));
  // Long deadline: this test measures memory on a shared machine, not speed.
  // One read per digest call at a time, three calls at once (three reads, whose parses exceed the budget together
  // and queue for it): parsing is CPU-bound and blocks the event loop, and on a shared two-core machine more
  // concurrent fetches starve behind the parses until their own HTTP timeouts fire — a typed timeout, but not
  // this test's point.
  mcp = await startMcp({
    OCCAM_ALLOW_PRIVATE_URLS: '1',
    OCCAM_READ_MEMORY_BUDGET_MB: String(BUDGET_MB),
    OCCAM_TOOL_DEADLINE_MS: '600000',
    OCCAM_DIGEST_MAX_PARALLEL: '1',
  });
  // Warm up (tokenizer tables, extractor modules) so the growth below is the reads', not the first load's.
  await mcp.call('occam_transcode', { url: server.url('/warm'), backend_policy: 'http', max_tokens: 2000 });
});
after(async () => {
  await mcp?.close();
  await server?.close();
});

test('issue 14: one 6 MB page read grows peak RSS by at most the documented per-parse reservation (under 60× the page)', async () => {
  const pid = mcp.pid!;
  const before = resetPeak(pid);
  const { json } = await mcp.call('occam_transcode', { url: server.url('/one'), backend_policy: 'http', max_tokens: 4000 });
  assert.equal(json.ok, true, JSON.stringify(json).slice(0, 300));
  const growth = memoryOf(pid).peak - before.rss;
  process.stderr.write(`one ${Math.round(page.length / MB)} MB read: peak growth ${Math.round(growth / MB)} MB (${(growth / page.length).toFixed(1)}×)\n`);
  assert.ok(growth < 60 * page.length, `peak growth ${(growth / page.length).toFixed(1)}× the page`);
  assert.ok(growth <= parseReservation(page.length), `peak growth ${Math.round(growth / MB)} MB for a ${Math.round(page.length / MB)} MB page (${(growth / page.length).toFixed(1)}×)`);
});

test('issue 14: twenty pages through occam_digest (three calls at once) stay within OCCAM_READ_MEMORY_BUDGET_MB plus fixed slack, process healthy', async () => {
  const pid = mcp.pid!;
  const before = resetPeak(pid);
  const urls = Array.from({ length: 20 }, (_, i) => server.url(`/digest/${i}`));
  // Parses queue for the budget, so these calls take minutes on a shared machine: the SDK timeout is raised.
  const calls = [urls.slice(0, 8), urls.slice(8, 16), urls.slice(16)].map(async (batch) => {
    const raw = await mcp.client.callTool({ name: 'occam_digest', arguments: { urls: batch, backend_policy: 'http', per_url_max_tokens: 1000, include_combined: false } }, undefined, { timeout: 600_000 });
    return { json: JSON.parse((raw.content as Array<{ text: string }>)[0].text) };
  });
  const results = await Promise.all(calls);
  for (const { json } of results) {
    assert.equal(json.ok, true, JSON.stringify(json).slice(0, 300));
    assert.ok(json.items.every((i: any) => i.ok), JSON.stringify(json.items.map((i: any) => i.failure)));
  }
  assert.equal(results.reduce((n, r) => n + r.json.items.length, 0), 20);
  const growth = memoryOf(pid).peak - before.rss;
  process.stderr.write(`twenty ${(digestPage.length / MB).toFixed(1)} MB pages via digest: peak growth ${Math.round(growth / MB)} MB (budget ${BUDGET_MB} MB)\n`);
  // The budget bounds the parses; on top come one response per call and the V8 heap's own slack (64 MB per call).
  assert.ok(growth <= BUDGET_MB * MB + 3 * 64 * MB, `peak growth ${Math.round(growth / MB)} MB, budget ${BUDGET_MB} MB`);
  // Healthy: the same process answers a small read afterwards.
  const after = await mcp.call('occam_transcode', { url: server.url('/after'), backend_policy: 'http', max_tokens: 500 });
  assert.equal(after.json.ok, true);
});
