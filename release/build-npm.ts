#!/usr/bin/env node
// `npm run build`: the npm package form — one ESM file, dist/bin/occam.js (package.json `bin`), with the
// dependencies left as imports for npm to install. Chosen over a per-file `tsc` emit because: start-up loads
// one module instead of ~100 (every `occam mcp` launch pays that), the build stamps OCCAM_BUILD_COMMIT /
// OCCAM_BUILD_KIND with the same esbuild configuration as the single executable, and it does not depend on the
// whole tree type-checking at the moment of a release (`npm run typecheck` is its own gate).
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, bundleCli } from './bundle.ts';

export const NPM_ENTRY = join(REPO_ROOT, 'dist', 'bin', 'occam.js');

export async function buildNpm(): Promise<{ outfile: string; bytes: number }> {
  rmSync(join(REPO_ROOT, 'dist'), { recursive: true, force: true });
  mkdirSync(join(REPO_ROOT, 'dist', 'bin'), { recursive: true });
  const result = await bundleCli('bundle', NPM_ENTRY);
  chmodSync(NPM_ENTRY, 0o755);
  return { outfile: result.outfile, bytes: result.bytes };
}

if (import.meta.main) {
  buildNpm().then(
    (r) => process.stderr.write(`[build] ${r.outfile} ${(r.bytes / 1e3).toFixed(0)} kB\n`),
    (err: unknown) => {
      process.stderr.write(`[build] failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
