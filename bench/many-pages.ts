// Browser backend and many-page reads, in one run:
// - the same local page read over HTTP and through the headless browser (ratio);
// - a digest of N = 1, 5, 20 local pages whose server answers each after a fixed delay, wall time relative to the
//   slowest single page (goal ≤ 1.5× at N = 20 with the default parallelism);
// - peak RSS of the process (which hosts the warm browser pool's driver) during those runs.
import { processContext } from '../src/runtime/context.ts';
import { PrivateOriginAllowance } from '../src/fetch/guard.ts';
import { Services } from '../src/runtime/services.ts';
import { digest } from '../src/read/digest.ts';
import { transcode } from '../src/read/transcode.ts';
import { html, startFixtureServer } from '../test/helpers/http-fixture.ts';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';

const PAGE_DELAY_MS = 250;
const page = (n: string) =>
  `<html><head><title>Bench ${n}</title></head><body><nav><a href="/">home</a></nav><main><article><h1>Bench page ${n}</h1>` +
  `<p>${'Benchmark paragraph with ordinary prose so extraction has real work to do on every read. '.repeat(40)}</p>` +
  `</article></main><footer>footer</footer></body></html>`;

const bench: BenchModule = {
  name: 'many-pages',
  async run() {
    const server = await startFixtureServer({}, async (req, res) => {
      await new Promise((r) => setTimeout(r, PAGE_DELAY_MS));
      html(page(req.url ?? '/'))(req, res);
    });
    const runtime = processContext({ env: { ...process.env, OCCAM_BANNER: '0' }, warn: () => {} });
    const services = new Services(runtime);
    const deps = { runtime, services, resolveMaxTokens: (x: number | null) => x, allowance: PrivateOriginAllowance.forOrigin(server.origin) };
    // RSS growth during this module: earlier modules of `npm run bench` share the process and its heap.
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    try {
      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const read = async (policy: string, path: string) => {
        const t = performance.now();
        const r = await transcode({ url: server.url(path), backend_policy: policy }, deps);
        if (!r.ok) throw new Error(`bench read failed: ${JSON.stringify(r.failure)}`);
        return performance.now() - t;
      };
      await read('http', '/warm');
      await read('browser', '/warm'); // launch the shared browser once; later reads measure a warm pool
      const httpMs: number[] = [];
      const browserMs: number[] = [];
      for (let i = 0; i < rounds; i++) {
        httpMs.push(await read('http', `/same?${i}`));
        browserMs.push(await read('browser', `/same?${i}`));
      }
      console.log(`same page (server delay ${PAGE_DELAY_MS} ms), median of ${rounds}:`);
      console.log(`  HTTP read:    ${fmt(median(httpMs))} ms`);
      console.log(`  browser read: ${fmt(median(browserMs))} ms  → browser/HTTP ${fmt(median(browserMs) / median(httpMs), 2)}×`);

      const single: number[] = [];
      for (let i = 0; i < rounds; i++) single.push(await read('http', `/single?${i}`));
      const slowest = Math.max(...single);
      const digestRuns: Record<string, number> = {};
      for (const n of [1, 5, 20]) {
        const times: number[] = [];
        for (let r = 0; r < Math.max(2, Math.floor(rounds / 2)); r++) {
          const entries = Array.from({ length: n }, (_, i) => ({ url: server.url(`/d${n}-${r}-${i}`), focusQuery: null }));
          const t = performance.now();
          const result = await digest(
            { entries, maxUrls: 256, backendPolicy: 'http', perUrlMaxTokens: null, focusQuery: null, fitMarkdown: true, includeCombined: true, sessionProfile: null, ifNoneMatch: null },
            deps,
          );
          times.push(performance.now() - t);
          if (!result.ok) throw new Error('bench digest failed');
        }
        digestRuns[n] = median(times);
      }
      console.log(`digest wall time vs the slowest single page (${fmt(slowest)} ms), default parallelism:`);
      for (const [n, ms] of Object.entries(digestRuns)) console.log(`  N=${n.padStart(2)}: ${fmt(ms)} ms → ${fmt(ms / slowest, 2)}×${n === '20' ? '  (goal ≤ 1.50)' : ''}`);
      console.log(`peak RSS with the browser pool warm: ${fmt(peakRss / 1048576)} MiB (+${fmt((peakRss - startRss) / 1048576)} MiB during this benchmark)`);
      writeResult('many-pages', {
        httpMs: median(httpMs),
        browserMs: median(browserMs),
        browserOverHttp: median(browserMs) / median(httpMs),
        slowestSingleMs: slowest,
        digestMs: digestRuns,
        digestRatios: Object.fromEntries(Object.entries(digestRuns).map(([n, ms]) => [n, ms / slowest])),
        peakRssMiB: peakRss / 1048576,
        rssGrowthMiB: (peakRss - startRss) / 1048576,
      });
    } finally {
      clearInterval(sampler);
      await services.disposeAll();
      await server.close();
    }
  },
};
export default bench;
