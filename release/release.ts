#!/usr/bin/env node
// `npm run release`: builds this machine's single executable and every release artifact into release/out/
// (operator.md §16.1), then signs the checksum file.
//
//   node release/release.ts [build] [--out DIR] [--node PATH] [--no-code-cache] [--no-sign]   build + sign
//   node release/release.ts sign [--out DIR]                                       (re)write SHA256SUMS + .sig
//
// The signing key: OCCAM_RELEASE_SIGNING_KEY (PEM text) or OCCAM_RELEASE_SIGNING_KEY_FILE (path), supplied at
// release time and never committed. Without one, an ephemeral key signs this build only and its public half is
// written beside the artifacts (local and test builds). When release/release-key.pem (the project's pinned
// public key) is committed, a supplied key must match it.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CHECKSUMS_FILE,
  CHECKSUMS_SIGNATURE_FILE,
  RELEASE_KEY_FILE,
  RELEASE_LAYOUT,
  artifactNames,
  formatChecksums,
  ridFor,
  sha256File,
  type ChecksumEntry,
  type ExternalManifest,
  type Rid,
  type TreeManifest,
} from '../src/release/artifacts.ts';
import { ephemeralReleaseSigner, keyIdOf, parsePublicKeyPem, releaseSignerFromPem, type ReleaseSigner } from '../src/release/signature.ts';
import { REPO_ROOT, SIDE_MODULES, SIDE_MODULES_DIR, bundleCli, gitCommit } from './bundle.ts';
import { buildSingleExecutable } from './sea.ts';
import { stampScript } from './stamp.ts';

export const DEFAULT_OUT = join(REPO_ROOT, 'release', 'out');
const PINNED_PUBLIC_KEY = join(REPO_ROOT, 'release', 'release-key.pem');

export interface BuildOptions {
  outDir: string;
  nodeBinary: string;
  useCodeCache: boolean;
  /** CI build jobs: stamp the scripts with the committed release public key and leave signing to `sign`. */
  noSign?: boolean;
  env: Readonly<Record<string, string | undefined>>;
  log: (line: string) => void;
}

export interface BuildSummary {
  version: string;
  commit: string;
  rid: Rid;
  executable: string;
  executableBytes: number;
  archive: string;
  archiveBytes: number;
  keyId: string;
  ephemeralKey: boolean;
  signed: boolean;
}

function packageVersion(): string {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
}

function run(cmd: string, args: string[], cwd?: string): void {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || r.error?.message || '').trim()}`);
}

/** The release signer from the environment, else an ephemeral one. */
export function releaseSigner(env: BuildOptions['env']): ReleaseSigner {
  const pem = env.OCCAM_RELEASE_SIGNING_KEY?.trim()
    ? env.OCCAM_RELEASE_SIGNING_KEY
    : env.OCCAM_RELEASE_SIGNING_KEY_FILE?.trim()
      ? readFileSync(env.OCCAM_RELEASE_SIGNING_KEY_FILE, 'utf8')
      : null;
  if (!pem) return ephemeralReleaseSigner();
  const signer = releaseSignerFromPem(pem);
  if (existsSync(PINNED_PUBLIC_KEY)) {
    const pinned = parsePublicKeyPem(readFileSync(PINNED_PUBLIC_KEY, 'utf8'));
    if (!pinned || keyIdOf(pinned) !== signer.keyId) {
      throw new Error(`the supplied signing key (${signer.keyId}) is not the pinned release key in release/release-key.pem`);
    }
  }
  return signer;
}

/** The committed release public key (what the bootstrap scripts pin), for unsigned CI builds. */
function pinnedPublicKeyPem(): string {
  if (!existsSync(PINNED_PUBLIC_KEY)) {
    throw new Error('--no-sign needs the project release public key committed as release/release-key.pem (docs/release.md)');
  }
  const pem = readFileSync(PINNED_PUBLIC_KEY, 'utf8');
  if (!parsePublicKeyPem(pem)) throw new Error('release/release-key.pem is not a P-256 public key PEM');
  return pem;
}

/** Files the bootstrap scripts and users fetch: archives, external manifests, and the staged executables. */
function checksumTargets(outDir: string): string[] {
  const names: string[] = [];
  for (const name of readdirSync(outDir).sort()) {
    const path = join(outDir, name);
    if (name.endsWith('.tar.gz') || name.endsWith('-manifest.json')) names.push(name);
    else if (statSync(path).isDirectory() && name.startsWith('ff-occam-')) {
      for (const exe of ['occam', 'occam.exe']) {
        if (existsSync(join(path, 'bin', exe))) names.push(`${name}/bin/${exe}`);
      }
    }
  }
  return names;
}

/** Writes SHA256SUMS over every artifact in `outDir`, its signature, and the release public key. */
export async function signRelease(outDir: string, signer: ReleaseSigner): Promise<string> {
  const entries: ChecksumEntry[] = [];
  for (const name of checksumTargets(outDir)) entries.push({ name, sha256: await sha256File(join(outDir, name)) });
  if (entries.length === 0) throw new Error(`nothing to sign in ${outDir}`);
  const sums = formatChecksums(entries);
  writeFileSync(join(outDir, CHECKSUMS_FILE), sums);
  writeFileSync(join(outDir, CHECKSUMS_SIGNATURE_FILE), signer.sign(Buffer.from(sums, 'utf8')));
  writeFileSync(join(outDir, RELEASE_KEY_FILE), signer.publicKeyPem);
  for (const script of ['get-ff-occam.sh', 'get-ff-occam.ps1']) {
    const stamped = stampScript(readFileSync(join(REPO_ROOT, 'release', script), 'utf8'), {
      version: packageVersion(),
      publicKeyPem: signer.publicKeyPem,
    });
    writeFileSync(join(outDir, script), stamped);
    if (script.endsWith('.sh')) chmodSync(join(outDir, script), 0o755);
  }
  return sums;
}

function copyIfPresent(from: string, to: string, log: BuildOptions['log']): void {
  if (existsSync(from)) cpSync(from, to, { recursive: true });
  else log(`warning: ${relative(REPO_ROOT, from)} is missing; the archive ships without it`);
}

/** Builds this machine's executable, stages the release tree, archives it, writes its manifest, and signs. */
export async function buildRelease(opts: BuildOptions): Promise<BuildSummary> {
  const rid = ridFor(process.platform, process.arch);
  if (!rid) throw new Error(`no release id for ${process.platform}-${process.arch}`);
  const version = packageVersion();
  const commit = gitCommit();
  const names = artifactNames(version, rid);
  mkdirSync(opts.outDir, { recursive: true });
  const tree = join(opts.outDir, names.treeDir);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(join(tree, 'bin'), { recursive: true });

  const scratch = join(tmpdir(), `occam-release-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  try {
    const main = join(scratch, 'occam.cjs');
    const bundle = await bundleCli('binary', main, commit);
    opts.log(`bundled CLI: ${(bundle.bytes / 1e6).toFixed(1)} MB (commit ${commit})`);
    const executable = join(tree, names.binaryInTree);
    const sea = await buildSingleExecutable({
      nodeBinary: opts.nodeBinary,
      mainScript: main,
      outfile: executable,
      useCodeCache: opts.useCodeCache,
      log: opts.log,
    });
    opts.log(`single executable: ${relative(opts.outDir, executable)} ${(sea.bytes / 1e6).toFixed(1)} MB (code cache ${opts.useCodeCache ? 'on' : 'off'})`);

    // The rest of the tree (§16.1).
    writeFileSync(join(tree, 'VERSION'), `${version}\n`);
    const treeManifest: TreeManifest = {
      version,
      rid,
      layout: RELEASE_LAYOUT,
      files: { [names.binaryInTree]: await sha256File(executable) },
    };
    writeFileSync(join(tree, 'release-manifest.json'), `${JSON.stringify(treeManifest, null, 2)}\n`);
    copyIfPresent(join(REPO_ROOT, 'INSTALL.md'), join(tree, 'INSTALL.md'), opts.log);
    copyIfPresent(join(REPO_ROOT, 'LICENSE'), join(tree, 'LICENSE'), opts.log);
    mkdirSync(join(tree, 'scripts'), { recursive: true });
    for (const tier of ['seeds', 'community']) {
      const from = join(REPO_ROOT, 'profiles', 'playbooks', tier);
      const to = join(tree, 'profiles', 'playbooks', tier);
      mkdirSync(to, { recursive: true });
      if (existsSync(from)) cpSync(from, to, { recursive: true });
    }
    for (const pkg of SIDE_MODULES) {
      cpSync(join(REPO_ROOT, 'node_modules', pkg), join(tree, SIDE_MODULES_DIR, 'node_modules', pkg), { recursive: true, dereference: true });
    }
    const signer = opts.noSign ? null : releaseSigner(opts.env);
    const publicKeyPem = signer ? signer.publicKeyPem : pinnedPublicKeyPem();
    // The archive carries the same stamped bootstrap scripts that are published beside it.
    for (const script of ['get-ff-occam.sh', 'get-ff-occam.ps1']) {
      const stamped = stampScript(readFileSync(join(REPO_ROOT, 'release', script), 'utf8'), { version, publicKeyPem });
      writeFileSync(join(tree, 'scripts', script), stamped);
      if (script.endsWith('.sh')) chmodSync(join(tree, 'scripts', script), 0o755);
    }

    const archive = join(opts.outDir, names.archive);
    // Relative names only: a Windows drive letter (D:…) reads as a remote host to GNU tar.
    run('tar', ['-czf', names.archive, names.treeDir], opts.outDir);
    const external: ExternalManifest = {
      version,
      rid,
      sha256: await sha256File(archive),
      tarball: names.archive,
      hostBinary: names.binaryInTree,
      runtimeLayout: RELEASE_LAYOUT,
      signaturePolicy: 'sha256-only',
    };
    writeFileSync(join(opts.outDir, names.manifest), `${JSON.stringify(external, null, 2)}\n`);
    if (signer) {
      await signRelease(opts.outDir, signer);
      opts.log(
        `signed ${CHECKSUMS_FILE} with ${signer.keyId}${signer.ephemeral ? ' (EPHEMERAL key: local/test build, not the project release key)' : ''}`,
      );
    } else {
      opts.log(`not signed (--no-sign): run \`node release/release.ts sign\` over the collected artifacts`);
    }
    return {
      version,
      commit,
      rid,
      executable,
      executableBytes: sea.bytes,
      archive,
      archiveBytes: statSync(archive).size,
      keyId: signer ? signer.keyId : keyIdOf(parsePublicKeyPem(publicKeyPem)!),
      ephemeralKey: signer?.ephemeral ?? false,
      signed: signer !== null,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      node: { type: 'string' },
      'no-code-cache': { type: 'boolean', default: false },
      'no-sign': { type: 'boolean', default: false },
    },
  });
  const outDir = values.out ?? DEFAULT_OUT;
  const log = (line: string) => process.stderr.write(`[release] ${line}\n`);
  const command = positionals[0] ?? 'build';
  if (command === 'sign') {
    const signer = releaseSigner(process.env);
    await signRelease(outDir, signer);
    log(`signed ${join(outDir, CHECKSUMS_FILE)} with ${signer.keyId}${signer.ephemeral ? ' (EPHEMERAL key)' : ''}`);
    return 0;
  }
  if (command !== 'build') {
    log(`usage: node release/release.ts [build|sign] [--out DIR] [--node PATH] [--no-code-cache] [--no-sign]`);
    return 2;
  }
  const summary = await buildRelease({
    outDir,
    nodeBinary: values.node ?? process.execPath,
    useCodeCache: !values['no-code-cache'],
    noSign: values['no-sign'],
    env: process.env,
    log,
  });
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  return 0;
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`[release] failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
