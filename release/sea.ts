// Single executable application (Node SEA), built through `@yao-pkg/pkg`'s SEA pipeline (its "simple SEA" mode:
// one CommonJS main script) driven with a **local** Node binary, so nothing is downloaded: pkg's CLI always fetches
// Node builds, but its JS API takes `nodePath` and then uses that binary both to generate the blob (the *base* Node
// must produce it, since a code cache is only valid for the exact V8 that made it) and as the executable's base.
// pkg then copies the base, injects the blob with postject and ad-hoc signs on macOS (unsigned arm64 binaries are
// killed at launch). Works offline with any local Node ≥ 22 of the target OS/arch.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface SeaOptions {
  /** Absolute path of the Node binary to copy (the target OS/arch). */
  nodeBinary: string;
  /** The CommonJS main script (release/bundle.ts, kind `binary`). */
  mainScript: string;
  outfile: string;
  /** Embed V8's code cache for the main script: skips parsing/compiling most of it at start-up. */
  useCodeCache: boolean;
  platform?: NodeJS.Platform;
  arch?: string;
  /** pkg's progress lines (it prints them on stdout otherwise, where `npm run release` writes its JSON summary). */
  log?: (line: string) => void;
}

export interface SeaResult {
  outfile: string;
  bytes: number;
  /** What the injected SEA resource adds to the base Node binary (blob plus section alignment). */
  injectedBytes: number;
}

/** pkg's platform names (`NodeTarget.platform`). */
const PKG_PLATFORM: Partial<Record<NodeJS.Platform, string>> = { linux: 'linux', darwin: 'macos', win32: 'win' };

type PkgSea = (entryPoint: string, opts: {
  targets: Array<{ nodeRange: string; platform: string; arch: string; output: string }>;
  nodePath: string;
  seaConfig: { disableExperimentalSEAWarning: boolean; useSnapshot: boolean; useCodeCache: boolean };
  signature: boolean;
}) => Promise<void>;

interface PkgLog {
  info: (text: string, lines?: unknown) => void;
  warn: (text: string, lines?: unknown) => void;
}

export async function buildSingleExecutable(opts: SeaOptions): Promise<SeaResult> {
  const platform = opts.platform ?? process.platform;
  const pkgPlatform = PKG_PLATFORM[platform];
  if (!pkgPlatform) throw new Error(`no single executable for platform ${platform}`);
  const seaModule = require.resolve('@yao-pkg/pkg/lib-es5/sea.js');
  const sea = (require(seaModule) as { default: PkgSea }).default;
  // pkg's logger, resolved from pkg itself (pkg-fetch is its dependency, wherever npm placed it).
  const log = (createRequire(seaModule)('@yao-pkg/pkg-fetch/lib-es5/log.js') as { log: PkgLog }).log;
  const version = spawnSync(opts.nodeBinary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const major = /^v(\d+)\./.exec(version)?.[1];
  if (!major) throw new Error(`${opts.nodeBinary} --version did not answer with a Node version (${JSON.stringify(version)})`);
  const saved = { info: log.info, warn: log.warn };
  const forward = (text: string) => opts.log?.(`pkg: ${text}`);
  log.info = forward;
  log.warn = forward;
  try {
    await sea(opts.mainScript, {
      targets: [{ nodeRange: `node${major}`, platform: pkgPlatform, arch: opts.arch ?? process.arch, output: opts.outfile }],
      nodePath: opts.nodeBinary,
      seaConfig: { disableExperimentalSEAWarning: true, useSnapshot: false, useCodeCache: opts.useCodeCache },
      signature: platform === 'darwin',
    });
  } finally {
    log.info = saved.info;
    log.warn = saved.warn;
  }
  const bytes = statSync(opts.outfile).size;
  return { outfile: opts.outfile, bytes, injectedBytes: bytes - statSync(opts.nodeBinary).size };
}
