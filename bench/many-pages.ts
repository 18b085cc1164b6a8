// Browser backend and many-page reads, in one run:
// - the same local page read over HTTP and through the headless browser (ratio);
// - a digest of N = 1, 5, 20 local pages whose server answers each after a fixed delay, wall time relative to the
//   slowest single page (goal ≤ 1.5× at N = 20 with the default parallelism);
// - a browser read through the egress proxy (every byte Chromium sends passes the outbound guard) vs the same
//   read with Chromium connecting by itself (a bench-only switch), same pages with subresources (goal ≤ 1.15×);
// - peak RSS of the process (which hosts the warm browser pool's driver) during those runs.
import { processContext } from '../src/runtime/context.ts';
import { PrivateOriginAllowance } from '../src/fetch/guard.ts';
import { Services } from '../src/runtime/services.ts';
import { digest } from '../src/read/digest.ts';
import { transcode } from '../src/read/transcode.ts';
import { BrowserPool } from '../src/fetch/browser/pool.ts';
import { html, startFixtureServer } from '../test/helpers/http-fixture.ts';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';

const PAGE_DELAY_MS = 250;
const page = (n: string) =>
  `<html><head><title>Bench ${n}</title></head><body><nav><a href="/">home</a></nav><main><article><h1>Bench page ${n}</h1>` +
  `<p>${'Benchmark paragraph with ordinary prose so extraction has real work to do on every read. '.repeat(40)}</p>` +
  `</article></main><footer>footer</footer></body></html>`;

/** A page with same-origin subresources (scripts, styles, a fetch) so the proxy carries several requests. */
const richPage = (n: string) =>
  `<html><head><title>Rich ${n}</title>${[1, 2, 3].map((i) => `<link rel="stylesheet" href="/s${i}.css?${n}">`).join('')}</head>` +
  `<body><main><article><h1>Rich page ${n}</h1><div id="more"></div>` +
  `<p>${'Prose of a page whose scripts and styles all travel through the browser egress point. '.repeat(40)}</p></article></main>` +
  `${[1, 2, 3].map((i) => `<script src="/j${i}.js?${n}"></script>`).join('')}` +
  `<script>fetch('/data.json?${n}').then((r) => r.json()).then((d) => { document.getElementById('more').textContent = d.text; });</script></body></html>`;

/** Median browser render time of the same pages through the egress proxy and without it, interleaved. */
async function egressProxyCost(rounds: number): Promise<{ proxiedMs: number; directMs: number }> {
  const server = await startFixtureServer({}, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path.endsWith('.css')) return void res.writeHead(200, { 'content-type': 'text/css' }).end('article { color: #222; } p { margin: 1em; }\n'.repeat(50));
    if (path.endsWith('.js')) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.__n = (window.__n || 0) + 1;\n'.repeat(50));
    if (path === '/data.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'loaded by script' }));
    html(richPage(req.url ?? '/'))(req, res);
  });
  const runtime = processContext({ env: { ...process.env, OCCAM_BANNER: '0' }, warn: () => {} });
  const proxied = new BrowserPool(runtime);
  const direct = new BrowserPool(runtime, { egressProxy: false });
  const policy = { allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(server.origin) };
  const render = async (pool: BrowserPool, path: string) => {
    const t = performance.now();
    const page = await pool.render(server.url(path), { policy, settleMs: 100 });
    if (!page.html.includes('loaded by script')) throw new Error('bench render incomplete');
    return performance.now() - t;
  };
  try {
    await render(proxied, '/warm');
    await render(direct, '/warm');
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate the order so neither side always runs first.
      if (i % 2) {
        a.push(await render(proxied, `/rich?${i}`));
        b.push(await render(direct, `/rich?${i}`));
      } else {
        b.push(await render(direct, `/rich?${i}`));
        a.push(await render(proxied, `/rich?${i}`));
      }
    }
    return { proxiedMs: median(a), directMs: median(b) };
  } finally {
    await Promise.all([proxied.close(), direct.close()]);
    await server.close();
  }
}

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

      const egress = await egressProxyCost(Math.max(6, rounds * 2));
      console.log(`browser read of a page with 7 subresources, through the egress proxy vs Chromium connecting by itself:`);
      console.log(`  direct (no guard): ${fmt(egress.directMs)} ms`);
      console.log(`  egress proxy:      ${fmt(egress.proxiedMs)} ms  → ${fmt(egress.proxiedMs / egress.directMs, 2)}×  (goal ≤ 1.15)`);

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
        egressProxyMs: egress.proxiedMs,
        egressDirectMs: egress.directMs,
        egressProxyOverDirect: egress.proxiedMs / egress.directMs,
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
