// Version and build commit. The release bundle defines OCCAM_BUILD_COMMIT at build time; from a source
// checkout the commit is read from .git (two small file reads, no child process).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../package.json' with { type: 'json' };

declare const OCCAM_BUILD_COMMIT: string | undefined;
declare const OCCAM_BUILD_KIND: string | undefined;

export const VERSION: string = pkg.version;

function commitFromGit(): string | null {
  try {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..');
    const head = readFileSync(join(root, '.git', 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    const ref = head.slice(5);
    try {
      return readFileSync(join(root, '.git', ref), 'utf8').trim().slice(0, 12);
    } catch {
      const packed = readFileSync(join(root, '.git', 'packed-refs'), 'utf8');
      const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
      return line ? line.slice(0, 12) : null;
    }
  } catch {
    return null;
  }
}

export const BUILD_COMMIT: string | null =
  typeof OCCAM_BUILD_COMMIT === 'string' ? OCCAM_BUILD_COMMIT : commitFromGit();

/** `binary` inside the single executable, `bundle` from the npm package, `source` from a checkout. */
export const BUILD_KIND: 'binary' | 'bundle' | 'source' =
  typeof OCCAM_BUILD_KIND === 'string' ? (OCCAM_BUILD_KIND as 'binary' | 'bundle') : 'source';

export const VERSION_STRING = `${VERSION}${BUILD_COMMIT ? ` (${BUILD_COMMIT})` : ''}`;
