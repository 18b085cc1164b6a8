// Builds shared between test files (and runs): the npm tarball and the single-executable release are the most
// expensive things the suite makes, so each is built once per source state into a cache directory keyed by a hash
// of every input file, under a lock (test files run two at a time). Older entries of this checkout are pruned.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const INPUTS = ['bin', 'src', 'commands', 'release', 'package.json', 'package-lock.json', 'README.md', 'INSTALL.md', 'LICENSE'];
const CACHE_ROOT = join(tmpdir(), 'occam-test-build-cache');

function walk(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) if (name !== 'out' && name !== 'node_modules') walk(join(path, name), out);
  } else out.push(path);
}

/** Hash of every file a build reads (contents and names), so an edit anywhere gives a fresh build. */
export function inputsHash(): string {
  const h = createHash('sha256');
  const files: string[] = [];
  for (const name of INPUTS) walk(join(REPO, name), files);
  for (const f of files) h.update(relative(REPO, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 16);
}

const repoKey = createHash('sha256').update(REPO).digest('hex').slice(0, 8);

async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(CACHE_ROOT, `${name}.lock`);
  mkdirSync(CACHE_ROOT, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      // A lock whose owner died is taken over.
      const owner = Number(readFileSync(join(lock, 'pid'), 'utf8').trim() || 0);
      let alive = false;
      try {
        if (owner) process.kill(owner, 0);
        alive = owner > 0;
      } catch {
        alive = false;
      }
      if (!alive && owner) rmSync(lock, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The cache directory for `kind` at the current inputs, built by `build(dir)` when absent. */
export async function cachedBuild(kind: string, build: (dir: string) => Promise<void>): Promise<string> {
  const prefix = `${repoKey}-${kind}-`;
  const dir = join(CACHE_ROOT, `${prefix}${inputsHash()}`);
  if (existsSync(join(dir, '.complete'))) return dir;
  return withLock(`${repoKey}-${kind}`, async () => {
    if (existsSync(join(dir, '.complete'))) return dir;
    for (const name of readdirSync(CACHE_ROOT)) {
      if (name.startsWith(prefix) && !name.endsWith('.lock')) rmSync(join(CACHE_ROOT, name), { recursive: true, force: true });
    }
    const scratch = `${dir}.part-${process.pid}`;
    mkdirSync(scratch, { recursive: true });
    await build(scratch);
    writeFileSync(join(scratch, '.complete'), '');
    renameSync(scratch, dir);
    return dir;
  });
}

export function sh(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, maxBuffer: 32 * 1024 * 1024, timeout: opts.timeout ?? 300_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0, stdout, stderr });
    });
  });
}

export const NPM = existsSync(join(dirname(process.execPath), 'npm')) ? join(dirname(process.execPath), 'npm') : 'npm';

/**
 * A fresh clone of this checkout's current state in `dest`: `git clone` (so nothing ignored or built comes along,
 * no `dist/`), then the working tree's uncommitted edits laid over it, and `node_modules` linked to this
 * checkout's install (what `npm ci` would give, without the download).
 */
export async function cleanClone(dest: string): Promise<void> {
  const git = async (args: string[], cwd = REPO) => {
    const r = await sh('git', args, { cwd });
    if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout.split('\0').filter(Boolean);
  };
  await git(['clone', '--quiet', '--no-checkout', REPO, dest]);
  await git(['checkout', '--quiet', (await git(['rev-parse', 'HEAD']))[0].trim()], dest);
  for (const f of await git(['ls-files', '-z', '--modified', '--others', '--exclude-standard'])) {
    if (!existsSync(join(REPO, f))) continue;
    mkdirSync(dirname(join(dest, f)), { recursive: true });
    copyFileSync(join(REPO, f), join(dest, f));
  }
  for (const f of await git(['ls-files', '-z', '--deleted'])) rmSync(join(dest, f), { force: true });
  symlinkSync(realpathSync(join(REPO, 'node_modules')), join(dest, 'node_modules'));
}

/**
 * `npm pack` of a fresh clone of this checkout, with no build beforehand: the package's `prepack` script has to
 * build `dist/` itself (a clone has none), as it would for a maintainer packing or publishing. Resolves to the
 * tarball's path; built once per source state and shared by every test that installs the package.
 */
export async function npmTarball(): Promise<string> {
  const dir = await cachedBuild('npm-pack', async (out) => {
    const clone = join(out, 'clone');
    await cleanClone(clone);
    if (existsSync(join(clone, 'dist'))) throw new Error('the clone already holds dist/: the pack would not show whether prepack builds');
    const packed = await sh(NPM, ['pack', '--pack-destination', out, '--silent'], { cwd: clone, env: { ...process.env, npm_config_update_notifier: 'false' } });
    if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
    rmSync(clone, { recursive: true, force: true });
  });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`no tarball in ${dir}`);
  return join(dir, tgz);
}

/** `npm run release` output (this machine's executable, archive, manifests, signed sums); read-only for callers. */
export async function releaseBuild(): Promise<{ out: string; summary: import('../../release/release.ts').BuildSummary }> {
  const dir = await cachedBuild('release', async (scratch) => {
    const { buildRelease } = await import('../../release/release.ts');
    const summary = await buildRelease({ outDir: join(scratch, 'out'), nodeBinary: process.execPath, useCodeCache: true, env: {}, log: () => {} });
    const rel = { ...summary, executable: relative(scratch, summary.executable), archive: relative(scratch, summary.archive) };
    writeFileSync(join(scratch, 'summary.json'), JSON.stringify(rel));
  });
  const rel = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  return { out: join(dir, 'out'), summary: { ...rel, executable: join(dir, rel.executable), archive: join(dir, rel.archive) } };
}
