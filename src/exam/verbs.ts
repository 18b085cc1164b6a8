// The work behind `occam exam grade|record|report|cache|tasks|selftest|harness-selftest` (exam.md §11–12): offline
// grading of behaviour records and session transcripts — no network, browser or host. commands/exam.ts only turns
// flags into these calls. Every failure has a failure-taxonomy code; with `json`, errors are `{ok:false, code,
// message}` on stdout. Exit codes: 0 ok · 1 ran and failed · 2 usage (a missing or unreadable input included).
import type { ExamGradeStore } from '../store/exam-grades.ts';
import { applicableTier } from './grader.ts';
import { UNKNOWN } from './record.ts';
import { gradeEnvelope, gradeSummaryLine, renderJsonDocument, taskCatalogueDocument } from './report.ts';
import { EXAM_SELFTEST_CHECKS, HARNESS_SELFTEST_CHECKS, runChecks } from './selftest.ts';
import { profileForTier, TIERS, type Tier } from './tiers.ts';
import type { AttestationVerifier } from './transcript/attestation.ts';
import type { DerivedRecord } from './transcript/derive.ts';
import { deriveFile, gradeFile, isSessionError, type ExamErrorCode, type GradedSession, type SessionError } from './transcript/grade.ts';

import { EXAM_EXIT, EXAM_MARKERS } from './markers.ts';

export { EXAM_EXIT, EXAM_MARKERS };

/** Input errors are usage errors (the operator named something that cannot be read); the rest ran and failed. */
const USAGE_CODES: ReadonlySet<string> = new Set(['exam_input_not_found', 'exam_input_not_regular', 'exam_input_too_large', 'exam_confirmation_required']);
export const exitFor = (code: string): number => (USAGE_CODES.has(code) ? EXAM_EXIT.usage : EXAM_EXIT.failed);

/** The edges of the verb, injected so tests can run it in-process. */
export interface ExamIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Largest input read from one file or stdin (OCCAM_EXAM_MAX_BYTES). */
  maxBytes: number;
  /** Writes UTF-8 (no BOM), creating parent directories. */
  writeText: (path: string, text: string) => void;
  /** The files under a directory (recursively, sorted), or null when the path is not a directory. */
  listFiles: (path: string) => string[] | null;
  now: () => number;
  /** The state store the grade cache lives in (`--apply`, `cache list|clear`). */
  openStore: () => Promise<ExamGradeStore>;
  /** Checks canary attestations in Occam transcripts against this install's signing key (undefined: no key here). */
  attestationVerifier: () => Promise<AttestationVerifier | undefined>;
  /** Asks the operator a yes/no question; null when no one can be asked (no terminal). */
  confirm: (message: string) => Promise<boolean | null>;
}

/** One exam error: `{ok:false, code, message}` on stdout with --json, one stderr line otherwise. Returns the exit code. */
export function fail(io: ExamIo, json: boolean, tag: string, code: ExamErrorCode | 'exam_confirmation_required', message: string): number {
  if (json) io.out(renderJsonDocument({ ok: false, code, message }));
  io.err(`[exam.${tag}] ${code}: ${message}\n`);
  return exitFor(code);
}

// ——— tasks / selftests ———

export function runTasks(io: ExamIo, out: string | null): number {
  const doc = renderJsonDocument(taskCatalogueDocument());
  if (out) {
    io.writeText(out, doc);
    io.err(`[exam.tasks] wrote ${out}\n`);
  } else {
    io.out(doc);
  }
  return EXAM_EXIT.ok;
}

/** `MARKER k=v` as text, or one `{ok, marker, …}` document with --json. */
function marker(io: ExamIo, json: boolean, ok: boolean, name: string, fields: Record<string, unknown> = {}): number {
  if (json) io.out(`${JSON.stringify({ ok, marker: name, ...fields }, null, 2)}\n`);
  else {
    const pairs = Object.entries(fields)
      .filter(([, v]) => v === null || typeof v !== 'object')
      .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}=${String(v)}`);
    io.out(`${name}${pairs.join('')}\n`);
  }
  return ok ? EXAM_EXIT.ok : EXAM_EXIT.failed;
}

export function runSelftest(io: ExamIo, json: boolean, harness = false): number {
  const results = runChecks(harness ? HARNESS_SELFTEST_CHECKS : EXAM_SELFTEST_CHECKS);
  const tag = harness ? 'exam.harness' : 'exam';
  for (const r of results) io.err(`[${tag}] ${r.ok ? 'ok ' : 'FAIL'} ${r.desc}\n`);
  const failed = results.filter((r) => !r.ok);
  const [okMarker, failedMarker] = harness ? [EXAM_MARKERS.harnessOk, EXAM_MARKERS.harnessFailed] : [EXAM_MARKERS.selftestOk, EXAM_MARKERS.selftestFailed];
  if (failed.length === 0) return marker(io, json, true, okMarker, json ? { checks: results.length, failed: [] } : {});
  if (!harness) for (const r of failed) io.err(`[exam.selftest] FAIL ${r.desc}\n`);
  return marker(io, json, false, failedMarker, { checksFailed: failed.length, ...(json ? { failed: failed.map((r) => r.desc) } : {}) });
}

// ——— grade ———

type Loaded = { ok: true; sessions: Array<GradedSession | SessionError> } | { ok: false; code: ExamErrorCode; error: string };

async function loader(io: ExamIo): Promise<(path: string) => Loaded> {
  const verifyAttestation = await io.attestationVerifier();
  return (path) => gradeFile(path, io.maxBytes, io.now, { verifyAttestation });
}

/** The exam tasks in grading order (exam.md §1), keys of a transcript's evidence. */
const TASK_FIELDS = ['canary', 'basic_call', 'focus_budget', 'chain'] as const;

/** The envelope, plus — for a transcript — where each task's evidence sits in it. */
export function envelopeOf(s: GradedSession): Record<string, unknown> {
  const env = gradeEnvelope(s.report);
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

/** Runs `fn` on the grade store and closes it; an open or store error is one stderr line and exit 1. */
async function withStore(io: ExamIo, tag: string, fn: (store: ExamGradeStore) => Promise<number>): Promise<number> {
  let store: ExamGradeStore;
  try {
    store = await io.openStore();
  } catch (err) {
    io.err(`[exam.${tag}] cannot open the grade store: ${(err as Error).message}\n`);
    return EXAM_EXIT.failed;
  }
  try {
    return await fn(store);
  } catch (err) {
    io.err(`[exam.${tag}] grade store: ${(err as Error).message}\n`);
    return EXAM_EXIT.failed;
  } finally {
    await store.close();
  }
}

/**
 * `--apply`: the operator writes grades. Each session's subject (client name/version + model — the persisted key)
 * and the tier it would size are printed, then confirmed (a terminal prompt, or `--yes` in scripts). A strong grade
 * whose canary is not this install's proof is stored as medium (widening needs proof).
 */
async function applyGrades(sessions: readonly GradedSession[], io: ExamIo, yes: boolean, json: boolean): Promise<number> {
  for (const s of sessions) {
    const { subject } = s.report;
    const a = applicableTier(s.report.graded);
    io.err(
      `[exam.grade] to apply: ${s.source}: clientInfo=${subject.clientInfo} modelHint=${subject.modelHint} sessionId=${subject.sessionId} ` +
        `graded=${s.report.graded.tier} applies=${a.tier} (${profileForTier(a.tier)}; canary evidence: ${s.report.graded.canary.evidence})\n`,
    );
    if (subject.clientInfo === UNKNOWN) io.err(`[exam.grade]   it names no clientInfo: no host session can match it\n`);
    if (a.capped) io.err(`[exam.grade]   ${a.note}\n`);
  }
  if (!yes) {
    const answer = await io.confirm(`Store ${sessions.length} grade(s) above so the next \`occam mcp\` sessions of those clients start on that surface?`);
    if (answer === null) return fail(io, json, 'grade', 'exam_confirmation_required', 'applying grades needs confirmation: run on a terminal, or pass --yes');
    if (!answer) {
      io.err('[exam.grade] not applied\n');
      return EXAM_EXIT.failed;
    }
  }
  return withStore(io, 'grade', async (store) => {
    for (const s of sessions) {
      const g = s.report.graded;
      const a = applicableTier(g);
      await store.store(s.report.subject, { score: g.score, tier: a.tier, outcomes: g.outcomes, gradedAt: g.gradedAt, source: g.source });
      io.err(`[exam.grade] applied ${s.source}: clientInfo=${s.report.subject.clientInfo} modelHint=${s.report.subject.modelHint} tier=${a.tier} profile=${profileForTier(a.tier)} (${store.backend} ${store.location}; hosts with OCCAM_EXAM_MCP=1 pick it up at initialize)\n`);
    }
    return EXAM_EXIT.ok;
  });
}

export interface GradeOptions {
  submission: string | null;
  files: readonly string[];
  out: string | null;
  writeEnv: string | null;
  apply: boolean;
  yes: boolean;
  json: boolean;
}

export async function runGrade(o: GradeOptions, io: ExamIo): Promise<number> {
  const load = await loader(io);
  if (o.submission !== null) return gradeOne(o.submission, o, load, io);
  if (o.files.length === 0) return fail(io, o.json, 'grade', 'exam_input_not_found', 'no submission given: occam exam grade --submission P, or occam exam grade <file...>');
  return gradeMany(o, load, io);
}

async function gradeOne(path: string, o: GradeOptions, load: (p: string) => Loaded, io: ExamIo): Promise<number> {
  const loaded = load(path);
  if (!loaded.ok) return fail(io, o.json && !o.out, 'grade', loaded.code, loaded.error);
  if (loaded.sessions.length !== 1) {
    // Several sessions: each gets its own row and subject (issue 31), never one merged grade.
    return gradeMany({ ...o, files: [path] }, () => loaded, io);
  }
  const s = loaded.sessions[0];
  if (isSessionError(s)) return fail(io, o.json && !o.out, 'grade', s.code, s.error);
  const { report } = s;
  const doc = renderJsonDocument(envelopeOf(s));
  if (o.out) {
    io.writeText(o.out, doc);
    io.err(`[exam.grade] wrote ${o.out}\n`);
  } else {
    io.out(doc);
  }
  if (o.writeEnv) {
    io.writeText(o.writeEnv, `OCCAM_PROFILE=${report.profile}\n`);
    io.err(`[exam.grade] wrote env ${o.writeEnv}\n`);
  }
  if (report.graded.canary.path === 'claimed') io.err(`[exam.grade] canary: ${report.graded.canary.note}\n`);
  io.err(`${gradeSummaryLine(report)}\n`);
  if (o.apply) {
    const code = await applyGrades([s], io, o.yes, false);
    if (code !== EXAM_EXIT.ok) return code;
  }
  // Keep stdout pure JSON when it carries the envelope.
  if (o.out) io.out(`${EXAM_MARKERS.gradeOk}\n`);
  else io.err(`${EXAM_MARKERS.gradeOk}\n`);
  return EXAM_EXIT.ok;
}

async function gradeMany(o: GradeOptions, load: (p: string) => Loaded, io: ExamIo): Promise<number> {
  let failures = 0;
  let usage = false;
  const rows: string[][] = [];
  const ok: GradedSession[] = [];
  const reject = (file: string, code: ExamErrorCode, error: string) => {
    failures++;
    if (exitFor(code) === EXAM_EXIT.usage) usage = true;
    if (o.json) io.out(`${JSON.stringify({ file, ok: false, code, message: error, error })}\n`);
    else rows.push([file, '-', '-', '-', 'REJECTED', '-', `${code}: ${error}`]);
  };
  for (const file of o.files) {
    const loaded = load(file);
    if (!loaded.ok) {
      reject(file, loaded.code, loaded.error);
      continue;
    }
    for (const s of loaded.sessions) {
      if (isSessionError(s)) {
        reject(s.source, s.code, s.error);
        continue;
      }
      ok.push(s);
      const r = s.report;
      if (o.json) {
        // `{"file":…,"ok":true,` + the envelope's own members: no intermediate object per session.
        io.out(`{"file":${JSON.stringify(s.source)},"ok":true,${JSON.stringify(envelopeOf(s)).slice(1)}\n`);
      } else {
        const failed = r.graded.outcomes.filter((x) => !x.passed).map((x) => x.task);
        rows.push([s.source, `${r.graded.score}/4`, r.graded.tier, r.profile, failed.length ? failed.join(',') : '-', s.derived ? taskLines(s.derived.record.evidence) : '-', r.graded.canary.evidence]);
      }
    }
  }
  const perTier = Object.fromEntries(TIERS.map((t) => [t, ok.filter((s) => s.report.graded.tier === t).length])) as Record<Tier, number>;
  const unit = ok.some((s) => s.derived !== null) ? 'session(s)' : 'file(s)';
  const summary = `graded ${ok.length}/${ok.length + failures} ${unit}${failures ? `, ${failures} rejected` : ''} (weak ${perTier.weak}, medium ${perTier.medium}, strong ${perTier.strong})`;
  if (!o.json) {
    // The `lines` column (each task's transcript line) appears only when a transcript was graded.
    const withLines = ok.some((s) => s.derived !== null);
    const shaped = withLines ? rows : rows.map((r) => [...r.slice(0, 5), ...r.slice(6)]);
    io.out(table(['file', 'score', 'tier', 'profile', 'failed', ...(withLines ? ['lines'] : []), 'canary'], shaped));
    io.out(`${summary}\n`);
  }
  io.err(`[exam.grade] ${summary}\n`);
  if (o.apply && ok.length > 0) {
    const code = await applyGrades(ok, io, o.yes, o.json);
    if (code !== EXAM_EXIT.ok) return code;
  }
  if (failures === 0) return EXAM_EXIT.ok;
  return usage && ok.length === 0 ? EXAM_EXIT.usage : EXAM_EXIT.failed;
}

// ——— record ———

export async function runRecord(path: string, o: { out: string | null; session: string | null; json: boolean }, io: ExamIo): Promise<number> {
  const verifyAttestation = await io.attestationVerifier();
  const doc = deriveFile(path, io.maxBytes, { verifyAttestation });
  if (!doc.ok) return fail(io, o.json, 'record', doc.code, doc.error);
  let sessions = doc.sessions;
  if (o.session !== null) sessions = sessions.filter((s) => s.source.endsWith(`#${o.session}`) || ('derived' in s && s.derived.record.sessionId === o.session));
  if (sessions.length !== 1) {
    const ids = doc.sessions.map((s) => s.source.split('#')[1] ?? s.source).join(', ');
    return fail(io, o.json, 'record', 'invalid_arguments', `${path}: ${sessions.length === 0 ? 'no such session' : `${sessions.length} sessions`} (${ids}); pick one with --session ID`);
  }
  const s = sessions[0];
  if ('error' in s) return fail(io, o.json, 'record', s.code, s.error);
  const text = renderJsonDocument(s.derived.record);
  if (o.out) {
    io.writeText(o.out, text);
    io.err(`[exam.record] wrote ${o.out}\n`);
  } else {
    io.out(text);
  }
  const ev = s.derived.record.evidence;
  io.err(`[exam.record] ${ev.format} transcript, ${ev.calls} Occam call(s): ${taskLines(ev, '=', 'none')}\n`);
  return EXAM_EXIT.ok;
}

// ——— cache ———

export async function runCache(action: 'list' | 'clear', json: boolean, io: ExamIo): Promise<number> {
  return withStore(io, 'cache', async (store) => {
    if (action === 'clear') {
      const removed = await store.clear();
      if (json) io.out(renderJsonDocument({ ok: true, backend: store.backend, location: store.location, removed }));
      io.err(`[exam.cache] cleared ${removed} grade(s) from ${store.backend} ${store.location}\n`);
      return EXAM_EXIT.ok;
    }
    const entries = await store.list();
    const iso = (t: number) => new Date(t).toISOString();
    if (json) {
      io.out(
        renderJsonDocument({
          ok: true,
          backend: store.backend,
          location: store.location,
          ttlMs: store.ttlMs,
          capacity: store.capacity,
          entries: entries.map((e) => ({ subject: e.subject, score: e.result.score, tier: e.result.tier, source: e.result.source, gradedAt: e.result.gradedAt, storedAt: iso(e.storedAt), expiresAt: iso(e.expiresAt) })),
        }),
      );
    } else {
      const rows = entries.map((e) => [e.subject.clientInfo, e.subject.modelHint, `${e.result.score}/4`, e.result.tier, iso(e.storedAt), iso(e.expiresAt)]);
      io.out(rows.length ? table(['clientInfo', 'modelHint', 'score', 'tier', 'storedAt', 'expiresAt'], rows) : '(no stored grades)\n');
    }
    io.err(`[exam.cache] ${entries.length} live grade(s) in ${store.backend} ${store.location}\n`);
    return EXAM_EXIT.ok;
  });
}

export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  // The last column (canary evidence or rejection reason) is left unpadded.
  const widths = header.map((_, c) => all.reduce((w, r) => Math.max(w, (r[c] ?? '').length), 0));
  return all.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ')).join('\n') + '\n';
}

/** Expands directories into their transcript/record files (sorted); a path that is not a directory stays as is. */
export function expandTargets(targets: readonly string[], io: ExamIo): string[] {
  const files: string[] = [];
  for (const t of targets) files.push(...(io.listFiles(t) ?? [t]));
  return files;
}

export { loader as gradeLoader };
