// Transcript → behaviour record (exam.md §2), by the exam's own definitions, with the line every field came from.
//
//   clientInfo / modelHint / sessionId — what the session declared (initialize, the host's session fields, or
//                  occam_client_capabilities(model_id)).
//   basicCallArguments — the arguments of the first *reading* call (`occam`, `occam_transcode`) that is not a read of
//                  a canary probe URL (that read belongs to the canary task).
//   focusBudgetArguments — the first call carrying both a focus and a budget, in that tool's own parameter names
//                  (FOCUS_BUDGET_PARAMS below maps them onto the task's intent).
//   chain — a later call whose arguments carry, verbatim, a value an earlier *response* produced: a contentHash
//                  (consumed through if_none_match / diff_against — the only consumption the grader credits), a
//                  search handle (as `url`) or a section name from compile.sectionIndex (as `section`).
//   canary — the sentinel the agent reported to occam_canary_verify (the last such call: a stale read is meant to
//                  be re-read and re-reported) and the verdict that call returned.
// Pure: a parsed session in, a record plus evidence out.
import type { Observation } from '../tracker.ts';
import { observationOf } from '../tracker.ts';
import type { CanaryVerdict, SentinelVerifier } from '../grader.ts';
import { CANARY_VERDICTS } from '../grader.ts';
import type { SessionTranscript, ToolCall, TranscriptFormat } from './formats.ts';
import { isAttestation, type AttestationVerifier } from './attestation.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tools whose call is a read of one page (the basic_call task: "call occam with only url"). */
export const READING_TOOLS: readonly string[] = ['occam', 'occam_transcode'];

/**
 * How each tool spells the focus_budget task's two intents. The record keeps the call's own arguments when the
 * grader reads those names (`focus_query`/`max_tokens`, or the facade's `task`/`budget`); other tools' arguments
 * are mapped onto `focus_query`/`max_tokens`.
 */
export const FOCUS_BUDGET_PARAMS: Readonly<Record<string, { focus: string; budget: string; graderNames: boolean }>> = {
  occam: { focus: 'task', budget: 'budget', graderNames: true },
  occam_transcode: { focus: 'focus_query', budget: 'max_tokens', graderNames: true },
  occam_digest: { focus: 'focus_query', budget: 'per_url_max_tokens', graderNames: false },
};

export type ProducedKind = 'contentHash' | 'handle' | 'section';

/** Where the grader looks for a consumed value first (exam.md §3.4), then the other consuming parameters. */
const GRADED_CONSUMERS = ['if_none_match', 'diff_against'] as const;
const OTHER_CONSUMERS: Readonly<Record<ProducedKind, readonly string[]>> = {
  contentHash: [],
  handle: ['url'],
  section: ['section', 'content_selectors'],
};

export interface FieldEvidence {
  /** Transcript line of the call (or declaration) the field was derived from; null when nothing was found. */
  line: number | null;
  tool?: string;
  /** Line of the response the field depends on (the verdict, the produced value). */
  responseLine?: number | null;
  note: string;
}

export interface ChainEvidence extends FieldEvidence {
  producedLine?: number;
  producedKind?: ProducedKind;
  consumedVia?: string;
}

export interface TranscriptEvidence {
  format: TranscriptFormat;
  clientInfo: FieldEvidence;
  modelHint: FieldEvidence;
  sessionId: FieldEvidence;
  canary: FieldEvidence & { adjudication: 'host-verifier' | 'claimed' | 'absent' };
  basic_call: FieldEvidence;
  focus_budget: FieldEvidence;
  chain: ChainEvidence;
  calls: number;
  truncatedAt: number | null;
}

export interface DerivedRecord {
  /** The behaviour record JSON (exam.md §2) with an `evidence` block the record parser ignores. */
  record: Obj & { evidence: TranscriptEvidence };
  /** For transcripts recorded by an Occam host: the verdicts its verifier returned, keyed by (session, sentinel). */
  hostVerifier: SentinelVerifier | undefined;
  /** Every Occam tool call as a CompetenceTracker observation (the tracker's live-observation input). */
  observations: Observation[];
}

export type DeriveResult = { ok: true; derived: DerivedRecord } | { ok: false; reason: string };

export const NO_OCCAM_CALLS = 'no Occam tool calls found';

const strArg = (args: ToolCall['args'], key: string): string | null => (isObj(args) && typeof args[key] === 'string' ? (args[key] as string) : null);
const present = (args: ToolCall['args'], key: string): boolean => isObj(args) && args[key] !== undefined && args[key] !== null;

/**
 * Values a response produced that a later call could carry on, with their kind — read from where the tools put
 * them (tools.md): `contentHash` at the top of a read, `results[].handle` / `results[].id` (S1…) of a search,
 * `compile.sectionIndex[].heading|anchor` of a truncated read. Explicit paths, not a walk: receipts are large.
 */
function producedValues(response: Obj | null): Array<{ value: string; kind: ProducedKind }> {
  const out: Array<{ value: string; kind: ProducedKind }> = [];
  if (!response) return out;
  const add = (v: unknown, kind: ProducedKind) => {
    if (typeof v === 'string' && v.trim() !== '') out.push({ value: v.trim(), kind });
  };
  add(response.contentHash, 'contentHash');
  if (Array.isArray(response.results)) {
    for (const r of response.results) {
      if (!isObj(r)) continue;
      add(r.handle, 'handle');
      if (typeof r.id === 'string' && /^S\d+$/.test(r.id)) add(r.id, 'handle');
    }
  }
  const index = isObj(response.compile) ? response.compile.sectionIndex : undefined;
  if (Array.isArray(index)) {
    for (const sec of index) {
      if (!isObj(sec)) continue;
      add(sec.heading, 'section');
      add(sec.anchor, 'section');
    }
  }
  return out;
}

function failureCodeOf(response: Obj | null): string | null {
  if (!response) return null;
  if (typeof response.failureCode === 'string') return response.failureCode;
  const f = response.failure;
  return isObj(f) && typeof f.code === 'string' ? f.code : null;
}

function deriveChain(calls: readonly ToolCall[]): { chain: Obj | null; evidence: ChainEvidence } {
  type Found = { producer: ToolCall; consumer: ToolCall; value: string; kind: ProducedKind; via: string };
  let graded: Found | null = null;
  let other: Found | null = null;
  const produced: Array<{ value: string; kind: ProducedKind; call: ToolCall }> = [];
  for (const call of calls) {
    if (!graded) {
      for (const p of produced) {
        const via = GRADED_CONSUMERS.find((k) => strArg(call.args, k)?.trim() === p.value);
        if (via) {
          graded = { producer: p.call, consumer: call, value: p.value, kind: p.kind, via };
          break;
        }
        const otherVia: string | undefined = !other ? OTHER_CONSUMERS[p.kind].find((k) => strArg(call.args, k)?.trim() === p.value) : undefined;
        if (otherVia) other = { producer: p.call, consumer: call, value: p.value, kind: p.kind, via: otherVia };
      }
    }
    for (const p of producedValues(call.response)) produced.push({ ...p, call });
  }
  const found = graded ?? other;
  if (found) {
    const credited = found === graded;
    return {
      chain: { calls: [found.producer.args ?? {}, found.consumer.args ?? {}], producedValue: found.value },
      evidence: {
        line: found.consumer.line,
        tool: found.consumer.tool,
        responseLine: found.producer.responseLine,
        producedLine: found.producer.responseLine ?? found.producer.line,
        producedKind: found.kind,
        consumedVia: found.via,
        note: credited
          ? `${found.via} carries the ${found.kind} the response at line ${found.producer.responseLine} produced`
          : `${found.via} carries the ${found.kind} the response at line ${found.producer.responseLine} produced (the grader credits only if_none_match / diff_against)`,
      },
    };
  }
  // No verbatim match: a conditional call with a value nothing produced is still the chain attempt, paired with the
  // latest earlier read of the same URL that produced a contentHash — the grader then reports the mismatch.
  for (let j = 1; j < calls.length; j++) {
    const via = GRADED_CONSUMERS.find((k) => strArg(calls[j].args, k) !== null);
    if (!via) continue;
    const url = strArg(calls[j].args, 'url');
    for (let i = j - 1; i >= 0; i--) {
      const hash = producedValues(calls[i].response).find((p) => p.kind === 'contentHash');
      if (!hash || (url !== null && strArg(calls[i].args, 'url') !== url)) continue;
      return {
        chain: { calls: [calls[i].args ?? {}, calls[j].args ?? {}], producedValue: hash.value },
        evidence: {
          line: calls[j].line,
          tool: calls[j].tool,
          responseLine: calls[i].responseLine,
          producedLine: calls[i].responseLine ?? calls[i].line,
          producedKind: 'contentHash',
          consumedVia: via,
          note: `${via} does not carry the contentHash the response at line ${calls[i].responseLine} produced`,
        },
      };
    }
  }
  return { chain: null, evidence: { line: null, note: 'no later call carries a value an earlier response produced' } };
}

function parseVerdictToken(v: unknown): CanaryVerdict | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().toUpperCase();
  return (CANARY_VERDICTS as readonly string[]).includes(t) ? (t as CanaryVerdict) : null;
}

export interface DeriveOptions {
  /** Checks a recording host's signed canary attestation (this install's signing key); absent → none verifies. */
  verifyAttestation?: AttestationVerifier;
}

/** Derives the behaviour record of one session. No Occam call at all is an error, never a silent score of 0. */
export function deriveRecord(session: SessionTranscript, opts: DeriveOptions = {}): DeriveResult {
  const calls = session.calls;
  if (calls.length === 0) return { ok: false, reason: `${NO_OCCAM_CALLS} (${session.format} transcript)` };
  const record: Obj = {};
  const declared = (key: 'clientInfo' | 'modelHint' | 'sessionId'): FieldEvidence => {
    const loc = session[key];
    if (!loc) return { line: null, note: `not declared in the ${session.format} transcript` };
    record[key] = loc.value;
    return { line: loc.line, note: `declared at line ${loc.line}` };
  };
  const clientInfo = declared('clientInfo');
  const modelHint = declared('modelHint');
  const sessionId = declared('sessionId');

  // Canary: the last verify call, and the probe URLs issued (their reads are not the basic call).
  const probeUrls = new Set<string>();
  let verify: ToolCall | null = null;
  for (const c of calls) {
    if (c.tool === 'occam_canary_issue' && typeof c.response?.url === 'string') probeUrls.add(c.response.url);
    if (c.tool === 'occam_canary_verify') verify = c;
  }
  let canary: TranscriptEvidence['canary'];
  let hostVerifier: SentinelVerifier | undefined;
  if (verify) {
    const sentinel = strArg(verify.args, 'sentinel');
    const canarySession = strArg(verify.args, 'session_id');
    const verdict = parseVerdictToken(verify.response?.verdict);
    if (sentinel !== null) record.canarySentinel = sentinel;
    if (canarySession !== null) record.canarySessionId = canarySession;
    if (verdict) record.canaryVerdict = verdict;
    // The recording host's verifier answered this exact report while the session ran, and signed its answer with
    // this install's key; offline nothing else can adjudicate a sentinel. Unsigned or foreign → claimed.
    const att = verify.attestation;
    const byHost =
      session.recordedByHost &&
      verdict !== null &&
      sentinel !== null &&
      canarySession !== null &&
      isAttestation(att) &&
      att.sentinel === sentinel &&
      att.canarySessionId === canarySession &&
      att.verdict === verdict &&
      session.sessionId !== null &&
      opts.verifyAttestation?.(session.sessionId.value, att) === true;
    if (byHost) {
      hostVerifier = (sid, s) => (sid.trim() === canarySession!.trim() && s === sentinel ? verdict! : 'HALLUCINATED');
    }
    const unsignedNote = session.recordedByHost
      ? ' (recorded by an Occam host, but its canary attestation is missing or was not signed by this install\'s key)'
      : ' (not recorded by an Occam host)';
    canary = {
      line: verify.line,
      tool: verify.tool,
      responseLine: verify.responseLine,
      adjudication: byHost ? 'host-verifier' : verdict ? 'claimed' : 'absent',
      note: byHost
        ? `sentinel reported at line ${verify.line}; verdict ${verdict} from the recording host's verifier at line ${verify.responseLine} (attestation signed by ${(att as { keyId: string }).keyId})`
        : verdict
          ? `sentinel reported at line ${verify.line}; verdict ${verdict} at line ${verify.responseLine} is graded as claimed${unsignedNote}`
          : `sentinel reported at line ${verify.line} but no verdict was logged`,
    };
  } else {
    canary = { line: null, adjudication: 'absent', note: 'no occam_canary_verify call' };
  }

  const isProbe = (c: ToolCall) => {
    const url = strArg(c.args, 'url');
    return url !== null && (probeUrls.has(url.trim()) || /\/probe\/canary\//.test(url));
  };
  const basic = calls.find((c) => READING_TOOLS.includes(c.tool) && !isProbe(c));
  let basicEv: FieldEvidence;
  if (basic) {
    record.basicCallArguments = basic.args ?? {};
    basicEv = { line: basic.line, tool: basic.tool, note: `first reading call (${basic.tool}) at line ${basic.line}` };
  } else {
    basicEv = { line: null, note: 'no reading call (occam, occam_transcode) other than a canary probe read' };
  }

  let focusEv: FieldEvidence = { line: null, note: 'no call carries both a focus and a budget' };
  for (const c of calls) {
    const names = FOCUS_BUDGET_PARAMS[c.tool];
    if (!names || !present(c.args, names.focus) || !present(c.args, names.budget)) continue;
    const args = c.args as Obj;
    record.focusBudgetArguments = names.graderNames ? args : { focus_query: args[names.focus], max_tokens: args[names.budget] };
    focusEv = { line: c.line, tool: c.tool, note: `${c.tool} at line ${c.line}: ${names.focus} + ${names.budget}` };
    break;
  }

  const { chain, evidence: chainEv } = deriveChain(calls);
  if (chain) record.chain = chain;

  const observations = calls
    .filter((c) => c.tool !== 'occam_exam_submit')
    .map((c) => observationOf(c.tool, true, failureCodeOf(c.response)));

  const evidence: TranscriptEvidence = {
    format: session.format,
    clientInfo,
    modelHint,
    sessionId,
    canary,
    basic_call: basicEv,
    focus_budget: focusEv,
    chain: chainEv,
    calls: calls.length,
    truncatedAt: session.truncatedAt,
  };
  return { ok: true, derived: { record: { ...record, evidence } as DerivedRecord['record'], hostVerifier, observations } };
}
