// A small, real, signed release directory for bootstrap and verify tests: the same layout, manifests, SHA256SUMS
// and signature as `npm run release`, but the "binary" is a shell script that records its argv — so the
// bootstrap's hand-over to `occam install` is observable without building the 120 MB executable.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_LAYOUT, artifactNames, sha256File, type ExternalManifest, type Rid } from '../../src/release/artifacts.ts';
import type { ReleaseSigner } from '../../src/release/signature.ts';
import { signRelease } from '../../release/release.ts';

export interface FakeRelease {
  dir: string;
  version: string;
  rid: Rid;
  names: ReturnType<typeof artifactNames>;
}

/** `argvLog`: the fake binary appends its argv (one line) there. `policy`: the manifest's signaturePolicy. */
export async function makeFakeRelease(
  dir: string,
  signer: ReleaseSigner,
  opts: { version?: string; rid?: Rid; argvLog: string; policy?: string | null },
): Promise<FakeRelease> {
  const version = opts.version ?? '1.2.3';
  const rid = opts.rid ?? 'linux-x64';
  const names = artifactNames(version, rid);
  const tree = join(dir, names.treeDir);
  mkdirSync(join(tree, 'bin'), { recursive: true });
  const binary = join(tree, names.binaryInTree);
  writeFileSync(binary, `#!/bin/sh\necho "$*" >> '${opts.argvLog}'\n`);
  chmodSync(binary, 0o755);
  writeFileSync(join(tree, 'VERSION'), `${version}\n`);
  writeFileSync(
    join(tree, 'release-manifest.json'),
    JSON.stringify({ version, rid, layout: RELEASE_LAYOUT, files: { [names.binaryInTree]: await sha256File(binary) } }),
  );
  const tar = spawnSync('tar', ['-czf', names.archive, names.treeDir], { cwd: dir });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  const manifest: Record<string, unknown> = {
    version,
    rid,
    sha256: await sha256File(join(dir, names.archive)),
    tarball: names.archive,
    hostBinary: names.binaryInTree,
    runtimeLayout: RELEASE_LAYOUT,
  } satisfies Omit<ExternalManifest, 'signaturePolicy'>;
  if (opts.policy !== null) manifest.signaturePolicy = opts.policy ?? 'sha256-only';
  writeFileSync(join(dir, names.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  await signRelease(dir, signer);
  return { dir, version, rid, names };
}
