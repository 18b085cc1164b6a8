// Transcript → behaviour record (exam.md §2), by the exam's own definitions, with the line every field came from.
//
//   clientInfo / modelHint / sessionId — what the session declared (initialize, the host's session fields, or
//                  occam_client_capabilities(model_id)).
//   basicCallArguments — the arguments of the first *reading* call (`occam`, `occam_transcode`) that is not a read of
//                  a canary probe URL (that read belongs to the canary task).
//   focusBudgetArguments — the first call carrying both a focus and a budget, in that tool's own parameter names
//                  (FOCUS_BUDGET_PARAMS below maps them onto the task's intent).
//   chain — a later call whose arguments carry a value an earlier *response* produced, as the tool contract says it
//                  is carried: the contentHash as `if_none_match`, block hashes (blocks[].hash) in `diff_against`
//                  (a JSON array or CSV) — the consumption the grader credits — or a search handle (as `url`) or a
//                  section name from compile.sectionIndex (as `section`).
//   canary — the sentinel the agent reported to occam_canary_verify (the last such call: a stale read is meant to
//                  be re-read and re-reported) and the verdict that call returned.
//
// Linear and bounded (issue 31): the deriver is the session's CallSink. Each call is looked at once, when it
// completes; produced values are indexed by value (a Map), so a later call is matched in O(1) instead of against
// every earlier value; the calls themselves are not kept — only the first basic/focus call, the last verify call,
// one producer per distinct value and a compact observation per call.
import type { Observation } from '../tracker.ts';
import { observationOf } from '../tracker.ts';
import type { CanaryVerdict, SentinelVerifier } from '../grader.ts';
import { CANARY_VERDICTS, diffAgainstHashes } from '../grader.ts';
import type { CallSink, SessionTranscript, TaskMarker, ToolCall, TranscriptFormat } from './formats.ts';
import { isAttestation, VERDICT_ATTESTATION_FORMAT, type AttestationVerifier } from './attestation.ts';

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

export type ProducedKind = 'contentHash' | 'blockHash' | 'handle' | 'section';

/** Which parameter carries which kind of produced value (tools.md §3.1): the graded ones first. */
const GRADED_CONSUMERS: ReadonlyArray<{ param: 'if_none_match' | 'diff_against'; kind: ProducedKind }> = [
  { param: 'if_none_match', kind: 'contentHash' },
  { param: 'diff_against', kind: 'blockHash' },
];
const OTHER_CONSUMERS: ReadonlyArray<{ param: string; kind: ProducedKind }> = [
  { param: 'url', kind: 'handle' },
  { param: 'section', kind: 'section' },
  { param: 'content_selectors', kind: 'section' },
];

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

/**
 * What the session did after its surface was sized (after its last occam_exam_submit; the whole session when it
 * never submitted), for the H3 outcome measures — computed from the calls, not from the exam tasks.
 */
export interface SessionActivity {
  calls: number;
  /** Calls that failed through the caller's fault (tracker rules: invalid_arguments, invalid_policy, invalid_url). */
  callerErrors: number;
  /** Calls per tool. */
  tools: Record<string, number>;
  /** The harness's task marker, when the transcript carries one. */
  task: TaskMarker | null;
  /** Calls to a tool outside the marker's neededTools (null without such a marker). */
  wrongToolPicks: number | null;
  /** Whether an occam_exam_submit call sized the surface during the session. */
  sized: boolean;
  /**
   * A hash of the session's Occam calls (tool + canonical arguments, as a multiset): the same session logged in two
   * formats, or a file passed twice, hashes the same — the H3 report counts it once.
   */
  contentHash: string;
}

/** JSON with object keys sorted: the same arguments serialise the same whatever order a host logged them in. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Obj)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** cyrb53: a fast 53-bit string hash (identity for de-duplication, not security — nothing trusts it). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
const HASH_MOD = 2 ** 53;

export interface DerivedRecord {
  /** The behaviour record JSON (exam.md §2) with an `evidence` block the record parser ignores. */
  record: Obj & { evidence: TranscriptEvidence };
  /** For transcripts recorded by an Occam host: the verdicts its verifier returned, keyed by (session, sentinel). */
  hostVerifier: SentinelVerifier | undefined;
  /** Every Occam tool call as a CompetenceTracker observation (the tracker's live-observation input). */
  observations: Observation[];
  activity: SessionActivity;
}

export type DeriveResult = { ok: true; derived: DerivedRecord } | { ok: false; reason: string };

export const NO_OCCAM_CALLS = 'no Occam tool calls found';

const strArg = (args: ToolCall['args'], key: string): string | null => (isObj(args) && typeof args[key] === 'string' ? (args[key] as string) : null);
const present = (args: ToolCall['args'], key: string): boolean => isObj(args) && args[key] !== undefined && args[key] !== null;

/**
 * Values a response produced that a later call could carry on, with their kind — read from where the tools put
 * them (tools.md): `contentHash` at the top of a read, `blocks[].hash` (json_blocks), `results[].handle` /
 * `results[].id` (S1…) of a search, `compile.sectionIndex[].heading|anchor` of a truncated read. Explicit paths.
 */
function producedValues(response: Obj | null): Array<{ value: string; kind: ProducedKind }> {
  const out: Array<{ value: string; kind: ProducedKind }> = [];
  if (!response) return out;
  const add = (v: unknown, kind: ProducedKind) => {
    if (typeof v === 'string' && v.trim() !== '') out.push({ value: v.trim(), kind });
  };
  add(response.contentHash, 'contentHash');
  if (Array.isArray(response.blocks)) {
    for (const b of response.blocks) if (isObj(b)) add(b.hash, 'blockHash');
  }
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

function parseVerdictToken(v: unknown): CanaryVerdict | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().toUpperCase();
  return (CANARY_VERDICTS as readonly string[]).includes(t) ? (t as CanaryVerdict) : null;
}

/** The call as far as a chain needs it once it is done: its arguments and where it and its response were. */
interface CallRef {
  tool: string;
  line: number;
  responseLine: number | null;
  args: ToolCall['args'];
}
const refOf = (c: ToolCall): CallRef => ({ tool: c.tool, line: c.line, responseLine: c.responseLine, args: c.args });

interface Producer {
  kind: ProducedKind;
  call: CallRef;
}

/** A read that produced a contentHash (and maybe block hashes): what a mismatched conditional call is paired with. */
interface HashRead {
  call: CallRef;
  value: string;
  firstBlockHash: string | null;
}

interface Found {
  producer: CallRef;
  consumer: CallRef;
  value: string;
  kind: ProducedKind;
  via: string;
}

/** Observations are shared objects: a session of a million calls holds a million pointers, not a million records. */
const OBSERVATIONS = new Map<string, Observation>();
function sharedObservation(tool: string, failureCode: string | null): Observation {
  const key = `${tool}\u0000${failureCode ?? ''}`;
  let o = OBSERVATIONS.get(key);
  if (!o) {
    o = Object.freeze(observationOf(tool, true, failureCode));
    if (OBSERVATIONS.size < 4096) OBSERVATIONS.set(key, o);
  }
  return o;
}

export interface DeriveOptions {
  /** Checks a recording host's signed canary attestation (this install's signing key); absent → none verifies. */
  verifyAttestation?: AttestationVerifier;
}

/** The values a graded consumer parameter carries: the whole string for if_none_match, the hash list for diff_against. */
function consumedValues(param: 'if_none_match' | 'diff_against', raw: string): string[] {
  return param === 'diff_against' ? diffAgainstHashes(raw) : [raw.trim()];
}

/** One session's record, built call by call as the transcript is read (the session's CallSink). */
export class SessionDeriver implements CallSink {
  private calls = 0;
  private readonly probeUrls = new Set<string>();
  private verify: ToolCall | null = null;
  private basic: CallRef | null = null;
  private focus: { call: CallRef; names: { focus: string; budget: string; graderNames: boolean } } | null = null;
  /** Produced value → its earliest producer (one entry per distinct value: the index that keeps matching O(1)). */
  private readonly produced = new Map<string, Producer>();
  private graded: Found | null = null;
  private other: Found | null = null;
  /** A conditional call whose value nothing produced, paired with the latest earlier contentHash of its URL. */
  private attempt: { consumer: CallRef; producer: CallRef; value: string; kind: 'contentHash' | 'blockHash'; via: string } | null = null;
  private readonly latestHashByUrl = new Map<string, HashRead>();
  private latestHash: HashRead | null = null;
  private readonly observations: Observation[] = [];
  /** Activity since the surface was last sized (reset by each occam_exam_submit call). */
  private after = { calls: 0, callerErrors: 0, tools: Object.create(null) as Record<string, number> };
  private lastSizing = -1;
  /** Sum of per-call hashes mod 2^53: an order-free multiset hash of the calls, in constant memory. */
  private digestSum = 0;

  complete(call: ToolCall): void {
    this.calls += 1;
    this.digestSum = (this.digestSum + hash53(`${call.tool}\u0000${typeof call.args === 'string' ? call.args : canonicalJson(call.args ?? {})}`)) % HASH_MOD;
    if (call.tool === 'occam_exam_submit') {
      if (call.line > this.lastSizing) {
        this.lastSizing = call.line;
        this.after = { calls: 0, callerErrors: 0, tools: Object.create(null) };
      }
    } else if (call.line > this.lastSizing) {
      this.after.calls += 1;
      this.after.tools[call.tool] = (this.after.tools[call.tool] ?? 0) + 1;
    }
    if (call.tool === 'occam_canary_issue' && typeof call.response?.url === 'string') this.probeUrls.add(call.response.url);
    if (call.tool === 'occam_canary_verify' && (this.verify === null || call.line >= this.verify.line)) this.verify = call;
    if (call.tool !== 'occam_exam_submit') {
      const o = sharedObservation(call.tool, failureCodeOf(call.response));
      this.observations.push(o);
      if (o.callerError && call.line > this.lastSizing) this.after.callerErrors += 1;
    }
    const ref = refOf(call);
    this.considerBasic(ref);
    this.considerFocus(ref);
    this.considerChain(ref);
    // Only now is the call's own response a produced value: a value cannot flow into the call that produced it.
    const values = producedValues(call.response);
    for (const p of values) {
      const known = this.produced.get(p.value);
      if (!known || (ref.responseLine ?? ref.line) < (known.call.responseLine ?? known.call.line)) this.produced.set(p.value, { kind: p.kind, call: ref });
    }
    const hash = values.find((p) => p.kind === 'contentHash');
    if (hash) {
      const entry: HashRead = { call: ref, value: hash.value, firstBlockHash: values.find((p) => p.kind === 'blockHash')?.value ?? null };
      const url = strArg(call.args, 'url');
      if (url !== null) this.latestHashByUrl.set(url, entry);
      this.latestHash = entry;
    }
  }

  private isProbe(c: CallRef): boolean {
    const url = strArg(c.args, 'url');
    return url !== null && (this.probeUrls.has(url.trim()) || /\/probe\/canary\//.test(url));
  }

  private considerBasic(c: CallRef): void {
    if (!READING_TOOLS.includes(c.tool) || this.isProbe(c)) return;
    if (this.basic === null || c.line < this.basic.line) this.basic = c;
  }

  private considerFocus(c: CallRef): void {
    const names = FOCUS_BUDGET_PARAMS[c.tool];
    if (!names || !present(c.args, names.focus) || !present(c.args, names.budget)) return;
    if (this.focus === null || c.line < this.focus.call.line) this.focus = { call: c, names };
  }

  /** A producer counts only when its response came before the consumer call was made. */
  private producerFor(value: string, kind: ProducedKind, consumer: CallRef): Producer | null {
    const p = this.produced.get(value);
    if (!p || p.kind !== kind) return null;
    return (p.call.responseLine ?? p.call.line) < consumer.line ? p : null;
  }

  private considerChain(c: CallRef): void {
    if (this.graded === null || c.line < this.graded.consumer.line) {
      for (const { param, kind } of GRADED_CONSUMERS) {
        const raw = strArg(c.args, param);
        if (raw === null) continue;
        const hit = consumedValues(param, raw).find((v) => this.producerFor(v, kind, c));
        if (hit !== undefined) {
          this.graded = { producer: this.producerFor(hit, kind, c)!.call, consumer: c, value: hit, kind, via: param };
          break;
        }
        // The wrong value for the parameter (e.g. the contentHash in diff_against) is still the chain attempt.
        if (this.attempt === null || c.line < this.attempt.consumer.line) {
          const url = strArg(c.args, 'url');
          const prior = url !== null ? this.latestHashByUrl.get(url) : this.latestHash;
          if (prior && (prior.call.responseLine ?? prior.call.line) < c.line) {
            // diff_against should have carried that read's block hashes; if it produced none, its contentHash stands
            // in (and the grader names the misuse).
            const block = kind === 'blockHash' ? prior.firstBlockHash : null;
            this.attempt = { consumer: c, producer: prior.call, value: block ?? prior.value, kind: block ? 'blockHash' : 'contentHash', via: param };
          }
        }
      }
    }
    if (this.other === null || c.line < this.other.consumer.line) {
      for (const { param, kind } of OTHER_CONSUMERS) {
        const raw = strArg(c.args, param);
        if (raw === null) continue;
        const p = this.producerFor(raw.trim(), kind, c);
        if (p) {
          this.other = { producer: p.call, consumer: c, value: raw.trim(), kind, via: param };
          break;
        }
      }
    }
  }

  private chain(): { chain: Obj | null; evidence: ChainEvidence } {
    const found = this.graded ?? this.other;
    if (found) {
      const credited = found === this.graded;
      return {
        chain: {
          calls: [found.producer.args ?? {}, found.consumer.args ?? {}],
          producedValue: found.value,
          ...(found.kind === 'contentHash' || found.kind === 'blockHash' ? { producedKind: found.kind } : {}),
        },
        evidence: {
          line: found.consumer.line,
          tool: found.consumer.tool,
          responseLine: found.producer.responseLine,
          producedLine: found.producer.responseLine ?? found.producer.line,
          producedKind: found.kind,
          consumedVia: found.via,
          note: credited
            ? `${found.via} carries the ${found.kind} the response at line ${found.producer.responseLine} produced`
            : `${found.via} carries the ${found.kind} the response at line ${found.producer.responseLine} produced (the grader credits only if_none_match with the contentHash / diff_against with block hashes)`,
        },
      };
    }
    const a = this.attempt;
    if (a) {
      return {
        chain: { calls: [a.producer.args ?? {}, a.consumer.args ?? {}], producedValue: a.value, producedKind: a.kind },
        evidence: {
          line: a.consumer.line,
          tool: a.consumer.tool,
          responseLine: a.producer.responseLine,
          producedLine: a.producer.responseLine ?? a.producer.line,
          producedKind: a.kind,
          consumedVia: a.via,
          note:
            a.via === 'diff_against'
              ? `diff_against does not carry the block hashes (blocks[].hash) the response at line ${a.producer.responseLine} produced`
              : `${a.via} does not carry the contentHash the response at line ${a.producer.responseLine} produced`,
        },
      };
    }
    return { chain: null, evidence: { line: null, note: 'no later call carries a value an earlier response produced' } };
  }

  /** The record of the session, once every call was handed in. No Occam call at all is an error, never a score of 0. */
  finish(session: SessionTranscript, opts: DeriveOptions = {}): DeriveResult {
    if (this.calls === 0) return { ok: false, reason: `${NO_OCCAM_CALLS} (${session.format} transcript)` };
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

    const { canary, hostVerifier } = this.canary(session, record, opts);

    let basicEv: FieldEvidence;
    const basic = this.basic && !this.isProbe(this.basic) ? this.basic : null;
    if (basic) {
      record.basicCallArguments = basic.args ?? {};
      basicEv = { line: basic.line, tool: basic.tool, note: `first reading call (${basic.tool}) at line ${basic.line}` };
    } else {
      basicEv = { line: null, note: 'no reading call (occam, occam_transcode) other than a canary probe read' };
    }

    let focusEv: FieldEvidence = { line: null, note: 'no call carries both a focus and a budget' };
    if (this.focus) {
      const { call: c, names } = this.focus;
      const args = c.args as Obj;
      record.focusBudgetArguments = names.graderNames ? args : { focus_query: args[names.focus], max_tokens: args[names.budget] };
      focusEv = { line: c.line, tool: c.tool, note: `${c.tool} at line ${c.line}: ${names.focus} + ${names.budget}` };
    }

    const { chain, evidence: chainEv } = this.chain();
    if (chain) record.chain = chain;

    const needed = session.task?.neededTools ? new Set(session.task.neededTools) : null;
    const activity: SessionActivity = {
      calls: this.after.calls,
      callerErrors: this.after.callerErrors,
      tools: { ...this.after.tools },
      task: session.task,
      wrongToolPicks: needed ? Object.entries(this.after.tools).reduce((n, [t, k]) => (needed.has(t) ? n : n + k), 0) : null,
      sized: this.lastSizing >= 0,
      contentHash: `${this.digestSum.toString(16).padStart(14, '0')}-${this.calls}`,
    };
    const evidence: TranscriptEvidence = {
      format: session.format,
      clientInfo,
      modelHint,
      sessionId,
      canary,
      basic_call: basicEv,
      focus_budget: focusEv,
      chain: chainEv,
      calls: this.calls,
      truncatedAt: session.truncatedAt,
    };
    return { ok: true, derived: { record: { ...record, evidence } as DerivedRecord['record'], hostVerifier, observations: this.observations, activity } };
  }

  private canary(session: SessionTranscript, record: Obj, opts: DeriveOptions): { canary: TranscriptEvidence['canary']; hostVerifier: SentinelVerifier | undefined } {
    const verify = this.verify;
    if (!verify) return { canary: { line: null, adjudication: 'absent', note: 'no occam_canary_verify call' }, hostVerifier: undefined };
    const sentinel = strArg(verify.args, 'sentinel');
    const canarySession = strArg(verify.args, 'session_id');
    const verdict = parseVerdictToken(verify.response?.verdict);
    if (sentinel !== null) record.canarySentinel = sentinel;
    if (canarySession !== null) record.canarySessionId = canarySession;
    if (verdict) record.canaryVerdict = verdict;
    // Whether `a` is this install's signature over exactly this report and verdict, bound to `slot`.
    const signedHere = (a: unknown, slot: string | null, format?: string): a is { keyId: string } =>
      verdict !== null &&
      sentinel !== null &&
      canarySession !== null &&
      slot !== null &&
      isAttestation(a) &&
      (format === undefined || a.format === format) &&
      a.sentinel === sentinel &&
      a.canarySessionId === canarySession &&
      a.verdict === verdict &&
      opts.verifyAttestation?.(slot, a) === true;
    // The recording host's verifier answered this exact report while the session ran, and signed its answer with
    // this install's key, bound to the recording's session; offline nothing else can adjudicate a sentinel.
    const att = verify.attestation;
    const byHost = session.recordedByHost && signedHere(att, session.sessionId?.value ?? null);
    // Any host's transcript: the verify response itself carries this install's signed verdict (bound to the canary session).
    const inResponse = verify.response?.attestation;
    const byResponse = !byHost && signedHere(inResponse, canarySession, VERDICT_ATTESTATION_FORMAT);
    const proven = byHost || byResponse;
    const hostVerifier: SentinelVerifier | undefined = proven
      ? (sid, s) => (sid.trim() === canarySession!.trim() && s === sentinel ? verdict! : 'HALLUCINATED')
      : undefined;
    const unsignedNote = session.recordedByHost
      ? " (recorded by an Occam host, but its canary attestation is missing or was not signed by this install's key)"
      : " (the verify response carries no verdict signed by this install's key)";
    return {
      hostVerifier,
      canary: {
        line: verify.line,
        tool: verify.tool,
        responseLine: verify.responseLine,
        adjudication: proven ? 'host-verifier' : verdict ? 'claimed' : 'absent',
        note: byHost
          ? `sentinel reported at line ${verify.line}; verdict ${verdict} from the recording host's verifier at line ${verify.responseLine} (attestation signed by ${(att as { keyId: string }).keyId})`
          : byResponse
            ? `sentinel reported at line ${verify.line}; verdict ${verdict} at line ${verify.responseLine} signed by this install's canary verifier (key ${(inResponse as { keyId: string }).keyId})`
          : verdict
            ? `sentinel reported at line ${verify.line}; verdict ${verdict} at line ${verify.responseLine} is graded as claimed${unsignedNote}`
            : `sentinel reported at line ${verify.line} but no verdict was logged`,
      },
    };
  }
}

/** Derives the record of a session parsed with a SessionDeriver as its sink. */
export function deriveRecord(session: SessionTranscript, opts: DeriveOptions = {}): DeriveResult {
  if (!(session.sink instanceof SessionDeriver)) throw new TypeError('deriveRecord needs a session read with a SessionDeriver sink');
  return session.sink.finish(session, opts);
}
