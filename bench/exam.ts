// Exam grading throughput: `occam exam grade <files...>` over 10,000 behaviour-record files, beside a plain
// read + JSON.parse of the same files, interleaved in the same run. Goal: grading ≤ 2× the parse baseline.
// The ratio is measured in-process (the verb's own runExam with output discarded) so process start-up does not
// drown the signal; one end-to-end spawn of each side is reported as well.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processExamIo, runExam, type ExamIo } from '../commands/exam.ts';
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

function quietIo(): ExamIo {
  let sink = 0;
  return { ...processExamIo(), out: (t) => (sink += t.length), err: (t) => (sink += t.length) };
}

const bench: BenchModule = {
  name: 'exam',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'occam-bench-exam-'));
    try {
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
      writeResult('exam', {
        files: FILES, rounds, parseMs: parse, gradeMs: grade, gradeJsonMs: gradeJson,
        ratio: grade / parse, ratioJson: gradeJson / parse, e2eGradeMs: e2eGrade, e2eParseMs: e2eParse, samples: results,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default bench;
