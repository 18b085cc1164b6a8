// Release forms: cold start (spawn → initialize + tools/list) of the single executable with and without V8's
// code cache, of the npm bundle and of `node bin/occam.ts`, beside the bare SDK server under Node, interleaved
// in one run and reported as ratios to that baseline; plus the executable's size. Goal: the executable starts
// faster than the bare SDK server does under Node.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchModule } from './run.ts';
import { timeToToolsList } from './startup.ts';
import { fmt, interleaved, median, percentile, writeResult } from './util.ts';
import { REPO_ROOT, bundleCli } from '../release/bundle.ts';
import { buildSingleExecutable } from '../release/sea.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const bench: BenchModule = {
  name: 'release',
  async run() {
    const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
    const work = mkdtempSync(join(tmpdir(), 'occam-bench-release-'));
    // The npm bundle must sit inside the repository so its bare imports resolve node_modules like an install.
    const npmDir = join(REPO_ROOT, 'bench', 'out', 'npm-bundle');
    try {
      const main = join(work, 'occam.cjs');
      const bundle = await bundleCli('binary', main);
      const withCache = await buildSingleExecutable({ nodeBinary: process.execPath, mainScript: main, outfile: join(work, 'occam-cc'), useCodeCache: true });
      const noCache = await buildSingleExecutable({ nodeBinary: process.execPath, mainScript: main, outfile: join(work, 'occam-nocc'), useCodeCache: false });
      mkdirSync(npmDir, { recursive: true });
      const npm = await bundleCli('bundle', join(npmDir, 'occam.js'));

      const results = await interleaved(rounds, {
        exeCodeCache: () => timeToToolsList(withCache.outfile, ['mcp']),
        exeNoCache: () => timeToToolsList(noCache.outfile, ['mcp']),
        npmBundle: () => timeToToolsList(process.execPath, [npm.outfile, 'mcp']),
        source: () => timeToToolsList(process.execPath, [here('../bin/occam.ts'), 'mcp']),
        sdk: () => timeToToolsList(process.execPath, [here('./baseline-sdk-server.ts')]),
      });
      const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, median(v as number[])])) as Record<keyof typeof results, number>;
      const p90 = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, percentile(v as number[], 90)]));
      const row = (label: string, key: keyof typeof results) =>
        console.log(`  ${label.padEnd(44)} ${fmt(m[key]).padStart(7)} ms  p90 ${fmt(p90[key]).padStart(7)} ms  ×${fmt(m[key] / m.sdk, 2)} of sdk`);
      console.log(`spawn → initialize + tools/list (median of ${rounds}, interleaved, same run)`);
      row('single executable, code cache', 'exeCodeCache');
      row('single executable, no code cache', 'exeNoCache');
      row('npm bundle (node dist/bin/occam.js mcp)', 'npmBundle');
      row('source (node bin/occam.ts mcp)', 'source');
      row('bare SDK server under Node (baseline)', 'sdk');
      console.log(`  code cache saves ${fmt(m.exeNoCache - m.exeCodeCache)} ms (${fmt((1 - m.exeCodeCache / m.exeNoCache) * 100)} %) per start`);
      console.log(
        `  executable: ${fmt(withCache.bytes / 1e6)} MB with code cache (SEA resource ${fmt(withCache.injectedBytes / 1e6, 2)} MB), ` +
          `${fmt(noCache.bytes / 1e6)} MB without; bundled main script ${fmt(bundle.bytes / 1e6, 2)} MB; npm bundle ${fmt(npm.bytes / 1e3, 0)} kB`,
      );
      console.log(`  goal: executable (code cache) / sdk ≤ 1.00 → ${fmt(m.exeCodeCache / m.sdk, 2)}×`);
      writeResult('release', {
        rounds,
        medianMs: m,
        p90Ms: p90,
        ratiosToSdk: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v / m.sdk])),
        bytes: { executableCodeCache: withCache.bytes, executableNoCache: noCache.bytes, injectedCodeCache: withCache.injectedBytes, injectedNoCache: noCache.injectedBytes, mainScript: bundle.bytes, npmBundle: npm.bytes },
        samples: results,
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
      rmSync(npmDir, { recursive: true, force: true });
    }
  },
};
export default bench;
