// Version and build commit. The release bundle defines OCCAM_BUILD_COMMIT at build time; from a source
// checkout the commit is read from .git (two small file reads, no child process).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../package.json' with { type: 'json' };

declare const OCCAM_BUILD_COMMIT: string | undefined;
declare const OCCAM_BUILD_KIND: string | undefined;

export const VERSION: string = pkg.version;
/** The npm package's name (what `npm install -g` takes). */
export const PACKAGE_NAME: string = pkg.name;

/** `git rev-parse --short=12 HEAD` of a checkout without a child process; null outside one. */
export function commitFromGit(root = join(dirname(fileURLToPath(import.meta.url)), '..')): string | null {
  try {
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

/** How this copy of Occam was delivered — for `occam doctor`, `occam --version` consumers and the launch spec. */
export type DeliveryChannel = 'single-executable' | 'npm' | 'source-checkout';

export interface BuildInfo {
  version: string;
  commit: string | null;
  kind: typeof BUILD_KIND;
  channel: DeliveryChannel;
  /** Node.js version running the code (inside the executable: the embedded one). */
  node: string;
  /** The file a host must launch: the executable itself, or the Node binary for npm/source. */
  execPath: string;
  /** Directory holding bin/ of this delivery: the install root (operator.md §2) for the executable, the package
   * root for npm, the repository root for a checkout. */
  root: string;
}

const CHANNEL_OF_KIND: Record<typeof BUILD_KIND, DeliveryChannel> = {
  binary: 'single-executable',
  bundle: 'npm',
  source: 'source-checkout',
};

/** The nearest directory at or above `dir` holding a package.json (the bundle's code may sit in dist/bin/chunks). */
function packageRootAbove(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return join(dir, '..', '..');
  }
}

/** The npm package's entry script, `<pkg>/dist/bin/occam.js` (package.json `bin`); null outside the npm form. */
export function packageEntry(info: BuildInfo = buildInfo()): string | null {
  return info.kind === 'bundle' ? join(info.root, 'dist', 'bin', 'occam.js') : null;
}

/** Facts about the running build; reads only process-wide constants (no env, no clock). */
export function buildInfo(): BuildInfo {
  let root: string;
  if (BUILD_KIND === 'binary') {
    let exe = process.execPath;
    try {
      exe = realpathSync(exe);
    } catch {
      // keep the unresolved path
    }
    root = dirname(dirname(exe)); // <root>/bin/occam → <root>
  } else if (BUILD_KIND === 'bundle') {
    root = packageRootAbove(dirname(fileURLToPath(import.meta.url))); // <pkg>/dist/bin[/chunks]/x.js → <pkg>
  } else {
    root = join(dirname(fileURLToPath(import.meta.url)), '..'); // <repo>/src/version.ts → <repo>
  }
  return {
    version: VERSION,
    commit: BUILD_COMMIT,
    kind: BUILD_KIND,
    channel: CHANNEL_OF_KIND[BUILD_KIND],
    node: process.versions.node,
    execPath: process.execPath,
    root,
  };
}
