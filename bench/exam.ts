// Exam grading throughput, interleaved in the same run:
//  1. `occam exam grade <files...>` over 10,000 behaviour-record files beside a plain read + JSON.parse of the same
//     files. Goal: grading ≤ 2× the parse baseline.
//  2. derive + grade: `occam exam grade` over 10,000 recorded-session transcripts (the `occam mcp --record` format:
//     initialize, tools/list, the six exam calls with page-sized responses) beside `occam exam grade` over the 10,000 equivalent
//     records (each the record `occam exam record` derives from its transcript). Goal: ≤ 2×.
//  3. scaling (issue 31): one JSON-RPC transcript of 5,000, 40,000 and 400,000 reads (each producing a new
//     contentHash, the last call consuming the first), graded from its file (streamed, src/exam/transcript/input.ts).
//     Reported as time per 1,000 reads; the ratio 400k / 5k per 1,000 reads is ≈ 1 when derivation is linear (it was
//     quadratic: 5k reads 3.6 s, 40k 95.6 s). Peak RSS growth is reported beside it (bounded memory).
// Ratios are measured in-process (the verb's own runExam with output discarded) so process start-up does not
// drown the signal; one end-to-end spawn of each side of (1) is reported as well. BENCH_EXAM_ONLY=scale runs (3) only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processExamIo, runExam, type ExamIo } from '../commands/exam.ts';
import { appendFileSync } from 'node:fs';
import { deriveDocument, gradeFile, isSessionError } from '../src/exam/transcript/grade.ts';
import { TRANSCRIPT_FORMAT } from '../src/exam/transcript/formats.ts';
import { exposedToolNames, readHostConfig, registeredTools } from '../src/mcp/server.ts';
import { testContext } from '../src/runtime/context.ts';
import { compactResult } from '../src/mcp/recording.ts';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { BenchModule } from './run.ts';
import { fmt, interleaved, median, writeResult } from './util.ts';
import { EXAM_RECORDS_DIR } from '../test/helpers/fixtures.ts';

const FILES = Number(process.env.BENCH_EXAM_FILES ?? 10_000);
const SAMPLES = EXAM_RECORDS_DIR;
const OCCAM_BIN = fileURLToPath(new URL('../bin/occam.ts', import.meta.url));

/** Varied, realistic records: the spec samples with per-file subjects, hashes and argument forms. */
function writeRecords(dir: string): string[] {
  const bases = ['perfect.json', 'fail-canary.json', 'fail-basic-call.json', 'fail-focus-budget.json', 'fail-chain.json']
    .map((f) => JSON.parse(readFileSync(join(SAMPLES, f), 'utf8')));
  const paths: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const rec = structuredClone(bases[i % bases.length]);
    rec.sessionId = `bench-${i}`;
    if (i % 3 === 0) rec.basicCallArguments = JSON.stringify(rec.basicCallArguments);
    const path = join(dir, `r${i}.json`);
    writeFileSync(path, JSON.stringify(rec, null, 2));
    paths.push(path);
  }
  return paths;
}

/** A page-sized Markdown body: what real read responses carry, and what makes a transcript heavier than a record. */
const markdown = (i: number, n: number) =>
  `# Page ${i}\n\n` + Array.from({ length: n }, (_, k) => `Paragraph ${k} of page ${i} explains one behaviour of the service in plain words, with its source.`).join('\n\n');

/** The reader surface's tools/list, as a host sees it. */
const TOOL_LISTING = (() => {
  const config = readHostConfig(testContext());
  return registeredTools(config).filter((t) => exposedToolNames(registeredTools(config), config.bootProfile).includes(t.entry.name)).map((t) => t.listing);
})();

/** One recorded exam session in Occam's own transcript format (as a host records it); `i` varies which tasks pass. */
export function transcriptText(i: number): string {
  const session = `bench-session-${i}`;
  const t = '2026-12-01T08:00:00.000Z';
  const lines: string[] = [JSON.stringify({ kind: 'header', format: TRANSCRIPT_FORMAT, session, transport: 'StdioServerTransport', startedAt: t, host: { name: 'occam', version: 'bench' }, maxBytes: 8388608 })];
  // Written the way the recorder writes it (src/mcp/recording.ts: the repeated text block compacted).
  const msg = (dir: 'in' | 'out', m: object, ci: string | null) =>
    lines.push(JSON.stringify({ kind: 'message', t, dir, session, clientInfo: ci, msg: compactResult(m as JSONRPCMessage) }));
  const ci = `bench-client/${i % 50}`;
  msg('in', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-client', version: String(i % 50) } } }, null);
  msg('out', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: false } }, serverInfo: { name: 'occam', version: 'bench' } } }, ci);
  // Hosts list the tools first; the SDK writes the response as {result:{tools:[…]}, jsonrpc, id}.
  msg('in', { jsonrpc: '2.0', id: 100, method: 'tools/list', params: {} }, ci);
  msg('out', { result: { tools: TOOL_LISTING }, jsonrpc: '2.0', id: 100 }, ci);
  const hash = (k: number) => ((i * 7919 + k) >>> 0).toString(16).padStart(8, '0').repeat(8);
  const probe = `http://127.0.0.1:40000/probe/canary/p${i}`;
  const sentinel = `s${i}`.padEnd(43, 'x');
  const calls: Array<[string, object, object]> = [
    ['occam_canary_issue', {}, { ok: true, url: probe, sessionId: `p${i}`, expiresAt: t, bucket: 1 }],
    ['occam_transcode', { url: probe }, { ok: true, backend: 'canary', markdown: `# Occam proof-of-read probe\n\nSentinel: \`${sentinel}\``, contentHash: hash(9) }],
    ['occam_canary_verify', { session_id: `p${i}`, sentinel }, { ok: true, verdict: i % 7 === 0 ? 'READ_STALE' : 'READ_VERIFIED', bucket: 1 }],
    ['occam_transcode', { url: `https://docs.example.org/p${i}` }, { ok: true, backend: 'http', markdown: markdown(i, 12), contentHash: hash(1) }],
    ['occam_transcode', i % 5 === 0 ? { url: `https://docs.example.org/p${i}/limits`, max_tokens: 600 } : { url: `https://docs.example.org/p${i}/limits`, focus_query: 'rate limits', max_tokens: 600 },
      { ok: true, backend: 'http', markdown: markdown(i, 6), contentHash: hash(2), compile: { truncated: true, sectionIndex: [{ ordinal: 1, level: 2, heading: 'Limits', anchor: 'limits', status: 'included' }] } }],
    ['occam_transcode', { url: `https://docs.example.org/p${i}`, if_none_match: i % 3 === 0 ? hash(5) : hash(1) }, { ok: true, backend: 'http', markdown: '', contentHash: hash(1), unchanged: i % 3 !== 0 }],
  ];
  calls.forEach(([name, args, result], k) => {
    msg('in', { jsonrpc: '2.0', id: k + 1, method: 'tools/call', params: { name, arguments: args } }, ci);
    msg('out', { jsonrpc: '2.0', id: k + 1, result: { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result, isError: false } }, ci);
  });
  return lines.join('\n') + '\n';
}

/** 10,000 transcripts and, for each, the record derived from it (the equivalent record). */
function writeTranscriptsAndRecords(dir: string): { transcripts: string[]; records: string[]; bytes: { transcripts: number; records: number } } {
  const transcripts: string[] = [];
  const records: string[] = [];
  const bytes = { transcripts: 0, records: 0 };
  for (let i = 0; i < FILES; i++) {
    const text = transcriptText(i);
    const tPath = join(dir, `t${i}.jsonl`);
    writeFileSync(tPath, text);
    const doc = deriveDocument(text, tPath);
    if (!doc.ok || 'error' in doc.sessions[0]) throw new Error(`bench transcript ${i} did not derive`);
    const recordText = JSON.stringify(doc.sessions[0].derived.record, null, 2);
    const rPath = join(dir, `d${i}.json`);
    writeFileSync(rPath, recordText);
    transcripts.push(tPath);
    records.push(rPath);
    bytes.transcripts += text.length;
    bytes.records += recordText.length;
  }
  return { transcripts, records, bytes };
}

/** Read counts of the scaling part (3). */
export const SCALE_READS = [5_000, 40_000, 400_000] as const;

/** A JSON-RPC log of `reads` reads, each answered with a distinct contentHash; the last call passes the first back. */
export function writeScaleTranscript(path: string, reads: number): number {
  const hash = (k: number) => (k >>> 0).toString(16).padStart(8, '0').repeat(8);
  let bytes = 0;
  let chunk: string[] = [JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'scale', version: '1' } } })];
  const flush = () => {
    const text = chunk.join('\n') + '\n';
    appendFileSync(path, text);
    bytes += text.length;
    chunk = [];
  };
  for (let k = 1; k <= reads; k++) {
    const url = `https://docs.example.org/p${k}`;
    const args = k === reads ? { url: 'https://docs.example.org/p1', if_none_match: hash(1) } : { url };
    const result = { ok: true, backend: 'http', markdown: `# Page ${k}`, contentHash: hash(k) };
    chunk.push(JSON.stringify({ jsonrpc: '2.0', id: k, method: 'tools/call', params: { name: 'occam_transcode', arguments: args } }));
    chunk.push(JSON.stringify({ jsonrpc: '2.0', id: k, result: { content: [], structuredContent: result, isError: false } }));
    if (chunk.length >= 20_000) flush();
  }
  flush();
  return bytes;
}

async function scaling(dir: string): Promise<Record<string, unknown>> {
  const rows: Array<{ reads: number; bytes: number; ms: number; msPer1k: number; rssGrowthMiB: number }> = [];
  for (const reads of SCALE_READS) {
    const path = join(dir, `scale-${reads}.jsonl`);
    const bytes = writeScaleTranscript(path, reads);
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const g = gradeFile(path, Number.MAX_SAFE_INTEGER, Date.now);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!g.ok || isSessionError(g.sessions[0]) || g.sessions[0].derived?.record.evidence.calls !== reads) throw new Error(`scale transcript of ${reads} reads did not grade`);
    rows.push({ reads, bytes, ms, msPer1k: (ms * 1000) / reads, rssGrowthMiB: (peak - rss0) / 1024 / 1024 });
    rmSync(path, { force: true });
  }
  const base = rows[0].msPer1k;
  console.log('one transcript of N reads, graded from its file (streamed; same run):');
  for (const r of rows) {
    console.log(`  ${String(r.reads).padStart(7)} reads (${fmt(r.bytes / 1024 / 1024, 1)} MiB): ${fmt(r.ms)} ms, ${fmt(r.msPer1k, 2)} ms per 1k reads (${fmt(r.msPer1k / base, 2)}× the 5k rate), RSS +${fmt(r.rssGrowthMiB, 1)} MiB`);
  }
  console.log(`  ratio per 1k reads, 400k / 5k:        ${fmt(rows[2].msPer1k / base, 2)}×  (linear ≈ 1; the quadratic deriver was ≈ 80× at 40k)`);
  return { rows, ratio400kTo5k: rows[2].msPer1k / base, ratio40kTo5k: rows[1].msPer1k / base };
}

function quietIo(): ExamIo {
  let sink = 0;
  return { ...processExamIo(), out: (t) => (sink += t.length), err: (t) => (sink += t.length) };
}

const bench: BenchModule = {
  name: 'exam',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'occam-bench-exam-'));
    try {
      const scale = await scaling(dir);
      if (process.env.BENCH_EXAM_ONLY === 'scale') {
        writeResult('exam', { scale });
        return;
      }
      const files = writeRecords(dir);
      const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
      const parseAll = () => {
        for (const f of files) JSON.parse(readFileSync(f, 'utf8'));
      };
      const timed = (fn: () => unknown) => async () => {
        const t0 = performance.now();
        await fn();
        return performance.now() - t0;
      };
      parseAll(); // warm the page cache and the JIT for both sides
      await runExam(['grade', ...files], quietIo());
      const results = await interleaved(rounds, {
        parse: timed(parseAll),
        grade: timed(() => runExam(['grade', ...files], quietIo())),
        gradeJson: timed(() => runExam(['grade', ...files, '--json'], quietIo())),
      });
      const parse = median(results.parse);
      const grade = median(results.grade);
      const gradeJson = median(results.gradeJson);

      // End to end, one spawn each: includes Node and CLI start-up.
      const spawnMs = (args: string[]) => {
        const t0 = performance.now();
        const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, OCCAM_BANNER: '0' } });
        if (r.status !== 0) throw new Error(`bench spawn failed: ${args.slice(0, 3).join(' ')} → ${r.status}`);
        return performance.now() - t0;
      };
      const listFile = join(dir, 'files.json');
      writeFileSync(listFile, JSON.stringify(files));
      const e2eParse = spawnMs(['-e', `const fs=require('fs');for(const f of JSON.parse(fs.readFileSync(${JSON.stringify(listFile)},'utf8')))JSON.parse(fs.readFileSync(f,'utf8'))`]);
      const e2eGrade = spawnMs([OCCAM_BIN, 'exam', 'grade', ...files]);

      console.log(`${FILES} record files, median of ${rounds} interleaved rounds (same run)`);
      console.log(`  read + JSON.parse (baseline):        ${fmt(parse)} ms  (${fmt((parse * 1000) / FILES, 1)} µs/file)`);
      console.log(`  occam exam grade <files> (table):    ${fmt(grade)} ms  (${fmt((grade * 1000) / FILES, 1)} µs/file)`);
      console.log(`  occam exam grade <files> --json:     ${fmt(gradeJson)} ms`);
      console.log(`  ratio grade / parse:                 ${fmt(grade / parse, 2)}×  (goal ≤ 2.00)`);
      console.log(`  ratio grade --json / parse:          ${fmt(gradeJson / parse, 2)}×`);
      console.log(`  end to end, one spawn each:          occam ${fmt(e2eGrade)} ms vs node+parse ${fmt(e2eParse)} ms (${fmt(e2eGrade / e2eParse, 2)}×, includes CLI start-up)`);

      // (2) derive + grade transcripts vs grade the equivalent records.
      const tdir = join(dir, 'transcripts');
      mkdirSync(tdir);
      const pair = writeTranscriptsAndRecords(tdir);
      await runExam(['grade', ...pair.transcripts], quietIo());
      await runExam(['grade', ...pair.records], quietIo());
      // Wall time and this process's CPU time: on a shared, loaded machine the CPU time is the steadier signal.
      const cpuMs = () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      };
      const cpuTimed = (fn: () => unknown) => async () => {
        const c0 = cpuMs();
        await fn();
        return cpuMs() - c0;
      };
      const gradeRecords = () => runExam(['grade', ...pair.records], quietIo());
      const gradeTranscripts = () => runExam(['grade', ...pair.transcripts], quietIo());
      // The floor: only reading the transcript files' bytes, as the verb does (they are ~10× the records' bytes).
      const readTranscripts = () => {
        for (const f of pair.transcripts) readFileSync(f);
      };
      const derived = await interleaved(rounds, {
        records: timed(gradeRecords),
        transcripts: timed(gradeTranscripts),
        recordsCpu: cpuTimed(gradeRecords),
        transcriptsCpu: cpuTimed(gradeTranscripts),
        readCpu: cpuTimed(readTranscripts),
      });
      const readCpu = median(derived.readCpu);
      const recMs = median(derived.records);
      const trMs = median(derived.transcripts);
      const recCpu = median(derived.recordsCpu);
      const trCpu = median(derived.transcriptsCpu);
      console.log(`${FILES} recorded-session transcripts (${fmt(pair.bytes.transcripts / FILES / 1024, 1)} KiB each) vs their ${FILES} derived records (${fmt(pair.bytes.records / FILES / 1024, 1)} KiB each)`);
      console.log(`  occam exam grade <records> (baseline): ${fmt(recMs)} ms  (${fmt((recMs * 1000) / FILES, 1)} µs/file)`);
      console.log(`  occam exam grade <transcripts>:        ${fmt(trMs)} ms  (${fmt((trMs * 1000) / FILES, 1)} µs/file, derive + grade)`);
      console.log(`  ratio transcripts / records:           ${fmt(trMs / recMs, 2)}× wall, ${fmt(trCpu / recCpu, 2)}× CPU (${fmt(trCpu)} / ${fmt(recCpu)} ms)  (goal ≤ 2.00)`);
      console.log(`  of which reading the transcript files: ${fmt(readCpu)} ms CPU; derive + grade beyond the read: ${fmt((trCpu - readCpu) / recCpu, 2)}× the records' grade`);
      writeResult('exam', {
        scale, files: FILES, rounds, parseMs: parse, gradeMs: grade, gradeJsonMs: gradeJson,
        ratio: grade / parse, ratioJson: gradeJson / parse, e2eGradeMs: e2eGrade, e2eParseMs: e2eParse, samples: results,
        transcripts: { recordsMs: recMs, transcriptsMs: trMs, ratio: trMs / recMs, recordsCpuMs: recCpu, transcriptsCpuMs: trCpu, cpuRatio: trCpu / recCpu, readTranscriptsCpuMs: readCpu, bytes: pair.bytes, samples: derived },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default bench;
