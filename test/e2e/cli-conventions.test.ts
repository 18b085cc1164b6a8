// The conventions every verb keeps (operator.md §0), through the real `occam` binary in a temporary HOME:
// `--json` prints exactly one JSON document on stdout for every verb (a new verb without a row here fails);
// a closed stdout (`occam --help | head -1`) ends quietly; `occam --json` alone is a usage error; the verbs that
// parse their own arguments end their help with examples; private_url_blocked names the variable that lifts it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { makeWorld, runOccam, REPO } from '../helpers/operator-world.ts';
import { buildProgram } from '../../commands/index.ts';
import { VERB_GUIDE, examplesText } from '../../commands/guide.ts';
import { VERSION } from '../../src/version.ts';

const w = makeWorld();
after(() => w.cleanup());
const env = { OCCAM_LATEST_VERSION: '0.1.0', OCCAM_BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium' };

/** One `--json` invocation per verb that changes nothing outside the temporary HOME and needs no network. */
const JSON_RUNS: Record<string, string[][]> = {
  read: [['read', '--demo', '--json']],
  digest: [['digest', 'http://127.0.0.1:9/x', '--json']],
  map: [['map', 'http://127.0.0.1:9/', '--json']],
  session: [['session', 'list', '--json'], ['session', 'init', '--json']],
  playbook: [['playbook', 'resolve', 'https://example.com/a', '--json'], ['playbook', 'lint', '/nonexistent.json', '--json']],
  smoke: [['smoke', '--offline', '--json']],
  refresh: [['refresh', '--dry-run', '--json']],
  install: [['install', '--json']],
  connect: [['connect', '--dry-run', '--json']],
  disconnect: [['disconnect', '--dry-run', '--json']],
  doctor: [['doctor', '--json', '--skip-browser', '--skip-mcp']],
  snippet: [['snippet', '--json']],
  onboard: [['onboard', '--non-interactive', '--profile', 'default', '--json']],
  'install-browser': [['install-browser', '--json']],
  status: [['status', '--json']],
  update: [['update', '--json']],
  uninstall: [['uninstall', '--dry-run', '--json']],
  completion: [['completion', 'bash', '--json']],
  'version-surface': [['version-surface', '--json']],
  help: [['help', '--json'], ['help', 'connect', '--json']],
  keys: [['keys', 'export', '--json']],
  verify: [['verify', '--json']],
  receipts: [['receipts', 'show', 'ffffffffffffffff', '--json'], ['receipts', 'show', 'not-hex', '--json']],
  canary: [['canary', 'selftest', '--json'], ['--json', 'canary', 'vectors', '--emit']],
  batch: [['batch', 'status', 'no-such-job', '--json']],
  exam: [['exam', 'selftest', '--json'], ['exam', 'harness-selftest', '--json'], ['exam', 'tasks']],
};
/** Verbs whose stdout is not theirs to fill with a JSON report. */
const NO_JSON: Record<string, string> = { mcp: 'stdout carries MCP JSON-RPC frames' };

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], { env: { ...w.env, ...env }, cwd: w.home });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

test('--json prints exactly one JSON document on stdout, for every registered verb', async () => {
  const verbs = buildProgram().commands.map((c) => c.name());
  for (const v of verbs) assert.ok(JSON_RUNS[v] || NO_JSON[v], `no --json run for verb ${v} in this table`);
  const runs = verbs.flatMap((v) => (JSON_RUNS[v] ?? []).map((args) => ({ v, args })));
  const queue = [...runs];
  const failures: string[] = [];
  // Two at a time: each run is a full Node start-up.
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const r = await run(job.args);
        try {
          const doc = JSON.parse(r.stdout);
          assert.equal(typeof doc, 'object');
          assert.ok(doc !== null);
        } catch {
          failures.push(`occam ${job.args.join(' ')} (exit ${r.code}): stdout is not one JSON document: ${r.stdout.slice(0, 160)}`);
        }
        if (r.code < 0 || r.code > 2) failures.push(`occam ${job.args.join(' ')}: exit ${r.code} outside 0/1/2`);
      }
    }),
  );
  assert.deepEqual(failures, []);
});

test('occam --help | <reader that already left>: no EPIPE stack trace, exit 0; the same for a verb', () => {
  for (const args of [['--help'], ['help'], ['completion', 'bash']]) {
    // `true` exits before occam writes, so every write meets a closed pipe.
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${join(REPO, 'bin', 'occam.ts')}" ${args.join(' ')} | true; echo "status=\${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', env: { ...w.env } });
    assert.match(r.stderr, /status=0/, `${args.join(' ')}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /EPIPE|Unhandled 'error' event|\n\s+at /, args.join(' '));
  }
});

test('occam --json with no verb, an unknown verb or a flag commander rejects: only a JSON error on stdout, exit 2; occam alone stays exit 1', () => {
  const r = runOccam(w, ['--json']);
  assert.equal(r.code, 2);
  assert.equal(r.stderr, '');
  assert.match(r.json.error, /no command given/);
  assert.equal(runOccam(w, []).code, 1);
  const unknown = runOccam(w, ['--json', 'frobnicate']);
  assert.deepEqual([unknown.code, unknown.stderr], [2, '']);
  assert.match(unknown.json.error, /unknown command 'frobnicate'/);
  // A flag commander rejects: exit 2, and with --json the message only inside the one JSON document.
  const bad = runOccam(w, ['connect', '--no-such-flag', '--json']);
  assert.deepEqual([bad.code, bad.stderr], [2, '']);
  assert.match(bad.json.error, /unknown option '--no-such-flag'/);
  const text = runOccam(w, ['connect', '--no-such-flag']);
  assert.deepEqual([text.code, text.stdout], [2, '']);
  assert.match(text.stderr, /unknown option '--no-such-flag'/);
});

test('the self-parsing verbs end their --help with their examples (mcp on stderr, the others on stdout)', () => {
  for (const [verb, g] of Object.entries(VERB_GUIDE).filter(([, g]) => g.flags)) {
    const r = runOccam(w, [verb, '--help']);
    assert.equal(r.code, 0, `${verb}: ${r.stderr}`);
    const text = verb === 'mcp' ? r.stderr : r.stdout;
    assert.ok(text.trimEnd().endsWith(examplesText(g.examples).trimEnd()), `${verb} --help ends with its examples:\n${text.slice(-400)}`);
  }
});

test('occam --version --json prints the version as one JSON document; --version alone stays text', () => {
  const r = runOccam(w, ['--version', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json.version, VERSION);
  assert.ok('commit' in r.json && 'build' in r.json);
  const text = runOccam(w, ['--version']);
  assert.match(text.stdout, new RegExp(`^${VERSION.replace(/\./g, '\\.')}`));
});

test('private_url_blocked names OCCAM_ALLOW_PRIVATE_URLS, in the failure fix and on stderr', () => {
  const r = runOccam(w, ['read', 'http://127.0.0.1:9/x', '--json']);
  assert.equal(r.code, 1);
  assert.equal(r.json.failure.code, 'private_url_blocked');
  assert.equal(r.json.failure.message, 'Private or local URLs are blocked.', 'the contract message is unchanged');
  assert.deepEqual(r.json.failure.fix, { kind: 'allow_private_urls', command: 'OCCAM_ALLOW_PRIVATE_URLS=1', rootRequired: false });
  assert.match(r.stderr, /Set OCCAM_ALLOW_PRIVATE_URLS=1 to allow private destinations/);
});
