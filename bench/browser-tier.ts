// The shared browser tier (OCCAM_BROWSER_ENDPOINT, docs/scaling.md), in one run on this machine:
// - one render of the same script page on a browser launched here vs on the browser server (median of interleaved
//   sequential renders: what the WebSocket hop and the proxy over the network path cost);
// - throughput of OCCAM_BROWSER_MAX_PARALLEL=4 renders, local vs remote, and of two instances (two pools, two sets
//   of egress proxies) sharing one browser server;
// - the browser server's memory (PSS of its whole process tree: Node, Chromium and its renderers) idle and at peak,
//   and its CPU seconds per render — the figure a browser tier is sized by.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { processContext } from '../src/runtime/context.ts';
import { PrivateOriginAllowance } from '../src/fetch/guard.ts';
import { BrowserPool } from '../src/fetch/browser/pool.ts';
import { html, startFixtureServer } from '../test/helpers/http-fixture.ts';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';

const SERVER_MAIN = fileURLToPath(new URL('../src/fetch/browser/server-main.ts', import.meta.url));
const SEQUENTIAL_ROUNDS = 12;
const PARALLEL = 4;
const PARALLEL_RENDERS = 24;
const CLOCK_TICKS = 100; // USER_HZ on Linux

const page = (n: string) =>
  `<html><head><title>Tier ${n}</title>${[1, 2].map((i) => `<link rel="stylesheet" href="/s${i}.css?${n}">`).join('')}</head>` +
  `<body><main><article><h1>Tier page ${n}</h1><div id="more"></div></article></main>` +
  `<script>document.querySelector('article').insertAdjacentHTML('beforeend', '<p>' + 'Prose written by the page script, so only a browser reads it. '.repeat(60) + '</p>');</script>` +
  `<script>fetch('/data.json?${n}').then((r) => r.json()).then((d) => { document.getElementById('more').textContent = d.text; });</script></body></html>`;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The pid and all its descendants. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** PSS, not RSS: Chromium's processes share most of their pages, and summed RSS would count them once per process. */
function treePssMb(root: number): number {
  let kb = 0;
  for (const pid of tree(root)) {
    try {
      kb += Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/** CPU seconds of the tree, reaped children included (renderers that exited are counted by their parent). */
function treeCpuS(root: number): number {
  let ticks = 0;
  for (const pid of tree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone
    }
  }
  return ticks / CLOCK_TICKS;
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_MAIN], { env: { ...process.env, OCCAM_BROWSER_SERVER_PORT: String(port), OCCAM_BROWSER_SERVER_BIND: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('"listening"')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`browser server exited ${code}`)));
  });
  return child;
}

const bench: BenchModule = {
  name: 'browser-tier',
  async run() {
    const site = await startFixtureServer({}, (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path.endsWith('.css')) return void res.writeHead(200, { 'content-type': 'text/css' }).end('article { color: #222; } p { margin: 1em; }\n'.repeat(50));
      if (path === '/data.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'loaded by script' }));
      html(page(req.url ?? '/'))(req, res);
    });
    const port = await freePort();
    const server = await startServer(port);
    const base = { ...process.env, OCCAM_BANNER: '0', OCCAM_BROWSER_MAX_PARALLEL: String(PARALLEL) };
    const remoteEnv = { ...base, OCCAM_BROWSER_ENDPOINT: `ws://127.0.0.1:${port}/occam-browser`, OCCAM_BROWSER_PROXY_BIND: '127.0.0.1' };
    const local = new BrowserPool(processContext({ env: base, warn: () => {} }));
    const remote = new BrowserPool(processContext({ env: remoteEnv, warn: () => {} }));
    const second = new BrowserPool(processContext({ env: remoteEnv, warn: () => {} }));
    const policy = { allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(site.origin) };
    let n = 0;
    const render = async (pool: BrowserPool) => {
      const t = performance.now();
      const p = await pool.render(site.url(`/p${n++}`), { policy, settleMs: 100 });
      if (!p.html.includes('loaded by script')) throw new Error('bench render incomplete');
      return performance.now() - t;
    };
    try {
      // Warm both (browser launch / connect not counted).
      await render(local);
      await render(remote);
      await render(second);
      const idleMb = treePssMb(server.pid!);
      const localMs: number[] = [];
      const remoteMs: number[] = [];
      for (let i = 0; i < SEQUENTIAL_ROUNDS; i++) {
        localMs.push(await render(local));
        remoteMs.push(await render(remote));
      }
      const throughput = async (pools: BrowserPool[]) => {
        const t = performance.now();
        await Promise.all(pools.flatMap((pool) => Array.from({ length: PARALLEL_RENDERS }, () => render(pool))));
        return (pools.length * PARALLEL_RENDERS) / ((performance.now() - t) / 1000);
      };
      const localRate = await throughput([local]);
      let peakMb = idleMb;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, treePssMb(server.pid!))), 100);
      const cpuBefore = treeCpuS(server.pid!);
      const remoteRate = await throughput([remote]);
      const twoRate = await throughput([remote, second]);
      const cpuPerRender = (treeCpuS(server.pid!) - cpuBefore) / (3 * PARALLEL_RENDERS);
      clearInterval(sampler);
      const result = {
        machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown' },
        sequentialMedianMs: { local: median(localMs), remote: median(remoteMs), ratio: median(remoteMs) / median(localMs) },
        pagesPerSecond: { localParallel4: localRate, remoteParallel4: remoteRate, twoInstancesParallel4Each: twoRate },
        browserServer: { idlePssMb: idleMb, peakPssMb: peakMb, cpuSecondsPerRender: cpuPerRender },
      };
      console.log(`machine: ${result.machine.cpus} CPUs (${result.machine.model})`);
      console.log(`one render, sequential median: local ${fmt(result.sequentialMedianMs.local)} ms, remote ${fmt(result.sequentialMedianMs.remote)} ms (${fmt(result.sequentialMedianMs.ratio, 2)}×)`);
      console.log(`pages/s at ${PARALLEL} parallel: local ${fmt(localRate, 2)}, remote ${fmt(remoteRate, 2)}, two instances on one browser server ${fmt(twoRate, 2)}`);
      console.log(`browser server PSS (Node + Chromium tree): idle ${fmt(idleMb, 0)} MB, peak ${fmt(peakMb, 0)} MB; CPU ${fmt(cpuPerRender * 1000, 0)} ms per render`);
      writeResult('browser-tier', result);
    } finally {
      await Promise.all([local.close(), remote.close(), second.close()]);
      server.kill('SIGTERM');
      await site.close();
    }
  },
};
export default bench;
