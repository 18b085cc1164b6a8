// Playbook benchmark: what does the playbook layer cost on the read path? Measured in the same run:
//   1. resolve latency with the 9 bundled seeds + N local playbooks (tier cache warm) beside a bare tier scan
//      baseline (the same directory listing and stats without parsing or matching);
//   2. a full transcode of a local article with playbook_policy=auto and a matching local playbook (resolve +
//      first-matching-selector pre-pass + overlay) beside playbook_policy=off, interleaved.
// Writes bench/out/playbooks.json. Direct use: `node bench/playbooks.ts [--rounds=40] [--local=50]`.
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../src/runtime/context.ts';
import { Services } from '../src/runtime/services.ts';
import { resolvePlaybook } from '../src/playbooks/resolve.ts';
import { transcode } from '../src/read/transcode.ts';
import { ARTICLE } from '../test/e2e/playbooks-fixture.ts';
import { fmt, interleaved, median, writeResult } from './util.ts';
import type { BenchModule } from './run.ts';

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};

async function run(): Promise<void> {
  const rounds = arg('rounds', 40);
  const localCount = arg('local', 50);
  const root = mkdtempSync(join(tmpdir(), 'occam-bench-pb-'));
  const local = join(root, 'local');
  mkdirSync(local);
  for (let i = 0; i < localCount; i++) {
    writeFileSync(join(local, `site${i}.example.playbook.json`), JSON.stringify({ schema_version: '1.0', id: `site${i}.example`, hosts: [`site${i}.example`], extract: { contentSelectors: ['main'] } }));
  }
  writeFileSync(join(local, '127.0.0.1.playbook.json'), JSON.stringify({ schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], extract: { contentSelectors: ['#content'] } }));
  const runtime = testContext({ homeDir: root, tmpDir: root, env: { HOME: root, OCCAM_PLAYBOOKS_LOCAL_ROOT: local, OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RECEIPTS: 'off' }, now: Date.now });
  const services = new Services(runtime);

  // 1. resolve vs a bare directory scan
  await resolvePlaybook({ url: 'https://site7.example/a' }, { runtime, services });
  const resolveTimes = await interleaved(rounds * 5, {
    resolve: async () => {
      const t = performance.now();
      await resolvePlaybook({ url: 'https://site7.example/a' }, { runtime, services });
      return performance.now() - t;
    },
    scan: async () => {
      const t = performance.now();
      for (const n of readdirSync(local)) statSync(join(local, n));
      return performance.now() - t;
    },
  });

  // 2. transcode auto (overlay applies) vs off
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/article`;
  const deps = { runtime, services, resolveMaxTokens: () => null, browser: null };
  const read = (policy: 'auto' | 'off') => async () => {
    const t = performance.now();
    const r = await transcode({ url, backend_policy: 'http', playbook_policy: policy }, deps);
    if (!r.ok) throw new Error(`read failed: ${JSON.stringify(r.failure)}`);
    return performance.now() - t;
  };
  await read('auto')();
  await read('off')();
  const readTimes = await interleaved(rounds, { auto: read('auto'), off: read('off') });
  server.close();
  await services.disposeAll();

  const result = {
    rounds,
    localPlaybooks: localCount + 1,
    resolveMedianMs: median(resolveTimes.resolve),
    scanMedianMs: median(resolveTimes.scan),
    transcodeAutoMedianMs: median(readTimes.auto),
    transcodeOffMedianMs: median(readTimes.off),
  };
  console.log(`resolve (${result.localPlaybooks} local + bundled seeds, warm): ${fmt(result.resolveMedianMs, 3)} ms median; bare tier scan ${fmt(result.scanMedianMs, 3)} ms (×${fmt(result.resolveMedianMs / result.scanMedianMs, 2)})`);
  console.log(`transcode with overlay (auto): ${fmt(result.transcodeAutoMedianMs, 2)} ms median; playbooks off ${fmt(result.transcodeOffMedianMs, 2)} ms (×${fmt(result.transcodeAutoMedianMs / result.transcodeOffMedianMs, 2)})`);
  writeResult('playbooks', result);
}

const bench: BenchModule = { name: 'playbooks', run };
export default bench;

if (import.meta.url === `file://${process.argv[1]}`) await run();
