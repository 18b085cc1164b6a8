// `occam batch submit|status|wait|results` from a shell: the local store (and, per backend, PostgreSQL) and a
// running batch server (--server); exit codes 0 all done / 1 some failed / 2 usage; --json is one document;
// results --out writes one Markdown file per item plus manifest.json.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, runOccam, spawnOccamServer } from '../helpers/network-server.ts';
import { hermeticEnv, OCCAM_BIN, REPO_ROOT } from '../helpers/mcp-client.ts';
import { pageHtml } from '../helpers/article-page.ts';
import { storeBackends } from '../helpers/store-backends.ts';
import { requireCommand } from '../helpers/requires.ts';
import { itemFileName, progressLine } from '../../commands/batch.ts';

let fixture: FixtureServer;
before(async () => {
  fixture = await startFixtureServer({}, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const slow = /^\/slow\/(\d+)$/.exec(path);
    if (slow) {
      await new Promise((r) => setTimeout(r, 400)); // slow enough for several redraws of the bar
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`slow-${slow[1]}-marker`));
    }
    const m = /^\/page\/(\d+)$/.exec(path);
    if (!m) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('gone');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`cli-${m[1]}-marker`));
  });
});
after(() => fixture?.close());

function occamWithStdin(args: string[], env: Record<string, string>, stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(env, env.HOME), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

it('progress line: bar, counts, rate and ETA; item file names are ordered and safe', () => {
  const line = progressLine({ total: 100, done: 40, failed: 10, running: 4 }, 0, 0, 10_000, 10);
  assert.equal(line, '[#####-----] 50/100 · 40 done · 10 failed · 4 running · 5.0/s · ETA 10s');
  assert.equal(itemFileName(0, 'https://a.example/docs/intro?x=1'), '0001-a.example-docs-intro.md');
  assert.equal(itemFileName(41, 'http://a.example/'), '0042-a.example.md');
});

for (const backend of storeBackends()) {
  describe(`occam batch on the local store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('submit a file --wait, status, results --out: exit 0 when every item is read, 1 when one failed; 2 for usage', async () => {
      const place = await backend.place();
      const env = { HOME: place.dir, OCCAM_ALLOW_PRIVATE_URLS: '1', ...place.env };
      const list = join(place.dir, 'urls.txt');
      writeFileSync(list, `# three pages\n${fixture.url('/page/1')}\n\n${fixture.url('/page/2')}\n${fixture.url('/page/3')}\n`);
      const sub = await runOccam(['batch', 'submit', list, '--wait', '--json', '--policy', 'http'], env, 60_000);
      assert.equal(sub.code, 0, sub.stderr);
      const doc = JSON.parse(sub.stdout);
      assert.equal(doc.accepted_count, 3);
      assert.deepEqual(doc.progress, { total: 3, done: 3, failed: 0, running: 0 });

      const status = await runOccam(['batch', 'status', doc.job_id], env);
      assert.equal(status.code, 0, status.stderr);
      assert.match(status.stdout, /done — 3\/3 done, 0 failed/);

      const out = join(place.dir, 'export');
      const res = await runOccam(['batch', 'results', doc.job_id, '--out', out, '--json'], env);
      assert.equal(res.code, 0, res.stderr);
      assert.equal(JSON.parse(res.stdout).files, 3);
      const files = readdirSync(out).sort();
      assert.deepEqual(files, ['0001-127.0.0.1-page-1.md', '0002-127.0.0.1-page-2.md', '0003-127.0.0.1-page-3.md', 'manifest.json']);
      assert.match(readFileSync(join(out, files[1]!), 'utf8'), /cli-2-marker/);
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      assert.equal(manifest.job_id, doc.job_id);
      assert.deepEqual(manifest.items.map((i: { file: string }) => i.file), files.slice(0, 3));

      // stdin, one URL a line; one of them fails → exit 1, and its failure is in the manifest with no file
      const failing = await occamWithStdin(['batch', 'submit', '-', '--wait', '--policy', 'http'], env, `${fixture.url('/page/4')}\n${fixture.url('/missing')}\n`);
      assert.equal(failing.code, 1, failing.stderr);
      const jobId = failing.stdout.trim();
      assert.match(jobId, /^[0-9a-f]{32}$/);
      const out2 = join(place.dir, 'export2');
      assert.equal((await runOccam(['batch', 'results', jobId, '--out', out2], env)).code, 1);
      const m2 = JSON.parse(readFileSync(join(out2, 'manifest.json'), 'utf8'));
      assert.equal(m2.items[1].file, null);
      assert.equal(m2.items[1].failure.code, 'http_404');

      assert.equal((await runOccam(['batch', 'submit', join(place.dir, 'empty-list')], env)).code, 2, 'a missing file is taken as a URL: invalid → usage');
      writeFileSync(join(place.dir, 'blank.txt'), '\n# nothing\n');
      assert.equal((await runOccam(['batch', 'submit', join(place.dir, 'blank.txt')], env)).code, 2);
      const unknown = await runOccam(['batch', 'status', 'no-such-job', '--json'], env);
      assert.equal(unknown.code, 1);
      assert.equal(JSON.parse(unknown.stdout).error.code, 'job_not_found');
    });
  });
}

it('occam batch against --server: submit there, wait, results; a server that is not running is a clear failure', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-batchcli-'));
  const port = await freePort();
  const env = { HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1' };
  const server = await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], env, 'batch_server_listening');
  try {
    const serverUrl = `http://127.0.0.1:${port}`;
    const sub = await runOccam(['batch', 'submit', fixture.url('/page/7'), fixture.url('/page/8'), '--server', serverUrl, '--policy', 'http'], env);
    assert.equal(sub.code, 0, sub.stderr);
    const jobId = sub.stdout.trim();
    const waited = await runOccam(['batch', 'wait', jobId, '--server', `${serverUrl}/v1/`, '--json'], env, 60_000);
    assert.equal(waited.code, 0, waited.stderr);
    assert.equal(JSON.parse(waited.stdout).state, 'done');
    const res = await runOccam(['batch', 'results', jobId, '--server', serverUrl], env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /cli-7-marker[\s\S]*cli-8-marker/);
  } finally {
    await server.stop();
  }
  const dead = await runOccam(['batch', 'status', 'x', '--server', `http://127.0.0.1:${await freePort()}`], env);
  assert.equal(dead.code, 1);
  assert.match(dead.stderr, /batch server .* is unreachable/);
  assert.doesNotMatch(dead.stderr, /\n\s+at /, 'a typed line, not a stack trace');
  assert.equal((await runOccam(['batch', 'status', 'x', '--server', 'ftp://h'], env)).code, 2);
  assert.equal((await runOccam(['batch'], env)).code, 2, 'no sub-verb');
  assert.equal((await runOccam(['batch', 'results'], env)).code, 2, 'missing job id');
});

it('a list longer than one job takes is split into several jobs, in order; wait takes them all', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-batchsplit-'));
  const env = { HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BATCH_MAX_URLS: '2' };
  const urls = [1, 2, 3, 4, 5].map((i) => fixture.url(`/page/${20 + i}`));
  const sub = await runOccam(['batch', 'submit', ...urls, '--wait', '--json', '--policy', 'http'], env, 90_000);
  assert.equal(sub.code, 0, sub.stderr);
  const doc = JSON.parse(sub.stdout);
  assert.equal(doc.accepted_count, 5);
  assert.deepEqual(doc.jobs.map((j: { accepted_count: number }) => j.accepted_count), [2, 2, 1]);
  assert.ok(doc.jobs.every((j: { state: string }) => j.state === 'done'));
  const plain = await runOccam(['batch', 'submit', ...urls, '--policy', 'http'], env);
  assert.equal(plain.code, 0, plain.stderr);
  const ids = plain.stdout.trim().split('\n');
  assert.equal(ids.length, 3, 'one job id a line');
  assert.match(plain.stderr, /part 3 of 3/);
  const waited = await runOccam(['batch', 'wait', ...ids, '--json'], env, 90_000);
  assert.equal(waited.code, 0, waited.stderr);
  assert.equal(JSON.parse(waited.stdout).jobs.length, 3);
  const last = await runOccam(['batch', 'results', ids[2]!], env);
  assert.match(last.stdout, /cli-25-marker/, 'the last part holds the last URL');
});

it('an unreachable job store is one typed line (or JSON), never a stack trace; a batch server refuses an out-of-range OCCAM_BATCH_MAX_URLS at start', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-batchdown-'));
  const env = { HOME: home, OCCAM_STORE_URL: `postgres://occam:secret@127.0.0.1:${await freePort()}/nowhere` };
  const plain = await runOccam(['batch', 'status', 'some-job'], env);
  assert.equal(plain.code, 1);
  assert.match(plain.stderr, /network_error: the job store \(PostgreSQL at postgres:\/\/occam:\*\*\*@127\.0\.0\.1:\d+\/nowhere\) is unreachable/);
  assert.doesNotMatch(plain.stderr, /\n\s+at |secret/, 'no stack trace, no password');
  const json = await runOccam(['batch', 'submit', 'http://a.example/', '--json'], env);
  assert.equal(json.code, 1);
  assert.equal(JSON.parse(json.stdout).error.code, 'network_error');

  const refused = await runOccam(['mcp', '--batch-server', '--port', String(await freePort())], { HOME: home, OCCAM_BATCH_MAX_URLS: '5000' });
  // operator.md §5 prints startup refusals as `invalid_arguments: …` (exit 1 there; 2 where usage errors are 2).
  assert.ok(refused.code === 1 || refused.code === 2, `refused at start (exit ${refused.code}): ${refused.stderr}`);
  assert.match(refused.stderr, /OCCAM_BATCH_MAX_URLS="5000" is out of range \(clamped to 256 \(range 1–256\)\)/);
});

it('on a real terminal, submit --wait redraws a live progress bar on stderr (done/failed/running, rate, ETA)', async (t) => {
  if (!requireCommand(t, 'script', 'apt-get install -y bsdutils (util-linux `script`)')) return;
  const home = mkdtempSync(join(tmpdir(), 'occam-batchtty-'));
  const urls = Array.from({ length: 6 }, (_, i) => fixture.url(`/slow/${i}`));
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const cmd = [process.execPath, OCCAM_BIN, 'batch', 'submit', ...urls, '--wait', '--policy', 'http'].map(quote).join(' ');
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], {
    cwd: REPO_ROOT,
    env: hermeticEnv({ HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BATCH_PARALLEL: '2', TERM: 'dumb' }, home),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (c: Buffer) => (screen += c.toString('utf8')));
  const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  clearTimeout(guard);
  assert.equal(code, 0, screen);
  const frames = [...screen.matchAll(/\x1b\[2K(\[[#-]{24}\] (\d+)\/6 · \d+ done · \d+ failed · (\d+) running · [\d.]+\/s · ETA \S+)/g)];
  assert.ok(frames.length >= 3, `the bar was redrawn while the job ran (${frames.length} frames):\n${screen}`);
  assert.ok(frames.some((f) => Number(f[3]) > 0), 'a frame showed items running');
  assert.equal(frames.at(-1)![2], '6', 'the last frame shows every item finished');
  assert.match(frames.at(-1)![1], /ETA 0s$/);
});
