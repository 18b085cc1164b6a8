// The grader (exam.md §3): a pure, total function from a behaviour record to a score, a tier and four
// diagnostic outcomes. It judges form, never quality. No I/O: the clock and the canary verifier are injected.
import { EMPTY_RECORD, type ArgumentsInput, type ChainRecord, type ExamRecord } from './record.ts';
import { EXAM_TASK_IDS, type ExamTaskId } from './tasks.ts';
import { tierForScore, type Tier } from './tiers.ts';
import { defaultResult, type ExamOutcome, type ExamResult, type ResultSource } from '../store/exam-records.ts';

// ADR-0010 verdicts: one list, owned by the canary authority.
import { CANARY_VERDICTS, type CanaryVerdict } from '../trust/canary/authority.ts';
export { CANARY_VERDICTS, type CanaryVerdict };

export const PLAUSIBLE_BUDGET = { min: 64, max: 200_000 } as const;
function normaliseBlockHash(h: string): string {
  return h.trim().toLowerCase().replace(/^sha256:/, '');
}

/** The hashes a `diff_against` value names (tools.md: a JSON string array or CSV), normalised; [] when unreadable. */
export function diffAgainstHashes(raw: string): string[] {
  const text = raw.trim();
  if (text === '' || text.startsWith('{')) return [];
  let list: unknown = null;
  if (text.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      return [];
    }
    if (!Array.isArray(list)) return [];
  } else {
    list = text.split(/[,\s]+/);
  }
  return (list as unknown[]).filter((h): h is string => typeof h === 'string').map(normaliseBlockHash).filter(Boolean);
}

/** Parameters through which a later call can consume the value an earlier one produced, checked in order. */
export const CHAIN_CONSUMING_PARAMS = ['if_none_match', 'diff_against'] as const;

// The saved result's shape is the store's (src/store/exam-records.ts): the grader fills it.
export { defaultResult, type ExamOutcome, type ExamResult, type ResultSource };

/**
 * How the canary task was adjudicated. `verifier`: the sentinel the agent reported was checked by the canary
 * verifier of the process that issued it (a claimed verdict is ignored). `claimed`: the record's
 * `canaryVerdict` was graded as supplied (offline, or no sentinel reported). `absent`: neither was given.
 */
export type CanaryPath = 'verifier' | 'claimed' | 'absent';

/**
 * Which canary evidence the grade rests on (issue 31). `host-authority`: this host's canary authority (the process
 * that issued the sentinel) verified it. `host-attestation`: a transcript carries this install's signed answer to
 * the session's occam_canary_verify call. `claimed`: the record's word. `absent`: nothing was reported.
 */
export type CanaryEvidence = 'host-authority' | 'host-attestation' | 'claimed' | 'absent';

export interface CanaryAdjudication {
  path: CanaryPath;
  evidence: CanaryEvidence;
  /** The verdict that was graded (null when nothing was reported). */
  verdict: CanaryVerdict | null;
  /** The verdict the record claimed, as written (null when none). */
  claimedVerdict: string | null;
  note: string;
}

export interface GradedExam extends ExamResult {
  canary: CanaryAdjudication;
}

/** `verifySentinel(sessionId, sentinel)` of the canary subsystem that issued the probe. */
export type SentinelVerifier = (sessionId: string, sentinel: string) => CanaryVerdict;

export interface GradeOptions {
  /** Milliseconds since the epoch (only `gradedAt` depends on it). */
  now: () => number;
  /** Present only inside the host process that issued the canary; offline grading cannot hold its secret. */
  verifySentinel?: SentinelVerifier;
  /** Whose verdicts `verifySentinel` answers with: the live authority (default) or a transcript's signed attestation. */
  verifierEvidence?: 'host-authority' | 'host-attestation';
}

// ——— shared parsing ———

type ObjectParse = { ok: true; value: Record<string, unknown> } | { ok: false; why: string };

/** "Parse as object" (§3): non-blank text, valid JSON, object root — and say which one failed. */
function parseObject(input: ArgumentsInput | null): ObjectParse {
  if (input === null) return { ok: false, why: 'no arguments were reported' };
  if (typeof input !== 'string') return { ok: true, value: input };
  if (input.trim() === '') return { ok: false, why: 'the arguments are blank' };
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return { ok: false, why: 'the arguments are not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, why: `the arguments must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);

// ——— canary ———

export function parseVerdict(raw: string | null): CanaryVerdict | null {
  if (raw === null || raw.trim() === '') return null;
  const v = raw.trim().toUpperCase();
  return (CANARY_VERDICTS as readonly string[]).includes(v) ? (v as CanaryVerdict) : 'HALLUCINATED';
}

const CANARY_DETAIL: Record<CanaryVerdict, string> = {
  READ_VERIFIED: 'Sentinel verified as a current read of the probe.',
  READ_STALE:
    'The sentinel is authentic but from an earlier time bucket; this task needs a current read — fetch the probe again now and report what it shows.',
  REPLAY_SUSPECT:
    'The sentinel is cryptographically valid but this host never logged issuing it, so its provenance is unknown; fetch the probe URL you were given and report its sentinel.',
  HALLUCINATED:
    'The reported sentinel matched nothing this host issued in the recognised window; fetch the probe and copy the occam-sentinel value verbatim instead of guessing.',
};

function adjudicateCanary(record: ExamRecord, verify: SentinelVerifier | undefined, verifierEvidence: CanaryEvidence): CanaryAdjudication {
  const claimedVerdict = record.canaryVerdict !== null && record.canaryVerdict.trim() !== '' ? record.canaryVerdict : null;
  const sentinel = record.canarySentinel?.trim() ? record.canarySentinel : null;
  const sessionId = record.canarySessionId?.trim() ? record.canarySessionId.trim() : null;
  if (sentinel !== null && verify) {
    if (sessionId === null) {
      return {
        path: 'verifier',
        evidence: verifierEvidence,
        verdict: 'HALLUCINATED',
        claimedVerdict,
        note: 'A sentinel was reported without its canarySessionId, so the verifier could not match it; any claimed verdict was ignored.',
      };
    }
    let verdict: CanaryVerdict;
    try {
      verdict = parseVerdict(verify(sessionId, sentinel)) ?? 'HALLUCINATED';
    } catch {
      // A verifier that cannot answer (e.g. secret disposed) proves nothing about the read.
      verdict = 'HALLUCINATED';
    }
    return { path: 'verifier', evidence: verifierEvidence, verdict, claimedVerdict, note: 'The reported sentinel was adjudicated by this host’s canary verifier; any claimed verdict was ignored.' };
  }
  const verdict = parseVerdict(claimedVerdict);
  if (verdict === null) {
    return { path: 'absent', evidence: 'absent', verdict: null, claimedVerdict: null, note: 'No sentinel and no verdict were reported.' };
  }
  const why = sentinel !== null
    ? 'A sentinel was reported but only the process that issued it holds the secret to verify it; the claimed canaryVerdict was graded as supplied.'
    : 'The claimed canaryVerdict was graded as supplied (no sentinel was reported for this host to verify).';
  return { path: 'claimed', evidence: 'claimed', verdict, claimedVerdict, note: why };
}

function gradeCanary(adj: CanaryAdjudication, claimedText: string | null): ExamOutcome {
  if (adj.verdict === null) {
    return { task: 'canary', passed: false, detail: 'No sentinel reported: fetch the probe URL and report its occam-sentinel value verbatim.' };
  }
  let detail = CANARY_DETAIL[adj.verdict];
  if (adj.path === 'claimed' && adj.verdict === 'HALLUCINATED' && claimedText !== null && claimedText.trim().toUpperCase() !== 'HALLUCINATED') {
    detail = `Unrecognised verdict token ${JSON.stringify(claimedText.trim().slice(0, 40))}, graded as HALLUCINATED. ${detail}`;
  }
  return { task: 'canary', passed: adj.verdict === 'READ_VERIFIED', detail };
}

// ——— basic_call ———

function gradeBasicCall(input: ArgumentsInput | null): ExamOutcome {
  const fail = (detail: string): ExamOutcome => ({ task: 'basic_call', passed: false, detail });
  const parsed = parseObject(input);
  if (!parsed.ok) return fail(`${capital(parsed.why)}; pass an object such as {"url":"https://example.com"}.`);
  if (!has(parsed.value, 'url')) return fail('The arguments have no property named exactly "url" (names are case-sensitive).');
  const url = parsed.value.url;
  if (typeof url !== 'string') return fail(`"url" must be a JSON string, not ${url === null ? 'null' : typeof url}.`);
  const text = url.trim();
  if (text === '') return fail('"url" is empty.');
  // URL.parse returns null instead of throwing: relative URLs are a common answer, and exceptions are slow.
  const parsedUrl = URL.parse(text);
  if (parsedUrl === null) {
    return fail(`"url" is not an absolute URL (${JSON.stringify(text.slice(0, 80))}); include the scheme and host, e.g. https://example.com/docs.`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') {
    return fail(`"url" must use http or https, not ${parsedUrl.protocol.replace(/:$/, '')}.`);
  }
  if (parsedUrl.hostname === '') return fail('"url" has no host.');
  return { task: 'basic_call', passed: true, detail: 'Arguments bind: an object with an absolute http(s) url.' };
}

// ——— focus_budget ———

const nonBlank = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function gradeFocusBudget(input: ArgumentsInput | null): ExamOutcome {
  const fail = (detail: string): ExamOutcome => ({ task: 'focus_budget', passed: false, detail });
  const parsed = parseObject(input);
  if (!parsed.ok) return fail(`${capital(parsed.why)}; pass an object with focus_query (or task) and max_tokens (or budget).`);
  const o = parsed.value;
  const focusKey = nonBlank(o.focus_query) ? 'focus_query' : nonBlank(o.task) ? 'task' : null;
  if (focusKey === null) return fail('No focus: give a non-blank focus_query (or task) string saying what you need from the page.');
  // max_tokens, when present, is THE budget — even if invalid; budget is then not consulted.
  const budgetKey = has(o, 'max_tokens') ? 'max_tokens' : has(o, 'budget') ? 'budget' : null;
  if (budgetKey === null) return fail('No budget: the budget must be explicit — pass max_tokens (or budget) as an integer.');
  const budget = o[budgetKey];
  if (typeof budget !== 'number' || !Number.isInteger(budget)) {
    return fail(`${budgetKey} must be a JSON integer, got ${budget === null ? 'null' : typeof budget === 'number' ? String(budget) : `a ${typeof budget}`}.`);
  }
  if (budget < PLAUSIBLE_BUDGET.min || budget > PLAUSIBLE_BUDGET.max) {
    return fail(
      `${budgetKey}=${budget} is not a budget: a plausible one is between ${PLAUSIBLE_BUDGET.min} and ${PLAUSIBLE_BUDGET.max} tokens ` +
        '(a number above any real context window means budgeting was opted out of).',
    );
  }
  return { task: 'focus_budget', passed: true, detail: `Focused read with an explicit budget (${focusKey}, ${budgetKey}=${budget}).` };
}

// ——— chain ———

function gradeChain(chain: ChainRecord | null): ExamOutcome {
  const fail = (detail: string): ExamOutcome => ({ task: 'chain', passed: false, detail });
  if (chain === null) return fail('No chain reported: read a page, keep its contentHash, then pass it back in a later call.');
  if (chain.calls.length < 2) return fail('The chain needs at least two calls: one that produces a value and a later one that uses it.');
  if (chain.producedValue === null || chain.producedValue.trim() === '') {
    return fail('producedValue is missing or blank: record the value (e.g. contentHash) the first call returned.');
  }
  const produced = chain.producedValue.trim();
  // What the produced value is decides which parameter may carry it (tools.md: if_none_match takes the contentHash,
  // diff_against a JSON array or CSV of block hashes). A hand-written record does not say: then either parameter
  // may carry it verbatim (exam.md §3.4), and diff_against may also list it.
  const kind = chain.producedKind;
  let contentHashInDiff = false;
  // Index 0 is never checked: a value cannot flow backwards into the call that produced it.
  for (let i = 1; i < chain.calls.length; i++) {
    const parsed = parseObject(chain.calls[i]);
    if (!parsed.ok) continue;
    for (const param of CHAIN_CONSUMING_PARAMS) {
      const v = parsed.value[param];
      if (typeof v !== 'string') continue;
      if (param === 'if_none_match') {
        if (kind !== 'blockHash' && v.trim() === produced) return { task: 'chain', passed: true, detail: `Call ${i + 1} passes the produced value back as ${param}.` };
        continue;
      }
      const carries = v.trim() === produced || diffAgainstHashes(v).includes(normaliseBlockHash(produced));
      if (!carries) continue;
      if (kind === 'contentHash') {
        contentHashInDiff = true;
        continue;
      }
      return { task: 'chain', passed: true, detail: `Call ${i + 1} passes the produced ${kind === 'blockHash' ? 'block hash' : 'value'} back in diff_against.` };
    }
  }
  if (contentHashInDiff) {
    return fail('diff_against carries the contentHash, but it takes block hashes (blocks[].hash of a json_blocks read); pass the contentHash as if_none_match instead.');
  }
  return fail(`No call after the first passes the produced value back as ${CHAIN_CONSUMING_PARAMS.join(' or ')} (exact, case-sensitive match).`);
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// Formatting a date costs more than grading a task; batch grading asks for the same millisecond many times.
let lastMs = Number.NaN;
let lastIso = '';
function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/**
 * Grades a record. Total: a null/undefined record grades as empty; malformed fields fail their task.
 * Exactly four outcomes in the order canary, basic_call, focus_budget, chain; score = passed count.
 */
export function gradeRecord(record: ExamRecord | null | undefined, opts: GradeOptions): GradedExam {
  const r = record ?? EMPTY_RECORD;
  const canary = adjudicateCanary(r, opts.verifySentinel, opts.verifierEvidence ?? 'host-authority');
  const outcomes: ExamOutcome[] = [
    gradeCanary(canary, r.canaryVerdict),
    gradeBasicCall(r.basicCallArguments),
    gradeFocusBudget(r.focusBudgetArguments),
    gradeChain(r.chain),
  ];
  let score = 0;
  for (const o of outcomes) if (o.passed) score++;
  return {
    score,
    tier: tierForScore(score),
    outcomes,
    gradedAt: isoAt(opts.now()),
    source: 'exam',
    canary,
  };
}

/** The task order every result follows (re-exported for callers that only import the grader). */
export const GRADING_ORDER: readonly ExamTaskId[] = EXAM_TASK_IDS;

/** What a grade may do to a surface or a persisted grade (issue 31, exam.md §15): widening needs proof. */
export interface Applicable {
  /** The tier to apply or persist: the graded tier, or `medium` when a wider one rests on no proof. */
  tier: Tier;
  /** True when the graded tier was above medium but the canary verdict was not this host's. */
  capped: boolean;
  note: string;
}

/** Tiers above this one widen the surface beyond what an unproven grade may reach. */
export const UNPROVEN_CEILING: Tier = 'medium';

/**
 * A tier above `medium` is applied or persisted only when its canary verdict comes from this host's canary authority
 * (`host-authority`) or this install's signed attestation in a transcript (`host-attestation`); a claimed verdict
 * still grades and reports, but never widens.
 */
export function applicableTier(graded: GradedExam): Applicable {
  const proven = graded.canary.evidence === 'host-authority' || graded.canary.evidence === 'host-attestation';
  if (graded.tier !== 'strong' || proven) {
    return { tier: graded.tier, capped: false, note: proven ? `canary evidence: ${graded.canary.evidence}` : `canary evidence: ${graded.canary.evidence}; ${graded.tier} does not widen` };
  }
  return {
    tier: UNPROVEN_CEILING,
    capped: true,
    note: `graded ${graded.tier}, applied as ${UNPROVEN_CEILING}: the canary verdict is ${graded.canary.evidence}, not this host's — widening needs a sentinel this host issued and verified (canarySentinel + canarySessionId)`,
  };
}
