// `occam exam grade|tasks|selftest|harness-selftest` (exam.md §11–12): offline grading of behaviour records —
// no network, browser, host or cache. The argument grammar follows the reference so existing harness scripts
// keep working (unknown tokens ignored; an option without a value ignored); `grade <file...>` is an addition.
import type { Command } from 'commander';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { processContext } from '../src/runtime/context.ts';
import type { ExamReport } from '../src/exam/report.ts';
import { EXIT, emitMarker } from './output.ts';

// The exam library loads only when an `exam` subverb runs, so registering the verb costs other verbs nothing.
interface ExamLib {
  record: typeof import('../src/exam/record.ts');
  report: typeof import('../src/exam/report.ts');
  selftest: typeof import('../src/exam/selftest.ts');
}
let lib: ExamLib;
async function loadLib(): Promise<ExamLib> {
  if (!lib) {
    const [record, report, selftest] = await Promise.all([
      import('../src/exam/record.ts'),
      import('../src/exam/report.ts'),
      import('../src/exam/selftest.ts'),
    ]);
    lib = { record, report, selftest };
  }
  return lib;
}

export const EXAM_MARKERS = {
  selftestOk: 'EXAM_SELFTEST_OK',
  selftestFailed: 'EXAM_SELFTEST_FAILED',
  gradeOk: 'EXAM_GRADE_OK',
  harnessOk: 'EXAM_HARNESS_SELFTEST_OK',
} as const;

/** The edges of the verb, injected so tests can run it in-process. */
export interface ExamIo {
  out: (text: string) => void;
  err: (text: string) => void;
  readText: (path: string) => string;
  /** Writes UTF-8 (no BOM), creating parent directories. */
  writeText: (path: string, text: string) => void;
  now: () => number;
}

export function processExamIo(): ExamIo {
  const runtime = processContext();
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    readText: (p) => readFileSync(p, 'utf8'),
    writeText: (p, t) => {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, t, 'utf8');
    },
    now: runtime.now,
  };
}

export const EXAM_SUBVERBS = ['grade', 'tasks', 'selftest', 'harness-selftest'] as const;

const USAGE = [
  'usage: occam exam <subverb>',
  '  grade --submission P [--out R] [--write-env E]   grade one behaviour record (envelope occam-exam-grade-v1)',
  '  grade <file...> [--json]                          grade many records: a table, or one envelope per line',
  '  tasks [--out P]                                   print the task catalogue JSON',
  '  selftest                                          run the engine assertions',
  '  harness-selftest                                  run the harness-format assertions',
  `markers: ${EXAM_MARKERS.selftestOk}, ${EXAM_MARKERS.selftestFailed} checks_failed=<n>, ${EXAM_MARKERS.gradeOk}, ${EXAM_MARKERS.harnessOk}`,
  'exit codes: 0 ok · 1 failed (missing file, rejected record, failed check) · 2 usage',
].join('\n');

/** Whether an argv (after the executable and script) is an `exam` invocation at all. */
export function claimsArgv(args: readonly string[]): boolean {
  return args[0] === 'exam';
}

/** Reads `--name V`, `-x V` and `--name=V`; a flag with no following token is ignored. Last one wins. */
function optionValue(args: readonly string[], long: string, short?: string): { value: string | null; consumed: Set<number> } {
  let value: string | null = null;
  const consumed = new Set<number>();
  args.forEach((a, i) => {
    if (a.startsWith(`${long}=`)) {
      value = a.slice(long.length + 1);
      consumed.add(i);
    } else if (a === long || (short !== undefined && a === short)) {
      consumed.add(i);
      if (i + 1 < args.length) {
        value = args[i + 1];
        consumed.add(i + 1);
      }
    }
  });
  return { value, consumed };
}

/** Runs `occam exam <args>` (args start after `exam`) and returns the exit code. */
export async function runExam(args: readonly string[], io: ExamIo): Promise<number> {
  await loadLib();
  const [sub, ...rest] = args;
  switch (sub) {
    case 'grade':
      return grade(rest, io);
    case 'tasks':
      return tasks(rest, io);
    case 'selftest':
      return selftest(io, rest.includes('--json'));
    case 'harness-selftest':
      return harnessSelftest(io, rest.includes('--json'));
    case '--help':
    case '-h':
      io.out(`${USAGE}\n`);
      return EXIT.ok;
    default:
      io.err(`${sub === undefined || sub === 'help' ? '' : `occam exam: unknown subverb ${JSON.stringify(sub)}\n`}${USAGE}\n`);
      return EXIT.usage;
  }
}

function tasks(args: readonly string[], io: ExamIo): number {
  const doc = lib.report.renderJsonDocument(lib.report.taskCatalogueDocument());
  const out = optionValue(args, '--out', '-o').value;
  if (out) {
    io.writeText(out, doc);
    io.err(`[exam.tasks] wrote ${out}\n`);
  } else {
    io.out(doc);
  }
  return EXIT.ok;
}

function selftest(io: ExamIo, json: boolean): number {
  const results = lib.selftest.runChecks(lib.selftest.EXAM_SELFTEST_CHECKS);
  for (const r of results) io.err(`[exam] ${r.ok ? 'ok ' : 'FAIL'} ${r.desc}\n`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) return emitMarker(io.out, json, true, EXAM_MARKERS.selftestOk, json ? { checks: results.length, failed: [] } : {});
  for (const r of failed) io.err(`[exam.selftest] FAIL ${r.desc}\n`);
  return emitMarker(io.out, json, false, EXAM_MARKERS.selftestFailed, { checksFailed: failed.length, ...(json ? { failed: failed.map((r) => r.desc) } : {}) });
}

function harnessSelftest(io: ExamIo, json: boolean): number {
  const results = lib.selftest.runChecks(lib.selftest.HARNESS_SELFTEST_CHECKS);
  for (const r of results) io.err(`[exam.harness] ${r.ok ? 'ok ' : 'FAIL'} ${r.desc}\n`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length === 0) return emitMarker(io.out, json, true, EXAM_MARKERS.harnessOk, json ? { checks: results.length, failed: [] } : {});
  return emitMarker(io.out, json, false, 'EXAM_HARNESS_SELFTEST_FAILED', { checksFailed: failed.length, ...(json ? { failed: failed.map((r) => r.desc) } : {}) });
}

type Loaded = { ok: true; report: ExamReport } | { ok: false; error: string };

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Reads and grades one file; never throws. */
function loadAndGrade(path: string, io: ExamIo): Loaded {
  let text: string;
  try {
    text = io.readText(path);
  } catch (err) {
    return { ok: false, error: isMissing(err) ? `submission not found: ${path}` : `cannot read ${path}: ${(err as Error).message}` };
  }
  const parsed = lib.record.parseRecordText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!parsed.ok) return { ok: false, error: `record rejected (${path}): ${parsed.reason}` };
  // Offline: no canary verifier (the issuing process's secret is not here); the claimed verdict is graded.
  return { ok: true, report: lib.report.examineRecord(parsed.record, { now: io.now }) };
}

function grade(args: readonly string[], io: ExamIo): number {
  const submission = optionValue(args, '--submission', '-s');
  const out = optionValue(args, '--out', '-o');
  const writeEnv = optionValue(args, '--write-env');
  if (submission.value !== null) return gradeOne(submission.value, out.value, writeEnv.value, io);

  // The addition: positional record files. Option tokens and their values are not files.
  const consumed = new Set([...submission.consumed, ...out.consumed, ...writeEnv.consumed]);
  const files = args.filter((a, i) => !consumed.has(i) && !a.startsWith('-'));
  if (files.length === 0) {
    io.err(`occam exam grade: no submission given\n${USAGE}\n`);
    return EXIT.usage;
  }
  return gradeMany(files, args.includes('--json'), io);
}

function gradeOne(path: string, outPath: string | null, envPath: string | null, io: ExamIo): number {
  const loaded = loadAndGrade(path, io);
  if (!loaded.ok) {
    io.err(`[exam.grade] ${loaded.error}\n`);
    return EXIT.failed;
  }
  const { report } = loaded;
  const doc = lib.report.renderJsonDocument(lib.report.gradeEnvelope(report));
  if (outPath) {
    io.writeText(outPath, doc);
    io.err(`[exam.grade] wrote ${outPath}\n`);
  } else {
    io.out(doc);
  }
  if (envPath) {
    io.writeText(envPath, `OCCAM_PROFILE=${report.profile}\n`);
    io.err(`[exam.grade] wrote env ${envPath}\n`);
  }
  if (report.graded.canary.path === 'claimed') io.err(`[exam.grade] canary: ${report.graded.canary.note}\n`);
  io.err(`${lib.report.gradeSummaryLine(report)}\n`);
  // Keep stdout pure JSON when it carries the envelope.
  if (outPath) io.out(`${EXAM_MARKERS.gradeOk}\n`);
  else io.err(`${EXAM_MARKERS.gradeOk}\n`);
  return EXIT.ok;
}

function gradeMany(files: readonly string[], json: boolean, io: ExamIo): number {
  let failures = 0;
  const rows: string[][] = [];
  for (const file of files) {
    const loaded = loadAndGrade(file, io);
    if (!loaded.ok) {
      failures++;
      if (json) io.out(`${JSON.stringify({ file, ok: false, error: loaded.error })}\n`);
      else rows.push([file, '-', '-', '-', 'REJECTED', loaded.error]);
      continue;
    }
    const r = loaded.report;
    if (json) {
      // `{"file":…,"ok":true,` + the envelope's own members: no intermediate object per file.
      io.out(`{"file":${JSON.stringify(file)},"ok":true,${JSON.stringify(lib.report.gradeEnvelope(r)).slice(1)}\n`);
    } else {
      const failed = r.graded.outcomes.filter((o) => !o.passed).map((o) => o.task);
      rows.push([file, `${r.graded.score}/4`, r.graded.tier, r.profile, failed.length ? failed.join(',') : '-', r.graded.canary.path]);
    }
  }
  if (!json) io.out(table(['file', 'score', 'tier', 'profile', 'failed', 'canary'], rows));
  io.err(`[exam.grade] graded ${files.length - failures}/${files.length} file(s)${failures ? `, ${failures} rejected` : ''}\n`);
  return failures > 0 ? EXIT.failed : EXIT.ok;
}

function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  // The last column (canary path or rejection reason) is left unpadded.
  const widths = header.map((_, c) => all.reduce((w, r) => Math.max(w, r[c].length), 0));
  return all.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ')).join('\n') + '\n';
}

export function register(program: Command): void {
  program
    .command('exam')
    .description('capability exam: grade behaviour records offline, print the task catalogue, run the self-tests')
    .argument('[args...]', 'subverb and its arguments (occam exam help)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (args: string[]) => {
      // The global --json is consumed by the program; hand it back to the subverb that uses it.
      const json = program.opts().json === true && !args.includes('--json');
      process.exitCode = await runExam(json ? [...args, '--json'] : args, processExamIo());
    });
}
