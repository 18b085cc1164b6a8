// Session recording (`occam mcp --record <file|dir>`, OCCAM_RECORD): every JSON-RPC message of a session, in and
// out, as one JSONL line with a timestamp, the session id and the negotiated clientInfo — the transcript format
// `occam exam record|grade|report` derive behaviour records from (src/exam/transcript/). It is one Transport
// wrapper applied where a Server is connected, so stdio, WebSocket, remote and Streamable HTTP all record the same
// way. Secrets never reach the file: session-profile header values, JWTs, bearer tokens and secret-named fields
// are redacted before a line is written. A session stops growing at OCCAM_RECORD_MAX_BYTES with a marker line.
import { closeSync, mkdirSync, openSync, readdirSync, statSync, writeSync, readFileSync } from 'node:fs';
import { readBoundedText } from '../runtime/bounded-input.ts';
import { ensurePrivateDir, openPrivateAppend } from '../runtime/files.ts';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { occamPaths, pathApi } from '../config/paths.ts';
import { VERSION } from '../version.ts';
import { TRANSCRIPT_FORMAT } from '../exam/transcript/formats.ts';
import { ATTESTATION_FORMAT, attestationBytes, type CanaryAttestation } from '../exam/transcript/attestation.ts';
import { keysDirOf, openKeyStore, type KeyStore } from '../trust/keys.ts';
import type { SessionState } from './tool.ts';

export const REDACTED = '[redacted]';

// ——— redaction ———

/**
 * Field names whose string values are credentials: `token`, `api_key`, `x-api-key`, `access_token`, `clientSecret`…
 * Names must END in the word: `max_tokens` is a budget and `tokenEstimator` a label, not credentials.
 */
const SECRET_FIELD = /(^|[-_])(token|secret|password|passwd|api[-_]?key|apikey|authorization|cookie|set-cookie|jwt|bearer|credentials?)$/i;
const SECRET_FIELD_CAMEL = /[a-z](Token|Secret|Password|Passwd|ApiKey|Cookie|Jwt|Credentials?)$/;
const isSecretField = (key: string) => SECRET_FIELD.test(key) || SECRET_FIELD_CAMEL.test(key);
/** A compact JWS/JWT: base64url header (always `eyJ…`), payload and signature. */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** Values shorter than this are not scrubbed by value (a 3-letter cookie value would erase ordinary words). */
const MIN_SECRET_VALUE = 6;

/** Header values of every session profile (and the values inside a Cookie header), longest first. */
export function sessionProfileSecrets(runtime: RuntimeContext, ids?: readonly string[]): string[] {
  const root = occamPaths(runtime).sessionsDir;
  const p = pathApi(runtime);
  let names: string[];
  try {
    names = ids ? ids.map((id) => `${id}.json`) : readdirSync(root).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const out = new Set<string>();
  for (const name of names) {
    if (!/^[A-Za-z0-9._-]+\.json$/.test(name) || name.includes('..')) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(readBoundedText(p.join(root, name), 'config', { allowStdin: false }));
    } catch {
      continue;
    }
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) continue;
    for (const [header, value] of Object.entries(doc as Record<string, unknown>)) {
      if (typeof value !== 'string' || header === 'storageState') continue;
      if (value.trim().length >= MIN_SECRET_VALUE) out.add(value.trim());
      // A page may echo one cookie rather than the whole header: each `name=value` pair's value is secret too.
      for (const pair of value.split(';')) {
        const v = pair.slice(pair.indexOf('=') + 1).trim();
        if (pair.includes('=') && v.length >= MIN_SECRET_VALUE) out.add(v);
      }
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

export class Redactor {
  private secrets: string[];
  constructor(secrets: readonly string[] = []) {
    this.secrets = [...secrets];
  }

  addSecrets(values: readonly string[]): void {
    const all = new Set([...this.secrets, ...values]);
    this.secrets = [...all].sort((a, b) => b.length - a.length);
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    if (out.includes('eyJ')) out = out.replace(JWT, `${REDACTED}:jwt`);
    return out.replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`);
  }

  /** A redacted deep copy of a JSON value. */
  value(v: unknown, key = ''): unknown {
    if (typeof v === 'string') return key !== '' && isSecretField(key) ? REDACTED : this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = /^headers?$/i.test(key) && typeof x === 'string' ? REDACTED : this.value(x, k);
      return out;
    }
    return v;
  }
}

// ——— the per-session writer ———

export interface RecorderOptions {
  /** OCCAM_RECORD: a directory (one file per session) or a file (all sessions append). */
  target: string;
  maxBytes: number;
  sessionId: string;
  transport: string;
  runtime: RuntimeContext;
}

function isDirectoryTarget(target: string): boolean {
  if (/[\\/]$/.test(target)) return true;
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

export class SessionRecorder {
  readonly path: string;
  private fd: number | null = null;
  private bytes = 0;
  private cut = false;
  private clientInfo: string | null = null;
  private readonly redactor: Redactor;
  private readonly knownProfiles = new Set<string>();
  /** occam_canary_verify requests in flight: their response line gets this install's signed attestation. */
  private readonly verifying = new Map<string, { canarySessionId: string; sentinel: string }>();
  private keys: KeyStore | null = null;
  private readonly opts: RecorderOptions;
  /**
   * The transcript is still to be created as this session's own new file (a directory target); later opens (each
   * transport of a stateless session reopens it) append to the file this recorder created.
   */
  private newFile: boolean;

  constructor(opts: RecorderOptions) {
    this.opts = opts;
    const p = pathApi(opts.runtime);
    const started = new Date(opts.runtime.now()).toISOString();
    this.newFile = isDirectoryTarget(opts.target);
    if (this.newFile) {
      ensurePrivateDir(opts.target, 'transcript directory');
      this.path = p.join(opts.target, `${started.replace(/[:.]/g, '-')}-${opts.sessionId}.jsonl`);
    } else {
      mkdirSync(p.dirname(p.resolve(opts.target)), { recursive: true, mode: 0o700 });
      this.path = opts.target;
    }
    this.redactor = new Redactor(sessionProfileSecrets(opts.runtime));
    this.write({
      kind: 'header',
      format: TRANSCRIPT_FORMAT,
      session: opts.sessionId,
      transport: opts.transport,
      startedAt: started,
      host: { name: 'occam', version: VERSION, runtimeId: opts.runtime.env.OCCAM_RUNTIME_ID ?? null },
      maxBytes: opts.maxBytes,
    });
  }

  private write(line: Record<string, unknown>): void {
    if (this.cut) return;
    const text = `${JSON.stringify(line)}\n`;
    const size = Buffer.byteLength(text);
    try {
      // A session's own file in a directory is created exclusively; a named file is appended to, never via a link.
      if (this.fd === null) {
        this.fd = openPrivateAppend(this.path, this.newFile);
        this.newFile = false;
      }
      if (line.kind !== 'header' && this.bytes + size > this.opts.maxBytes) {
        this.cut = true;
        const marker = {
          kind: 'truncated',
          t: new Date(this.opts.runtime.now()).toISOString(),
          session: this.opts.sessionId,
          bytesWritten: this.bytes,
          maxBytes: this.opts.maxBytes,
          note: 'OCCAM_RECORD_MAX_BYTES reached: later messages of this session were not recorded',
        };
        writeSync(this.fd, `${JSON.stringify(marker)}\n`);
        return;
      }
      writeSync(this.fd, text);
      this.bytes += size;
    } catch (err) {
      // A full disk or a vanished directory must not break the session being recorded.
      this.cut = true;
      this.opts.runtime.warn(`[occam.record] recording stopped: ${(err as Error).message}`);
    }
  }

  /** Records one message (redacted). Learns clientInfo from initialize and the secrets of named session profiles. */
  message(dir: 'in' | 'out', msg: JSONRPCMessage): void {
    if (this.cut) return;
    const m = msg as { method?: string; params?: Record<string, any> };
    if (dir === 'in' && m.method === 'initialize') {
      const info = m.params?.clientInfo as { name?: string; version?: string } | undefined;
      const name = info?.name?.trim() ?? '';
      const version = info?.version?.trim() ?? '';
      this.clientInfo = name === '' ? null : version === '' ? name : `${name}/${version}`;
    }
    const profile = dir === 'in' && m.method === 'tools/call' ? m.params?.arguments?.session_profile : undefined;
    if (typeof profile === 'string' && !this.knownProfiles.has(profile)) {
      // A profile created after the recorder started: learn its values before its response is written.
      this.knownProfiles.add(profile);
      this.redactor.addSecrets(sessionProfileSecrets(this.opts.runtime, [profile.trim()]));
    }
    const t = new Date(this.opts.runtime.now()).toISOString();
    const line: Record<string, unknown> = { kind: 'message', t, dir, session: this.opts.sessionId, clientInfo: this.clientInfo, msg: this.redactor.value(compactResult(msg)) };
    const attestation = this.attest(dir, msg, t);
    if (attestation) line.attestation = attestation;
    this.write(line);
  }

  /** Signs the verifier's answer to an occam_canary_verify report (src/exam/transcript/attestation.ts). */
  private attest(dir: 'in' | 'out', msg: JSONRPCMessage, t: string): CanaryAttestation | null {
    const m = msg as { id?: unknown; method?: string; params?: Record<string, any>; result?: Record<string, any> };
    if (m.id === undefined) return null;
    const id = JSON.stringify(m.id);
    if (dir === 'in') {
      const args = m.method === 'tools/call' && m.params?.name === 'occam_canary_verify' ? m.params.arguments : null;
      if (args && typeof args.session_id === 'string' && typeof args.sentinel === 'string') this.verifying.set(id, { canarySessionId: args.session_id, sentinel: args.sentinel });
      return null;
    }
    const pending = this.verifying.get(id);
    if (!pending || m.method !== undefined) return null;
    this.verifying.delete(id);
    const verdict = verdictOf(m.result);
    if (verdict === null) return null;
    try {
      this.keys ??= openKeyStore(keysDirOf(this.opts.runtime));
      const signed = { ...pending, verdict, t };
      const sig = this.keys.signer.sign(attestationBytes(this.opts.sessionId, signed));
      return { format: ATTESTATION_FORMAT, keyId: this.keys.signer.keyId, sig, ...signed };
    } catch (err) {
      this.opts.runtime.warn(`[occam.record] canary attestation not signed: ${(err as Error).message}`);
      return null;
    }
  }

  close(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        /* already closed */
      }
      this.fd = null;
    }
  }
}

/** Marks a text block that repeated the result's structuredContent verbatim (see compactResult). */
export const SAME_AS_STRUCTURED = 'structuredContent';

/**
 * Occam answers every tool call with the same object twice: as structuredContent and as the JSON text of the one
 * content block. The transcript keeps it once — the text block becomes {"type":"text","sameAs":"structuredContent"}
 * — which halves a session's size (so OCCAM_RECORD_MAX_BYTES holds twice the calls) and what a grader must parse.
 * Anything else (several blocks, other text) is written as it was.
 */
export function compactResult(msg: JSONRPCMessage): JSONRPCMessage {
  const r = (msg as { result?: Record<string, unknown> }).result;
  const sc = r?.structuredContent;
  const content = r?.content;
  if (!sc || typeof sc !== 'object' || !Array.isArray(content) || content.length !== 1) return msg;
  const block = content[0] as { type?: string; text?: unknown };
  if (block?.type !== 'text' || typeof block.text !== 'string' || block.text !== JSON.stringify(sc)) return msg;
  return { ...msg, result: { ...r, content: [{ type: 'text', sameAs: SAME_AS_STRUCTURED }] } } as JSONRPCMessage;
}

/** The verdict of an occam_canary_verify result (structuredContent, or its JSON text content). */
function verdictOf(result: Record<string, any> | undefined): string | null {
  const sc = result?.structuredContent;
  if (sc && typeof sc.verdict === 'string') return sc.verdict;
  const text = Array.isArray(result?.content) ? result.content.find((c: any) => c?.type === 'text')?.text : undefined;
  if (typeof text !== 'string') return null;
  try {
    const v = JSON.parse(text);
    return typeof v?.verdict === 'string' ? v.verdict : null;
  } catch {
    return null;
  }
}

/** Wraps a transport so every message crossing it is recorded; everything else is delegated unchanged. */
export function recordingTransport(inner: Transport, recorder: SessionRecorder): Transport {
  let onmessage: Transport['onmessage'];
  const wrapped: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message: JSONRPCMessage, options?: TransportSendOptions) => {
      recorder.message('out', message);
      return inner.send(message, options);
    },
    get sessionId() {
      return inner.sessionId;
    },
    get onclose() {
      return inner.onclose;
    },
    set onclose(h) {
      inner.onclose = h;
    },
    get onerror() {
      return inner.onerror;
    },
    set onerror(h) {
      inner.onerror = h;
    },
    get onmessage() {
      return onmessage;
    },
    set onmessage(h) {
      onmessage = h;
      inner.onmessage = h
        ? (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
            recorder.message('in', message);
            h(message, extra);
          }
        : undefined;
    },
  };
  if (inner.setProtocolVersion) wrapped.setProtocolVersion = (v: string) => inner.setProtocolVersion!(v);
  return wrapped;
}

const recorders = new WeakMap<SessionState, SessionRecorder>();

/**
 * The one hook the transports share: when recording is on, every transport this Server connects is wrapped. All
 * transports of one session (stateless Streamable HTTP connects one per POST) share one recorder and file.
 */
export function recordConnections(server: Server, runtime: RuntimeContext, session: SessionState): void {
  const target = readEnv<string | null>('OCCAM_RECORD', runtime.env);
  if (!target) return;
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport) => {
    let recorder = recorders.get(session);
    if (!recorder) {
      try {
        recorder = new SessionRecorder({
          target,
          maxBytes: readEnv<number>('OCCAM_RECORD_MAX_BYTES', runtime.env, runtime.warn),
          sessionId: session.id,
          transport: transport.constructor?.name ?? 'transport',
          runtime,
        });
      } catch (err) {
        // An unusable target (read-only directory, a file where a directory is needed) never fails the session.
        runtime.warn(`[occam.record] not recording this session: ${(err as Error).message}`);
        return connect(transport);
      }
      recorders.set(session, recorder);
    }
    const rec = recorder;
    const wrapped = recordingTransport(transport, rec);
    const result = await connect(wrapped);
    // The file is closed with each transport; a later transport of the same session reopens it for appending.
    const prior = wrapped.onclose;
    wrapped.onclose = () => {
      rec.close();
      prior?.();
    };
    return result;
  };
}
