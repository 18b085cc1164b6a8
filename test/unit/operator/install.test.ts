// operator.md #47–#50: install from an archive/manifest or staged tree, signature policy, atomic replace with
// restore, in-use refusal, launcher rendering and the PATH helper. In-process with a temporary HOME.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, worldContext, writeFile, REPO, type World } from '../../helpers/operator-world.ts';
import {
  InstallError, PS1_MARKER, isOurLauncher, launchersFor, parseExternalManifest, prependPathEntry, renderPosixLauncher, runInstall,
} from '../../../src/operator/install.ts';
import { formatChecksums } from '../../../src/release/artifacts.ts';
import { ephemeralReleaseSigner } from '../../../src/release/signature.ts';

const worlds: World[] = [];
after(() => worlds.forEach((w) => w.cleanup()));
const world = () => {
  const w = makeWorld({ install: false });
  worlds.push(w);
  return w;
};
const sha = (buf: Buffer | string) => createHash('sha256').update(buf).digest('hex');

/** The release key these tests sign with; OCCAM_RELEASE_PUBKEY in each world pins its public half. */
const releaseSigner = ephemeralReleaseSigner();

/** SHA256SUMS over the release directory's archive and manifest, signed, and the public key pinned in the world. */
function signReleaseDir(w: World, relDir: string): void {
  const names = readdirSync(relDir).filter((n) => n.endsWith('.tar.gz') || n.endsWith('-manifest.json')).sort();
  const sums = formatChecksums(names.map((name) => ({ name, sha256: sha(readFileSync(join(relDir, name))) })));
  writeFileSync(join(relDir, 'SHA256SUMS'), sums);
  writeFileSync(join(relDir, 'SHA256SUMS.sig'), releaseSigner.sign(Buffer.from(sums, 'utf8')));
  const keyPath = join(w.root, 'occam-release-key.pem');
  writeFileSync(keyPath, releaseSigner.publicKeyPem);
  w.env.OCCAM_RELEASE_PUBKEY = keyPath;
}

/** A staged release tree `ff-occam-<ver>-linux-x64/` plus its archive, external manifest and signed SHA256SUMS. */
function release(w: World, version: string, extra: Record<string, unknown> = {}) {
  const name = `ff-occam-${version}-linux-x64`;
  const dir = join(w.root, 'rel', version, name);
  const bin = `#!/bin/sh\n# occam ${version}\nexec "${process.execPath}" "${join(REPO, 'bin', 'occam.ts')}" "$@"\n`;
  writeFile(join(dir, 'bin', 'occam'), bin, 0o755);
  writeFile(join(dir, 'VERSION'), `${version}\n`);
  writeFile(join(dir, 'release-manifest.json'), JSON.stringify({ version, rid: 'linux-x64', layout: 'self-contained-v1', files: { 'bin/occam': sha(bin) } }));
  writeFile(join(dir, 'INSTALL.md'), '# install\n');
  const archive = join(w.root, 'rel', version, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', join(w.root, 'rel', version), name]);
  const manifest = join(w.root, 'rel', version, `${name}-manifest.json`);
  writeFileSync(manifest, JSON.stringify({ version, rid: 'linux-x64', sha256: sha(readFileSync(archive)), tarball: `${name}.tar.gz`, hostBinary: 'bin/occam', runtimeLayout: 'self-contained-v1', ...extra }));
  signReleaseDir(w, join(w.root, 'rel', version));
  return { dir, archive, manifest, resign: () => signReleaseDir(w, join(w.root, 'rel', version)) };
}

const deps = (w: World, extra: object = {}) => ({ ctx: worldContext(w), canPrompt: false, stopServers: async () => ({ found: [], stillRunning: [] }), ...extra });
const target = (w: World) => join(w.home, '.local', 'share', 'ff-occam');
const opts = { noConnect: true, skipOccamVerify: true };

test('operator.md #47: an archive whose SHA-256 differs from the manifest → exit 1, target dir untouched', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  const m = JSON.parse(readFileSync(r.manifest, 'utf8'));
  writeFileSync(r.manifest, JSON.stringify({ ...m, sha256: 'A'.repeat(64) }));
  await assert.rejects(runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }), (e: unknown) => e instanceof InstallError && e.exitCode === 1 && /expected a{64}, actual [0-9a-f]{64}/.test(e.message));
  assert.equal(existsSync(target(w)), false);
  assert.deepEqual(readdirSync(w.tmp), [], 'nothing extracted');
});

test('issue 30: a modified archive whose manifest sha256 was edited to match is refused (exit 1, nothing installed)', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  // The attacker rebuilds the archive with another binary and edits the manifest's sha256 to match it.
  writeFile(join(r.dir, 'bin', 'occam'), '#!/bin/sh\necho pwned\n', 0o755);
  const m = JSON.parse(readFileSync(r.manifest, 'utf8'));
  writeFile(join(r.dir, 'release-manifest.json'), JSON.stringify({ version: '1.0.0', rid: 'linux-x64', layout: 'self-contained-v1', files: { 'bin/occam': sha('#!/bin/sh\necho pwned\n') } }));
  execFileSync('tar', ['-czf', r.archive, '-C', join(w.root, 'rel', '1.0.0'), 'ff-occam-1.0.0-linux-x64']);
  writeFileSync(r.manifest, JSON.stringify({ ...m, sha256: sha(readFileSync(r.archive)) }));
  await assert.rejects(
    runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }),
    (e: unknown) => e instanceof InstallError && e.exitCode === 1 && /manifest checksum mismatch/.test(e.message) && /Nothing was installed/.test(e.message),
  );
  assert.equal(existsSync(target(w)), false);
  assert.deepEqual(readdirSync(w.tmp), [], 'nothing extracted');
});

test('issue 30: a re-signed SHA256SUMS not signed by the pinned key, a manifest alone, or no pinned key is refused', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  const relDir = join(w.root, 'rel', '1.0.0');
  // Tampered manifest (other policy) with SHA256SUMS recomputed but the signature left as it was.
  const m = JSON.parse(readFileSync(r.manifest, 'utf8'));
  writeFileSync(r.manifest, JSON.stringify({ ...m, version: '1.0.0', hostBinary: 'bin/other' }));
  const names = readdirSync(relDir).filter((n) => n.endsWith('.tar.gz') || n.endsWith('-manifest.json')).sort();
  writeFileSync(join(relDir, 'SHA256SUMS'), formatChecksums(names.map((name) => ({ name, sha256: sha(readFileSync(join(relDir, name))) }))));
  await assert.rejects(runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }), (e: unknown) => e instanceof InstallError && e.exitCode === 1 && /does not verify/.test(e.message));
  // Signed by another key.
  const other = ephemeralReleaseSigner();
  writeFileSync(join(relDir, 'SHA256SUMS.sig'), other.sign(readFileSync(join(relDir, 'SHA256SUMS'))));
  await assert.rejects(runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }), (e: unknown) => e instanceof InstallError && /does not verify/.test(e.message));
  // No signed list at all, and no pinned key.
  rmSync(join(relDir, 'SHA256SUMS.sig'));
  await assert.rejects(runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }), /must lie beside the manifest/);
  r.resign();
  delete w.env.OCCAM_RELEASE_PUBKEY;
  await assert.rejects(runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest }), /set OCCAM_RELEASE_PUBKEY/);
  assert.equal(existsSync(target(w)), false);
});

test('operator.md #47: a verified archive installs: tree, launcher, onboard defaults; uppercase manifest hash accepted', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  const m = JSON.parse(readFileSync(r.manifest, 'utf8'));
  writeFileSync(r.manifest, JSON.stringify({ ...m, sha256: m.sha256.toUpperCase() }));
  r.resign();
  const rep = await runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest });
  assert.equal(rep.exitCode, 0);
  assert.equal(rep.status, 'Installed');
  assert.equal(readFileSync(join(target(w), 'VERSION'), 'utf8'), '1.0.0\n');
  const launcher = join(w.home, '.local', 'bin', 'occam');
  assert.equal(statSync(launcher).mode & 0o777, 0o755);
  assert.ok(isOurLauncher(readFileSync(launcher, 'utf8'), target(w)));
  assert.match(rep.pathHint!, /^export PATH=".*\.local\/bin:\$PATH"$/);
  assert.deepEqual(JSON.parse(readFileSync(join(w.home, '.occam', 'onboard.json'), 'utf8')), { schema_version: '1.0', env: {} });
  assert.deepEqual(readdirSync(w.tmp), [], 'extraction dir cleaned up');
  // An existing onboard.json is never clobbered.
  writeFileSync(join(w.home, '.occam', 'onboard.json'), '{"schema_version":"1.0","env":{"OCCAM_PROFILE":"full"}}');
  await runInstall(deps(w), { ...opts, archive: r.archive, manifest: r.manifest });
  assert.match(readFileSync(join(w.home, '.occam', 'onboard.json'), 'utf8'), /full/);
});

test('operator.md #48: required-cosign-v1 without a bundle fails closed; unknown policy errors; absent policy = sha256-only', async () => {
  const w = world();
  const cos = release(w, '1.0.1', { signaturePolicy: 'required-cosign-v1' });
  await assert.rejects(runInstall(deps(w), { ...opts, archive: cos.archive, manifest: cos.manifest }), /bundle.*missing|refusing/);
  writeFileSync(`${cos.archive}.bundle`, '{}');
  await assert.rejects(runInstall(deps(w), { ...opts, archive: cos.archive, manifest: cos.manifest }), /cosign is not installed/);
  assert.equal(existsSync(target(w)), false);
  const unk = release(w, '1.0.2', { signaturePolicy: 'pgp-maybe' });
  await assert.rejects(runInstall(deps(w), { ...opts, archive: unk.archive, manifest: unk.manifest }), /unknown signaturePolicy/);
  assert.equal(parseExternalManifest(JSON.stringify({ version: '1', rid: 'linux-x64', sha256: 'ab' })).signaturePolicy, 'sha256-only');
  assert.throws(() => parseExternalManifest(JSON.stringify({ version: '1', rid: 'linux-x64' })), /missing "sha256"/);
});

test('operator.md #49: reinstall replaces the old tree; a failure mid-move restores it; a server that cannot be stopped → exit 2, nothing changed', async () => {
  const w = world();
  const v1 = release(w, '1.0.0');
  const v2 = release(w, '1.1.0');
  await runInstall(deps(w), { ...opts, fromDir: v1.dir });
  writeFile(join(target(w), 'old-marker'), 'x');
  await runInstall(deps(w), { ...opts, fromDir: v2.dir });
  assert.equal(readFileSync(join(target(w), 'VERSION'), 'utf8'), '1.1.0\n');
  assert.equal(existsSync(join(target(w), 'old-marker')), false, 'old tree replaced, not merged');

  await assert.rejects(
    runInstall(deps(w, { midSwap: () => { throw new Error('disk full'); } }), { ...opts, fromDir: v1.dir }),
    (e: unknown) => e instanceof InstallError && e.exitCode === 1 && /restored/.test(e.message),
  );
  assert.equal(readFileSync(join(target(w), 'VERSION'), 'utf8'), '1.1.0\n', 'previous tree restored');
  assert.deepEqual(readdirSync(join(w.home, '.local', 'share')).sort(), ['ff-occam'], 'no aside or staging dirs left');

  await assert.rejects(
    runInstall(deps(w, { stopServers: async () => ({ found: [4242], stillRunning: [4242] }) }), { ...opts, fromDir: v1.dir }),
    (e: unknown) => e instanceof InstallError && e.exitCode === 2 && /No files were changed\./.test(e.message),
  );
  assert.equal(readFileSync(join(target(w), 'VERSION'), 'utf8'), '1.1.0\n');
});

test('operator.md #49: a staged tree whose binary hash differs from release-manifest.json is refused before any change', async () => {
  const w = world();
  const r = release(w, '2.0.0');
  writeFileSync(join(r.dir, 'bin', 'occam'), '#!/bin/sh\necho evil\n');
  await assert.rejects(runInstall(deps(w), { ...opts, fromDir: r.dir }), /SHA-256 mismatch/);
  assert.equal(existsSync(target(w)), false);
});

test('operator.md #50: launcher rendering — POSIX exports the quoted home and execs the binary; Windows .cmd + .ps1 with marker', () => {
  const posix = renderPosixLauncher("/home/o'brien/.local/share/ff-occam");
  assert.match(posix, /^#!\/usr\/bin\/env bash\n/);
  assert.match(posix, /set -euo pipefail/);
  assert.ok(posix.includes(`export OCCAM_HOME='/home/o'\\''brien/.local/share/ff-occam'`));
  assert.ok(posix.includes(`exec '/home/o'\\''brien/.local/share/ff-occam/bin/occam' "$@"`));
  assert.equal(launchersFor('linux', '/r')[0].mode, 0o755);
  const win = launchersFor('win32', 'C:\\Users\\u\\.local\\share\\ff-occam');
  assert.deepEqual(win.map((l) => l.name), ['occam.cmd', 'occam.ps1']);
  assert.ok(win[1].text.startsWith(PS1_MARKER));
  assert.match(win[1].text, /\$env:OCCAM_HOME = 'C:\\Users\\u\\.local\\share\\ff-occam'/);
  assert.match(win[1].text, /exit \$LASTEXITCODE/);
  assert.match(win[0].text, /set "OCCAM_HOME=C:\\Users\\u\\.local\\share\\ff-occam"/);
  assert.match(win[0].text, /%\*/);
  assert.ok(isOurLauncher(win[0].text, 'C:\\Users\\u\\.local\\share\\ff-occam'));
  assert.ok(!isOurLauncher('#!/bin/sh\nexec /usr/local/bin/other-occam\n', '/r'));
});

test('operator.md #50: PATH helper is idempotent and moves an existing entry to the front', () => {
  const dir = 'C:\\Users\\u\\.local\\bin';
  const once = prependPathEntry('C:\\Windows;C:\\Tools', dir, 'win32');
  assert.deepEqual(once, { value: `${dir};C:\\Windows;C:\\Tools`, changed: true });
  assert.deepEqual(prependPathEntry(once.value, dir, 'win32'), { value: once.value, changed: false });
  assert.deepEqual(prependPathEntry(`C:\\Windows;c:\\users\\u\\.local\\bin\\;C:\\Tools`, dir, 'win32'), { value: `${dir};C:\\Windows;C:\\Tools`, changed: true });
  assert.deepEqual(prependPathEntry('/usr/bin:/home/u/.local/bin', '/home/u/.local/bin', 'linux'), { value: '/home/u/.local/bin:/usr/bin', changed: true });
});

test('install: an invalid --setup / OCCAM_SETUP value is an error; missing sources are a usage error', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  await assert.rejects(runInstall(deps(w), { ...opts, fromDir: r.dir, setup: 'sometimes' }), (e: unknown) => e instanceof InstallError && e.exitCode === 1);
  await assert.rejects(runInstall(deps(w), { ...opts }), (e: unknown) => e instanceof InstallError && e.exitCode === 2);
});

test('operator.md §16.3 steps 9–10: install connects detected hosts to the new root; with no host it prints the fallback snippet', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {}\n}\n');
  const rep = await runInstall(deps(w), { fromDir: r.dir, yes: true, skipOccamVerify: true });
  assert.equal(rep.status, 'Almost ready', rep.message);
  assert.equal(rep.snippet, null);
  const entry = JSON.parse(readFileSync(cursor, 'utf8')).mcpServers['ff-occam'];
  assert.equal(entry.env.OCCAM_HOME, target(w));
  assert.equal(entry.command, join(target(w), 'bin', 'occam'));

  const bare = world();
  const r2 = release(bare, '1.0.0');
  const none = await runInstall(deps(bare), { fromDir: r2.dir, skipOccamVerify: true });
  assert.equal(none.status, 'Installed');
  assert.match(none.snippet!, /"ff-occam"/);
  assert.equal(none.connect!.status, 'Installed — no MCP host');
});

test('HOME under the temp dir: install refuses before writing anything and names the temp-dir rule', async () => {
  const w = world();
  const r = release(w, '1.0.0');
  // HOME inside TMPDIR: the default install root (<home>/.local/share/ff-occam) would be a disposable copy.
  const home = join(w.tmp, 'home');
  const ctx = worldContext(w, { env: { ...w.env, HOME: home }, homeDir: home });
  await assert.rejects(
    runInstall({ ...deps(w), ctx }, { ...opts, archive: r.archive, manifest: r.manifest }),
    (e: unknown) =>
      e instanceof InstallError && e.exitCode === 1 && /lies under the temporary directory/.test(e.message) && /--install-dir DIR or OCCAM_INSTALL_DIR/.test(e.message) && /Nothing was written/.test(e.message),
  );
  assert.deepEqual(readdirSync(w.tmp), [], 'no tree, launcher or onboard file was written, nothing extracted');
  // An explicit install dir outside the temp dir is accepted from the same HOME.
  const rep = await runInstall({ ...deps(w), ctx }, { ...opts, archive: r.archive, manifest: r.manifest, installDir: target(w) });
  assert.equal(rep.exitCode, 0, rep.message);
});
