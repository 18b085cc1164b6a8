// Transcript formats the exam derives behaviour records from, read one line at a time. Per session the parser
// hands each finished Occam tool call (arguments + parsed response, each with its 1-based transcript line) to that
// session's sink the moment it completes, and keeps only what the session says about the client — so a transcript
// of a million lines is never held in memory. Six formats are detected from their lines:
//   occam          — `occam mcp --record` (src/mcp/recording.ts): a header line, then {kind:"message", dir, msg}.
//   jsonrpc        — a plain JSON-RPC log, one message per line (an MCP proxy or the Inspector), bare or wrapped as
//                    {direction|dir, message|msg}.
//   claude-code    — Claude Code's project session JSONL (~/.claude/projects/<dir>/<session>.jsonl): assistant lines
//                    carry `tool_use` blocks named mcp__<server>__<tool>, user lines the matching `tool_result`.
//   codex          — Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl): {timestamp,type,payload} lines;
//                    MCP calls as event_msg mcp_tool_call_begin/_end and/or response_item function_call(_output).
//   claude-desktop — Claude Desktop's per-server log (mcp-server-<name>.log): `<time> [level] [server] Message from
//                    client: {json}` / `Message from server: {json}`.
//   vscode         — VS Code's MCP output channel: `<time> [level] [editor -> server] {json}` / `[server -> editor]`,
//                    or the older `[Client Says] {json}` / `[Server Says] {json}`.
// One file may hold several sessions; each grades on its own (issue 31): a new `initialize` starts a new session in a
// JSON-RPC log, Occam's lines are split by their `session` and per-line `clientInfo`, Claude Code's by `sessionId`,
// Codex's by `session_meta`. Pure: lines in, sessions out. Which tool names count as Occam's is injected.

export const TRANSCRIPT_FORMAT = 'occam-mcp-transcript-v1';

export type TranscriptFormat = 'occam' | 'jsonrpc' | 'claude-code' | 'codex' | 'claude-desktop' | 'vscode';
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = ['occam', 'jsonrpc', 'claude-code', 'codex', 'claude-desktop', 'vscode'];

export interface Located<T> {
  value: T;
  /** 1-based line of the transcript it came from. */
  line: number;
}

export interface ToolCall {
  /** The Occam tool (catalog name, without any host prefix). */
  tool: string;
  line: number;
  /** Arguments as the client sent them: an object, or raw text when the host logged them as a string. */
  args: Record<string, unknown> | string | null;
  /** The tool's JSON result object (structuredContent, or the JSON text content), when it was logged. */
  response: Record<string, unknown> | null;
  responseLine: number | null;
  isError: boolean | null;
  /** Occam's own format: the recording host's signed canary attestation on the response line, if any. */
  attestation?: unknown;
}

/** Receives each Occam call of one session once, when it completed (or at the end, when it never did). */
export interface CallSink {
  complete(call: ToolCall): void;
}

export interface SessionTranscript {
  format: TranscriptFormat;
  sessionId: Located<string> | null;
  clientInfo: Located<string> | null;
  modelHint: Located<string> | null;
  /** Recorded by an Occam host (occam format): its canary verify responses are that host's own adjudications. */
  recordedByHost: boolean;
  /** The line of the `truncated` marker when the recording was cut. */
  truncatedAt: number | null;
  /** How many Occam tool calls the session made (the calls themselves went to `sink`). */
  calls: number;
  sink: CallSink;
  /** What a harness marked about the session's task (an `occamTask` line), for the H3 outcome measures. */
  task: TaskMarker | null;
}

/**
 * A harness-written line `{"occamTask": {"completed": true, "neededTools": ["occam"]}}` (in an Occam recording also
 * with `"session"`): whether the session's task was completed, and which tools it needed (a call to any other tool
 * is a wrong-tool pick). Both members are optional.
 */
export interface TaskMarker {
  completed: boolean | null;
  neededTools: string[] | null;
  line: number;
}

function taskMarkerOf(v: Obj, n: number): TaskMarker | null {
  const t = v.occamTask;
  if (!isObj(t)) return null;
  const needed = Array.isArray(t.neededTools) ? t.neededTools.filter((x: unknown): x is string => typeof x === 'string') : null;
  return { completed: typeof t.completed === 'boolean' ? t.completed : null, neededTools: needed, line: n };
}

export type TranscriptParse =
  | { ok: true; format: TranscriptFormat; sessions: SessionTranscript[] }
  | { ok: false; reason: string };

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export interface Line {
  n: number;
  v: Obj;
}

/**
 * A tools/list response — often the largest line of a session (every tool's schema) and never needed to derive a
 * record: the SDK writes it as {"result":{"tools":[…, and no tools/call result starts that way (CallToolResult has
 * content / structuredContent / isError). Telling it from its first 400 characters spares decoding and parsing it.
 */
const TOOL_LIST_MARK = '"result":{"tools":[';
const LOOK = 400;

/** Transcript text, or its raw bytes. */
export type TranscriptInput = string | Uint8Array;

/** The direction markers of the text-log formats: which host wrote the line, and which way the message went. */
const LOG_MARKERS: ReadonlyArray<{ format: TranscriptFormat; re: RegExp; dir: 'in' | 'out' }> = [
  { format: 'claude-desktop', re: /\bMessage from client:\s*(?=\{)/, dir: 'in' },
  { format: 'claude-desktop', re: /\bMessage from server:\s*(?=\{)/, dir: 'out' },
  { format: 'vscode', re: /\[(?:editor -> server|Client Says)\]\s*(?=\{)/, dir: 'in' },
  { format: 'vscode', re: /\[(?:server -> editor|Server Says)\]\s*(?=\{)/, dir: 'out' },
];
/** Key under which a text-log line's host and direction travel with its parsed message. */
const LOG_LINE = '\u0000log';

/**
 * One raw line → a parsed line, or null (blank, not JSON, a tools/list result, a log line without a message).
 * Text-log lines (Claude Desktop, VS Code) become `{[LOG_LINE]: {format, dir}, msg}`.
 */
export function parseLine(raw: string, n: number): Line | null {
  if (raw.lastIndexOf(TOOL_LIST_MARK, LOOK) >= 0) return null;
  const start = raw.search(/\S/);
  if (start < 0) return null;
  if (raw.charCodeAt(start) !== 0x7b) {
    for (const m of LOG_MARKERS) {
      const hit = m.re.exec(raw);
      if (!hit) continue;
      const msg = parseObj(raw.slice(hit.index + hit[0].length));
      return msg ? { n, v: { [LOG_LINE]: { format: m.format, dir: m.dir }, msg } } : null;
    }
    return null;
  }
  try {
    const v = JSON.parse(raw);
    return isObj(v) ? { n, v } : null;
  } catch {
    return null; // a torn last line of a live file, or prose: not part of the transcript
  }
}

const CLAUDE_TYPES = new Set(['user', 'assistant', 'summary', 'system', 'file-history-snapshot', 'progress']);
const CODEX_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

function unwrapRpc(v: Obj): { dir: 'in' | 'out' | null; msg: Obj } | null {
  if (v.jsonrpc === '2.0') return { dir: null, msg: v };
  const inner = isObj(v.message) ? v.message : isObj(v.msg) ? v.msg : null;
  if (inner && inner.jsonrpc === '2.0') {
    const d = String(v.direction ?? v.dir ?? '').toLowerCase();
    const dir = /^(in|incoming|client-to-server|c2s|request|send|sent)$/.test(d) ? 'in' : /^(out|outgoing|server-to-client|s2c|receive|received)$/.test(d) ? 'out' : null;
    return { dir, msg: inner };
  }
  return null;
}

/** The format one parsed line is decisive for, or null. */
export function formatOfLine(v: Obj): TranscriptFormat | null {
  if (isObj(v[LOG_LINE])) return v[LOG_LINE].format as TranscriptFormat;
  if ((v.kind === 'header' && v.format === TRANSCRIPT_FORMAT) || (v.kind === 'message' && isObj(v.msg) && typeof v.session === 'string')) return 'occam';
  if (typeof v.type === 'string' && CODEX_TYPES.has(v.type) && isObj(v.payload)) return 'codex';
  if (typeof v.type === 'string' && CLAUDE_TYPES.has(v.type) && (isObj(v.message) || typeof v.sessionId === 'string' || typeof v.uuid === 'string')) return 'claude-code';
  if (unwrapRpc(v)) return 'jsonrpc';
  return null;
}

/** Which format the lines are in (the first decisive line wins), or null. */
export function detectFormat(lines: Iterable<Line>): TranscriptFormat | null {
  for (const { v } of lines) {
    const f = formatOfLine(v);
    if (f) return f;
  }
  return null;
}

/** The tool's JSON object from an MCP CallToolResult (structuredContent first, else the first JSON text block). */
export function toolJsonOf(result: unknown): { json: Obj | null; isError: boolean | null } {
  if (!isObj(result)) return { json: null, isError: null };
  const isError = typeof result.isError === 'boolean' ? result.isError : typeof result.is_error === 'boolean' ? result.is_error : null;
  if (isObj(result.structuredContent)) return { json: result.structuredContent, isError };
  return { json: jsonFromContent(result.content), isError };
}

function jsonFromContent(content: unknown): Obj | null {
  if (typeof content === 'string') return parseObj(content);
  if (!Array.isArray(content)) return null;
  for (const block of content) {
    if (isObj(block) && block.type === 'text' && typeof block.text === 'string') {
      const j = parseObj(block.text);
      if (j) return j;
    }
  }
  return null;
}

function parseObj(text: string): Obj | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const v = JSON.parse(text);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

function argsOf(v: unknown): Record<string, unknown> | string | null {
  if (isObj(v)) return v;
  if (typeof v === 'string') {
    const o = parseObj(v);
    return o ?? v;
  }
  return null;
}

const clientInfoText = (info: unknown): string | null => {
  if (!isObj(info)) return null;
  const name = str(info.name);
  if (!name) return null;
  const version = str(info.version);
  return version ? `${name}/${version}` : name;
};

type SinkFactory = () => CallSink;

/** One session being read: its declarations, the calls awaiting their response, and the sink finished calls go to. */
class SessionState {
  readonly s: SessionTranscript;
  /** The model a session declared through occam_client_capabilities(model_id): used when no host field names one. */
  private capabilityModel: Located<string> | null = null;
  private readonly pending = new Map<string, ToolCall>();
  constructor(format: TranscriptFormat, sink: CallSink) {
    this.s = { format, sessionId: null, clientInfo: null, modelHint: null, recordedByHost: format === 'occam', truncatedAt: null, calls: 0, sink, task: null };
  }

  /** Takes a harness's task marker line; true when the line was one. */
  marker(v: Obj, n: number): boolean {
    const t = taskMarkerOf(v, n);
    if (t) this.s.task = t;
    return t !== null;
  }

  /** A new call; `key` pairs it with its response (null: it completes when the session ends). */
  start(key: string | null, call: ToolCall): void {
    this.s.calls += 1;
    if (!this.capabilityModel && call.tool === 'occam_client_capabilities' && isObj(call.args)) {
      const id = str(call.args.model_id);
      if (id) this.capabilityModel = { value: id, line: call.line };
    }
    if (key === null) this.s.sink.complete(call);
    else {
      const earlier = this.pending.get(key);
      if (earlier) this.s.sink.complete(earlier); // a reused id: the earlier call never got its answer
      this.pending.set(key, call);
    }
  }

  pendingCall(key: string): ToolCall | undefined {
    return this.pending.get(key);
  }

  /** The call's response was logged (fields already set by the caller): hand it on. */
  finishCall(key: string): void {
    const call = this.pending.get(key);
    if (!call) return;
    this.pending.delete(key);
    this.s.sink.complete(call);
  }

  end(): SessionTranscript {
    for (const call of this.pending.values()) this.s.sink.complete(call);
    this.pending.clear();
    if (!this.s.modelHint && this.capabilityModel) this.s.modelHint = this.capabilityModel;
    return this.s;
  }
}

interface FormatParser {
  add(line: Line): void;
  end(): SessionTranscript[];
}

/** Sessions in the order they first appeared, by key. */
class SessionSet {
  private readonly byKey = new Map<string, SessionState>();
  private readonly order: SessionState[] = [];
  private readonly format: TranscriptFormat;
  private readonly newSink: SinkFactory;
  constructor(format: TranscriptFormat, newSink: SinkFactory) {
    this.format = format;
    this.newSink = newSink;
  }
  get(key: string): SessionState | undefined {
    return this.byKey.get(key);
  }
  open(key: string): SessionState {
    const st = new SessionState(this.format, this.newSink());
    this.byKey.set(key, st);
    this.order.push(st);
    return st;
  }
  of(key: string): SessionState {
    return this.byKey.get(key) ?? this.open(key);
  }
  end(): SessionTranscript[] {
    return this.order.map((st) => st.end());
  }
}

// ——— JSON-RPC (also the body of Occam's own format and of the text logs) ———

/** Feeds one JSON-RPC message into a session. Returns true when it was an `initialize` request. */
function addRpc(st: SessionState, n: number, msg: Obj, dir: 'in' | 'out' | null, isOccamTool: (name: string) => boolean, line?: Obj): void {
  if (typeof msg.method === 'string' && dir !== 'out') {
    if (msg.method === 'initialize' && !st.s.clientInfo) {
      const ci = clientInfoText(msg.params?.clientInfo);
      if (ci) st.s.clientInfo = { value: ci, line: n };
    }
    if (msg.method === 'tools/call' && msg.id !== undefined && isObj(msg.params)) {
      const name = String(msg.params.name ?? '');
      if (!isOccamTool(name)) return;
      st.start(JSON.stringify(msg.id), { tool: name, line: n, args: argsOf(msg.params.arguments ?? {}), response: null, responseLine: null, isError: null });
    }
    return;
  }
  if (msg.method === undefined && msg.id !== undefined && dir !== 'in') {
    const key = JSON.stringify(msg.id);
    const call = st.pendingCall(key);
    if (!call) return;
    call.responseLine = n;
    if (line?.attestation !== undefined) call.attestation = line.attestation;
    if (isObj(msg.result)) {
      const { json, isError } = toolJsonOf(msg.result);
      call.response = json;
      call.isError = isError;
    } else if (msg.error) {
      call.isError = true;
    }
    st.finishCall(key);
  }
}

const isInitialize = (msg: Obj, dir: 'in' | 'out' | null) => msg.method === 'initialize' && dir !== 'out';

/** A JSON-RPC log (bare, wrapped, or a host's text log): each `initialize` after the first starts a new session. */
class RpcParser implements FormatParser {
  private readonly sessions: SessionSet;
  private current: SessionState | null = null;
  private count = 0;
  private readonly isOccamTool: (name: string) => boolean;
  constructor(format: TranscriptFormat, newSink: SinkFactory, isOccamTool: (name: string) => boolean) {
    this.sessions = new SessionSet(format, newSink);
    this.isOccamTool = isOccamTool;
  }
  add({ n, v }: Line): void {
    if (this.current?.marker(v, n)) return;
    const u = isObj(v[LOG_LINE]) ? { dir: v[LOG_LINE].dir as 'in' | 'out', msg: v.msg as Obj } : unwrapRpc(v);
    if (!u) return;
    if (!this.current || (isInitialize(u.msg, u.dir) && (this.current.s.clientInfo !== null || this.current.s.calls > 0))) {
      this.current = this.sessions.open(String(++this.count));
    }
    addRpc(this.current, n, u.msg, u.dir, this.isOccamTool);
  }
  end(): SessionTranscript[] {
    return this.sessions.end();
  }
}

/**
 * Occam's own recordings. A file target shared by a network host holds several sessions: lines are split by their
 * `session` and by the per-line `clientInfo` the recorder writes (stateless Streamable HTTP serves every client from
 * one host session), and a second `initialize` of one client starts a new session.
 */
class OccamParser implements FormatParser {
  private readonly sessions: SessionSet;
  /** Per recorded session: the current segment key of each client seen (by per-line clientInfo). */
  private readonly segments = new Map<string, { byClient: Map<string, string>; last: string; count: number }>();
  private readonly isOccamTool: (name: string) => boolean;
  constructor(newSink: SinkFactory, isOccamTool: (name: string) => boolean) {
    this.sessions = new SessionSet('occam', newSink);
    this.isOccamTool = isOccamTool;
  }

  private segment(id: string, n: number, client: string | null, initialize: boolean): SessionState {
    let seg = this.segments.get(id);
    const open = (): SessionState => {
      seg!.count += 1;
      const key = `${id}\u0000${seg!.count}`;
      const st = this.sessions.open(key);
      st.s.sessionId = { value: seg!.count === 1 ? id : `${id}~${seg!.count}`, line: n };
      if (client) seg!.byClient.set(client, key);
      seg!.last = key;
      return st;
    };
    if (!seg) {
      seg = { byClient: new Map(), last: '', count: 0 };
      this.segments.set(id, seg);
      return open();
    }
    const key = client ? seg.byClient.get(client) : seg.last;
    if (key === undefined) {
      // A client this recorded session has not seen: its own session, unless the current one has not initialized yet.
      const last = this.sessions.get(seg.last)!;
      if (last.s.clientInfo === null && last.s.calls === 0) {
        if (client) seg.byClient.set(client, seg.last);
        return last;
      }
      return open();
    }
    const st = this.sessions.get(key)!;
    if (initialize && (st.s.clientInfo !== null || st.s.calls > 0)) return open(); // the same client connected again
    seg.last = key;
    return st;
  }

  add({ n, v }: Line): void {
    const id = str(v.session);
    if (!id) return;
    if (v.kind === 'header') {
      if (!this.segments.has(id)) this.segment(id, n, null, false);
      return;
    }
    if (v.kind === 'truncated') {
      const seg = this.segments.get(id);
      const st = seg ? this.sessions.get(seg.last) : this.segment(id, n, null, false);
      if (st) st.s.truncatedAt = n;
      return;
    }
    if (isObj(v.occamTask)) {
      const seg = this.segments.get(id);
      if (seg) this.sessions.get(seg.last)?.marker(v, n);
      return;
    }
    if (v.kind !== 'message' || !isObj(v.msg)) return;
    const dir = v.dir === 'in' || v.dir === 'out' ? v.dir : null;
    const init = isInitialize(v.msg, dir);
    const client = init ? clientInfoText(v.msg.params?.clientInfo) : str(v.clientInfo);
    addRpc(this.segment(id, n, client, init), n, v.msg, dir, this.isOccamTool, v);
  }
  end(): SessionTranscript[] {
    return this.sessions.end();
  }
}

// ——— agent hosts ———

/** `mcp__<server>__<tool>` (Claude Code, Codex) or `<server>__<tool>` (older Codex) → the Occam tool, or null. */
export function hostToolName(name: string, isOccamTool: (name: string) => boolean): string | null {
  if (isOccamTool(name)) return name;
  // The server part may itself contain `__`: try every split, shortest tool suffix last.
  let at = name.indexOf('__');
  while (at >= 0) {
    const tool = name.slice(at + 2);
    if (isOccamTool(tool)) return tool;
    at = name.indexOf('__', at + 2);
  }
  return null;
}

/** Claude Code project JSONL: one session per `sessionId` (a file may hold several after a resume or a merge). */
class ClaudeParser implements FormatParser {
  private readonly sessions: SessionSet;
  private current: string | null = null;
  private readonly isOccamTool: (name: string) => boolean;
  constructor(newSink: SinkFactory, isOccamTool: (name: string) => boolean) {
    this.sessions = new SessionSet('claude-code', newSink);
    this.isOccamTool = isOccamTool;
  }
  add({ n, v }: Line): void {
    const sid = str(v.sessionId);
    if (sid) this.current = sid;
    const key = this.current ?? '';
    const st = this.sessions.of(key);
    if (st.marker(v, n)) return;
    const s = st.s;
    if (!s.sessionId && sid) s.sessionId = { value: sid, line: n };
    // Claude Code identifies itself to MCP servers as clientInfo {name:"claude-code", version:<its version>}.
    if (!s.clientInfo && str(v.version)) s.clientInfo = { value: `claude-code/${str(v.version)}`, line: n };
    const message = isObj(v.message) ? v.message : null;
    if (!message) return;
    if (v.type === 'assistant' && !s.modelHint && str(message.model) && message.model !== '<synthetic>') {
      s.modelHint = { value: str(message.model)!, line: n };
    }
    if (!Array.isArray(message.content)) return;
    for (const block of message.content) {
      if (!isObj(block)) continue;
      if (block.type === 'tool_use' && typeof block.name === 'string') {
        const tool = hostToolName(block.name, this.isOccamTool);
        if (!tool) continue;
        st.start(typeof block.id === 'string' ? block.id : null, { tool, line: n, args: argsOf(block.input ?? {}), response: null, responseLine: null, isError: null });
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const call = st.pendingCall(block.tool_use_id);
        if (!call) continue;
        call.responseLine = n;
        call.isError = typeof block.is_error === 'boolean' ? block.is_error : null;
        // The envelope's toolUseResult keeps the MCP result when the content was flattened to text.
        call.response = jsonFromContent(block.content) ?? toolJsonOf(v.toolUseResult).json;
        st.finishCall(block.tool_use_id);
      }
    }
  }
  end(): SessionTranscript[] {
    return this.sessions.end();
  }
}

function codexResult(result: unknown): { json: Obj | null; isError: boolean | null } {
  if (!isObj(result)) return { json: null, isError: null };
  if ('Err' in result) return { json: null, isError: true };
  return toolJsonOf(isObj(result.Ok) ? result.Ok : result);
}

/** Codex rollouts: each `session_meta` with a new id starts a new session (concatenated rollouts). */
class CodexParser implements FormatParser {
  private readonly sessions: SessionSet;
  private st: SessionState | null = null;
  private count = 0;
  private readonly isOccamTool: (name: string) => boolean;
  constructor(newSink: SinkFactory, isOccamTool: (name: string) => boolean) {
    this.sessions = new SessionSet('codex', newSink);
    this.isOccamTool = isOccamTool;
  }

  private session(): SessionState {
    return (this.st ??= this.sessions.open(String(++this.count)));
  }

  private callFor(id: string | null, tool: string, n: number, args: unknown): ToolCall | null {
    const st = this.session();
    const known = id ? st.pendingCall(id) : undefined;
    if (known) {
      if (known.args === null || (isObj(known.args) && Object.keys(known.args).length === 0)) known.args = argsOf(args);
      return known;
    }
    if (id && this.done.has(id)) return null; // its end was already handed on (function_call_output after the end)
    const call: ToolCall = { tool, line: n, args: argsOf(args ?? {}), response: null, responseLine: null, isError: null };
    st.start(id, call);
    return call;
  }
  /** Call ids already completed in the current session (Codex logs a call's end twice: end event and output item). */
  private done = new Set<string>();

  add({ n, v }: Line): void {
    if (this.st?.marker(v, n)) return;
    const p = isObj(v.payload) ? v.payload : null;
    if (!p) return;
    if (v.type === 'session_meta') {
      const id = str(p.id);
      if (this.st && (this.st.s.calls > 0 || (id && this.st.s.sessionId && this.st.s.sessionId.value !== id))) {
        this.st = null;
        this.done = new Set();
      }
      const s = this.session().s;
      if (!s.sessionId && id) s.sessionId = { value: id, line: n };
      // Codex's MCP client introduces itself as codex-mcp-client/<cli version>.
      if (!s.clientInfo && str(p.cli_version)) s.clientInfo = { value: `codex-mcp-client/${str(p.cli_version)}`, line: n };
    } else if (v.type === 'turn_context') {
      const s = this.session().s;
      if (!s.modelHint && str(p.model)) s.modelHint = { value: str(p.model)!, line: n };
    } else if (v.type === 'event_msg' && (p.type === 'mcp_tool_call_begin' || p.type === 'mcp_tool_call_end')) {
      const inv = isObj(p.invocation) ? p.invocation : {};
      const tool = typeof inv.tool === 'string' ? hostToolName(inv.tool, this.isOccamTool) : null;
      if (!tool) return;
      const id = str(p.call_id);
      const call = this.callFor(id, tool, n, inv.arguments);
      if (!call || p.type !== 'mcp_tool_call_end') return;
      const { json, isError } = codexResult(p.result);
      call.responseLine = n;
      call.response = json ?? call.response;
      call.isError = isError;
      this.finish(id, call);
    } else if (v.type === 'response_item' && p.type === 'function_call' && typeof p.name === 'string') {
      const tool = hostToolName(p.name, this.isOccamTool);
      if (tool) this.callFor(str(p.call_id), tool, n, p.arguments);
    } else if (v.type === 'response_item' && p.type === 'function_call_output') {
      const id = str(p.call_id);
      const call = id ? this.session().pendingCall(id) : undefined;
      if (!call || call.response) return;
      const out = isObj(p.output) ? p.output.content ?? p.output : p.output;
      let json: Obj | null = null;
      if (typeof out === 'string') {
        // The output is the result serialised as text: either the tool JSON itself or an MCP result/content list.
        let parsed: unknown;
        try {
          parsed = JSON.parse(out);
        } catch {
          parsed = null;
        }
        json = isObj(parsed) && ('content' in parsed || 'structuredContent' in parsed) ? toolJsonOf(parsed).json : Array.isArray(parsed) ? jsonFromContent(parsed) : isObj(parsed) ? parsed : null;
      } else {
        json = jsonFromContent(out);
      }
      call.response = json;
      call.responseLine = n;
      this.finish(id, call);
    }
  }

  private finish(id: string | null, call: ToolCall): void {
    if (id) {
      this.done.add(id);
      this.session().finishCall(id);
    } else {
      void call; // an id-less call was handed on when it started
    }
  }

  end(): SessionTranscript[] {
    return this.sessions.end();
  }
}

function parserFor(format: TranscriptFormat, newSink: SinkFactory, isOccamTool: (name: string) => boolean): FormatParser {
  switch (format) {
    case 'occam':
      return new OccamParser(newSink, isOccamTool);
    case 'claude-code':
      return new ClaudeParser(newSink, isOccamTool);
    case 'codex':
      return new CodexParser(newSink, isOccamTool);
    default:
      return new RpcParser(format, newSink, isOccamTool);
  }
}

/** Lines read before the first decisive one are kept (to replay once the format is known) up to this many. */
export const DETECT_WINDOW_LINES = 10_000;

export const UNKNOWN_FORMAT_REASON = `not a transcript in a known format (${TRANSCRIPT_FORMATS.join(', ')})`;

/**
 * Reads a transcript one line at a time: the format is detected from the first decisive line, every line then goes
 * to that format's parser, and each completed call straight to its session's sink.
 */
export class TranscriptReader {
  private parser: FormatParser | null = null;
  private format: TranscriptFormat | null = null;
  private readonly early: Line[] = [];
  private undecided = 0;
  private readonly isOccamTool: (name: string) => boolean;
  private readonly newSink: SinkFactory;
  constructor(isOccamTool: (name: string) => boolean, newSink: SinkFactory) {
    this.isOccamTool = isOccamTool;
    this.newSink = newSink;
  }

  /** One raw line (1-based number `n`). */
  push(raw: string, n: number): void {
    const line = parseLine(raw, n);
    if (!line) return;
    if (this.parser) {
      this.parser.add(line);
      return;
    }
    const format = formatOfLine(line.v);
    if (!format) {
      if (this.undecided++ < DETECT_WINDOW_LINES) this.early.push(line);
      return;
    }
    this.format = format;
    this.parser = parserFor(format, this.newSink, this.isOccamTool);
    for (const l of this.early.splice(0)) this.parser.add(l);
    this.parser.add(line);
  }

  end(): TranscriptParse {
    if (!this.parser || !this.format) return { ok: false, reason: UNKNOWN_FORMAT_REASON };
    return { ok: true, format: this.format, sessions: this.parser.end() };
  }
}

/** Decodes a whole in-memory input (BOM-aware: UTF-8, UTF-16 LE/BE). */
export function inputText(input: TranscriptInput): string {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  const text = buf.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Splits in-memory text into lines and feeds them to a reader (the streaming path lives in input.ts). */
export function feedText(text: string, reader: { line(raw: string, n: number): void }): void {
  let n = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    n += 1;
    reader.line(text.slice(start, end), n);
    if (end === text.length) break;
    start = end + 1;
  }
}

/** A sink that keeps every call (tests and `occam exam record` on small inputs). */
export class CollectingSink implements CallSink {
  readonly calls: ToolCall[] = [];
  complete(call: ToolCall): void {
    this.calls.push(call);
  }
}

/** Parses in-memory transcript text in any supported format, each session's calls collected by a CollectingSink. */
export function parseTranscript(input: TranscriptInput, isOccamTool: (name: string) => boolean): TranscriptParse {
  const reader = new TranscriptReader(isOccamTool, () => new CollectingSink());
  feedText(inputText(input), { line: (raw, n) => reader.push(raw, n) });
  return reader.end();
}

/**
 * Whether a document is a behaviour record rather than a transcript, from its first non-blank line: a record starts
 * with `{`, `[` or `"` and is not a one-line object of a known transcript format, nor a one-line object followed by
 * more lines (JSONL). Every other text is a transcript — prose or an unknown log then fails as an unknown format.
 */
export function isRecordText(firstNonBlankLine: string | null, moreFollows: boolean): boolean {
  if (firstNonBlankLine === null) return true; // blank: the record parser rejects it with its own reason
  const text = firstNonBlankLine.trim();
  const c = text.charAt(0);
  if (c !== '{' && c !== '[' && c !== '"') return false;
  const parsed = parseLine(text, 1);
  if (parsed && formatOfLine(parsed.v) !== null) return false;
  return !(parsed && moreFollows);
}

/** The first non-blank line of in-memory text and whether anything non-blank follows it. */
export function firstLineOf(text: string): { line: string | null; more: boolean } {
  const start = text.search(/\S/);
  if (start < 0) return { line: null, more: false };
  const end = text.indexOf('\n', start);
  return { line: text.slice(start, end < 0 ? text.length : end), more: end >= 0 && /\S/.test(text.slice(end)) };
}
