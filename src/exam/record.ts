// The behaviour record (exam.md §2): what an agent did on the four tasks, as submitted by a harness, a host or
// a human. Parsing is total: only empty text, invalid JSON or a non-object root reject the record; every field
// that has the wrong type is simply absent, so the task it feeds fails instead of the whole submission.
import { subjectKey, type ExamSubject } from '../store/exam-records.ts';

/** Tool arguments as submitted: raw text (parsed by the grader) or an already-parsed JSON object. */
export type ArgumentsInput = string | Record<string, unknown>;

export interface ChainRecord {
  /** Items that were strings or objects, in order; other item types are dropped (indices shift). */
  calls: ArgumentsInput[];
  producedValue: string | null;
  /**
   * Beyond the reference: what the produced value is, when the record knows (transcript derivation does): a page's
   * `contentHash` (carried by if_none_match) or a `blockHash` (listed in diff_against). Absent: either may carry it.
   */
  producedKind: 'contentHash' | 'blockHash' | null;
}

export interface ExamRecord {
  clientInfo: string | null;
  modelHint: string | null;
  sessionId: string | null;
  selfReportTier: string | null;
  canaryVerdict: string | null;
  /**
   * Beyond the reference: the sentinel the agent reported and the canary session it belongs to. When both are
   * present and the grader holds the issuing process's verifier, the verifier's verdict is graded and a
   * claimed `canaryVerdict` is ignored.
   */
  canarySentinel: string | null;
  canarySessionId: string | null;
  basicCallArguments: ArgumentsInput | null;
  focusBudgetArguments: ArgumentsInput | null;
  chain: ChainRecord | null;
}

export const EMPTY_RECORD: ExamRecord = Object.freeze({
  clientInfo: null,
  modelHint: null,
  sessionId: null,
  selfReportTier: null,
  canaryVerdict: null,
  canarySentinel: null,
  canarySessionId: null,
  basicCallArguments: null,
  focusBudgetArguments: null,
  chain: null,
});

export type RecordParse = { ok: true; record: ExamRecord } | { ok: false; reason: string };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const args = (v: unknown): ArgumentsInput | null => (typeof v === 'string' || isPlainObject(v) ? v : null);

function chainOf(v: unknown): ChainRecord | null {
  if (!isPlainObject(v) || !Array.isArray(v.calls)) return null;
  const calls: ArgumentsInput[] = [];
  for (const item of v.calls) {
    const a = args(item);
    if (a !== null) calls.push(a);
  }
  if (calls.length === 0) return null;
  const kind = v.producedKind === 'contentHash' || v.producedKind === 'blockHash' ? v.producedKind : null;
  return { calls, producedValue: str(v.producedValue), producedKind: kind };
}

/** Builds a record from an already-parsed JSON value (the MCP tool may receive an object). */
export function recordFromValue(value: unknown): RecordParse {
  if (!isPlainObject(value)) {
    return { ok: false, reason: `record root must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}` };
  }
  return {
    ok: true,
    record: {
      clientInfo: str(value.clientInfo),
      modelHint: str(value.modelHint),
      sessionId: str(value.sessionId),
      selfReportTier: str(value.selfReportTier),
      canaryVerdict: str(value.canaryVerdict),
      canarySentinel: str(value.canarySentinel),
      canarySessionId: str(value.canarySessionId),
      basicCallArguments: args(value.basicCallArguments),
      focusBudgetArguments: args(value.focusBudgetArguments),
      chain: chainOf(value.chain),
    },
  };
}

/** Parses submission text; rejects only blank text, invalid JSON and a non-object root. */
export function parseRecordText(text: unknown): RecordParse {
  // A regex scan stops at the first visible character; trim() would copy the whole text first.
  if (typeof text !== 'string' || !/\S/.test(text)) return { ok: false, reason: 'submission is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // RangeError (nesting too deep for the parser) lands here too: still a typed rejection, never a crash.
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: `submission is not valid JSON: ${why}` };
  }
  return recordFromValue(value);
}

// ——— Subject: the cache / tracker key ———

// The subject keys saved state: the store owns its shape and key (src/store/exam-records.ts).
export { subjectKey, type ExamSubject };

export const UNKNOWN = 'unknown';

/** Trimmed; null, empty or whitespace-only → `unknown`. Idempotent, never blank, case preserved. */
export function normaliseComponent(v: string | null | undefined): string {
  const t = typeof v === 'string' ? v.trim() : '';
  return t === '' ? UNKNOWN : t;
}

export function subjectOf(parts: { clientInfo?: string | null; modelHint?: string | null; sessionId?: string | null }): ExamSubject {
  return {
    clientInfo: normaliseComponent(parts.clientInfo),
    modelHint: normaliseComponent(parts.modelHint),
    sessionId: normaliseComponent(parts.sessionId),
  };
}

/** MCP `clientInfo` as the host spells it: `name/version`, or `name` when the version is blank. */
export function clientInfoText(info: { name?: string | null; version?: string | null } | null | undefined): string | null {
  if (!info) return null;
  const name = (info.name ?? '').trim();
  const version = (info.version ?? '').trim();
  if (name === '') return null;
  return version === '' ? name : `${name}/${version}`;
}
