// One entry point for everything `occam exam grade|record|report` reads: a behaviour record (exam.md §2) or a
// transcript in any supported format, graded per session. A transcript is read line by line (input.ts), each
// session derived as it is read (derive.ts), then graded exactly like a record — with this install's signed canary
// verdicts when the transcript carries them. Every error carries a failure-taxonomy code.
import { CATALOG } from '../../contract/catalog.ts';
import { parseRecordText, recordFromValue } from '../record.ts';
import { examineRecord, type ExamReport } from '../report.ts';
import type { Observation } from '../tracker.ts';
import { SessionDeriver, type DeriveOptions, type DerivedRecord, type SessionActivity } from './derive.ts';
import { feedText, firstLineOf, isRecordText, inputText, TranscriptReader, UNKNOWN_FORMAT_REASON, type TranscriptFormat, type TranscriptInput } from './formats.ts';
import { ExamInputError, READ_CHUNK_BYTES, readLines, readSmall, type InputErrorCode } from './input.ts';

const OCCAM_TOOLS: ReadonlySet<string> = new Set(CATALOG.map((t) => t.name));
export const isOccamTool = (name: string): boolean => OCCAM_TOOLS.has(name);

/** A behaviour record is one JSON document, parsed whole: it has its own small bound (a transcript is streamed). */
export const RECORD_MAX_BYTES = 16 * 1024 * 1024;

export type ExamErrorCode = InputErrorCode | 'unknown_transcript_format' | 'invalid_arguments' | 'exam_no_occam_calls';

export interface GradedSession {
  /** `file`, or `file#<session id>` when one transcript holds several sessions. */
  source: string;
  kind: 'record' | TranscriptFormat;
  report: ExamReport;
  derived: DerivedRecord | null;
  /** Live observations for the CompetenceTracker (transcripts only). */
  observations: Observation[] | null;
  /** What the session did (transcripts only): the H3 outcome measures. */
  activity: SessionActivity | null;
}

export interface SessionError {
  source: string;
  code: ExamErrorCode;
  error: string;
}

export type DocumentGrade = { ok: true; sessions: Array<GradedSession | SessionError> } | { ok: false; code: ExamErrorCode; error: string };

export function isSessionError(s: GradedSession | SessionError): s is SessionError {
  return 'error' in s;
}

export interface DerivedDocument {
  ok: true;
  format: TranscriptFormat;
  sessions: Array<{ source: string; derived: DerivedRecord } | SessionError>;
}

type Read = { kind: 'record'; text: string } | { kind: 'transcript'; reader: TranscriptReader } | { kind: 'error'; code: ExamErrorCode; error: string };

/**
 * Decides, from its first lines, whether a document is a record or a transcript, and routes every line. A record
 * starts with `{`, `[` or `"` and is not a one-line object of a known transcript format followed by more lines; every
 * other text is a transcript (a prose or unknown log then fails with `unknown_transcript_format`).
 */
class DocumentRouter {
  private mode: 'sniff' | 'await-more' | 'record' | 'transcript' = 'sniff';
  private held: Array<{ raw: string; n: number }> = [];
  private recordBytes = 0;
  private tooLarge = false;
  readonly reader = new TranscriptReader(isOccamTool, () => new SessionDeriver());

  line(raw: string, n: number): void {
    switch (this.mode) {
      case 'transcript':
        this.reader.push(raw, n);
        return;
      case 'record':
        this.hold(raw, n);
        return;
      case 'await-more':
        this.hold(raw, n);
        if (/\S/.test(raw)) this.toTranscript();
        return;
      case 'sniff': {
        this.hold(raw, n);
        if (!/\S/.test(raw)) return;
        if (!isRecordText(raw, false)) return this.toTranscript();
        // A one-line JSON object of no known format is a record unless more lines follow (then: unknown JSONL).
        this.mode = isRecordText(raw, true) ? 'record' : 'await-more';
      }
    }
  }

  private hold(raw: string, n: number): void {
    this.recordBytes += raw.length + 1;
    if (this.recordBytes > RECORD_MAX_BYTES) {
      // Past the record bound this can only be a transcript (or nothing gradable): stream it as one.
      if (this.mode === 'record') this.tooLarge = true;
      else if (this.mode !== 'transcript') this.toTranscript();
      if (this.mode === 'transcript') return void this.reader.push(raw, n);
      this.held = [];
      return;
    }
    this.held.push({ raw, n });
  }

  private toTranscript(): void {
    this.mode = 'transcript';
    for (const h of this.held.splice(0)) this.reader.push(h.raw, h.n);
  }

  end(): Read {
    if (this.mode === 'transcript') return { kind: 'transcript', reader: this.reader };
    if (this.tooLarge) return { kind: 'error', code: 'exam_input_too_large', error: `a behaviour record is at most ${RECORD_MAX_BYTES} bytes` };
    return { kind: 'record', text: this.held.map((h) => h.raw).join('\n') };
  }
}

function sourceNames(file: string, ids: Array<string | null>): string[] {
  if (ids.length === 1) return [file];
  const seen = new Map<string, number>();
  return ids.map((id, i) => {
    const base = id ?? String(i + 1);
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    return `${file}#${k === 1 ? base : `${base}~${k}`}`;
  });
}

function derivedOf(reader: TranscriptReader, file: string, opts: DeriveOptions): DerivedDocument | { ok: false; code: ExamErrorCode; error: string } {
  const parsed = reader.end();
  if (!parsed.ok) return { ok: false, code: 'unknown_transcript_format', error: `${file}: ${UNKNOWN_FORMAT_REASON}` };
  if (parsed.sessions.length === 0) return { ok: false, code: 'exam_no_occam_calls', error: `no sessions in ${file}` };
  const names = sourceNames(file, parsed.sessions.map((s) => s.sessionId?.value ?? null));
  const sessions = parsed.sessions.map((s, i) => {
    const d = (s.sink as SessionDeriver).finish(s, opts);
    return d.ok ? { source: names[i], derived: d.derived } : { source: names[i], code: 'exam_no_occam_calls' as const, error: `${d.reason}: ${file}` };
  });
  return { ok: true, format: parsed.format, sessions };
}

function gradeRead(read: Read, file: string, now: () => number, opts: DeriveOptions): DocumentGrade {
  if (read.kind === 'error') return { ok: false, code: read.code, error: `${file}: ${read.error}` };
  if (read.kind === 'transcript') {
    const doc = derivedOf(read.reader, file, opts);
    if (!doc.ok) return doc;
    return {
      ok: true,
      sessions: doc.sessions.map((s) => {
        if ('error' in s) return s;
        const parsed = recordFromValue(s.derived.record);
        if (!parsed.ok) return { source: s.source, code: 'invalid_arguments', error: parsed.reason };
        const report = examineRecord(parsed.record, { now, verifySentinel: s.derived.hostVerifier, verifierEvidence: 'host-attestation' });
        return { source: s.source, kind: doc.format, report, derived: s.derived, observations: s.derived.observations, activity: s.derived.activity };
      }),
    };
  }
  const parsed = parseRecordText(read.text);
  if (!parsed.ok) return { ok: false, code: 'invalid_arguments', error: `record rejected (${file}): ${parsed.reason}` };
  // Offline: no canary verifier (the issuing process's secret is not here); the claimed verdict is graded.
  return { ok: true, sessions: [{ source: file, kind: 'record', report: examineRecord(parsed.record, { now }), derived: null, observations: null, activity: null }] };
}

function routeText(input: TranscriptInput): Read {
  const text = inputText(input);
  const first = firstLineOf(text);
  if (isRecordText(first.line, first.more)) {
    if (text.length > RECORD_MAX_BYTES) return { kind: 'error', code: 'exam_input_too_large', error: `a behaviour record is at most ${RECORD_MAX_BYTES} bytes` };
    return { kind: 'record', text };
  }
  const router = new DocumentRouter();
  feedText(text, router);
  return router.end();
}

/** A file that fits one read is decoded whole (records, most sessions); a larger one (or stdin) is streamed. */
function routeFile(path: string, maxBytes: number): Read {
  try {
    const small = readSmall(path, maxBytes, READ_CHUNK_BYTES);
    if (small !== null) return routeText(small);
    const router = new DocumentRouter();
    readLines(path, maxBytes, router);
    return router.end();
  } catch (err) {
    if (err instanceof ExamInputError) return { kind: 'error', code: err.code, error: err.message };
    throw err;
  }
}

/** Grades in-memory input (text or bytes; UTF-8 or UTF-16 by BOM). Never throws. */
export function gradeDocument(text: TranscriptInput, file: string, now: () => number, opts: DeriveOptions = {}): DocumentGrade {
  return gradeRead(routeText(text), file, now, opts);
}

/** Grades a file (or stdin for `-`), streamed line by line under `maxBytes`. Never throws for bad input. */
export function gradeFile(path: string, maxBytes: number, now: () => number, opts: DeriveOptions = {}): DocumentGrade {
  const read = routeFile(path, maxBytes);
  return gradeRead(read, path, now, opts);
}

/** Derives every session of a transcript; `ok:false` (with a code) when the input is not a transcript at all. */
export function deriveDocument(text: TranscriptInput, file: string, opts: DeriveOptions = {}): DerivedDocument | { ok: false; code: ExamErrorCode; error: string } {
  return derivedFromRead(routeText(text), file, opts);
}

export function deriveFile(path: string, maxBytes: number, opts: DeriveOptions = {}): DerivedDocument | { ok: false; code: ExamErrorCode; error: string } {
  return derivedFromRead(routeFile(path, maxBytes), path, opts);
}

function derivedFromRead(read: Read, file: string, opts: DeriveOptions): DerivedDocument | { ok: false; code: ExamErrorCode; error: string } {
  if (read.kind === 'error') return { ok: false, code: read.code, error: `${file}: ${read.error}` };
  if (read.kind === 'record') return { ok: false, code: 'unknown_transcript_format', error: `${file}: ${UNKNOWN_FORMAT_REASON} (it reads as one JSON document: a behaviour record)` };
  return derivedOf(read.reader, file, opts);
}
