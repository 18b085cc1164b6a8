// Recorded sessions graded offline: a real MCP SDK client drives `occam mcp --record` through the four exam tasks,
// then `occam exam grade <transcript>` scores the transcript (issue 18). Also: the same calls as a plain JSON-RPC
// log grade identically, and secrets (a session-profile cookie, a JWT) never reach the transcript.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv, startMcp } from '../helpers/mcp-client.ts';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

const SECTIONS = ['Installation', 'Configuration', 'Rate limits', 'Response headers', 'Errors', 'Changelog'];
const longPage = `<!doctype html><html lang="en"><head><title>Service guide</title></head><body><main><article><h1>Service guide</h1>
${SECTIONS.map((h, i) => `<h2>${h}</h2>\n${[1, 2, 3, 4, 5].map((n) => `<p>${h} paragraph ${n}: the service documents behaviour ${i}.${n} in plain words so a reader can quote it, with enough detail that a budgeted read has to choose what to keep.</p>`).join('\n')}`).join('\n')}
</article></main></body></html>`;

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJvcGVyYXRvciIsImlhdCI6MTcwMDAwMDAwMH0.c2lnbmF0dXJlLXZhbHVlLXNlY3JldA';
const COOKIE_VALUE = 'sess-9f8e7d6c5b4a39281706';

let site: FixtureServer;
before(async () => {
  site = await startFixtureServer({
    '/guide': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(longPage),
    // Echoes what it was sent, the way a logged-in page shows account details: the cookie and a token.
    '/account': (req, res) =>
      void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><title>Account</title></head><body><main><article><h1>Account</h1><p>Your cookie is ${String(req.headers.cookie ?? 'none')} and your API token is ${JWT} for this session of the account page, shown in full.</p><p>Second paragraph so the page reads as an article with some body text to keep.</p></article></main></body></html>`),
  });
});
after(async () => {
  await site?.close();
});

function occam(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(env, env.HOME), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Recorded {
  file: string;
  /** The HOME of the recording host: its signing key attests the canary verdicts. */
  home: string;
  lines: Array<Record<string, any>>;
  /** Line number (1-based) of the tools/call request whose tool and predicate match. */
  callLine: (tool: string, pred?: (args: Record<string, any>) => boolean) => number;
}

function readTranscript(dir: string, home: string): Recorded {
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  assert.equal(files.length, 1, 'one session, one file');
  const file = join(dir, files[0]);
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
  return {
    file,
    home,
    lines,
    callLine: (tool, pred = () => true) => {
      const i = lines.findIndex((l) => l.msg?.method === 'tools/call' && l.msg.params.name === tool && pred(l.msg.params.arguments ?? {}));
      assert.ok(i >= 0, `a ${tool} call`);
      return i + 1;
    },
  };
}

/** Drives one exam session; `sentinel` overrides what the agent reports (a made-up value). */
async function recordSession(dir: string, opts: { sentinel?: string } = {}): Promise<Recorded> {
  const s = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' }, ['mcp', '--record', dir]);
  const home = s.home;
  try {
    const issued = (await s.call('occam_canary_issue', {})).json;
    const probe = await s.call('occam_transcode', { url: issued.url });
    const sentinel = opts.sentinel ?? /Sentinel:\s*`([^`]+)`/.exec(probe.json.markdown)?.[1];
    assert.ok(sentinel, 'the probe read shows the sentinel');
    await s.call('occam_canary_verify', { session_id: issued.sessionId, sentinel });
    const first = await s.call('occam_transcode', { url: site.url('/guide') });
    assert.equal(first.json.ok, true, JSON.stringify(first.json).slice(0, 300));
    const focused = await s.call('occam_transcode', { url: site.url('/guide'), focus_query: 'rate limit response headers', max_tokens: 400 });
    assert.equal(focused.json.ok, true);
    const again = await s.call('occam_transcode', { url: site.url('/guide'), if_none_match: first.json.contentHash });
    assert.equal(again.json.unchanged, true, 'the conditional re-read is unchanged');
  } finally {
    await s.close();
  }
  return readTranscript(dir, home);
}

/** `occam --json exam grade` on the recording host's install (its HOME), unless another HOME is given. */
function gradeJson(file: string, env: Record<string, string> = { HOME: recorded.home }) {
  const r = occam(['--json', 'exam', 'grade', file], env);
  const lines = r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return { code: r.code, stderr: r.stderr, envelopes: lines };
}

const passed = (env: any) => Object.fromEntries((env.outcomes as any[]).map((o) => [o.task, o.passed]));

let recorded: Recorded;

test('a session recorded by `occam mcp --record` grades 4 → strong → full, every task attributed to its transcript line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-'));
  recorded = await recordSession(dir);
  const header = recorded.lines[0];
  assert.deepEqual([header.kind, header.format], ['header', 'occam-mcp-transcript-v1']);
  const init = recorded.lines.find((l) => l.msg?.method === 'initialize');
  assert.equal(init?.dir, 'in');
  assert.ok(recorded.lines.some((l) => l.dir === 'out' && l.clientInfo === 'occam-test/1.0.0'), 'lines carry the negotiated clientInfo');
  assert.ok(recorded.lines.slice(1).every((l) => l.session === header.session && !Number.isNaN(Date.parse(l.t))));

  const g = gradeJson(recorded.file);
  assert.equal(g.code, 0, g.stderr);
  assert.equal(g.envelopes.length, 1);
  const env = g.envelopes[0];
  assert.deepEqual([env.score, env.tier, env.profile, env.toolCount], [4, 'strong', 'full', 18]);
  assert.deepEqual(env.canaryAdjudication.path, 'verifier', 'the recording host adjudicated the sentinel and signed it');
  const verifyLine = recorded.lines.find((l) => l.dir === 'out' && l.attestation);
  assert.equal(verifyLine?.attestation.format, 'occam-canary-attestation-v1');
  const elsewhere = gradeJson(recorded.file, {}).envelopes[0];
  assert.deepEqual([elsewhere.score, elsewhere.canaryAdjudication.path], [4, 'claimed'], 'another install cannot check the signature');
  assert.deepEqual(env.subject.clientInfo, 'occam-test/1.0.0');
  const at = Object.fromEntries((env.transcript.attribution as any[]).map((a) => [a.task, a.line]));
  const guide = site.url('/guide');
  assert.deepEqual(at, {
    canary: recorded.callLine('occam_canary_verify'),
    basic_call: recorded.callLine('occam_transcode', (a) => a.url === guide && Object.keys(a).length === 1),
    focus_budget: recorded.callLine('occam_transcode', (a) => a.focus_query !== undefined),
    chain: recorded.callLine('occam_transcode', (a) => a.if_none_match !== undefined),
  });

  // The table form names the lines too, and `exam record` writes the record with its evidence.
  const table = occam(['exam', 'grade', recorded.file], { HOME: recorded.home });
  assert.equal(table.code, 0);
  assert.match(table.stdout, new RegExp(`canary:L${at.canary} basic_call:L${at.basic_call} focus_budget:L${at.focus_budget} chain:L${at.chain}`));
  const out = join(dir, 'record.json');
  const rec = occam(['exam', 'record', recorded.file, '--out', out], { HOME: recorded.home });
  assert.equal(rec.code, 0, rec.stderr);
  const record = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(record.chain.producedValue, record.chain.calls[1].if_none_match);
  assert.equal(record.evidence.chain.producedKind, 'contentHash');
  // Graded as a record (offline, no verifier): still 4, the canary now a claimed verdict.
  const asRecord = gradeJson(out).envelopes[0];
  assert.deepEqual([asRecord.score, asRecord.canaryAdjudication.path], [4, 'claimed']);
});

/** The recorded transcript with one tools/call's arguments rewritten. */
function variant(name: string, line: number, edit: (args: Record<string, any>) => void): string {
  const lines = recorded.lines.map((l) => structuredClone(l));
  edit(lines[line - 1].msg.params.arguments);
  const file = join(mkdtempSync(join(tmpdir(), 'occam-rec-var-')), `${name}.jsonl`);
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

test('the same session with the chain value altered scores 3; without the focus scores 3', () => {
  const chainLine = recorded.callLine('occam_transcode', (a) => a.if_none_match !== undefined);
  const altered = gradeJson(variant('chain', chainLine, (a) => (a.if_none_match = `${a.if_none_match.slice(0, -4)}beef`))).envelopes[0];
  assert.deepEqual([altered.score, altered.tier], [3, 'medium']);
  assert.deepEqual(passed(altered), { canary: true, basic_call: true, focus_budget: true, chain: false });
  assert.equal(altered.transcript.attribution[3].line, chainLine, 'the failed chain still points at the attempt');

  const focusLine = recorded.callLine('occam_transcode', (a) => a.focus_query !== undefined);
  const unfocused = gradeJson(variant('nofocus', focusLine, (a) => delete a.focus_query)).envelopes[0];
  assert.deepEqual([unfocused.score, unfocused.tier], [3, 'medium']);
  assert.deepEqual(passed(unfocused), { canary: true, basic_call: true, focus_budget: false, chain: true });
});

test('a made-up sentinel reported to occam_canary_verify fails the canary task', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-fake-'));
  const fake = await recordSession(dir, { sentinel: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  const env = gradeJson(fake.file, { HOME: fake.home }).envelopes[0];
  assert.deepEqual([env.score, env.canaryAdjudication.path, env.canaryAdjudication.verdict], [3, 'verifier', 'HALLUCINATED']);
  assert.deepEqual(passed(env), { canary: false, basic_call: true, focus_budget: true, chain: true });

  // Editing the verdict in the file breaks the host's signature: the edit is graded as a claim, never as verified.
  const edited = join(dir, 'edited.jsonl');
  writeFileSync(edited, readFileSync(fake.file, 'utf8').replace(/"verdict":"HALLUCINATED"/g, '"verdict":"READ_VERIFIED"').replace(/\\"verdict\\":\\"HALLUCINATED\\"/g, '\\"verdict\\":\\"READ_VERIFIED\\"'));
  const forged = gradeJson(edited, { HOME: fake.home }).envelopes[0];
  assert.equal(forged.canaryAdjudication.path, 'claimed');
  assert.match(forged.transcript.attribution[0].note, /not signed by this install's key/);
});

test('the recorded calls as a plain JSON-RPC log (one message per line) grade identically', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'occam-rpc-')), 'proxy.log');
  writeFileSync(file, recorded.lines.filter((l) => l.kind === 'message').map((l) => JSON.stringify(l.msg)).join('\n') + '\n');
  const rpc = gradeJson(file).envelopes[0];
  const own = gradeJson(recorded.file).envelopes[0];
  assert.deepEqual([rpc.score, rpc.tier, passed(rpc)], [own.score, own.tier, passed(own)]);
  assert.equal(rpc.transcript.format, 'jsonrpc');
  assert.equal(rpc.canaryAdjudication.path, 'claimed', 'a foreign log carries a claimed verdict');
  assert.deepEqual(rpc.transcript.attribution.map((a: any) => a.line), own.transcript.attribution.map((a: any) => a.line - 1), 'same messages, one header line fewer');
});

test('redaction: a session-profile cookie and a JWT never appear in the transcript', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-rec-home-'));
  mkdirSync(join(home, '.occam', 'sessions'), { recursive: true });
  writeFileSync(join(home, '.occam', 'sessions', 'acct.json'), JSON.stringify({ Cookie: `sid=${COOKIE_VALUE}; theme=dark`, _occam: { hosts: ['127.0.0.1'] } }));
  const dir = join(home, 'transcripts');
  const s = await startMcp({ HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1' }, ['mcp', '--record', `${dir}/`]);
  let markdown = '';
  try {
    const r = await s.call('occam_transcode', { url: site.url('/account'), session_profile: 'acct', must_contain: JWT });
    assert.equal(r.json.ok, true, JSON.stringify(r.json).slice(0, 300));
    markdown = r.json.markdown;
    await s.call('occam_client_capabilities', { model_id: 'mock-strong', context_window_tokens: 100000 });
  } finally {
    await s.close();
  }
  assert.ok(markdown.includes(COOKIE_VALUE) && markdown.includes(JWT), 'the page really echoed both secrets to the client');
  const [file] = readdirSync(dir);
  const text = readFileSync(join(dir, file), 'utf8');
  assert.ok(text.includes('occam_transcode') && text.includes('[redacted]'), 'the call was recorded, with redactions');
  assert.equal(text.includes(COOKIE_VALUE), false, 'cookie value redacted');
  assert.equal(text.includes(JWT), false, 'JWT redacted');
  assert.equal(text.includes(JWT.split('.')[1]), false, 'no JWT payload fragment either');
});
