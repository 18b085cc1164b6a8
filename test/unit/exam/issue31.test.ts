// Issue 31: linear and bounded grading, one grade per session, formats and typed codes, diff_against as the tool
// contract says, invalid_url as a caller error, and --apply written only on the operator's confirmation. Real files
// in a temporary directory; the verb runs in-process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processExamIo, runExam, type ExamIo } from '../../../commands/exam.ts';
import { gradeDocument, gradeFile, isSessionError, type GradedSession } from '../../../src/exam/transcript/grade.ts';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_FORMATS } from '../../../src/exam/transcript/formats.ts';
import { MemoryGradeStore } from '../../../src/store/exam-grades.ts';
import { subjectOf } from '../../../src/exam/record.ts';

const NOW = () => Date.UTC(2027, 0, 15, 8, 0, 0);
type Call = [tool: string, args: Record<string, unknown>, result: Record<string, unknown>];

/** One client's session as JSON-RPC messages: initialize, then each tool call and its result. */
function rpc(client: string, calls: Call[], idBase = 1): Array<Record<string, unknown>> {
  const [name, version] = client.split('/');
  const out: Array<Record<string, unknown>> = [{ jsonrpc: '2.0', id: idBase - 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version } } }];
  calls.forEach(([tool, args, result], k) => {
    out.push({ jsonrpc: '2.0', id: idBase + k, method: 'tools/call', params: { name: tool, arguments: args } });
    out.push({ jsonrpc: '2.0', id: idBase + k, result: { content: [], structuredContent: result, isError: result.ok === false } });
  });
  return out;
}

const PAGE = 'https://docs.example.org/guide';
const STRONG: Call[] = [
  ['occam_canary_issue', {}, { ok: true, url: 'http://127.0.0.1:4000/probe/canary/p1', sessionId: 'p1' }],
  ['occam_canary_verify', { session_id: 'p1', sentinel: 'real' }, { ok: true, verdict: 'READ_VERIFIED' }],
  ['occam', { url: PAGE }, { ok: true, contentHash: 'c'.repeat(64) }],
  ['occam_transcode', { url: PAGE, focus_query: 'limits', max_tokens: 800 }, { ok: true }],
  ['occam_transcode', { url: PAGE, if_none_match: 'c'.repeat(64) }, { ok: true, unchanged: true }],
];
const WEAK: Call[] = [
  ['occam_canary_issue', {}, { ok: true, url: 'http://127.0.0.1:4000/probe/canary/p2', sessionId: 'p2' }],
  ['occam_canary_verify', { session_id: 'p2', sentinel: 'guess' }, { ok: true, verdict: 'HALLUCINATED' }],
  ['occam', { url: 'guide' }, { ok: false, failure: { code: 'invalid_url', message: 'not absolute' } }],
];
const jsonl = (msgs: Array<Record<string, unknown>>) => msgs.map((m) => JSON.stringify(m)).join('\n') + '\n';

function harness() {
  const dir = mkdtempSync(join(tmpdir(), 'occam-issue31-'));
  const store = new MemoryGradeStore({ now: NOW });
  let stdout = '';
  let stderr = '';
  let answer: boolean | null = null;
  const io: ExamIo = { ...processExamIo(), out: (t) => (stdout += t), err: (t) => (stderr += t), now: NOW, openStore: async () => store, confirm: async () => answer };
  return {
    dir,
    store,
    answer: (a: boolean | null) => (answer = a),
    write: (name: string, text: string | Buffer) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
    run: async (...args: string[]) => {
      stdout = '';
      stderr = '';
      const code = await runExam(args, io);
      return { code, stdout, stderr };
    },
  };
}

const sessionsOf = (g: ReturnType<typeof gradeDocument>): GradedSession[] => {
  assert.ok(g.ok, g.ok ? '' : g.error);
  return g.sessions.map((s) => {
    assert.ok(!isSessionError(s), isSessionError(s) ? s.error : '');
    return s as GradedSession;
  });
};

test('linear derivation: a 60,000-read transcript streamed from its file derives the chain from its last call to its first read', () => {
  const h = harness();
  const path = join(h.dir, 'large.jsonl');
  const reads = 60_000;
  const hash = (k: number) => k.toString(16).padStart(64, '0');
  writeFileSync(path, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'big', version: '1' } } }) + '\n');
  let chunk = '';
  for (let k = 1; k <= reads; k++) {
    const args = k === reads ? { url: 'https://a.example/1', if_none_match: hash(1) } : { url: `https://a.example/${k}` };
    chunk += `${JSON.stringify({ jsonrpc: '2.0', id: k, method: 'tools/call', params: { name: 'occam_transcode', arguments: args } })}\n`;
    chunk += `${JSON.stringify({ jsonrpc: '2.0', id: k, result: { structuredContent: { ok: true, contentHash: hash(k) } } })}\n`;
    if (k % 5000 === 0) {
      appendFileSync(path, chunk);
      chunk = '';
    }
  }
  appendFileSync(path, chunk);
  const g = gradeFile(path, 1 << 30, NOW);
  const [s] = sessionsOf(g);
  const ev = s.derived!.record.evidence;
  assert.equal(ev.calls, reads);
  assert.equal(ev.chain.line, 2 * reads, 'the consuming call is the last request');
  assert.equal(ev.chain.producedLine, 3, 'it consumes the first response');
  assert.equal(s.report.graded.outcomes.find((o) => o.task === 'chain')!.passed, true);
});

test('bounded input: a device is refused before reading, a file above the cap is refused, both as usage errors with codes', async () => {
  const h = harness();
  const dev = await h.run('grade', '--json', '-s', '/dev/zero');
  assert.equal(dev.code, 2);
  assert.deepEqual([JSON.parse(dev.stdout).ok, JSON.parse(dev.stdout).code], [false, 'exam_input_not_regular']);
  const g = gradeFile(h.write('big.jsonl', jsonl(rpc('c/1', STRONG))), 64, NOW);
  assert.deepEqual(g.ok ? null : g.code, 'exam_input_too_large');
  const missing = await h.run('grade', '--json', join(h.dir, 'absent.jsonl'));
  assert.equal(missing.code, 2);
  assert.equal(JSON.parse(missing.stdout.trim().split('\n')[0]).code, 'exam_input_not_found');
});

test('one grade per session: two concatenated JSON-RPC logs grade as two sessions, each with its own client and canary', () => {
  const sessions = sessionsOf(gradeDocument(jsonl([...rpc('strong-client/1.0', STRONG), ...rpc('weak-client/2.0', WEAK)]), 'two.log', NOW));
  assert.deepEqual(sessions.map((s) => [s.source, s.report.subject.clientInfo, s.report.graded.score]), [
    ['two.log#1', 'strong-client/1.0', 4],
    ['two.log#2', 'weak-client/2.0', 0],
  ]);
});

test('one grade per session: Claude Code JSONL with two sessionIds, and an Occam recording shared by two clients', () => {
  const claude = (sessionId: string, model: string, k: number) => [
    { type: 'assistant', sessionId, version: '2.0.1', message: { model, content: [{ type: 'tool_use', id: `t${k}`, name: 'mcp__occam__occam', input: { url: PAGE } }] } },
    { type: 'user', sessionId, message: { content: [{ type: 'tool_result', tool_use_id: `t${k}`, content: [{ type: 'text', text: JSON.stringify({ ok: true, contentHash: `h${k}` }) }] }] } },
  ];
  const cc = sessionsOf(gradeDocument(jsonl([...claude('s-one', 'model-a', 1), ...claude('s-two', 'model-b', 2)]), 'cc.jsonl', NOW));
  assert.deepEqual(cc.map((s) => [s.report.subject.sessionId, s.report.subject.modelHint]), [['s-one', 'model-a'], ['s-two', 'model-b']]);

  // A stateless Streamable HTTP host records every client under one host session: the per-line clientInfo splits them.
  const lines: Array<Record<string, unknown>> = [{ kind: 'header', format: TRANSCRIPT_FORMAT, session: 'host' }];
  for (const [client, calls] of [['strong-client/1.0', STRONG], ['weak-client/2.0', WEAK]] as const) {
    rpc(client, calls).forEach((msg) => lines.push({ kind: 'message', dir: 'method' in msg ? 'in' : 'out', session: 'host', clientInfo: client, msg }));
  }
  const occ = sessionsOf(gradeDocument(jsonl(lines), 'http.jsonl', NOW));
  assert.deepEqual(occ.map((s) => [s.report.subject.clientInfo, s.report.graded.score]), [['strong-client/1.0', 4], ['weak-client/2.0', 0]]);
});

test('`exam grade` prints one row per session and a summary', async () => {
  const h = harness();
  const file = h.write('two.log', jsonl([...rpc('strong-client/1.0', STRONG), ...rpc('weak-client/2.0', WEAK)]));
  const r = await h.run('grade', file);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 4);
  assert.match(lines[1], /two\.log#1\s+4\/4\s+strong/);
  assert.match(lines[2], /two\.log#2\s+0\/4\s+weak/);
  assert.match(lines[3], /^graded 2\/2 session\(s\) \(weak 1, medium 0, strong 1\)$/);
  const one = await h.run('grade', '--submission', file);
  assert.equal(one.code, 0, 'a multi-session --submission grades every session instead of failing');
  assert.match(one.stdout, /two\.log#2/);
});

test('formats: Claude Desktop mcp-server log and both VS Code output-log spellings grade; UTF-16 input is decoded', () => {
  const msgs = rpc('claude-ai/0.1.0', STRONG);
  const desktop = msgs.map((m) => `2026-06-13T14:44:29.945Z [info] [occam] Message from ${'method' in m ? 'client' : 'server'}: ${JSON.stringify(m)}`);
  const d = sessionsOf(gradeDocument(['2026-06-13T14:44:29.818Z [info] [occam] Initializing server...', ...desktop].join('\n'), 'mcp-server-occam.log', NOW));
  assert.deepEqual([d[0].kind, d[0].report.subject.clientInfo, d[0].report.graded.score], ['claude-desktop', 'claude-ai/0.1.0', 4]);
  const vsNew = msgs.map((m) => `2026-07-24 02:03:14.089 [debug] [${'method' in m ? 'editor -> server' : 'server -> editor'}] ${JSON.stringify(m)}`);
  const vsOld = msgs.map((m) => `2025-03-23 16:38:00.970 [info] [${'method' in m ? 'Client Says' : 'Server Says'}] ${JSON.stringify(m)}`);
  for (const text of [vsNew, vsOld]) {
    const v = sessionsOf(gradeDocument(['2026-07-24 02:03:14.031 [info] Starting server occam', ...text].join('\n'), 'vscode.log', NOW));
    assert.deepEqual([v[0].kind, v[0].report.graded.score], ['vscode', 4]);
  }
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(jsonl(msgs), 'utf16le')]);
  const u = sessionsOf(gradeDocument(utf16, 'utf16.log', NOW));
  assert.deepEqual([u[0].kind, u[0].report.graded.score], ['jsonrpc', 4]);
  // The same from files (the streamed path): UTF-16 LE and BE by their BOM.
  const dir = mkdtempSync(join(tmpdir(), 'occam-utf16-'));
  const be = Buffer.from(jsonl(msgs), 'utf16le').swap16();
  for (const [name, bytes] of [['le.log', utf16], ['be.log', Buffer.concat([Buffer.from([0xfe, 0xff]), be])]] as const) {
    writeFileSync(join(dir, name), bytes);
    const f = sessionsOf(gradeFile(join(dir, name), 1 << 20, NOW));
    assert.deepEqual([f[0].report.subject.clientInfo, f[0].report.graded.score], ['claude-ai/0.1.0', 4], name);
  }
});

test('unknown formats: prose and unknown JSONL get unknown_transcript_format naming the known formats (exit 1, --json {ok:false, code, message})', async () => {
  const h = harness();
  for (const [name, text] of [['notes.txt', 'just some notes\nabout a session\n'], ['other.jsonl', '{"a":1}\n{"b":2}\n']]) {
    const r = await h.run('grade', '--json', '-s', h.write(name, text));
    assert.equal(r.code, 1, name);
    const doc = JSON.parse(r.stdout);
    assert.deepEqual([doc.ok, doc.code], [false, 'unknown_transcript_format']);
    for (const f of TRANSCRIPT_FORMATS) assert.ok(doc.message.includes(f), `${name}: ${f}`);
  }
  const rec = await h.run('grade', '--json', '-s', h.write('broken.json', '{"clientInfo": "x", '));
  assert.deepEqual([rec.code, JSON.parse(rec.stdout).code], [1, 'invalid_arguments']);
});

test('chain: diff_against with the block hashes a read produced passes; diff_against with its contentHash fails', () => {
  const read: Call = ['occam_transcode', { url: PAGE, json_blocks: true }, { ok: true, contentHash: 'c'.repeat(64), blocks: [{ hash: '0123456789abcdef' }, { hash: 'fedcba9876543210' }] }];
  const chain = (diff: string) => {
    const [s] = sessionsOf(gradeDocument(jsonl(rpc('c/1', [read, ['occam_transcode', { url: PAGE, diff_against: diff }, { ok: true }]])), 'd.log', NOW));
    return s.report.graded.outcomes.find((o) => o.task === 'chain')!;
  };
  assert.equal(chain('["0123456789abcdef","fedcba9876543210"]').passed, true);
  assert.equal(chain('fedcba9876543210').passed, true, 'CSV form');
  const wrong = chain('c'.repeat(64));
  assert.equal(wrong.passed, false);
  assert.match(wrong.detail, /diff_against/);
  // Without block hashes in the read, the contentHash in diff_against is still the wrong value.
  const noBlocks: Call = ['occam_transcode', { url: PAGE }, { ok: true, contentHash: 'd'.repeat(64) }];
  const [s] = sessionsOf(gradeDocument(jsonl(rpc('c/1', [noBlocks, ['occam_transcode', { url: PAGE, diff_against: 'd'.repeat(64) }, { ok: true }]])), 'e.log', NOW));
  const o = s.report.graded.outcomes.find((x) => x.task === 'chain')!;
  assert.equal(o.passed, false);
  assert.match(o.detail, /takes block hashes/);
});

test('tracker replay: invalid_url from a malformed call counts as a caller error', () => {
  const [s] = sessionsOf(gradeDocument(jsonl(rpc('c/1', WEAK)), 'w.log', NOW));
  const obs = s.observations!.find((o) => o.toolName === 'occam')!;
  assert.equal(obs.callerError, true);
  assert.equal(s.activity!.callerErrors, 1);
});

test('--apply: the subject is printed and the operator must confirm (--yes in scripts); keyed by client + model; a claimed strong grade is stored as medium', async () => {
  const h = harness();
  const file = h.write('s.json', JSON.stringify({ clientInfo: 'desk/2.0', modelHint: 'model-x', canaryVerdict: 'READ_VERIFIED', basicCallArguments: { url: PAGE }, focusBudgetArguments: { task: 'x', budget: 800 }, chain: { calls: [{}, { if_none_match: 'h' }], producedValue: 'h' } }));
  h.answer(null); // no terminal
  const noTty = await h.run('grade', '--apply', file);
  assert.equal(noTty.code, 2);
  assert.match(noTty.stderr, /clientInfo=desk\/2\.0 modelHint=model-x/);
  assert.match(noTty.stderr, /exam_confirmation_required/);
  assert.equal(await h.store.count(), 0, 'nothing written without confirmation');
  h.answer(false);
  assert.equal((await h.run('grade', '--apply', file)).code, 1, 'the operator said no');
  assert.equal(await h.store.count(), 0);
  const yes = await h.run('grade', '--apply', '--yes', file);
  assert.equal(yes.code, 0, yes.stderr);
  assert.equal((await h.store.get(subjectOf({ clientInfo: 'desk/2.0', modelHint: 'model-x' })))?.tier, 'medium', 'claimed canary: applied as medium, not strong');
  assert.equal(await h.store.get(subjectOf({ clientInfo: 'desk/2.0' })), null, 'a missing model is its own key');
});
