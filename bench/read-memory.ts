// Memory and cost of one large read (issue 14):
// - peak RSS growth of one read of a 1, 3 and 6 MB article page over MCP (`occam mcp` child, VmHWM from /proc,
//   reset through clear_refs before each read), as a multiple of the page;
// - the parse stage alone, before/after: in-process extraction (the server's previous path) against a parse worker
//   with the young-generation cap, each in a fresh process, peak growth as a multiple of the page and the ratio;
// - ms per page on small and mid-size pages in-process vs in a worker (the thread's start-up is why pages under
//   OFF_THREAD_MIN_CHARS stay in-process);
// - ms per small page in-process before/after the young-generation cap (the only change small pages see).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { extractDocument } from '../src/extract/index.ts';
import { ExtractWorkers, OFF_THREAD_MIN_CHARS } from '../src/read/extract-worker.ts';
import { bigArticleHtml } from '../test/helpers/article-page.ts';
import { startFixtureServer } from '../test/helpers/http-fixture.ts';
import { startMcp } from '../test/helpers/mcp-client.ts';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';

const MB = 1024 * 1024;

function memoryOf(pid: number | 'self'): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { peak: kb('VmHWM'), rss: kb('VmRSS') };
}

function resetPeak(pid: number | 'self'): { peak: number; rss: number } {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return memoryOf(pid);
}

/** Parse-stage peak of one page in a fresh process (this file run as a child with `--parse-child`). */
async function parseChild(mode: 'inline' | 'worker', bytes: number): Promise<void> {
  const html = bigArticleHtml(bytes, 'p');
  const input = { html, url: 'https://bench.test/page' };
  extractDocument({ html: bigArticleHtml(20_000, 'w'), url: input.url });
  const workers = new ExtractWorkers();
  if (mode === 'worker') {
    const { holdYoungGenerationCap } = await import('../src/runtime/young-generation.ts');
    holdYoungGenerationCap();
    await workers.extract({ html: bigArticleHtml(300_000, 'w'), url: input.url }, {});
  }
  const before = resetPeak('self');
  const started = performance.now();
  const blocks = mode === 'inline' ? extractDocument(input, {}).blocks.length : (await workers.extract(input, {})).blocks.length;
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ growth: memoryOf('self').peak - before.rss, ms, blocks }));
}

async function run(): Promise<void> {
  const sizes = [1_000_000, 3_000_000, 6_000_000];
  const results: Record<string, unknown> = {};

  // 1. Whole reads over MCP: a fresh `occam mcp` per size (its first large read, which pays the one-time growth),
  //    then the same read again in that process (steady state).
  const pages = new Map(sizes.map((n) => [`/p${n}`, Buffer.from(bigArticleHtml(n, `m${n}`))]));
  const server = await startFixtureServer({}, (req, res) => {
    const body = pages.get(req.url ?? '') ?? Buffer.from(bigArticleHtml(20_000, 'w'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  const reads: Array<{ bytes: number; firstMb: number; firstRatio: number; againMb: number; againRatio: number; ms: number }> = [];
  try {
    for (const n of sizes) {
      const mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_TOOL_DEADLINE_MS: '600000' });
      try {
        await mcp.call('occam_transcode', { url: server.url('/warm'), backend_policy: 'http', max_tokens: 2000 });
        const once = async () => {
          const before = resetPeak(mcp.pid!);
          const started = performance.now();
          const { json } = await mcp.call('occam_transcode', { url: server.url(`/p${n}`), backend_policy: 'http', max_tokens: 4000 });
          if (!json.ok) throw new Error(`read of ${n} bytes failed: ${json.failure?.code}`);
          return { growth: memoryOf(mcp.pid!).peak - before.rss, ms: performance.now() - started };
        };
        const first = await once();
        const again = await once();
        reads.push({ bytes: n, firstMb: Math.round(first.growth / MB), firstRatio: first.growth / n, againMb: Math.round(again.growth / MB), againRatio: again.growth / n, ms: Math.round(first.ms) });
      } finally {
        await mcp.close();
      }
    }
  } finally {
    await server.close();
  }
  console.log('one read over MCP (peak RSS growth of the occam mcp child; first large read of a fresh process, then again):');
  for (const r of reads) {
    console.log(`  ${fmt(r.bytes / 1e6, 0)} MB page: first ${r.firstMb} MB (${fmt(r.firstRatio)}× the page), again ${r.againMb} MB (${fmt(r.againRatio)}×), ${r.ms} ms`);
  }
  results.reads = reads;

  // 2. The parse stage before/after, each measurement in a fresh process.
  const stage: Array<{ bytes: number; inlineRatio: number; workerRatio: number; after_before: number }> = [];
  for (const n of sizes) {
    const child = (mode: string) =>
      JSON.parse(execFileSync(process.execPath, ['--expose-gc', import.meta.filename, '--parse-child', mode, String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 })) as { growth: number };
    const inline = median([child('inline').growth, child('inline').growth]);
    const worker = median([child('worker').growth, child('worker').growth]);
    stage.push({ bytes: n, inlineRatio: inline / n, workerRatio: worker / n, after_before: worker / inline });
  }
  console.log('parse stage alone (peak RSS growth, fresh process each, median of 2):');
  for (const s of stage) console.log(`  ${fmt(s.bytes / 1e6, 0)} MB page: in-process ${fmt(s.inlineRatio)}×, worker ${fmt(s.workerRatio)}× (after/before ${fmt(s.after_before, 2)})`);
  results.parseStage = stage;

  // 3. ms per page, in-process vs worker.
  const workers = new ExtractWorkers();
  const costs: Array<{ chars: number; inlineMs: number; workerMs: number; ratio: number }> = [];
  for (const chars of [20_000, 100_000, 500_000, OFF_THREAD_MIN_CHARS, 3_000_000]) {
    const input = { html: bigArticleHtml(chars, 's'), url: 'https://bench.test/page' };
    const rounds = chars >= 1_000_000 ? 3 : 7;
    const inline: number[] = [];
    const off: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let t = performance.now();
      extractDocument(input, {});
      inline.push(performance.now() - t);
      t = performance.now();
      await workers.extract(input, {});
      off.push(performance.now() - t);
    }
    costs.push({ chars, inlineMs: median(inline), workerMs: median(off), ratio: median(off) / median(inline) });
  }
  console.log('ms per page (median), in-process vs worker:');
  for (const c of costs) console.log(`  ${c.chars} chars: ${fmt(c.inlineMs)} ms in-process, ${fmt(c.workerMs)} ms worker (${fmt(c.ratio, 2)}×)`);
  results.msPerPage = costs;

  // 4. Small pages stay in-process; what changes for them is the young-generation cap. Before/after in fresh
  //    processes, interleaved.
  const small: Array<{ chars: number; beforeMs: number; afterMs: number; ratio: number }> = [];
  for (const chars of [20_000, 100_000, 500_000]) {
    const child = (mode: string) =>
      (JSON.parse(execFileSync(process.execPath, [import.meta.filename, '--small-child', mode, String(chars)], { encoding: 'utf8' })) as { ms: number }).ms;
    const before: number[] = [];
    const after: number[] = [];
    for (let i = 0; i < 3; i++) {
      before.push(child('uncapped'));
      after.push(child('capped'));
    }
    small.push({ chars, beforeMs: median(before), afterMs: median(after), ratio: median(after) / median(before) });
  }
  console.log('small pages in-process, ms per page (median), before (no young-generation cap) vs after:');
  for (const c of small) console.log(`  ${c.chars} chars: ${fmt(c.beforeMs)} ms before, ${fmt(c.afterMs)} ms after (${fmt(c.ratio, 2)}×)`);
  results.smallPages = small;
  writeResult('read-memory', results);
}

/** ms per small page in-process in a fresh process, with the young-generation cap (after) or without (before). */
async function smallChild(capped: boolean, chars: number): Promise<void> {
  if (capped) (await import('../src/runtime/young-generation.ts')).holdYoungGenerationCap();
  const input = { html: bigArticleHtml(chars, 's'), url: 'https://bench.test/page' };
  for (let i = 0; i < 3; i++) extractDocument(input, {});
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    extractDocument(input, {});
    times.push(performance.now() - t);
  }
  process.stdout.write(JSON.stringify({ ms: median(times) }));
}

if (process.argv[2] === '--parse-child') await parseChild(process.argv[3] as 'inline' | 'worker', Number(process.argv[4]));
if (process.argv[2] === '--small-child') await smallChild(process.argv[3] === 'capped', Number(process.argv[4]));

export default { name: 'read-memory', run } satisfies BenchModule;
