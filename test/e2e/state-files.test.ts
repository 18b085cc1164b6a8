// Issue 30 items 4, 6, 7, 11: what Occam writes is created exclusively (never through a planted link or FIFO),
// owner-only on first use by every entry point, and state another local user could plant (the response cache) is
// per user and refused when its directory is not safely ours.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWorld, runOccam, writeFile, REPO, type World } from '../helpers/operator-world.ts';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';
import { readKey } from '../../src/read/cache.ts';
import { resolveOptions } from '../../src/read/options.ts';
import { startBatchServer } from '../../src/mcp/transports/batch-server.ts';
import { SessionRecorder } from '../../src/mcp/recording.ts';
import { openKeyStore } from '../../src/trust/keys.ts';
import { writeResults } from '../../commands/batch.ts';
import { writeOnboard } from '../../src/operator/settings-store.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

const mode = (path: string) => statSync(path).mode & 0o777;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const OTHER_UID = 65534;

const worlds: World[] = [];
let site: FixtureServer;
const ARTICLE = `<!doctype html><html><head><title>Cache me</title></head><body><main><article><h1>Cache me</h1>${'<p>A paragraph of ordinary prose that the reader keeps as the body of this article page, long enough to count.</p>'.repeat(8)}</article></main></body></html>`;

before(async () => {
  site = await startFixtureServer({ '/article': html(ARTICLE) });
});
after(async () => {
  worlds.forEach((w) => w.cleanup());
  await site.close();
});

function world(): World {
  const w = makeWorld();
  worlds.push(w);
  return w;
}

const CONFIG = '{\n  "mcpServers": {\n    "github": { "command": "gh", "args": ["mcp"] }\n  }\n}\n';

test('connect: a symlink planted at <config>.occam-bak is replaced, never written through', () => {
  const w = world();
  const config = writeFile(join(w.home, '.cursor', 'mcp.json'), CONFIG);
  const outside = join(w.root, 'outside-secret');
  writeFileSync(outside, 'NOT THE USER FILE\n', { mode: 0o600 });
  symlinkSync(outside, `${config}.occam-bak`);
  const r = runOccam(w, ['connect', '--only', 'cursor', '--skip-occam-verify', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(outside, 'utf8'), 'NOT THE USER FILE\n', 'the link target outside is untouched');
  assert.equal(mode(outside), 0o600);
  const backup = lstatSync(`${config}.occam-bak`);
  assert.ok(backup.isFile() && !backup.isSymbolicLink(), 'the backup is a regular file of its own');
  assert.equal(readFileSync(`${config}.occam-bak`, 'utf8'), CONFIG);
  assert.equal(backup.mode & 0o777, 0o600);
});

test('connect: a FIFO planted at <config>.occam-bak neither hangs connect nor receives the config', () => {
  const w = world();
  const config = writeFile(join(w.home, '.cursor', 'mcp.json'), CONFIG);
  const fifo = spawnSync('mkfifo', [`${config}.occam-bak`]);
  assert.equal(fifo.status, 0);
  // A hang is the failure this guards against; the old code blocked on open() until killed here.
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'occam.ts'), 'connect', '--only', 'cursor', '--skip-occam-verify', '--json'], {
    env: w.env,
    cwd: w.home,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.signal, null, 'connect returned by itself');
  assert.equal(r.status, 0, r.stderr);
  assert.ok(lstatSync(`${config}.occam-bak`).isFile(), 'the FIFO was replaced by the backup file');
  assert.equal(readFileSync(`${config}.occam-bak`, 'utf8'), CONFIG);
});

test('onboard.json backups: links planted at the backup and its old predictable pending name are not followed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-onboard-'));
  const path = join(dir, 'onboard.json');
  const outside = join(dir, 'outside');
  writeFileSync(outside, 'OUTSIDE\n', { mode: 0o600 });
  writeFileSync(path, '{"schema_version":"1.0","env":{"OCCAM_PROFILE":"lean"}}\n');
  symlinkSync(outside, `${path}.occam-bak`);
  symlinkSync(outside, `${path}.occam-bak.${process.pid}.tmp`);
  try {
    const { backup } = await writeOnboard(path, { schema_version: '1.0', env: {} });
    assert.equal(readFileSync(outside, 'utf8'), 'OUTSIDE\n');
    assert.ok(backup && lstatSync(backup).isFile(), 'the backup is a regular file');
    assert.match(readFileSync(backup!, 'utf8'), /"OCCAM_PROFILE":"lean"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('batch results --out: links planted at item, manifest and temp names are replaced, their targets untouched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-out-'));
  const outside = join(dir, '..', `${'outside'}-${process.pid}-${Date.now()}`);
  writeFileSync(outside, 'OUTSIDE\n', { mode: 0o600 });
  const out = join(dir, 'out');
  mkdirSync(out);
  const item = '0001-example.com-a.md';
  for (const name of [item, 'manifest.json', `${item}.tmp-${process.pid}`, `manifest.json.tmp-${process.pid}`]) symlinkSync(outside, join(out, name));
  try {
    const status = { job_id: 'j1', state: 'done', progress: { total: 1, done: 1, failed: 0 } } as never;
    const items = [{ seq: 0, url: 'https://example.com/a', state: 'done', ok: true, markdown: '# A\n', backend: 'http', tokens_estimated: 3, failure: null }] as never;
    const { written } = writeResults(out, 'j1', status, items);
    assert.equal(written, 1);
    assert.equal(readFileSync(outside, 'utf8'), 'OUTSIDE\n', 'nothing was written through a link');
    for (const name of [item, 'manifest.json']) assert.ok(!lstatSync(join(out, name)).isSymbolicLink(), `${name} is a regular file`);
    assert.match(readFileSync(join(out, item), 'utf8'), /^<!-- source: https:\/\/example\.com\/a -->\n# A\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { force: true });
  }
});

const freshHome = () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-modes-'));
  chmodSync(home, 0o755);
  return home;
};
const runtimeFor = (home: string, env: Record<string, string> = {}): RuntimeContext =>
  testContext({ homeDir: home, tmpDir: join(home, 'tmp'), env: { HOME: home, ...env }, networkInterfaces: () => ({}) });

// Private destinations are never cached: the fixture is reached under a public-looking name (reading.md #33).
const cacheSeams = {
  resolve: async () => [{ address: '100.128.0.7', family: 4 as const }],
  dial: (t: { port: number }) => ({ host: '127.0.0.1', port: t.port }),
};
const cacheUrl = () => `http://cache.test:${new URL(site.url('/')).port}/article`;
const cacheArgs = () => ({ url: cacheUrl(), cache_ttl_s: 60, backend_policy: 'http' });
const keyOf = () => readKey(resolveOptions(cacheArgs()), null, { cacheView: 'full' });

test('first use: ~/.occam, jobs/ and jobs.db are owner-only when the batch server creates them', async () => {
  const home = freshHome();
  const server = await startBatchServer(runtimeFor(home), { port: 0, bind: '127.0.0.1' });
  await server.close();
  assert.deepEqual([mode(join(home, '.occam')), mode(join(home, '.occam', 'jobs')), mode(join(home, '.occam', 'jobs', 'jobs.db'))], [0o700, 0o700, 0o600]);
});

test('first use: ~/.occam, jobs/ and jobs.db are owner-only when `occam batch submit` creates them', () => {
  const w = world();
  rmSync(join(w.home, '.occam'), { recursive: true, force: true });
  const r = runOccam(w, ['batch', 'submit', 'https://example.com/a', '--json'], { OCCAM_BATCH_PARALLEL: '1' });
  assert.equal(r.code, 0, r.stderr);
  const db = join(w.home, '.occam', 'jobs', 'jobs.db');
  assert.deepEqual([mode(join(w.home, '.occam')), mode(join(w.home, '.occam', 'jobs')), mode(db)], [0o700, 0o700, 0o600]);
  for (const side of ['-wal', '-shm']) if (existsSync(db + side)) assert.equal(mode(db + side), 0o600, side);
});

test('transcripts (mcp --record) and signing keys: owner-only, never through a planted link, never in an open dir', () => {
  const home = freshHome();
  const dir = join(home, 'transcripts');
  const runtime = runtimeFor(home);
  const rec = new SessionRecorder({ target: `${dir}/`, maxBytes: 1 << 20, sessionId: 's1', transport: 'stdio', runtime });
  rec.close();
  assert.deepEqual([mode(dir), mode(rec.path)], [0o700, 0o600]);
  // The next session's file name is predictable (start time + session id): a link planted there is not followed.
  const outside = join(home, 'outside.txt');
  writeFileSync(outside, 'OUTSIDE\n');
  const planted = rec.path.replace('-s1.jsonl', '-s2.jsonl');
  symlinkSync(outside, planted);
  new SessionRecorder({ target: `${dir}/`, maxBytes: 1 << 20, sessionId: 's2', transport: 'stdio', runtime }).close();
  assert.equal(readFileSync(outside, 'utf8'), 'OUTSIDE\n', 'the session was not recorded into the link target');

  const keys = openKeyStore(join(home, '.occam', 'keys'));
  assert.deepEqual([mode(join(home, '.occam')), mode(keys.dir), mode(keys.path)], [0o700, 0o700, 0o600]);
  const open = join(home, 'open-keys');
  mkdirSync(open);
  chmodSync(open, 0o777);
  assert.throws(() => openKeyStore(open), { code: 'state_dir_unsafe' });
});

test('first use: a cached read lands in the per-user cache dir, 0700 with 0600 entries (never the shared tmp)', async () => {
  const home = freshHome();
  const runtime = runtimeFor(home);
  const services = new Services(runtime);
  try {
    const r = (await transcode(cacheArgs(), { runtime, services, resolveMaxTokens: (x) => x, browser: null, ...cacheSeams })) as any;
    assert.equal(r.ok, true, JSON.stringify(r.failure));
  } finally {
    await services.disposeAll();
  }
  const cacheDir = join(home, '.cache', 'occam');
  assert.deepEqual([mode(cacheDir), mode(join(cacheDir, `${keyOf()}.json`))], [0o700, 0o600]);
  assert.equal(existsSync(join(home, 'tmp', 'occam-cache')), false);
});

/** An envelope another user planted: what the old shared cache served as ok:true, cached:true. */
function plant(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const url = cacheUrl();
  const key = keyOf();
  const response = { ok: true, url: { url, finalUrl: url }, markdown: '# PLANTED BY ANOTHER USER', contentHash: 'x' };
  writeFileSync(join(dir, `${key}.json`), JSON.stringify({ schemaVersion: 1, createdAtUnixSeconds: Date.now() / 1000, responseJson: JSON.stringify(response) }));
}

async function cachedRead(runtime: RuntimeContext): Promise<any> {
  const services = new Services(runtime);
  try {
    return await transcode(cacheArgs(), { runtime, services, resolveMaxTokens: (x) => x, browser: null, ...cacheSeams });
  } finally {
    await services.disposeAll();
  }
}

test('cache: an entry planted in the shared temp dir is never served', async () => {
  const home = freshHome();
  plant(join(home, 'tmp', 'occam-cache'));
  const r = await cachedRead(runtimeFor(home));
  assert.equal(r.ok, true);
  assert.notEqual(r.cached, true);
  assert.ok(!String(r.markdown).includes('PLANTED'));
});

test('cache: a group-writable cache dir is refused with state_dir_unsafe naming the fix', async () => {
  const home = freshHome();
  const dir = join(home, 'shared-cache');
  plant(dir);
  chmodSync(dir, 0o775);
  const r = await cachedRead(runtimeFor(home, { OCCAM_CACHE_DIR: dir }));
  assert.equal(r.ok, false);
  assert.equal(r.failure.code, 'state_dir_unsafe');
  assert.match(r.failure.message, /writable by group or other/);
  assert.match(r.failure.message, /chmod 700/);
});

test('cache: a cache dir or an entry owned by another user is never trusted (root only: needs chown)', async (t) => {
  if (!isRoot) return t.skip('needs root to give a file to another uid');
  const home = freshHome();
  const foreignDir = join(home, 'foreign-cache');
  plant(foreignDir);
  chownSync(foreignDir, OTHER_UID, OTHER_UID);
  chmodSync(foreignDir, 0o700);
  const refused = await cachedRead(runtimeFor(home, { OCCAM_CACHE_DIR: foreignDir }));
  assert.equal(refused.failure?.code, 'state_dir_unsafe');
  assert.match(refused.failure.message, /owned by uid 65534/);

  const ownDir = join(home, 'own-cache');
  plant(ownDir);
  chmodSync(ownDir, 0o700);
  chownSync(join(ownDir, `${keyOf()}.json`), OTHER_UID, OTHER_UID);
  const r = await cachedRead(runtimeFor(home, { OCCAM_CACHE_DIR: ownDir }));
  assert.equal(r.ok, true);
  assert.notEqual(r.cached, true, 'a foreign entry is a miss');
  assert.ok(!String(r.markdown).includes('PLANTED'));
});
