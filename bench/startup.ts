// Start-up: time from spawning a server to a completed initialize + tools/list, Occam (`occam mcp` from source)
// beside a bare MCP SDK server with one tool, interleaved in the same run.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fileURLToPath } from 'node:url';
import type { BenchModule } from './run.ts';
import { fmt, interleaved, median, writeResult } from './util.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export async function timeToToolsList(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command,
    args,
    env: { ...(process.env as Record<string, string>), OCCAM_BANNER: '0', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  await client.listTools();
  const elapsed = performance.now() - started;
  await client.close();
  return elapsed;
}

const bench: BenchModule = {
  name: 'startup',
  async run() {
    const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
    const results = await interleaved(rounds, {
      occam: () => timeToToolsList(process.execPath, [here('../bin/occam.ts'), 'mcp']),
      sdk: () => timeToToolsList(process.execPath, [here('./baseline-sdk-server.ts')]),
    });
    const occam = median(results.occam);
    const sdk = median(results.sdk);
    console.log(`spawn → initialize + tools/list (median of ${rounds}, same run)`);
    console.log(`  occam mcp (source):      ${fmt(occam)} ms`);
    console.log(`  bare SDK server (1 tool): ${fmt(sdk)} ms`);
    console.log(`  ratio occam / sdk:        ${fmt(occam / sdk, 2)}×  (goal ≤ 1.00)`);
    writeResult('startup', { rounds, occamMs: occam, sdkMs: sdk, ratio: occam / sdk, samples: results });
  },
};
export default bench;
