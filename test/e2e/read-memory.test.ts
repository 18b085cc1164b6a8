// Issue 14: the memory of a read is bounded and concurrent reads respect a memory budget. Measured from /proc on
// the `occam mcp` child (its own process, so nothing of the test runner is counted): VmHWM (peak RSS) before and
// after, reset before each measurement through /proc/<pid>/clear_refs (5), so earlier peaks do not hide growth.
// One 6 MB page, read twice in a process that has its spare parse worker started and idle (the host's standing
// cost, OCCAM_READ_SPARE_WORKER): each read's peak growth stays under the 20× the page and within the
// documented per-parse reservation (parseReservation, src/read/memory.ts). Measured from a source checkout: first
// read 70–97 MB (12–17×), the second 33–78 MB; the report in src/read/memory.ts says where it goes.
// Twenty such 6 MB pages through occam_digest (three calls at once), in a process of their own: each parse runs in
// its own worker and reserves about 180 MB, so with a 256 MB budget the parses queue one at a time while the other
// calls fetch and fit; the growth stays under OCCAM_READ_MEMORY_BUDGET_MB plus fixed slack (measured 192–224 MB under
// load), and the process is healthy afterwards. While the server's young generation was capped from a GC observer,
// one synchronous stretch (decoding and fitting an extract) could grow it from 1 MB to 128 MB, and the full suite
// measured 230–378 MB (src/runtime/young-generation.ts). Until the fit's BM25 kept sparse term frequencies, the same
// run grew by 670 MB: a dense row of a thousand heading terms per paragraph, outside the budget.
// An idle `occam mcp` keeps its spare worker and still ends cleanly when its stdin closes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { hermeticEnv, OCCAM_BIN, REPO_ROOT, startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { parseThreads, waitForIdleSpare } from '../helpers/parse-threads.ts';
import { parseReservation } from '../../src/read/memory.ts';
import { OFF_THREAD_MIN_CHARS } from '../../src/read/extract-worker.ts';
import { bigArticleHtml } from '../helpers/article-page.ts';

const PAGE_BYTES = 6_000_000;
const DIGEST_PAGE_BYTES = PAGE_BYTES;
const BUDGET_MB = 256;
/** What one concurrent digest call holds beside the parses the budget covers (docs/scaling.md). */
const PER_CALL_SLACK_MB = 40;
const MB = 1024 * 1024;

const page = Buffer.from(bigArticleHtml(PAGE_BYTES, 'm'));
const digestPage = Buffer.from(bigArticleHtml(DIGEST_PAGE_BYTES, 'd'));
const smallPage = Buffer.from(bigArticleHtml(20_000, 's'));
let server: FixtureServer;
let mcp: McpSession;
let digestMcp: McpSession;

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
  const env = {
    OCCAM_ALLOW_PRIVATE_URLS: '1',
    OCCAM_READ_MEMORY_BUDGET_MB: String(BUDGET_MB),
    OCCAM_TOOL_DEADLINE_MS: '600000',
    OCCAM_DIGEST_MAX_PARALLEL: '1',
  };
  [mcp, digestMcp] = await Promise.all([startMcp(env), startMcp(env)]);
  // Warm up (tokenizer tables, extractor modules) so the growth below is the reads', not the first load's; the spare
  // parse worker starts in the background shortly after the host.
  for (const session of [mcp, digestMcp]) await session.call('occam_transcode', { url: server.url('/warm'), backend_policy: 'http', max_tokens: 2000 });
});
after(async () => {
  await mcp?.close();
  await digestMcp?.close();
  await server?.close();
});

test('issue 14: a 6 MB page read twice grows peak RSS by at most 20× the page each time (and within its reservation)', async () => {
  const pid = mcp.pid!;
  for (const read of ['first', 'second']) {
    // The spare worker's start (at the host's start, then after each read that took it) is not this read's.
    await waitForIdleSpare(pid);
    const before = resetPeak(pid);
    const { json } = await mcp.call('occam_transcode', { url: server.url('/one'), backend_policy: 'http', max_tokens: 4000 });
    assert.equal(json.ok, true, JSON.stringify(json).slice(0, 300));
    const growth = memoryOf(pid).peak - before.rss;
    const ratio = (growth / page.length).toFixed(1);
    process.stderr.write(`${read} ${Math.round(page.length / MB)} MB read: peak growth ${Math.round(growth / MB)} MB (${ratio}×)\n`);
    assert.ok(growth <= 20 * page.length, `${read} read: peak growth ${Math.round(growth / MB)} MB, ${ratio}× the page`);
    assert.ok(growth <= parseReservation(page.length), `${read} read: peak growth ${Math.round(growth / MB)} MB for a ${Math.round(page.length / MB)} MB page (${ratio}×)`);
  }
});

test('issue 14: an idle occam mcp keeps one spare parse worker and ends with 0 when its stdin closes', async () => {
  const child = spawn(process.execPath, [OCCAM_BIN, 'mcp'], { cwd: REPO_ROOT, env: hermeticEnv(), stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitForIdleSpare(child.pid!);
    assert.equal(parseThreads(child.pid!).length, 1);
    child.stdin.end();
    const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000))]);
    assert.equal(code, 0, `exit after stdin closed: ${code} ${stderr}`);
  } finally {
    child.kill('SIGKILL');
  }
});

test('issue 14: twenty 6 MB pages through occam_digest (three calls at once) stay within OCCAM_READ_MEMORY_BUDGET_MB plus fixed slack, process healthy', async () => {
  assert.ok(DIGEST_PAGE_BYTES > OFF_THREAD_MIN_CHARS, 'the digest pages are parsed in workers');
  const pid = digestMcp.pid!;
  await waitForIdleSpare(pid);
  const before = resetPeak(pid);
  const urls = Array.from({ length: 20 }, (_, i) => server.url(`/digest/${i}`));
  // Parses queue for the budget, so these calls take minutes on a shared machine: the SDK timeout is raised.
  const calls = [urls.slice(0, 8), urls.slice(8, 16), urls.slice(16)].map(async (batch) => {
    const raw = await digestMcp.client.callTool({ name: 'occam_digest', arguments: { urls: batch, backend_policy: 'http', per_url_max_tokens: 1000, include_combined: false } }, undefined, { timeout: 600_000 });
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
  // The budget bounds the parses; on top come, per concurrent call, the fetched body waiting for it, its fit and
  // response, and the main heap's garbage until V8's next full collection (40 MB per call, docs/scaling.md).
  assert.ok(growth <= BUDGET_MB * MB + 3 * PER_CALL_SLACK_MB * MB, `peak growth ${Math.round(growth / MB)} MB, budget ${BUDGET_MB} MB`);
  // Healthy: the same process answers a small read afterwards.
  const after = await digestMcp.call('occam_transcode', { url: server.url('/after'), backend_policy: 'http', max_tokens: 500 });
  assert.equal(after.json.ok, true);
});
