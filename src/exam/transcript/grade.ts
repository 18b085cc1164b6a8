// One entry point for everything `occam exam grade|record|report` reads: a behaviour record (exam.md §2) or a
// transcript in any supported format, graded per session. A transcript is derived first (derive.ts), then graded
// exactly like a record — with the recording host's verifier verdicts when the transcript is Occam's own.
import { CATALOG } from '../../contract/catalog.ts';
import { parseRecordText, recordFromValue } from '../record.ts';
import { examineRecord, type ExamReport } from '../report.ts';
import type { Observation } from '../tracker.ts';
import { deriveRecord, type DeriveOptions, type DerivedRecord } from './derive.ts';
import { inputText, isRecordDocument, parseTranscript, type TranscriptFormat, type TranscriptInput } from './formats.ts';

const OCCAM_TOOLS: ReadonlySet<string> = new Set(CATALOG.map((t) => t.name));
export const isOccamTool = (name: string): boolean => OCCAM_TOOLS.has(name);

export interface GradedSession {
  /** `file`, or `file#<session id>` when one transcript holds several sessions. */
  source: string;
  kind: 'record' | TranscriptFormat;
  report: ExamReport;
  derived: DerivedRecord | null;
  /** Live observations for the CompetenceTracker (transcripts only). */
  observations: Observation[] | null;
}

export interface SessionError {
  source: string;
  error: string;
}

export type DocumentGrade = { ok: true; sessions: Array<GradedSession | SessionError> } | { ok: false; error: string };

export function isSessionError(s: GradedSession | SessionError): s is SessionError {
  return 'error' in s;
}

export interface DerivedDocument {
  ok: true;
  format: TranscriptFormat;
  sessions: Array<{ source: string; derived: DerivedRecord } | SessionError>;
}

/** Derives every session of a transcript; `ok:false` when the text is not a transcript at all. */
export function deriveDocument(text: TranscriptInput, file: string, opts: DeriveOptions = {}): DerivedDocument | { ok: false; error: string } {
  const parsed = parseTranscript(text, isOccamTool);
  if (!parsed.ok) return { ok: false, error: parsed.reason };
  const many = parsed.sessions.length > 1;
  const sessions = parsed.sessions.map((s) => {
    const source = many ? `${file}#${s.sessionId?.value ?? '?'}` : file;
    const d = deriveRecord(s, opts);
    return d.ok ? { source, derived: d.derived } : { source, error: `${d.reason}: ${file}` };
  });
  if (sessions.length === 0) return { ok: false, error: `no sessions in ${file}` };
  return { ok: true, format: parsed.format, sessions };
}

/** Grades a record or a transcript (text, or raw bytes: a transcript's skipped lines are then never decoded). Never throws. */
export function gradeDocument(text: TranscriptInput, file: string, now: () => number, opts: DeriveOptions = {}): DocumentGrade {
  if (!isRecordDocument(text)) {
    const doc = deriveDocument(text, file, opts);
    if (doc.ok) {
      return {
        ok: true,
        sessions: doc.sessions.map((s) => {
          if ('error' in s) return s;
          const parsed = recordFromValue(s.derived.record);
          if (!parsed.ok) return { source: s.source, error: parsed.reason };
          const report = examineRecord(parsed.record, { now, verifySentinel: s.derived.hostVerifier, verifierEvidence: 'host-attestation' });
          return { source: s.source, kind: doc.format, report, derived: s.derived, observations: s.derived.observations };
        }),
      };
    }
    // Not JSONL of a known format: graded as a record, so a broken record gets the record parser's reason.
  }
  const parsed = parseRecordText(inputText(text));
  if (!parsed.ok) return { ok: false, error: `record rejected (${file}): ${parsed.reason}` };
  // Offline: no canary verifier (the issuing process's secret is not here); the claimed verdict is graded.
  return { ok: true, sessions: [{ source: file, kind: 'record', report: examineRecord(parsed.record, { now }), derived: null, observations: null }] };
}
