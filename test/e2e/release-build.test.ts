// The real single executable: built with `buildRelease` (the code behind `npm run release`) once per source state
// (test/helpers/build-cache.ts, shared with install-forms.test.ts) and copied here, since one test tampers with it;
// then run (a) alone in an empty directory with a PATH that holds no Node.js, and (b) from its staged release
// tree, which carries playwright-core beside it. Each verb check compares with the same verb run from source,
// so the executable is held to the source's behaviour; a verb not registered skips on a developer machine and
// fails in CI (test/helpers/requires.ts).
import { execFile } from 'node:child_process';
import { cpSync, createReadStream, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '../helpers/http-fixture.ts';
import { chromiumPath, requireChromium, requireOrSkip } from '../helpers/requires.ts';
import type { BuildSummary } from '../../release/release.ts';
import { releaseBuild } from '../helpers/build-cache.ts';
import { coreToolsOf } from '../../src/contract/catalog.ts';
import type { ProfileId } from '../../src/contract/profiles.ts';
import { readEnv } from '../../src/config/env.ts';
import { buildProgram } from '../../commands/index.ts';
import { VERSION } from '../../src/version.ts';
import { RELEASE_KEY_FILE } from '../../src/release/artifacts.ts';
import { verifyReleaseDir } from '../../src/release/verify.ts';

const REPO = join(import.meta.dirname, '..', '..');
const VERBS = new Set(buildProgram().commands.map((c) => c.name()));
const requireVerb = (t: TestContext, verb: string) => requireOrSkip(t, `the ${verb} verb`, VERBS.has(verb), `register commands/${verb}.ts in commands/index.ts`);

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { env, cwd, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0, stdout, stderr });
    });
  });
}

async function listTools(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<string[]> {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' });
  const client = new Client({ name: 'release-build-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    assert.equal(client.getServerVersion()?.version, VERSION);
    return (await client.listTools()).tools.map((t) => t.name).sort();
  } finally {
    await client.close();
  }
}

describe('single executable (linux-x64, built from the local Node)', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-release-build-'));
  const out = join(root, 'out');
  const lonelyDir = join(root, 'lonely');
  const home = join(root, 'home');
  let summary: BuildSummary;
  let lonely: string;
  /** PATH with no Node.js on it: only the executable's own directory and a directory with nothing in it. */
  let env: Record<string, string>;
  const sourceEnv = () => ({ ...env, PATH: process.env.PATH ?? '' });

  before(async () => {
    const cached = await releaseBuild();
    cpSync(cached.out, out, { recursive: true });
    const rebase = (p: string) => join(out, relative(cached.out, p));
    summary = { ...cached.summary, executable: rebase(cached.summary.executable), archive: rebase(cached.summary.archive) };
    mkdirSync(lonelyDir);
    mkdirSync(home);
    lonely = join(lonelyDir, 'occam');
    // A hard link: a second directory entry for the same bytes, so the 120 MB file is not duplicated on disk.
    linkSync(summary.executable, lonely);
    const emptyBin = join(root, 'empty-bin');
    mkdirSync(emptyBin);
    env = { PATH: [lonelyDir, emptyBin].join(delimiter), HOME: home, OCCAM_BANNER: '0', NO_COLOR: '1' };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('the directory holds nothing but the executable and PATH resolves no node', () => {
    assert.deepEqual(readdirSync(lonelyDir), ['occam']);
    for (const dir of env.PATH.split(delimiter)) assert.equal(existsSync(join(dir, 'node')), false, dir);
  });

  test('occam --version reports the version and the build commit', async () => {
    const r = await run(lonely, ['--version'], env, lonelyDir);
    assert.equal(r.code, 0, r.stderr);
    // The commit stamped at build time (other work may have been committed since).
    assert.match(summary.commit, /^([0-9a-f]{12}|unknown)$/);
    assert.equal(r.stdout.trim(), `${VERSION} (${summary.commit})`);
  });

  test('occam mcp answers initialize + tools/list to a real SDK client with the default profile\'s tools', async () => {
    const fromBinary = await listTools(lonely, ['mcp'], env, lonelyDir);
    // Tools are still being registered by other work while this runs, so hold the executable to the catalog:
    // only default-profile tools, always including the spine's occam_client_capabilities.
    const allowed = new Set(coreToolsOf(readEnv<ProfileId>('OCCAM_PROFILE', {})).map((t) => t.name));
    assert.ok(fromBinary.includes('occam_client_capabilities'), fromBinary.join(','));
    for (const name of fromBinary) assert.ok(allowed.has(name), `${name} is not in the default profile`);
  });

  test('occam exam selftest: every assertion passes inside the executable', async (t) => {
    if (!requireVerb(t, 'exam')) return;
    const r = await run(lonely, ['exam', 'selftest'], env, lonelyDir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout + r.stderr, /EXAM_SELFTEST_OK/);
    assert.doesNotMatch(r.stdout + r.stderr, /\bFAIL\b/);
  });

  test('occam read --demo reads the bundled article inside the executable, as from source', async (t) => {
    if (!requireVerb(t, 'read')) return;
    const fromBinary = await run(lonely, ['read', '--demo', '--json'], env, lonelyDir);
    const fromSource = await run(process.execPath, [join(REPO, 'bin', 'occam.ts'), 'read', '--demo', '--json'], sourceEnv(), REPO);
    assert.equal(fromBinary.code, fromSource.code, fromBinary.stderr);
    const b = JSON.parse(fromBinary.stdout);
    const s = JSON.parse(fromSource.stdout);
    assert.equal(b.ok, s.ok);
    assert.equal(b.ok, true, fromBinary.stdout.slice(0, 400));
    assert.equal(b.markdown ?? b.content, s.markdown ?? s.content);
  });

  test('playwright-core loads from the release tree beside the executable (browser read of the demo, parity with source)', async (t) => {
    if (!requireVerb(t, 'read') || !requireChromium(t)) return;
    const browserEnv = { OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath()! };
    const args = ['read', '--demo', '--policy', 'browser', '--json'];
    const fromTree = await run(summary.executable, args, { ...env, ...browserEnv }, home);
    const fromSource = await run(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], { ...sourceEnv(), ...browserEnv }, REPO);
    const outcome = (r: Ran) => {
      const doc = JSON.parse(r.stdout || '{}');
      return { code: r.code, ok: doc.ok, backend: doc.backend, failure: doc.failureCode ?? doc.failure?.code };
    };
    if (fromSource.code !== 0) t.diagnostic(`browser read failed from source: ${fromSource.stderr.slice(-300)}`);
    assert.deepEqual(outcome(fromTree), outcome(fromSource), fromTree.stderr.slice(-500));
  });

  test('the stamped get-ff-occam.sh installs the real release from a loopback server (verify → extract → occam install)', async (t) => {
    if (!requireVerb(t, 'install')) return;
    const server = await startFixtureServer({}, (req, res) => {
      const name = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0]);
      const path = join(out, name);
      if (name.includes('..') || !existsSync(path)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      createReadStream(path).pipe(res);
    });
    const installHome = join(root, 'install-home');
    // Not under the temp dir: install refuses to register a binary that lives in a disposable location.
    const installDir = join(REPO, `.occam-test-release-install-${process.pid}`);
    mkdirSync(installHome);
    try {
      const r = await run('bash', [join(out, 'get-ff-occam.sh')], {
        PATH: '/usr/bin:/bin',
        HOME: installHome,
        TMPDIR: root,
        OCCAM_INSTALL_DIR: installDir,
        OCCAM_RELEASE_BASE: server.origin,
        OCCAM_RELEASE_ALLOW_HTTP: '1',
        OCCAM_CONNECT: 'off',
        OCCAM_BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium',
        NO_COLOR: '1',
      }, root);
      assert.match(r.stderr, /verified: signature, SHA256SUMS and archive SHA-256/);
      assert.match(r.stderr, new RegExp(`occam install: release tree ${VERSION.replace(/\./g, '\\.')} is consistent`));
      // The final status also reflects the product's own readiness (smoke counts the profile's tools), which is
      // not this area's contract; the hand-off and the placed tree are.
      t.diagnostic(`install exit ${r.code}: ${r.stdout.trim().split('\n').pop()}`);
      const installed = await run(join(installDir, 'bin', 'occam'), ['--version'], env, home);
      assert.equal(installed.stdout.trim(), `${VERSION} (${summary.commit})`);
      assert.equal(readFileSync(join(installDir, 'VERSION'), 'utf8'), `${VERSION}\n`);
    } finally {
      await server.close();
      rmSync(installDir, { recursive: true, force: true });
    }
  });

  test('the release directory verifies against its key; a tampered executable then fails', async () => {
    const pem = readFileSync(join(out, RELEASE_KEY_FILE), 'utf8');
    const args = ['verify', '--release', out, '--pubkey', join(out, RELEASE_KEY_FILE)];
    if (VERBS.has('verify')) {
      const r = await run(lonely, args, env, lonelyDir);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).verdict, 'release_verified');
    } else {
      assert.equal((await verifyReleaseDir(out, pem)).verdict, 'release_verified');
    }
    // Append one byte to the staged executable (the lonely hard link sees it too; its tests have run).
    writeFileSync(summary.executable, Buffer.from([0]), { flag: 'a' });
    const tampered = await verifyReleaseDir(out, pem);
    assert.equal(tampered.verdict, 'checksum_mismatch');
  });
});
