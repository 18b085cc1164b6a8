// Single executable application (Node SEA): a copy of a local Node binary with the bundled CLI injected as a
// resource. Works offline with any local Node ≥ 22 of the target OS/arch — the base binary is never downloaded
// (which is why this does not go through `@yao-pkg/pkg`'s CLI: it insists on fetching Node builds).
// Steps: write the SEA config → `<node> --experimental-sea-config` (the *base* Node must produce the blob, since
// a code cache is only valid for the exact V8 that made it) → copy the base binary → strip the macOS signature →
// inject the blob with postject → ad-hoc sign on macOS (unsigned arm64 binaries are killed at launch).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// postject ships CommonJS without types.
// @ts-ignore -- no declaration file
import { inject } from 'postject';

/** The fuse string Node's SEA loader looks for (fixed by Node; same for every version with SEA support). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export interface SeaOptions {
  /** Absolute path of the Node binary to copy (the target OS/arch). */
  nodeBinary: string;
  /** The CommonJS main script (release/bundle.ts, kind `binary`). */
  mainScript: string;
  outfile: string;
  /** Embed V8's code cache for the main script: skips parsing/compiling most of it at start-up. */
  useCodeCache: boolean;
  platform?: NodeJS.Platform;
}

export interface SeaResult {
  outfile: string;
  bytes: number;
  blobBytes: number;
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${(r.stderr || r.stdout || r.error?.message || '').trim()}`);
  }
}

export async function buildSingleExecutable(opts: SeaOptions): Promise<SeaResult> {
  const platform = opts.platform ?? process.platform;
  const work = mkdtempSync(join(tmpdir(), 'occam-sea-'));
  try {
    const blob = join(work, 'sea-prep.blob');
    const config = {
      main: opts.mainScript,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: opts.useCodeCache,
      useSnapshot: false,
    };
    const configPath = join(work, 'sea-config.json');
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    run(opts.nodeBinary, ['--experimental-sea-config', configPath]);

    copyFileSync(opts.nodeBinary, opts.outfile);
    chmodSync(opts.outfile, 0o755);
    if (platform === 'darwin') run('codesign', ['--remove-signature', opts.outfile]);
    await inject(opts.outfile, 'NODE_SEA_BLOB', readFileSync(blob), {
      sentinelFuse: SEA_FUSE,
      ...(platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
    });
    if (platform === 'darwin') run('codesign', ['--sign', '-', opts.outfile]);
    return { outfile: opts.outfile, bytes: statSync(opts.outfile).size, blobBytes: statSync(blob).size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
