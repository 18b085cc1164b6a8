// Acquisition overhead: Occam's guarded acquire() (guard + pinning + manual redirects + streaming decode +
// charset) beside two unguarded baselines on the same local server, interleaved in one run:
//   - undici.request reading the body as text (the transport acquire() is built on)
//   - global fetch() (Node's built-in, automatic decompression)
//   - undici.request on a fresh Agent per call (acquire() opens a new pinned connection per acquisition, so this
//     isolates the guard/decode overhead from connection reuse)
// Plus the memory a 64 MiB gzip bomb costs: Occam (capped at 8 MiB decoded) vs fetch().arrayBuffer().
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { testContext } from '../src/runtime/context.ts';
import { acquire } from '../src/fetch/acquire.ts';
import { html, startServer } from '../test/unit/fetch/local-server.ts';
import type { BenchModule } from './run.ts';
import { fmt, interleaved, median, percentile, writeResult } from './util.ts';

const MIB = 1024 * 1024;
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Bench</title></head><body><article>${'<p>Budgets decide what an agent can read in one turn; café 日本語. </p>\n'.repeat(700)}</article></body></html>`;
const PAGE_GZ = gzipSync(PAGE);
const BOMB_MEMBER = gzipSync(Buffer.alloc(MIB), { level: 9 });

const bench: BenchModule = {
  name: 'fetch',
  async run() {
    const server = await startServer({
      '/page': html(PAGE),
      '/gz': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }).end(PAGE_GZ),
      '/bomb': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        let left = 64;
        const pump = () => {
          while (left > 0) {
            left--;
            if (!res.write(BOMB_MEMBER)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (left = 0));
        pump();
      },
    });
    const runtime = testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1' } });
    const timed = (fn: () => Promise<unknown>) => async () => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    try {
      const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
      const results: Record<string, unknown> = { pageBytes: Buffer.byteLength(PAGE), gzBytes: PAGE_GZ.length, rounds };
      for (const path of ['/page', '/gz']) {
        const url = server.url(path);
        const candidates = {
          occam: timed(() => acquire(url, {}, { runtime })),
          undiciRequest: timed(async () => (await request(url, { headers: { 'accept-encoding': 'identity' } })).body.text()),
          fetch: timed(async () => (await fetch(url)).text()),
          // Same transport cost model as acquire(): a fresh Agent (new TCP connection) per fetch, no guard.
          undiciFreshAgent: timed(async () => {
            const agent = new Agent();
            try {
              return await (await request(url, { dispatcher: agent, headers: { 'accept-encoding': 'identity' } })).body.text();
            } finally {
              await agent.destroy();
            }
          }),
        };
        for (const c of Object.values(candidates)) await c(); // warm-up
        const r = await interleaved(rounds, candidates);
        const row: Record<string, number> = {};
        for (const [k, v] of Object.entries(r)) {
          row[`${k}MedianMs`] = Number(fmt(median(v), 3));
          row[`${k}P95Ms`] = Number(fmt(percentile(v, 95), 3));
        }
        row.occamVsUndici = Number(fmt(median(r.occam) / median(r.undiciRequest), 2));
        row.occamVsFetch = Number(fmt(median(r.occam) / median(r.fetch), 2));
        row.occamVsFreshAgent = Number(fmt(median(r.occam) / median(r.undiciFreshAgent), 2));
        results[path] = row;
        console.log(
          `${path.padEnd(6)} median ms  occam ${fmt(median(r.occam), 2)}  undici.request ${fmt(median(r.undiciRequest), 2)}  fetch ${fmt(median(r.fetch), 2)}  fresh-agent ${fmt(median(r.undiciFreshAgent), 2)}` +
            `   ratio occam/undici ${row.occamVsUndici}×  occam/fetch ${row.occamVsFetch}×  occam/fresh-agent ${row.occamVsFreshAgent}×`,
        );
      }

      // Memory of a 64 MiB gzip bomb: peak RSS growth sampled every 5 ms while each side reads it.
      const peakDuring = async (fn: () => Promise<unknown>) => {
        global.gc?.();
        const base = process.memoryUsage().rss;
        let peak = base;
        const t = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
        try {
          await fn();
        } catch {
          // occam refuses the bomb (response_too_large): that is the point
        }
        clearInterval(t);
        peak = Math.max(peak, process.memoryUsage().rss);
        return (peak - base) / MIB;
      };
      const occamMiB = await peakDuring(() => acquire(server.url('/bomb'), {}, { runtime }));
      const fetchMiB = await peakDuring(async () => (await fetch(server.url('/bomb'))).arrayBuffer());
      results.bomb = { occamPeakRssGrowthMiB: Number(fmt(occamMiB)), fetchPeakRssGrowthMiB: Number(fmt(fetchMiB)) };
      console.log(`64 MiB gzip bomb peak RSS growth: occam ${fmt(occamMiB)} MiB (capped, response_too_large)  fetch ${fmt(fetchMiB)} MiB`);
      writeResult('fetch', results);
    } finally {
      await server.close();
    }
  },
};

export default bench;
