// `occam exam grade|record|report|cache|tasks|selftest|harness-selftest` (exam.md §11–12): offline grading of
// behaviour records and of session transcripts (derived first, src/exam/transcript/) — no network, browser or host.
// The argument grammar of `grade --submission` follows the reference so existing harness scripts keep working
// (unknown tokens ignored; an option without a value ignored); positional files, transcripts, `--apply`, `record`,
// `report` and `cache` are additions.
import type { Command } from 'commander';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { processContext, type RuntimeContext } from '../src/runtime/context.ts';
import { readBoundedFile } from '../src/runtime/bounded-input.ts';
import { OccamError } from '../src/contract/failures.ts';
import type { ExamReport } from '../src/exam/report.ts';
import type { GradedSession, SessionError } from '../src/exam/transcript/grade.ts';
import type { DerivedRecord } from '../src/exam/transcript/derive.ts';
import type { ExamGradeStore } from '../src/store/exam-grades.ts';
import type { AttestationVerifier } from '../src/exam/transcript/attestation.ts';
import { EXIT, emitMarker } from './output.ts';

// The exam library loads only when an `exam` subverb runs, so registering the verb costs other verbs nothing.
interface ExamLib {
  record: typeof import('../src/exam/record.ts');
  report: typeof import('../src/exam/report.ts');
  selftest: typeof import('../src/exam/selftest.ts');
  transcript: typeof import('../src/exam/transcript/grade.ts');
}
let lib: ExamLib;
async function loadLib(): Promise<ExamLib> {
  if (!lib) {
    const [record, report, selftest, transcript] = await Promise.all([
      import('../src/exam/record.ts'),
      import('../src/exam/report.ts'),
      import('../src/exam/selftest.ts'),
      import('../src/exam/transcript/grade.ts'),
    ]);
    lib = { record, report, selftest, transcript };
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
  /** A record's or transcript's raw bytes (read undecoded: transcript lines the grader skips are never decoded). */
  readBytes: (path: string) => Uint8Array;
  /** Writes UTF-8 (no BOM), creating parent directories. */
  writeText: (path: string, text: string) => void;
  /** The files under a directory (recursively, sorted), or null when the path is not a directory. */
  listFiles: (path: string) => string[] | null;
  now: () => number;
  /** The state store the grade cache lives in (`--apply`, `cache list|clear`). */
  openStore: () => Promise<ExamGradeStore>;
  /** Checks canary attestations in Occam transcripts against this install's signing key (undefined: no key here). */
  attestationVerifier: () => Promise<AttestationVerifier | undefined>;
}

/** Verifies with the install's signing key, if one exists (reading a key never mints one). */
async function installVerifier(runtime: RuntimeContext): Promise<AttestationVerifier | undefined> {
  const [{ occamPaths }, { attestationBytes }, { openKeyStore, SIGNING_KEY_FILE }, { verifyDetached }] = await Promise.all([
    import('../src/config/paths.ts'),
    import('../src/exam/transcript/attestation.ts'),
    import('../src/trust/keys.ts'),
    import('../src/trust/receipts/sign.ts'),
  ]);
  try {
    const dir = occamPaths(runtime).keysDir;
    if (!existsSync(join(dir, SIGNING_KEY_FILE))) return undefined;
    const store = openKeyStore(dir);
    return (session, att) => {
      const key = store.publicKeyFor(att.keyId);
      return key !== null && verifyDetached(key, attestationBytes(session, att), att.sig);
    };
  } catch {
    return undefined; // an unreadable key verifies nothing: attested verdicts grade as claimed
  }
}

function walkFiles(path: string): string[] | null {
  try {
    if (!statSync(path).isDirectory()) return null;
  } catch {
    return null;
  }
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.isFile() && /\.(jsonl|json|ndjson|log)$/i.test(e.name)) out.push(p);
    }
  };
  visit(path);
  return out;
}

export function processExamIo(): ExamIo {
  const runtime = processContext();
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    readBytes: (p) => readBoundedFile(p, 'transcript'),
    writeText: (p, t) => {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, t, 'utf8');
    },
    listFiles: walkFiles,
    now: runtime.now,
    openStore: async () => (await import('../src/store/exam-grades.ts')).openExamGradeStore(runtime as RuntimeContext),
    attestationVerifier: () => installVerifier(runtime),
  };
}

export const EXAM_SUBVERBS = ['grade', 'record', 'report', 'cache', 'tasks', 'selftest', 'harness-selftest'] as const;

const USAGE = [
  'usage: occam exam <subverb>   (occam exam <subverb> --help for its options and examples)',
  '  grade --submission P [--out R] [--write-env E] [--apply]  grade one record or transcript (envelope occam-exam-grade-v1)',
  '  grade <file...> [--json] [--apply]                        grade many records/transcripts: a table, or one envelope per line',
  '  record <transcript> [--out R] [--session ID]              derive the behaviour record of a recorded session',
  '  report <dir|file...> [--json] [--html OUT]                H3: behavioural tier vs static map vs self-report',
  '  cache list|clear [--json]                                 the stored grades that size the next session',
  '  tasks [--out P]                                           print the task catalogue JSON',
  '  selftest                                                  run the engine assertions',
  '  harness-selftest                                          run the harness-format assertions',
  `markers: ${EXAM_MARKERS.selftestOk}, ${EXAM_MARKERS.selftestFailed} checks_failed=<n>, ${EXAM_MARKERS.gradeOk}, ${EXAM_MARKERS.harnessOk}`,
  'exit codes: 0 ok · 1 failed (missing file, rejected record, no Occam calls, failed check) · 2 usage',
].join('\n');

const FORMATS_NOTE =
  'Transcripts: `occam mcp --record` JSONL, a plain JSON-RPC log (one message per line), Claude Code project session JSONL, Codex CLI rollouts.';

const SUB_HELP: Readonly<Record<string, string>> = {
  grade: [
    'usage: occam exam grade --submission P [--out R] [--write-env E] [--apply]',
    '       occam exam grade <file...> [--json] [--apply]',
    '',
    'Grades behaviour records (exam.md §2) and session transcripts alike: a transcript is derived first',
    '(see `occam exam record`), every session in it graded. ' + FORMATS_NOTE,
    '',
    '  -s, --submission P   one record or single-session transcript → the grade envelope on stdout (or --out)',
    '  -o, --out R          write the envelope to R (EXAM_GRADE_OK then goes to stdout)',
    '  --write-env E        write OCCAM_PROFILE=<profile> to E',
    '  --json               with <file...>: one envelope per line instead of the table',
    '  --apply              store the grade in the state store, keyed by its clientInfo, so the next `occam mcp`',
    '                       (OCCAM_EXAM_MCP=1) for that client starts on the graded surface; OCCAM_PROFILE_LOCK still wins',
    '',
    'Examples:',
    '  occam exam grade --submission record.json',
    '  occam exam grade ~/.occam/transcripts/2026-12-01T09-00-00-000Z-4f1c.jsonl',
    '  occam exam grade --apply session.jsonl',
    '  occam --json exam grade a.json b.jsonl',
  ].join('\n'),
  record: [
    'usage: occam exam record <transcript> [--out record.json] [--session ID]',
    '',
    'Derives the behaviour record of one session by the exam\'s own definitions; its `evidence` block names the',
    'transcript line every field came from (the record parser ignores it). ' + FORMATS_NOTE,
    'A transcript without any Occam tool call fails with "no Occam tool calls found".',
    '',
    '  -o, --out R      write the record to R instead of stdout',
    '  --session ID     pick one session of a transcript file that holds several',
    '',
    'Examples:',
    '  occam exam record session.jsonl --out record.json',
    '  occam exam record ~/.claude/projects/-home-me-app/7f0c….jsonl',
  ].join('\n'),
  report: [
    'usage: occam exam report <dir|file...> [--json] [--html OUT]',
    '',
    'Grades every record and transcript found (directories are walked for .json/.jsonl/.ndjson/.log files) and',
    'compares, per session, the behavioural tier with the static model-name arm and the self-report arm (H3,',
    'ADR-0016): agreement counts, confusion tables, over-/under-trust shares, and the CompetenceTracker\'s',
    'oscillations replayed over the live calls of transcripts.',
    '',
    '  --json        one JSON document (protocol occam-exam-h3-v1) instead of the tables',
    '  --html OUT    also write a self-contained HTML report with one chart',
    '',
    'Examples:',
    '  occam exam report ~/.occam/transcripts',
    '  occam exam report runs/ --html h3.html',
  ].join('\n'),
  cache: [
    'usage: occam exam cache list|clear [--json]',
    '',
    'The exam grade cache in the state store (exam.md §6: 24 h TTL, 1024 subjects, first-in first-out): what',
    'occam_exam_submit and `occam exam grade --apply` stored, and what sizes the next `occam mcp` session.',
    '',
    'Examples:',
    '  occam exam cache list',
    '  occam exam cache clear',
  ].join('\n'),
  tasks: ['usage: occam exam tasks [--out P]', '', 'Prints the task catalogue JSON (exam.md §3.5).', '', 'Example:', '  occam exam tasks --out tasks.json'].join('\n'),
  selftest: ['usage: occam exam selftest', '', `Runs the engine assertions; ${EXAM_MARKERS.selftestOk} on stdout when all pass.`].join('\n'),
  'harness-selftest': ['usage: occam exam harness-selftest', '', `Runs the harness-format assertions; ${EXAM_MARKERS.harnessOk} on stdout when all pass.`].join('\n'),
};

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

/** Positional tokens: not an option, not the value of one of `options`. */
function positionals(args: readonly string[], ...options: Array<{ consumed: Set<number> }>): string[] {
  const consumed = new Set(options.flatMap((o) => [...o.consumed]));
  return args.filter((a, i) => !consumed.has(i) && !a.startsWith('-'));
}

/** This install's attestation check, resolved once per run of a subverb that reads transcripts. */
let verifyAttestation: AttestationVerifier | undefined;

/** Runs `occam exam <args>` (args start after `exam`) and returns the exit code. */
export async function runExam(args: readonly string[], io: ExamIo): Promise<number> {
  await loadLib();
  const [sub, ...rest] = args;
  if (sub !== undefined && SUB_HELP[sub] && (rest.includes('--help') || rest.includes('-h'))) {
    io.out(`${SUB_HELP[sub]}\n`);
    return EXIT.ok;
  }
  if (sub === 'grade' || sub === 'record' || sub === 'report') verifyAttestation = await io.attestationVerifier();
  switch (sub) {
    case 'grade':
      return grade(rest, io);
    case 'record':
      return record(rest, io);
    case 'report':
      return report(rest, io);
    case 'cache':
      return cache(rest, io);
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

type Loaded = { ok: true; sessions: Array<GradedSession | SessionError> } | { ok: false; error: string };

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function readInput(path: string, io: ExamIo): { ok: true; text: Uint8Array } | { ok: false; error: string } {
  try {
    return { ok: true, text: io.readBytes(path) };
  } catch (err) {
    if (err instanceof OccamError) return { ok: false, error: `${err.code}: ${err.message}` };
    return { ok: false, error: isMissing(err) ? `submission not found: ${path}` : `cannot read ${path}: ${(err as Error).message}` };
  }
}

/** Reads and grades one file (a record, or every session of a transcript); never throws. */
function loadAndGrade(path: string, io: ExamIo): Loaded {
  const input = readInput(path, io);
  if (!input.ok) return input;
  return lib.transcript.gradeDocument(input.text, path, io.now, { verifyAttestation });
}

/** The exam tasks in grading order (exam.md §1), keys of a transcript's evidence. */
const TASK_FIELDS = ['canary', 'basic_call', 'focus_budget', 'chain'] as const;

/** The envelope, plus — for a transcript — where each task's evidence sits in it. */
function envelopeOf(s: GradedSession): Record<string, unknown> {
  const env = lib.report.gradeEnvelope(s.report);
  if (s.derived) {
    const ev = s.derived.record.evidence;
    env.transcript = {
      file: s.source,
      format: ev.format,
      calls: ev.calls,
      truncatedAt: ev.truncatedAt,
      attribution: TASK_FIELDS.map((task) => ({ task, ...ev[task] })),
      subject: { clientInfo: ev.clientInfo, modelHint: ev.modelHint, sessionId: ev.sessionId },
    };
  }
  return env;
}

/** `canary:L7 basic_call:L9 …` — each task's transcript line (`sep` between task and line, `none` when absent). */
function taskLines(ev: DerivedRecord['record']['evidence'], sep = ':', none = '-'): string {
  return TASK_FIELDS.map((t) => `${t}${sep}${ev[t].line === null ? none : `L${ev[t].line}`}`).join(' ');
}

function linesCell(s: GradedSession): string {
  return s.derived ? taskLines(s.derived.record.evidence) : '-';
}

/** Runs `fn` on the grade store and closes it; an open or store error is one stderr line and exit 1. */
async function withStore(io: ExamIo, tag: string, fn: (store: ExamGradeStore) => Promise<number>): Promise<number> {
  let store: ExamGradeStore;
  try {
    store = await io.openStore();
  } catch (err) {
    io.err(`[exam.${tag}] cannot open the grade store: ${(err as Error).message}\n`);
    return EXIT.failed;
  }
  try {
    return await fn(store);
  } catch (err) {
    io.err(`[exam.${tag}] grade store: ${(err as Error).message}\n`);
    return EXIT.failed;
  } finally {
    await store.close();
  }
}

/** `--apply`: the grade sizes the next session of its clientInfo (exam.md §8.4 keys on clientInfo alone). */
function applyGrades(sessions: readonly GradedSession[], io: ExamIo): Promise<number> {
  return withStore(io, 'grade', async (store) => {
    for (const s of sessions) {
      const g = s.report.graded;
      const result = { score: g.score, tier: g.tier, outcomes: g.outcomes, gradedAt: g.gradedAt, source: g.source };
      const subject = s.report.subject;
      const bootstrap = lib.record.subjectOf({ clientInfo: subject.clientInfo });
      await store.store(subject, result);
      if (lib.record.subjectKey(bootstrap) !== lib.record.subjectKey(subject)) await store.store(bootstrap, result);
      if (subject.clientInfo === lib.record.UNKNOWN) {
        io.err(`[exam.grade] applied ${s.source}, but it names no clientInfo: no host session can match it\n`);
      } else {
        io.err(`[exam.grade] applied ${s.source}: clientInfo=${subject.clientInfo} tier=${g.tier} profile=${s.report.profile} (${store.backend} ${store.location}; hosts with OCCAM_EXAM_MCP=1 pick it up at initialize)\n`);
      }
    }
    return EXIT.ok;
  });
}

async function grade(args: readonly string[], io: ExamIo): Promise<number> {
  const submission = optionValue(args, '--submission', '-s');
  const out = optionValue(args, '--out', '-o');
  const writeEnv = optionValue(args, '--write-env');
  const apply = args.includes('--apply');
  if (submission.value !== null) return gradeOne(submission.value, out.value, writeEnv.value, apply, io);

  // The addition: positional record / transcript files. Option tokens and their values are not files.
  const files = positionals(args, submission, out, writeEnv);
  if (files.length === 0) {
    io.err(`occam exam grade: no submission given\n${SUB_HELP.grade}\n`);
    return EXIT.usage;
  }
  return gradeMany(files, args.includes('--json'), apply, io);
}

async function gradeOne(path: string, outPath: string | null, envPath: string | null, apply: boolean, io: ExamIo): Promise<number> {
  const loaded = loadAndGrade(path, io);
  if (!loaded.ok) {
    io.err(`[exam.grade] ${loaded.error}\n`);
    return EXIT.failed;
  }
  if (loaded.sessions.length !== 1) {
    io.err(`[exam.grade] ${path} holds ${loaded.sessions.length} sessions; grade them with \`occam exam grade ${path}\` (positional form)\n`);
    return EXIT.failed;
  }
  const s = loaded.sessions[0];
  if (lib.transcript.isSessionError(s)) {
    io.err(`[exam.grade] ${s.error}\n`);
    return EXIT.failed;
  }
  const { report } = s;
  const doc = lib.report.renderJsonDocument(envelopeOf(s));
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
  if (apply && (await applyGrades([s], io)) !== EXIT.ok) return EXIT.failed;
  // Keep stdout pure JSON when it carries the envelope.
  if (outPath) io.out(`${EXAM_MARKERS.gradeOk}\n`);
  else io.err(`${EXAM_MARKERS.gradeOk}\n`);
  return EXIT.ok;
}

async function gradeMany(files: readonly string[], json: boolean, apply: boolean, io: ExamIo): Promise<number> {
  let failures = 0;
  let graded = 0;
  const rows: string[][] = [];
  const ok: GradedSession[] = [];
  const reject = (file: string, error: string) => {
    failures++;
    if (json) io.out(`${JSON.stringify({ file, ok: false, error })}\n`);
    else rows.push([file, '-', '-', '-', 'REJECTED', '-', error]);
  };
  for (const file of files) {
    const loaded = loadAndGrade(file, io);
    if (!loaded.ok) {
      reject(file, loaded.error);
      continue;
    }
    for (const s of loaded.sessions) {
      if (lib.transcript.isSessionError(s)) {
        reject(s.source, s.error);
        continue;
      }
      graded++;
      ok.push(s);
      const r = s.report;
      if (json) {
        // `{"file":…,"ok":true,` + the envelope's own members: no intermediate object per file.
        io.out(`{"file":${JSON.stringify(s.source)},"ok":true,${JSON.stringify(envelopeOf(s)).slice(1)}\n`);
      } else {
        const failed = r.graded.outcomes.filter((o) => !o.passed).map((o) => o.task);
        rows.push([s.source, `${r.graded.score}/4`, r.graded.tier, r.profile, failed.length ? failed.join(',') : '-', linesCell(s), r.graded.canary.path]);
      }
    }
  }
  if (!json) {
    // The `lines` column (each task's transcript line) appears only when a transcript was graded.
    const withLines = ok.some((s) => s.derived !== null);
    const shaped = withLines ? rows : rows.map((r) => [...r.slice(0, 5), ...r.slice(6)]);
    io.out(table(['file', 'score', 'tier', 'profile', 'failed', ...(withLines ? ['lines'] : []), 'canary'], shaped));
  }
  const unit = ok.some((s) => s.derived !== null) ? 'session(s)' : 'file(s)';
  io.err(`[exam.grade] graded ${graded}/${graded + failures} ${unit}${failures ? `, ${failures} rejected` : ''}\n`);
  if (apply && ok.length > 0 && (await applyGrades(ok, io)) !== EXIT.ok) return EXIT.failed;
  return failures > 0 ? EXIT.failed : EXIT.ok;
}

function record(args: readonly string[], io: ExamIo): number {
  const out = optionValue(args, '--out', '-o');
  const only = optionValue(args, '--session');
  const [path, ...extra] = positionals(args, out, only);
  if (!path || extra.length > 0) {
    io.err(`occam exam record: ${path ? 'exactly one transcript' : 'no transcript given'}\n${SUB_HELP.record}\n`);
    return EXIT.usage;
  }
  const input = readInput(path, io);
  if (!input.ok) {
    io.err(`[exam.record] ${input.error}\n`);
    return EXIT.failed;
  }
  const doc = lib.transcript.deriveDocument(input.text, path, { verifyAttestation });
  if (!doc.ok) {
    io.err(`[exam.record] ${path}: ${doc.error}\n`);
    return EXIT.failed;
  }
  let sessions = doc.sessions;
  if (only.value !== null) sessions = sessions.filter((s) => s.source.endsWith(`#${only.value}`) || ('derived' in s && s.derived.record.sessionId === only.value));
  if (sessions.length !== 1) {
    const ids = doc.sessions.map((s) => s.source.split('#')[1] ?? s.source).join(', ');
    io.err(`[exam.record] ${path}: ${sessions.length === 0 ? 'no such session' : `${sessions.length} sessions`} (${ids}); pick one with --session ID\n`);
    return EXIT.failed;
  }
  const s = sessions[0];
  if ('error' in s) {
    io.err(`[exam.record] ${s.error}\n`);
    return EXIT.failed;
  }
  const text = lib.report.renderJsonDocument(s.derived.record);
  if (out.value) {
    io.writeText(out.value, text);
    io.err(`[exam.record] wrote ${out.value}\n`);
  } else {
    io.out(text);
  }
  const ev = s.derived.record.evidence;
  io.err(`[exam.record] ${ev.format} transcript, ${ev.calls} Occam call(s): ${taskLines(ev, '=', 'none')}\n`);
  return EXIT.ok;
}

async function report(args: readonly string[], io: ExamIo): Promise<number> {
  const html = optionValue(args, '--html');
  const targets = positionals(args, html);
  if (targets.length === 0) {
    io.err(`occam exam report: no directory or file given\n${SUB_HELP.report}\n`);
    return EXIT.usage;
  }
  const files: string[] = [];
  for (const t of targets) {
    const listed = io.listFiles(t);
    files.push(...(listed ?? [t]));
  }
  const { summariseH3 } = await import('../src/exam/h3.ts');
  const render = await import('../src/exam/h3-render.ts');
  const inputs: Parameters<typeof summariseH3>[0][number][] = [];
  const rejected: SessionError[] = [];
  for (const file of files) {
    const loaded = loadAndGrade(file, io);
    if (!loaded.ok) {
      rejected.push({ source: file, error: loaded.error });
      continue;
    }
    for (const s of loaded.sessions) {
      if (lib.transcript.isSessionError(s)) rejected.push(s);
      else inputs.push({ source: s.source, kind: s.kind, report: s.report, observations: s.observations });
    }
  }
  for (const r of rejected) io.err(`[exam.report] skipped ${r.source}: ${r.error}\n`);
  if (inputs.length === 0) {
    io.err(`[exam.report] no gradable session in ${targets.join(', ')}\n`);
    return EXIT.failed;
  }
  const summary = summariseH3(inputs);
  if (html.value) {
    io.writeText(html.value, render.renderH3Html(summary, new Date(io.now()).toISOString()));
    io.err(`[exam.report] wrote ${html.value}\n`);
  }
  if (args.includes('--json')) io.out(lib.report.renderJsonDocument({ ...summary, rejected }));
  else io.out(render.renderH3Text(summary));
  io.err(`[exam.report] ${summary.sessions} session(s) graded${rejected.length ? `, ${rejected.length} skipped` : ''}\n`);
  return EXIT.ok;
}

async function cache(args: readonly string[], io: ExamIo): Promise<number> {
  const action = args.find((a) => !a.startsWith('-'));
  if (action !== 'list' && action !== 'clear') {
    io.err(`occam exam cache: ${action ? `unknown action ${JSON.stringify(action)}` : 'list or clear?'}\n${SUB_HELP.cache}\n`);
    return EXIT.usage;
  }
  const json = args.includes('--json');
  return withStore(io, 'cache', async (store) => {
    if (action === 'clear') {
      const removed = await store.clear();
      if (json) io.out(lib.report.renderJsonDocument({ ok: true, backend: store.backend, location: store.location, removed }));
      io.err(`[exam.cache] cleared ${removed} grade(s) from ${store.backend} ${store.location}\n`);
      return EXIT.ok;
    }
    const entries = await store.list();
    const iso = (t: number) => new Date(t).toISOString();
    if (json) {
      io.out(
        lib.report.renderJsonDocument({
          ok: true,
          backend: store.backend,
          location: store.location,
          ttlMs: store.ttlMs,
          capacity: store.capacity,
          entries: entries.map((e) => ({ subject: e.subject, score: e.result.score, tier: e.result.tier, source: e.result.source, gradedAt: e.result.gradedAt, storedAt: iso(e.storedAt), expiresAt: iso(e.expiresAt) })),
        }),
      );
    } else {
      const rows = entries.map((e) => [e.subject.clientInfo, e.subject.modelHint, e.subject.sessionId, `${e.result.score}/4`, e.result.tier, iso(e.storedAt), iso(e.expiresAt)]);
      io.out(rows.length ? table(['clientInfo', 'modelHint', 'sessionId', 'score', 'tier', 'storedAt', 'expiresAt'], rows) : '(no stored grades)\n');
    }
    io.err(`[exam.cache] ${entries.length} live grade(s) in ${store.backend} ${store.location}\n`);
    return EXIT.ok;
  });
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
    .description('capability exam: grade behaviour records and session transcripts, derive records, H3 report, grade cache, self-tests')
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
