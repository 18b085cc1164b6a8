// Where benchmarks find the large real-page sets, which the repository does not carry: the directory named by
// OCCAM_DATASETS_DIR, else `../shared/corpus` beside the checkout. A benchmark whose set is absent prints
// "skipped: dataset not found" with how to get it, and the run still exits 0.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const DEFAULT_ROOT = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');

export function datasetsRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.OCCAM_DATASETS_DIR ? resolve(env.OCCAM_DATASETS_DIR) : DEFAULT_ROOT;
}

/** The directory of one named set (`wcxb-dev`, `wcxb-dev-sample`, `trafilatura-eval`), or undefined when absent. */
export function findDataset(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = resolve(datasetsRoot(env), name);
  return existsSync(dir) ? dir : undefined;
}

export function skipMessage(name: string): string {
  return (
    `skipped: dataset not found (${name}): looked in ${resolve(datasetsRoot(), name)}; ` +
    'set OCCAM_DATASETS_DIR to a folder holding it (see bench/README.md)'
  );
}
