// Newline-delimited JSON-RPC over stdin/stdout, framed here rather than by the SDK's StdioServerTransport: the
// SDK buffers a line by re-concatenating every chunk (quadratic copying, ~500 MB RSS for a 9 MiB line) and, past
// its 10 MiB cap, closes the transport while the process lives on, answering nothing. Here a line is collected as
// a list of chunks (one copy at the end), and a line over the cap is discarded as it streams in — never buffered —
// and answered with a JSON-RPC error; the next line is served as usual.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own stdio cap, kept so clients see the same limit; larger lines are refused, not read. */
export const STDIO_MAX_LINE_BYTES = 10 * 1024 * 1024;

const INVALID_REQUEST = -32600;
const PARSE_ERROR = -32700;
/** Where a request's id is looked for in a refused line (`{"jsonrpc":"2.0","id":7,…` or `{"id":7,…`). */
const ID_PREFIX_BYTES = 256;
const LEADING_ID = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,128}")\s*[,}]/;

export interface StdioFramingOptions {
  stdin?: Readable;
  stdout?: Writable;
  maxLineBytes?: number;
  /** One diagnostic line (stderr). */
  warn?: (line: string) => void;
}

/** The request id at the start of a line, when it can be read without parsing the rest. */
export function leadingRequestId(prefix: string): string | number | null {
  const m = LEADING_ID.exec(prefix);
  if (!m) return null;
  try {
    return JSON.parse(m[1]) as string | number;
  } catch {
    return null;
  }
}

export class LineFramedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #max: number;
  readonly #warn: (line: string) => void;
  #chunks: Buffer[] = [];
  #length = 0;
  /** Bytes of the current line seen so far while it is being discarded (over the cap), else -1. */
  #discarding = -1;
  #discardPrefix = '';
  #closed = false;

  constructor(options: StdioFramingOptions = {}) {
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#max = options.maxLineBytes ?? STDIO_MAX_LINE_BYTES;
    this.#warn = options.warn ?? ((line) => process.stderr.write(`${line}\n`));
  }

  readonly #onData = (chunk: Buffer | string) => this.#receive(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  readonly #onError = (err: Error) => this.onerror?.(err);
  readonly #onEnd = () => void this.close();

  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
    this.#stdin.on('end', this.#onEnd);
  }

  #receive(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length && !this.#closed) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      this.#take(chunk.subarray(start, end));
      if (nl === -1) return;
      this.#finishLine();
      start = nl + 1;
    }
  }

  /** Adds part of the current line, switching to discarding once the line passes the cap. */
  #take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#discarding >= 0) {
      this.#discarding += part.length;
      return;
    }
    if (this.#length + part.length > this.#max) {
      const head = Buffer.concat([...this.#chunks, part.subarray(0, ID_PREFIX_BYTES)]).subarray(0, ID_PREFIX_BYTES);
      this.#discardPrefix = head.toString('utf8');
      this.#discarding = this.#length + part.length;
      this.#chunks = [];
      this.#length = 0;
      return;
    }
    this.#chunks.push(part);
    this.#length += part.length;
  }

  #finishLine(): void {
    if (this.#discarding >= 0) {
      const size = this.#discarding;
      const id = leadingRequestId(this.#discardPrefix);
      this.#discarding = -1;
      this.#discardPrefix = '';
      this.#warn(`[occam.mcp] stdio: refused a ${size}-byte message (limit ${this.#max} bytes)${id !== null ? ` id=${JSON.stringify(id)}` : ''}`);
      void this.#reply(id, INVALID_REQUEST, `Message too large: ${size} bytes exceeds the ${this.#max}-byte stdio limit`).catch(() => {});
      return;
    }
    const line = this.#chunks.length === 1 ? this.#chunks[0] : Buffer.concat(this.#chunks, this.#length);
    this.#chunks = [];
    this.#length = 0;
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch {
      void this.#reply(leadingRequestId(text.slice(0, ID_PREFIX_BYTES)), PARSE_ERROR, 'Parse error: one JSON-RPC message per line').catch(() => {});
      return;
    }
    this.onmessage?.(message);
  }

  #reply(id: string | number | null, code: number, message: string): Promise<void> {
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#closed || this.#stdout.destroyed) {
        reject(new Error('stdio transport is closed'));
        return;
      }
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    this.#stdin.off('end', this.#onEnd);
    this.#chunks = [];
    this.onclose?.();
  }
}
