// Transcript formats the exam derives behaviour records from, normalised into one shape: per session the Occam tool
// calls (arguments + parsed response, each with its 1-based transcript line) and what the session says about the
// client. Four formats are detected from their lines:
//   occam       — `occam mcp --record` (src/mcp/recording.ts): a header line, then {kind:"message", dir, msg}.
//   jsonrpc     — a plain JSON-RPC log, one message per line (an MCP proxy or the Inspector), bare or wrapped as
//                 {direction|dir, message|msg}.
//   claude-code — Claude Code's project session JSONL (~/.claude/projects/<dir>/<session>.jsonl): assistant lines
//                 carry `tool_use` blocks named mcp__<server>__<tool>, user lines the matching `tool_result`.
//   codex       — Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl): {timestamp,type,payload} lines;
//                 MCP calls as event_msg mcp_tool_call_begin/_end (invocation {server,tool,arguments}) and/or
//                 response_item function_call / function_call_output paired by call_id.
// Pure: text in, sessions out. Which tool names count as Occam's is injected (the catalog owns them).

export const TRANSCRIPT_FORMAT = 'occam-mcp-transcript-v1';

export type TranscriptFormat = 'occam' | 'jsonrpc' | 'claude-code' | 'codex';
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = ['occam', 'jsonrpc', 'claude-code', 'codex'];

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

export interface SessionTranscript {
  format: TranscriptFormat;
  sessionId: Located<string> | null;
  clientInfo: Located<string> | null;
  modelHint: Located<string> | null;
  /** Recorded by an Occam host (occam format): its canary verify responses are that host's own adjudications. */
  recordedByHost: boolean;
  /** The line of the `truncated` marker when the recording was cut. */
  truncatedAt: number | null;
  calls: ToolCall[];
}

export type TranscriptParse =
  | { ok: true; format: TranscriptFormat; sessions: SessionTranscript[] }
  | { ok: false; reason: string };

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

interface Line {
  n: number;
  v: Obj;
}

/**
 * A tools/list response — often the largest line of a session (every tool's schema) and never needed to derive a
 * record: the SDK writes it as {"result":{"tools":[…, and no tools/call result starts that way (CallToolResult has
 * content / structuredContent / isError). Telling it from its first 400 characters spares decoding and parsing it.
 */
const TOOL_LIST_MARK = '"result":{"tools":[';
const TOOL_LIST_MARK_BYTES = Buffer.from(TOOL_LIST_MARK);
const LOOK = 400;

/** Transcript text, or its raw bytes (read without decoding: lines that are skipped are never decoded). */
export type TranscriptInput = string | Uint8Array;

function parseLine(raw: string, n: number, out: Line[]): void {
  if (!/\S/.test(raw)) return;
  try {
    const v = JSON.parse(raw);
    if (isObj(v)) out.push({ n, v });
  } catch {
    /* a torn last line of a live file, or prose: not part of the transcript */
  }
}

/** JSONL → parsed object lines (blank, non-JSON and tools/list lines are skipped; the line numbers stay true). */
function jsonLines(input: TranscriptInput): Line[] {
  const out: Line[] = [];
  let n = 0;
  if (typeof input === 'string') {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    for (let start = 0; start <= text.length; ) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      n += 1;
      const raw = text.slice(start, end);
      if (raw.lastIndexOf(TOOL_LIST_MARK, LOOK) < 0) parseLine(raw, n, out);
      if (end === text.length) break;
      start = end + 1;
    }
    return out;
  }
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const bom = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  for (let start = bom; start <= buf.length; ) {
    let end = buf.indexOf(0x0a, start);
    if (end < 0) end = buf.length;
    n += 1;
    const head = buf.subarray(start, Math.min(end, start + LOOK + TOOL_LIST_MARK_BYTES.length));
    if (head.indexOf(TOOL_LIST_MARK_BYTES) < 0) parseLine(buf.toString('utf8', start, end), n, out);
    if (end === buf.length) break;
    start = end + 1;
  }
  return out;
}

/** The whole input as text (BOM dropped). */
export function inputText(input: TranscriptInput): string {
  const text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The first non-blank line as text, decoding nothing else. */
function firstLine(input: TranscriptInput): { line: string; more: boolean } | null {
  if (typeof input === 'string') {
    const t = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const start = t.search(/\S/);
    if (start < 0) return null;
    const end = t.indexOf('\n', start);
    return { line: t.slice(start, end < 0 ? t.length : end).trimEnd(), more: end >= 0 && /\S/.test(t.slice(end)) };
  }
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let start = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  while (start < buf.length && (buf[start] === 0x20 || buf[start] === 0x0a || buf[start] === 0x0d || buf[start] === 0x09)) start++;
  if (start >= buf.length) return null;
  let end = buf.indexOf(0x0a, start);
  if (end < 0) end = buf.length;
  let more = false;
  for (let i = end; i < buf.length; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      more = true;
      break;
    }
  }
  return { line: buf.toString('utf8', start, end).trimEnd(), more };
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

/** Which format the lines are in (the first decisive line wins), or null. */
export function detectFormat(lines: readonly Line[]): TranscriptFormat | null {
  for (const { v } of lines) {
    if ((v.kind === 'header' && v.format === TRANSCRIPT_FORMAT) || (v.kind === 'message' && isObj(v.msg) && typeof v.session === 'string')) return 'occam';
    if (typeof v.type === 'string' && CODEX_TYPES.has(v.type) && isObj(v.payload)) return 'codex';
    if (typeof v.type === 'string' && CLAUDE_TYPES.has(v.type) && (isObj(v.message) || typeof v.sessionId === 'string' || typeof v.uuid === 'string')) return 'claude-code';
    if (unwrapRpc(v)) return 'jsonrpc';
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

function emptySession(format: TranscriptFormat): SessionTranscript {
  return { format, sessionId: null, clientInfo: null, modelHint: null, recordedByHost: format === 'occam', truncatedAt: null, calls: [] };
}

/** The model a session declared through occam_client_capabilities(model_id), when no host field names one. */
function modelFromCapabilities(s: SessionTranscript): void {
  if (s.modelHint) return;
  for (const c of s.calls) {
    const id = c.tool === 'occam_client_capabilities' && isObj(c.args) ? str(c.args.model_id) : null;
    if (id) {
      s.modelHint = { value: id, line: c.line };
      return;
    }
  }
}

// ——— JSON-RPC (also the body of Occam's own format) ———

class RpcSession {
  readonly s: SessionTranscript;
  private readonly pending = new Map<string, ToolCall>();
  private readonly isOccamTool: (name: string) => boolean;
  constructor(format: TranscriptFormat, isOccamTool: (name: string) => boolean) {
    this.s = emptySession(format);
    this.isOccamTool = isOccamTool;
  }

  add(n: number, msg: Obj, dir: 'in' | 'out' | null, line?: Obj): void {
    if (typeof msg.method === 'string' && dir !== 'out') {
      if (msg.method === 'initialize' && !this.s.clientInfo) {
        const ci = clientInfoText(msg.params?.clientInfo);
        if (ci) this.s.clientInfo = { value: ci, line: n };
      }
      if (msg.method === 'tools/call' && msg.id !== undefined && isObj(msg.params)) {
        const name = String(msg.params.name ?? '');
        if (!this.isOccamTool(name)) return;
        const call: ToolCall = { tool: name, line: n, args: argsOf(msg.params.arguments ?? {}), response: null, responseLine: null, isError: null };
        this.s.calls.push(call);
        this.pending.set(JSON.stringify(msg.id), call);
      }
      return;
    }
    if (msg.method === undefined && msg.id !== undefined && dir !== 'in') {
      const call = this.pending.get(JSON.stringify(msg.id));
      if (!call) return;
      this.pending.delete(JSON.stringify(msg.id));
      call.responseLine = n;
      if (line?.attestation !== undefined) call.attestation = line.attestation;
      if (isObj(msg.result)) {
        const { json, isError } = toolJsonOf(msg.result);
        call.response = json;
        call.isError = isError;
      } else if (msg.error) {
        call.isError = true;
      }
    }
  }
}

function parseRpc(lines: readonly Line[], isOccamTool: (name: string) => boolean): SessionTranscript[] {
  const rpc = new RpcSession('jsonrpc', isOccamTool);
  for (const { n, v } of lines) {
    const u = unwrapRpc(v);
    if (u) rpc.add(n, u.msg, u.dir);
  }
  return [rpc.s];
}

function parseOccam(lines: readonly Line[], isOccamTool: (name: string) => boolean): SessionTranscript[] {
  // One file may hold several sessions (a file target shared by a network host's connections).
  const sessions = new Map<string, RpcSession>();
  const of = (id: string, n: number) => {
    let r = sessions.get(id);
    if (!r) {
      r = new RpcSession('occam', isOccamTool);
      r.s.sessionId = { value: id, line: n };
      sessions.set(id, r);
    }
    return r;
  };
  for (const { n, v } of lines) {
    const id = str(v.session);
    if (!id) continue;
    if (v.kind === 'header') of(id, n);
    else if (v.kind === 'truncated') of(id, n).s.truncatedAt = n;
    else if (v.kind === 'message' && isObj(v.msg)) of(id, n).add(n, v.msg, v.dir === 'in' || v.dir === 'out' ? v.dir : null, v);
  }
  return [...sessions.values()].map((r) => r.s);
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

function parseClaude(lines: readonly Line[], isOccamTool: (name: string) => boolean): SessionTranscript[] {
  const s = emptySession('claude-code');
  const byId = new Map<string, ToolCall>();
  for (const { n, v } of lines) {
    if (!s.sessionId && str(v.sessionId)) s.sessionId = { value: str(v.sessionId)!, line: n };
    // Claude Code identifies itself to MCP servers as clientInfo {name:"claude-code", version:<its version>}.
    if (!s.clientInfo && str(v.version)) s.clientInfo = { value: `claude-code/${str(v.version)}`, line: n };
    const message = isObj(v.message) ? v.message : null;
    if (!message) continue;
    if (v.type === 'assistant' && !s.modelHint && str(message.model) && message.model !== '<synthetic>') {
      s.modelHint = { value: str(message.model)!, line: n };
    }
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isObj(block)) continue;
      if (block.type === 'tool_use' && typeof block.name === 'string') {
        const tool = hostToolName(block.name, isOccamTool);
        if (!tool) continue;
        const call: ToolCall = { tool, line: n, args: argsOf(block.input ?? {}), response: null, responseLine: null, isError: null };
        s.calls.push(call);
        if (typeof block.id === 'string') byId.set(block.id, call);
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const call = byId.get(block.tool_use_id);
        if (!call) continue;
        call.responseLine = n;
        call.isError = typeof block.is_error === 'boolean' ? block.is_error : null;
        // The envelope's toolUseResult keeps the MCP result when the content was flattened to text.
        call.response = jsonFromContent(block.content) ?? toolJsonOf(v.toolUseResult).json;
      }
    }
  }
  return [s];
}

function codexResult(result: unknown): { json: Obj | null; isError: boolean | null } {
  if (!isObj(result)) return { json: null, isError: null };
  if ('Err' in result) return { json: null, isError: true };
  return toolJsonOf(isObj(result.Ok) ? result.Ok : result);
}

function parseCodex(lines: readonly Line[], isOccamTool: (name: string) => boolean): SessionTranscript[] {
  const s = emptySession('codex');
  const byId = new Map<string, ToolCall>();
  const callFor = (id: string | null, tool: string, n: number, args: unknown): ToolCall => {
    const known = id ? byId.get(id) : undefined;
    if (known) {
      if (known.args === null || (isObj(known.args) && Object.keys(known.args).length === 0)) known.args = argsOf(args);
      return known;
    }
    const call: ToolCall = { tool, line: n, args: argsOf(args ?? {}), response: null, responseLine: null, isError: null };
    s.calls.push(call);
    if (id) byId.set(id, call);
    return call;
  };
  for (const { n, v } of lines) {
    const p = isObj(v.payload) ? v.payload : null;
    if (!p) continue;
    if (v.type === 'session_meta') {
      if (!s.sessionId && str(p.id)) s.sessionId = { value: str(p.id)!, line: n };
      // Codex's MCP client introduces itself as codex-mcp-client/<cli version>.
      if (!s.clientInfo && str(p.cli_version)) s.clientInfo = { value: `codex-mcp-client/${str(p.cli_version)}`, line: n };
    } else if (v.type === 'turn_context') {
      if (!s.modelHint && str(p.model)) s.modelHint = { value: str(p.model)!, line: n };
    } else if (v.type === 'event_msg' && (p.type === 'mcp_tool_call_begin' || p.type === 'mcp_tool_call_end')) {
      const inv = isObj(p.invocation) ? p.invocation : {};
      const tool = typeof inv.tool === 'string' ? hostToolName(inv.tool, isOccamTool) : null;
      if (!tool) continue;
      const call = callFor(str(p.call_id), tool, n, inv.arguments);
      if (p.type === 'mcp_tool_call_end') {
        const { json, isError } = codexResult(p.result);
        call.responseLine = n;
        call.response = json ?? call.response;
        call.isError = isError;
      }
    } else if (v.type === 'response_item' && p.type === 'function_call' && typeof p.name === 'string') {
      const tool = hostToolName(p.name, isOccamTool);
      if (tool) callFor(str(p.call_id), tool, n, p.arguments);
    } else if (v.type === 'response_item' && p.type === 'function_call_output') {
      const call = str(p.call_id) ? byId.get(str(p.call_id)!) : undefined;
      if (!call || call.response) continue;
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
    }
  }
  return [s];
}

/** Parses transcript text in any supported format. A text that is not JSONL of a known format is rejected. */
export function parseTranscript(input: TranscriptInput, isOccamTool: (name: string) => boolean): TranscriptParse {
  const lines = jsonLines(input);
  const format = detectFormat(lines);
  if (!format) return { ok: false, reason: 'not a transcript in a known format (occam, jsonrpc, claude-code, codex)' };
  const sessions =
    format === 'occam' ? parseOccam(lines, isOccamTool) : format === 'codex' ? parseCodex(lines, isOccamTool) : format === 'claude-code' ? parseClaude(lines, isOccamTool) : parseRpc(lines, isOccamTool);
  for (const s of sessions) modelFromCapabilities(s);
  return { ok: true, format, sessions };
}

/**
 * Whether a document is a behaviour record rather than a transcript: a transcript is JSONL whose first line is a
 * complete JSON object of a known format; a record is one JSON document (often pretty-printed over many lines).
 * Only the first line is parsed, so telling a large transcript from a record costs next to nothing.
 */
export function isRecordDocument(input: TranscriptInput): boolean {
  const first = firstLine(input);
  if (first === null) return true; // blank: the record parser rejects it with its own reason
  const line = first.line;
  // A pretty-printed record's first line is a lone `{`: no parse (and no exception) needed to tell.
  if (line.length < 2 || line.charCodeAt(0) !== 0x7b || line.charCodeAt(line.length - 1) !== 0x7d) return true;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return true; // not a one-line JSON object: broken JSON, which the record parser names
  }
  if (!isObj(v)) return true;
  if (detectFormat([{ n: 1, v }]) !== null) return false;
  // A one-line object of no known format: a record unless more JSON lines follow (then: an unknown transcript).
  return !first.more;
}
