// Memory and cost of one large read (issue 14):
// - peak RSS growth of one read of a 1, 3 and 6 MB article page over MCP (`occam mcp` child, VmHWM from /proc,
//   reset through clear_refs before each read), as a multiple of the page, with the spare parse worker
//   (OCCAM_READ_SPARE_WORKER, started and idle before each read) against without it, and the spare's standing cost
//   (idle RSS of the host with and without it);
// - the parse stage alone, before/after: in-process extraction (the server's previous path) against a parse worker
//   with the young generation's growth off, and a worker without `--optimize-for-size` against one with it, each in a fresh
//   process: peak growth as a multiple of the page, the ratio, and the CPU time of the parse;
// - ms per page on small and mid-size pages in-process vs in a worker started for the page vs a pre-started one (the
//   thread's start-up is why pages under OFF_THREAD_MIN_CHARS stay in-process);
// - ms per small page in-process with V8's young-generation growth (before) and without it (after): the only change
//   small pages see.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { extractDocument } from '../src/extract/index.ts';
import { ExtractWorkers, OFF_THREAD_MIN_CHARS } from '../src/read/extract-worker.ts';
import { bigArticleHtml } from '../test/helpers/article-page.ts';
import { startFixtureServer } from '../test/helpers/http-fixture.ts';
import { hermeticEnv, OCCAM_BIN, startMcp } from '../test/helpers/mcp-client.ts';
import { waitForIdleSpare } from '../test/helpers/parse-threads.ts';
import { spawn } from 'node:child_process';
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
async function parseChild(mode: 'inline' | 'worker' | 'worker-plain', bytes: number): Promise<void> {
  const html = bigArticleHtml(bytes, 'p');
  const input = { html, url: 'https://bench.test/page' };
  extractDocument({ html: bigArticleHtml(20_000, 'w'), url: input.url });
  const workers = new ExtractWorkers({ memoryFirstGc: mode !== 'worker-plain' });
  if (mode !== 'inline') {
    const { stopYoungGenerationGrowth } = await import('../src/runtime/young-generation.ts');
    stopYoungGenerationGrowth();
    await workers.extract({ html: bigArticleHtml(300_000, 'w'), url: input.url }, {});
  }
  const before = resetPeak('self');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const blocks = mode === 'inline' ? extractDocument(input, {}).blocks.length : (await workers.extract(input, {})).blocks.length;
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.stdout.write(JSON.stringify({ growth: memoryOf('self').peak - before.rss, ms, cpuMs: (used.user + used.system) / 1000, blocks }));
}

async function run(): Promise<void> {
  const sizes = [1_000_000, 3_000_000, 6_000_000];
  const results: Record<string, unknown> = {};

  // 1. Whole reads over MCP: a fresh `occam mcp` per size and spare setting (its first large read, which pays the
  //    one-time growth), then the same read again in that process (steady state). With the spare on, each read
  //    starts once the spare worker is up and idle (its start is the host's standing cost, measured below).
  const pages = new Map(sizes.map((n) => [`/p${n}`, Buffer.from(bigArticleHtml(n, `m${n}`))]));
  const server = await startFixtureServer({}, (req, res) => {
    const body = pages.get(req.url ?? '') ?? Buffer.from(bigArticleHtml(20_000, 'w'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  type Read = { bytes: number; spare: boolean; firstMb: number; firstRatio: number; againMb: number; againRatio: number; ms: number };
  const reads: Read[] = [];
  try {
    for (const n of sizes) {
      for (const spare of [false, true]) {
        const mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_TOOL_DEADLINE_MS: '600000', OCCAM_READ_SPARE_WORKER: spare ? '1' : '0' });
        try {
          await mcp.call('occam_transcode', { url: server.url('/warm'), backend_policy: 'http', max_tokens: 2000 });
          const once = async () => {
            if (spare) await waitForIdleSpare(mcp.pid!);
            const before = resetPeak(mcp.pid!);
            const started = performance.now();
            const { json } = await mcp.call('occam_transcode', { url: server.url(`/p${n}`), backend_policy: 'http', max_tokens: 4000 });
            if (!json.ok) throw new Error(`read of ${n} bytes failed: ${json.failure?.code}`);
            return { growth: memoryOf(mcp.pid!).peak - before.rss, ms: performance.now() - started };
          };
          const first = await once();
          const again = await once();
          reads.push({ bytes: n, spare, firstMb: Math.round(first.growth / MB), firstRatio: first.growth / n, againMb: Math.round(again.growth / MB), againRatio: again.growth / n, ms: Math.round(first.ms) });
        } finally {
          await mcp.close();
        }
      }
    }
  } finally {
    await server.close();
  }
  console.log('one read over MCP (peak RSS growth of the occam mcp child; first large read of a fresh process, then again):');
  for (const r of reads) {
    console.log(`  ${fmt(r.bytes / 1e6, 0)} MB page, spare ${r.spare ? 'on ' : 'off'}: first ${r.firstMb} MB (${fmt(r.firstRatio)}× the page), again ${r.againMb} MB (${fmt(r.againRatio)}×), ${r.ms} ms`);
  }
  for (const n of sizes) {
    const [off, on] = [false, true].map((sp) => reads.find((r) => r.bytes === n && r.spare === sp)!);
    console.log(`  ${fmt(n / 1e6, 0)} MB first read, spare on/off: growth ${fmt(on.firstRatio / off.firstRatio, 2)}, ms ${fmt(on.ms / off.ms, 2)}`);
  }
  results.reads = reads;

  // The spare's standing cost: idle RSS of an `occam mcp` with it (once the spare is idle) and without it.
  const idleRss = async (spare: boolean): Promise<number> => {
    const child = spawn(process.execPath, [OCCAM_BIN, 'mcp'], { env: hermeticEnv({ OCCAM_READ_SPARE_WORKER: spare ? '1' : '0' }), stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      if (spare) await waitForIdleSpare(child.pid!);
      await new Promise((r) => setTimeout(r, spare ? 1500 : 4000));
      return memoryOf(child.pid!).rss;
    } finally {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    }
  };
  const standing = { off: median([await idleRss(false), await idleRss(false)]), on: median([await idleRss(true), await idleRss(true)]) };
  console.log(`idle occam mcp (median of 2): ${Math.round(standing.off / MB)} MB without the spare, ${Math.round(standing.on / MB)} MB with it: +${Math.round((standing.on - standing.off) / MB)} MB`);
  results.spareStandingMb = (standing.on - standing.off) / MB;

  // 2. The parse stage before/after, each measurement in a fresh process: in-process against a worker, and a worker
  //    without `--optimize-for-size` against one with it (peak growth and the CPU time of all threads).
  type Child = { growth: number; cpuMs: number };
  const stage: Array<{ bytes: number; inlineRatio: number; plainRatio: number; workerRatio: number; after_before: number; sizeFlag: number; cpuFlag: number }> = [];
  for (const n of sizes) {
    const child = (mode: string) =>
      JSON.parse(execFileSync(process.execPath, ['--expose-gc', import.meta.filename, '--parse-child', mode, String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Child;
    const runs: Record<string, Child[]> = { inline: [], 'worker-plain': [], worker: [] };
    for (let i = 0; i < 2; i++) for (const mode of Object.keys(runs)) runs[mode].push(child(mode));
    const growth = (mode: string) => median(runs[mode].map((r) => r.growth));
    const cpu = (mode: string) => median(runs[mode].map((r) => r.cpuMs));
    stage.push({
      bytes: n,
      inlineRatio: growth('inline') / n,
      plainRatio: growth('worker-plain') / n,
      workerRatio: growth('worker') / n,
      after_before: growth('worker') / growth('inline'),
      sizeFlag: growth('worker') / growth('worker-plain'),
      cpuFlag: cpu('worker') / cpu('worker-plain'),
    });
  }
  console.log('parse stage alone (peak RSS growth, fresh process each, median of 2):');
  for (const s of stage) {
    console.log(
      `  ${fmt(s.bytes / 1e6, 0)} MB page: in-process ${fmt(s.inlineRatio)}×, worker without --optimize-for-size ${fmt(s.plainRatio)}×, worker ${fmt(s.workerRatio)}× ` +
        `(worker/in-process ${fmt(s.after_before, 2)}; with/without the flag: memory ${fmt(s.sizeFlag, 2)}, CPU ${fmt(s.cpuFlag, 2)})`,
    );
  }
  results.parseStage = stage;

  // 3. ms per page, in-process vs a worker started for the page vs a pre-started one (the spare, given a second to
  //    start before each page).
  const workers = new ExtractWorkers();
  const spared = new ExtractWorkers({ spareChars: 8 * MB });
  spared.keepSpare();
  const costs: Array<{ chars: number; inlineMs: number; workerMs: number; spareMs: number; ratio: number; spareRatio: number }> = [];
  for (const chars of [20_000, 100_000, 500_000, OFF_THREAD_MIN_CHARS, 3_000_000]) {
    const input = { html: bigArticleHtml(chars, 's'), url: 'https://bench.test/page' };
    const rounds = chars >= 1_000_000 ? 3 : 7;
    const inline: number[] = [];
    const off: number[] = [];
    const spare: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let t = performance.now();
      extractDocument(input, {});
      inline.push(performance.now() - t);
      t = performance.now();
      await workers.extract(input, {});
      off.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 1000));
      t = performance.now();
      await spared.extract(input, {});
      spare.push(performance.now() - t);
    }
    costs.push({ chars, inlineMs: median(inline), workerMs: median(off), spareMs: median(spare), ratio: median(off) / median(inline), spareRatio: median(spare) / median(inline) });
  }
  await spared.close();
  console.log('ms per page (median), in-process vs worker started for the page vs pre-started worker:');
  for (const c of costs) console.log(`  ${c.chars} chars: ${fmt(c.inlineMs)} ms in-process, ${fmt(c.workerMs)} ms worker (${fmt(c.ratio, 2)}×), ${fmt(c.spareMs)} ms pre-started (${fmt(c.spareRatio, 2)}×)`);
  results.msPerPage = costs;

  // 4. Small pages stay in-process; what changes for them is the young generation's growth. Before/after in fresh
  //    processes, interleaved.
  const small: Array<{ chars: number; beforeMs: number; afterMs: number; ratio: number }> = [];
  for (const chars of [20_000, 100_000, 500_000, 1_000_000]) {
    const child = (mode: string) =>
      (JSON.parse(execFileSync(process.execPath, [import.meta.filename, '--small-child', mode, String(chars)], { encoding: 'utf8' })) as { ms: number }).ms;
    const before: number[] = [];
    const after: number[] = [];
    for (let i = 0; i < 3; i++) {
      before.push(child('growing'));
      after.push(child('fixed'));
    }
    small.push({ chars, beforeMs: median(before), afterMs: median(after), ratio: median(after) / median(before) });
  }
  console.log('small pages in-process, ms per page (median), before (young generation grows) vs after (growth off):');
  for (const c of small) console.log(`  ${c.chars} chars: ${fmt(c.beforeMs)} ms before, ${fmt(c.afterMs)} ms after (${fmt(c.ratio, 2)}×)`);
  results.smallPages = small;
  writeResult('read-memory', results);
}

/** ms per small page in-process in a fresh process, with the young generation's growth off (after) or on (before). */
async function smallChild(fixed: boolean, chars: number): Promise<void> {
  if (fixed) (await import('../src/runtime/young-generation.ts')).stopYoungGenerationGrowth();
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

if (process.argv[2] === '--parse-child') await parseChild(process.argv[3] as 'inline' | 'worker' | 'worker-plain', Number(process.argv[4]));
if (process.argv[2] === '--small-child') await smallChild(process.argv[3] === 'fixed', Number(process.argv[4]));

export default { name: 'read-memory', run } satisfies BenchModule;
