// Transcripts → behaviour records (src/exam/transcript/): format detection, the derivation rules with the line each
// field came from, host formats grading identically, the "no Occam tool calls" error, multi-session files, and the
// recorder's redaction and size bound (src/mcp/recording.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../helpers/fixtures.ts';
import { processExamIo, runExam, type ExamIo } from '../../../commands/exam.ts';
import { gradeDocument, isOccamTool, isSessionError, type GradedSession } from '../../../src/exam/transcript/grade.ts';
import { hostToolName, parseTranscript } from '../../../src/exam/transcript/formats.ts';
import { Redactor, REDACTED, SessionRecorder } from '../../../src/mcp/recording.ts';
import { testContext } from '../../../src/runtime/context.ts';

const DIR = join(FIXTURES_DIR, 'transcripts');
const text = (name: string) => readFileSync(join(DIR, name), 'utf8');
const NOW = () => Date.UTC(2026, 11, 1);

function gradeOne(name: string): GradedSession {
  const g = gradeDocument(text(name), name, NOW);
  assert.ok(g.ok, JSON.stringify(g));
  assert.equal(g.sessions.length, 1);
  const s = g.sessions[0];
  assert.ok(!isSessionError(s), JSON.stringify(s));
  return s;
}

/** 1-based line of the first line containing `needle`. */
const lineOf = (name: string, needle: string) => text(name).split('\n').findIndex((l) => l.includes(needle)) + 1;

test('the same exam calls as a JSON-RPC log, a Claude Code session and a Codex rollout grade identically: 4 → strong → full', () => {
  const graded = ['jsonrpc-exam.jsonl', 'claude-code-exam.jsonl', 'codex-exam.jsonl'].map(gradeOne);
  assert.deepEqual(graded.map((s) => s.kind), ['jsonrpc', 'claude-code', 'codex']);
  for (const s of graded) {
    assert.deepEqual([s.report.graded.score, s.report.graded.tier, s.report.profile], [4, 'strong', 'full'], s.kind);
    assert.deepEqual(s.report.graded.outcomes.map((o) => o.passed), [true, true, true, true]);
    assert.equal(s.report.graded.canary.path, 'claimed', 'not recorded by an Occam host');
    const rec = s.derived!.record;
    assert.equal((rec.chain as any).producedValue, (rec.chain as any).calls[1].if_none_match);
    assert.equal(rec.evidence.chain.producedKind, 'contentHash');
  }
  const [rpc, claude, codex] = graded;
  assert.deepEqual([rpc.report.subject.clientInfo, rpc.report.subject.modelHint], ['inspector-harness/0.17.2', 'unknown']);
  assert.deepEqual([claude.report.subject.clientInfo, claude.report.subject.modelHint, claude.report.subject.sessionId], ['claude-code/2.0.14', 'claude-sonnet-4-5-20250929', '6d2f6b1e-8c4a-4f0e-9b7d-2a1c3e5f7a90']);
  assert.deepEqual([codex.report.subject.clientInfo, codex.report.subject.modelHint], ['codex-mcp-client/0.58.0', 'gpt-5-codex']);
  assert.equal(claude.report.staticMapTier, 'strong', 'sonnet');

  // Attribution: each task points at the line of its call.
  const ev = claude.derived!.record.evidence;
  assert.equal(ev.canary.line, lineOf('claude-code-exam.jsonl', 'mcp__occam__occam_canary_verify'));
  assert.equal(ev.basic_call.line, lineOf('claude-code-exam.jsonl', '"input": {"url": "https://docs.example.org/guide"}}'));
  assert.equal(ev.focus_budget.line, lineOf('claude-code-exam.jsonl', '"focus_query"'));
  assert.equal(ev.chain.line, lineOf('claude-code-exam.jsonl', '"if_none_match"'));
  assert.ok(ev.chain.producedLine! < ev.chain.line!);
  const cev = codex.derived!.record.evidence;
  assert.equal(cev.chain.line, lineOf('codex-exam.jsonl', 'if_none_match'), 'the function_call line (the call\'s first line)');
  assert.equal(codex.derived!.record.evidence.calls, 6, 'events and response items of one call_id are one call');
});

test('the probe read is not the basic call; the focused call keeps its own parameter names; digest names are mapped', () => {
  const s = gradeOne('jsonrpc-exam.jsonl');
  assert.deepEqual(s.derived!.record.basicCallArguments, { url: 'https://docs.example.org/guide' });
  assert.deepEqual(s.derived!.record.focusBudgetArguments, { url: 'https://docs.example.org/guide/limits', focus_query: 'rate limit response headers', max_tokens: 1200 });

  const rpc = (id: number, name: string, args: object) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const digest = [rpc(1, 'occam_digest', { urls: ['https://a.example/'], focus_query: 'pricing', per_url_max_tokens: 900 }), rpc(2, 'occam', { url: 'https://a.example/', task: 't', budget: 500 })].join('\n');
  const d = gradeDocument(digest, 'd.log', NOW);
  assert.ok(d.ok && !isSessionError(d.sessions[0]));
  const rec = (d.sessions[0] as GradedSession).derived!.record;
  assert.deepEqual(rec.focusBudgetArguments, { focus_query: 'pricing', max_tokens: 900 }, 'first call carrying both, mapped onto the task intent');
  assert.deepEqual(rec.basicCallArguments, { url: 'https://a.example/', task: 't', budget: 500 });
});

test('a search handle fed back as url and a section name are chains the grader does not credit; the record says which', () => {
  const lines = [
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'occam_search', arguments: { query: 'x' } } }),
    JSON.stringify({ jsonrpc: '2.0', id: 1, result: { structuredContent: { ok: true, results: [{ id: 'S1', handle: 'H0a1b2c3d', url: 'https://a.example/' }] }, content: [] } }),
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'occam_transcode', arguments: { url: 'H0a1b2c3d' } } }),
  ];
  const g = gradeDocument(lines.join('\n'), 'h.log', NOW);
  assert.ok(g.ok);
  const s = g.sessions[0] as GradedSession;
  const ev = s.derived!.record.evidence.chain;
  assert.deepEqual([ev.producedKind, ev.consumedVia, ev.line, ev.producedLine], ['handle', 'url', 3, 2]);
  assert.equal(s.report.graded.outcomes[3].passed, false);
  assert.match(ev.note, /credits only if_none_match/);
});

test('no Occam tool call → "no Occam tool calls found" (exit 1), never a silent 0; not a transcript → the record parser\'s reason', async () => {
  const g = gradeDocument(text('claude-code-no-occam.jsonl'), 'x.jsonl', NOW);
  assert.ok(g.ok);
  assert.ok(isSessionError(g.sessions[0]));
  assert.match((g.sessions[0] as { error: string }).error, /no Occam tool calls found/);

  let out = '';
  let err = '';
  const io: ExamIo = { ...processExamIo(), out: (t) => (out += t), err: (t) => (err += t), now: NOW };
  assert.equal(await runExam(['grade', join(DIR, 'claude-code-no-occam.jsonl')], io), 1);
  assert.match(out + err, /no Occam tool calls found/);
  err = '';
  assert.equal(await runExam(['record', join(DIR, 'claude-code-no-occam.jsonl')], io), 1);
  assert.match(err, /no Occam tool calls found/);
  const broken = gradeDocument('{"clientInfo": "x", ', 'b.json', NOW);
  assert.deepEqual([broken.ok, !broken.ok && /not valid JSON/.test(broken.error)], [false, true]);
});

test('`exam record` writes the record with evidence; `exam grade --help` prints help (exit 0)', async () => {
  let out = '';
  let err = '';
  const io: ExamIo = { ...processExamIo(), out: (t) => (out += t), err: (t) => (err += t), now: NOW };
  assert.equal(await runExam(['record', join(DIR, 'codex-exam.jsonl')], io), 0, err);
  const rec = JSON.parse(out);
  assert.equal(rec.canaryVerdict, 'READ_VERIFIED');
  assert.equal(rec.evidence.format, 'codex');
  assert.match(err, /canary=L\d+ basic_call=L\d+ focus_budget=L\d+ chain=L\d+/);
  out = '';
  // Commander sub-commands (issue 31): their help is commander's, with the exam's own notes; examples come from the
  // guide table when the whole program is built (test/unit/cli/guide.test.ts).
  assert.equal(await runExam(['grade', '--help'], io), 0);
  assert.match(out, /^Usage: occam exam grade/);
  assert.match(out, /--apply[\s\S]*--yes[\s\S]*--json[\s\S]*OCCAM_EXAM_MAX_BYTES/);
  for (const sub of ['record', 'report', 'simulate', 'cache', 'tasks']) {
    out = '';
    assert.equal(await runExam([sub, '-h'], io), 0);
    assert.match(out, new RegExp(`Usage: occam exam ${sub}`));
    assert.match(out, /--json/);
  }
  assert.equal(await runExam(['record'], io), 2, 'no transcript → usage');
});

test('the recorder: one header, redacted lines, a truncated marker at the size bound; a file shared by two sessions grades per session', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-recorder-'));
  const file = join(dir, 'all.jsonl');
  const runtime = testContext({ homeDir: dir, env: { HOME: dir } });
  const mk = (sessionId: string, maxBytes = 1 << 20) => new SessionRecorder({ target: file, maxBytes, sessionId, transport: 'test', runtime });
  const a = mk('sess-a');
  const b = mk('sess-b', 1500);
  for (const [r, client] of [[a, 'a-client'], [b, 'b-client']] as const) {
    r.message('in', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: client, version: '1' } } });
    r.message('in', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'occam_transcode', arguments: { url: 'https://a.example/' } } });
    r.message('out', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '{"ok":true,"contentHash":"abc"}' }] } });
  }
  b.message('out', { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'x'.repeat(2000) }] } });
  b.message('out', { jsonrpc: '2.0', id: 3, result: {} });
  a.close();
  b.close();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
  const cut = lines.filter((l) => l.kind === 'truncated');
  assert.equal(cut.length, 1);
  assert.deepEqual([cut[0].session, cut[0].maxBytes], ['sess-b', 1500]);
  assert.equal(lines.filter((l) => l.session === 'sess-b' && l.msg?.id === 3).length, 0, 'nothing after the marker');
  const parsed = parseTranscript(readFileSync(file, 'utf8'), isOccamTool);
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.sessions.map((s) => [s.sessionId?.value, s.clientInfo?.value, s.calls]), [['sess-a', 'a-client/1', 1], ['sess-b', 'b-client/1', 1]]);
  assert.equal(parsed.sessions[1].truncatedAt, lines.indexOf(cut[0]) + 1);
  const g = gradeDocument(readFileSync(file, 'utf8'), 'all.jsonl', NOW);
  assert.ok(g.ok);
  assert.deepEqual(g.sessions.map((s) => s.source), ['all.jsonl#sess-a', 'all.jsonl#sess-b']);
});

test('redaction: JWTs, bearer tokens, secret-named fields and session-profile values; budgets and hashes stay', () => {
  const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
  const r = new Redactor(['cookie-value-123']);
  const out = r.value({
    arguments: { url: 'https://a.example/', max_tokens: 800, if_none_match: 'sha256:abc', api_key: 'k-1234567', access_token: 'tok', password: 'p', clientSecret: 's', tokenEstimator: 'o200k' },
    text: `Authorization: Bearer abcdefghijklmnop and ${jwt} and sid=cookie-value-123`,
    headers: { 'x-any': 'v' },
  }) as any;
  assert.deepEqual(out.arguments, { url: 'https://a.example/', max_tokens: 800, if_none_match: 'sha256:abc', api_key: REDACTED, access_token: REDACTED, password: REDACTED, clientSecret: REDACTED, tokenEstimator: 'o200k' });
  assert.equal(out.headers['x-any'], REDACTED);
  assert.ok(!out.text.includes(jwt) && !out.text.includes('abcdefghijklmnop') && !out.text.includes('cookie-value-123'), out.text);
  assert.equal(hostToolName('mcp__occam__occam_transcode', isOccamTool), 'occam_transcode');
  assert.equal(hostToolName('mcp__my__server__occam', isOccamTool), 'occam');
  assert.equal(hostToolName('mcp__other__fetch', isOccamTool), null);
});

test('a pretty-printed record is graded as a record, not as a transcript', () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-mixed-'));
  writeFileSync(join(dir, 'r.json'), JSON.stringify({ clientInfo: 'c', modelHint: 'mock-weak-7b', canaryVerdict: 'READ_VERIFIED' }, null, 2));
  const g = gradeDocument(readFileSync(join(dir, 'r.json'), 'utf8'), 'r.json', NOW);
  assert.ok(g.ok);
  const s = g.sessions[0] as GradedSession;
  assert.deepEqual([s.kind, s.report.graded.score, s.derived], ['record', 1, null]);
});

test('a tools/list response (the largest line of a real session) is skipped unparsed; the calls around it still derive', () => {
  const lines = [
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    `{"result":{"tools":[${JSON.stringify({ name: 'occam', inputSchema: { type: 'object' } })}, {"name": "truncated`, // unparsable: never parsed at all
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'occam', arguments: { url: 'https://a.example/' } } }),
    JSON.stringify({ result: { structuredContent: { ok: true, contentHash: 'h1' }, content: [] }, jsonrpc: '2.0', id: 2 }),
  ];
  const g = gradeDocument(lines.join('\n'), 'l.log', NOW);
  assert.ok(g.ok && !isSessionError(g.sessions[0]));
  const s = g.sessions[0] as GradedSession;
  assert.deepEqual([s.derived!.record.evidence.basic_call.line, s.derived!.record.evidence.calls], [3, 1]);
});

test('an unusable recording target never fails the session: one warning, the connection still serves', async () => {
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
  const { recordConnections } = await import('../../../src/mcp/recording.ts');
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-bad-'));
  writeFileSync(join(dir, 'file'), 'x');
  const warnings: string[] = [];
  // A directory target below a regular file cannot be created.
  const runtime = testContext({ homeDir: dir, env: { HOME: dir, OCCAM_RECORD: join(dir, 'file', 'sub') + '/' }, warnings });
  const server = new Server({ name: 't', version: '1' }, { capabilities: {} });
  recordConnections(server, runtime, { id: 's1' } as never);
  const sent: unknown[] = [];
  const transport = { start: async () => {}, close: async () => {}, send: async (m: unknown) => void sent.push(m) };
  await server.connect(transport as never);
  assert.match(warnings.join('\n'), /not recording this session/);
  await server.close();
});
