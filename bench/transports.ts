// Transports: throughput (calls/s) and p50/p99 latency of tools/call over stateless Streamable HTTP at 1, 10 and 50
// concurrent clients, with stdio (one connection carrying the same number of in-flight calls) beside it, in the
// same run against the same source tree. Two workloads:
//   - occam_client_capabilities: no I/O, so the figure is the transport + server-core overhead;
//   - occam_transcode of a local page (http backend): a real read. Loopback pages are never served from the
//     response cache (private destinations are cache-ineligible, reading.md §15), so every call fetches and extracts.
// The no-op workload also runs against a bare SDK server using the SDK's own stateless HTTP pattern
// (baseline-sdk-http-server.ts), so the HTTP column can be read against what the SDK alone costs.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BenchModule } from './run.ts';
import { fmt, percentile, writeResult } from './util.ts';

const BIN = fileURLToPath(new URL('../bin/occam.ts', import.meta.url));
const SDK_STDIO = fileURLToPath(new URL('./baseline-sdk-server.ts', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-sdk-http-server.ts', import.meta.url));
const CONCURRENCY = [1, 10, 50];

const PAGE = `<!doctype html><html lang="en"><head><title>Bench page</title></head><body><main><article><h1>Bench page</h1>
${Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} explains how a budget decides what an agent can read in one turn, with enough words to be a real paragraph.</p>`).join('\n')}
</article></main></body></html>`;

interface Workload {
  label: string;
  tool: string;
  args: Record<string, unknown>;
  calls: number;
}

interface Figure {
  callsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Runs `calls` calls spread over `lanes` workers, each lane on its own client (or all on one). */
async function drive(clients: Client[], lanes: number, w: Workload): Promise<Figure> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const client = clients[lane % clients.length];
      while (next < w.calls) {
        next += 1;
        const t0 = performance.now();
        const r = await client.callTool({ name: w.tool, arguments: w.args }).catch(() => null);
        latencies.push(performance.now() - t0);
        const text = (r?.content as Array<{ text?: string }> | undefined)?.[0]?.text;
        if (!text || JSON.parse(text).ok !== true) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { callsPerSecond: latencies.length / elapsed, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), errors };
}

/** Peak resident set (VmHWM, Linux) of a process, in KiB; null where /proc is absent. */
async function peakRssKb(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises');
    const m = /^VmHWM:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * One stdio server receives initialize and then a single ping line of `bytes` (padded params), written in 1 MiB
 * pieces like a pipe; returns the time to its answer and the server's peak RSS before and after that line.
 */
async function bigLine(args: string[], env: Record<string, string>, bytes: number): Promise<{ ms: number; rssBeforeKb: number | null; rssPeakKb: number | null }> {
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let out = '';
  const waitFor = (id: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes(`"id":${id}`)) {
          child.stdout!.off('data', check);
          resolve();
        }
      };
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        check();
      });
      child.once('exit', () => reject(new Error('stdio server exited')));
    });
  const write = (text: string) => new Promise<void>((r) => (child.stdin!.write(text) ? r() : child.stdin!.once('drain', () => r())));
  try {
    await write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`);
    await waitFor(1);
    const rssBeforeKb = await peakRssKb(child.pid!);
    const head = '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"';
    const tail = '"}}\n';
    const answered = waitFor(2);
    const t = performance.now();
    await write(head);
    const block = 'x'.repeat(1 << 20);
    for (let left = bytes - head.length - tail.length; left > 0; left -= block.length) await write(left >= block.length ? block : block.slice(0, left));
    await write(tail);
    await answered;
    const ms = performance.now() - t;
    return { ms, rssBeforeKb, rssPeakKb: await peakRssKb(child.pid!) };
  } finally {
    child.kill('SIGKILL');
  }
}

const bench: BenchModule = {
  name: 'transports',
  async run() {
    const scale = Number(process.env.BENCH_SCALE ?? 1);
    const page = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/article`;
    const home = mkdtempSync(join(tmpdir(), 'occam-bench-transports-'));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      HOME: home,
      OCCAM_BANNER: '0',
      OCCAM_ALLOW_PRIVATE_URLS: '1',
    };
    const workloads: Workload[] = [
      { label: 'occam_client_capabilities (transport overhead)', tool: 'occam_client_capabilities', args: {}, calls: Math.round(600 * scale) },
      { label: 'occam_transcode of a local page (live read)', tool: 'occam_transcode', args: { url: pageUrl, backend_policy: 'http' }, calls: Math.round(200 * scale) },
    ];

    const startServer = async (args: (port: number) => string[], ready: string) => {
      const port = await freePort();
      const child = spawn(process.execPath, args(port), { env, stdio: ['ignore', 'ignore', 'pipe'] });
      await new Promise<void>((resolve, reject) => {
        let err = '';
        child.stderr!.on('data', (c: Buffer) => {
          err += c;
          if (err.includes(ready)) resolve();
        });
        child.once('exit', () => reject(new Error(`server exited: ${err}`)));
      });
      return { child, endpoint: new URL(`http://127.0.0.1:${port}/mcp`) };
    };
    const { child: http, endpoint } = await startServer((p) => [BIN, 'mcp', '--mcp-http', '--port', String(p)], 'streamable_http_mcp_listening');
    const baseline = await startServer((p) => [BASELINE, String(p)], 'baseline_listening');
    const connectHttp = (url: URL, count: number) =>
      Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const client = new Client({ name: `bench-http-${i}`, version: '1' });
          await client.connect(new StreamableHTTPClientTransport(url));
          return client;
        }),
      );
    const stdio = new Client({ name: 'bench-stdio', version: '1' });
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'ignore' }));

    const results: Record<string, Record<string, { http: Figure; stdio: Figure; sdkHttp?: Figure }>> = {};
    try {
      for (const w of workloads) {
        results[w.tool] = {};
        console.log(`\n${w.label}: ${w.calls} calls per cell`);
        const withBaseline = w.tool === 'occam_client_capabilities';
        console.log(
          '  clients   HTTP calls/s  p50 ms  p99 ms │ stdio calls/s  p50 ms  p99 ms │ HTTP/stdio' +
            (withBaseline ? ' │ bare SDK HTTP calls/s  p50 ms │ HTTP/SDK' : ''),
        );
        // warm both paths (module loading, JIT) before measuring
        await drive([stdio], 1, { ...w, calls: 5 });
        for (const c of CONCURRENCY) {
          const clients = await connectHttp(endpoint, c);
          await drive(clients, c, { ...w, calls: Math.min(w.calls, 2 * c) });
          const viaHttp = await drive(clients, c, w);
          await Promise.all(clients.map((cl) => cl.close()));
          const viaStdio = await drive([stdio], c, w);
          let viaSdk: Figure | undefined;
          if (withBaseline) {
            const sdkClients = await connectHttp(baseline.endpoint, c);
            const noop = { ...w, tool: 'noop' };
            await drive(sdkClients, c, { ...noop, calls: Math.min(w.calls, 2 * c) });
            viaSdk = await drive(sdkClients, c, noop);
            await Promise.all(sdkClients.map((cl) => cl.close()));
          }
          results[w.tool][String(c)] = { http: viaHttp, stdio: viaStdio, ...(viaSdk ? { sdkHttp: viaSdk } : {}) };
          console.log(
            `  ${String(c).padStart(7)}   ${fmt(viaHttp.callsPerSecond).padStart(12)} ${fmt(viaHttp.p50Ms).padStart(7)} ${fmt(viaHttp.p99Ms).padStart(7)} │` +
              ` ${fmt(viaStdio.callsPerSecond).padStart(13)} ${fmt(viaStdio.p50Ms).padStart(7)} ${fmt(viaStdio.p99Ms).padStart(7)} │ ` +
              `${fmt(viaHttp.callsPerSecond / viaStdio.callsPerSecond, 2)}×`.padStart(10) +
              (viaSdk
                ? ` │ ${fmt(viaSdk.callsPerSecond).padStart(21)} ${fmt(viaSdk.p50Ms).padStart(7)} │ ${fmt(viaHttp.callsPerSecond / viaSdk.callsPerSecond, 2)}×`
                : '') +
              (viaHttp.errors + viaStdio.errors ? `  (errors: http ${viaHttp.errors}, stdio ${viaStdio.errors})` : ''),
          );
        }
      }
    } finally {
      await stdio.close();
      http.kill('SIGTERM');
      baseline.child.kill('SIGTERM');
      page.close();
    }
    console.log('  (stdio: one connection with the same number of calls in flight; HTTP: one client per lane, stateless;');
    console.log('   bare SDK HTTP: the SDK\'s stateless pattern with one no-op tool, same clients, same run)');

    // One 9 MiB stdio line (under the 10 MiB cap): Occam's line framing vs the SDK's StdioServerTransport.
    const NINE_MIB = 9 * 1024 * 1024;
    const occamLine = await bigLine([BIN, 'mcp'], env, NINE_MIB);
    const sdkLine = await bigLine([SDK_STDIO], env, NINE_MIB);
    const mib = (kb: number | null) => (kb === null ? 'n/a' : `${fmt(kb / 1024)} MiB`);
    console.log('\none 9 MiB stdio line (a padded ping), answered:');
    console.log(`  occam mcp:         ${fmt(occamLine.ms)} ms, peak RSS ${mib(occamLine.rssPeakKb)} (${mib(occamLine.rssBeforeKb)} before the line)`);
    console.log(`  SDK stdio server:  ${fmt(sdkLine.ms)} ms, peak RSS ${mib(sdkLine.rssPeakKb)} (${mib(sdkLine.rssBeforeKb)} before the line)`);
    if (occamLine.rssPeakKb && sdkLine.rssPeakKb && occamLine.rssBeforeKb && sdkLine.rssBeforeKb) {
      const growth = (occamLine.rssPeakKb - occamLine.rssBeforeKb) / Math.max(1, sdkLine.rssPeakKb - sdkLine.rssBeforeKb);
      console.log(`  RSS growth for the line, occam/SDK: ${fmt(growth, 2)}×; time occam/SDK: ${fmt(occamLine.ms / sdkLine.ms, 2)}×`);
    }
    writeResult('transports', { concurrency: CONCURRENCY, results, stdioNineMiBLine: { occam: occamLine, sdk: sdkLine } });
  },
};
export default bench;
