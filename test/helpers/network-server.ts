// Starts `occam mcp <network flags>` as a child process and waits for its one listening line on stderr; plus a
// free-port finder, an MCP client Transport over the `ws` package (for WSS with headers and a private CA — the SDK's
// WebSocketClientTransport cannot send an Authorization header) and a raw HTTP request helper that may set Host.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import WebSocket from 'ws';
import { hermeticEnv, OCCAM_BIN, REPO_ROOT } from './mcp-client.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
}

/** Spawns occam with `args` and resolves once stderr shows `<prefix>: <url>`. */
export async function spawnOccamServer(args: string[], env: Record<string, string>, prefix: string, timeoutMs = 60_000): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [OCCAM_BIN, ...args], {
    cwd: REPO_ROOT,
    env: hermeticEnv(env, env.HOME),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never leave a half-started server behind (it would keep the test process alive)
      reject(new Error(`no "${prefix}" line within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      const m = new RegExp(`^${prefix}: (\\S+)$`, 'm').exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening; stderr:\n${stderr}\nstdout:\n${stdout}`));
    });
  });
  return {
    child,
    url,
    stderr: () => stderr,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs occam to completion (for flag errors): exit code, stdout, stderr. */
export function runOccam(args: string[], env: Record<string, string> = {}, timeoutMs = 15_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(env, env.HOME), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP(S) request with full control over headers (including Host), no redirects, no pooling. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca?: string | Buffer; timeoutMs?: number } = {},
): Promise<RawReply> {
  const u = new URL(url);
  const make = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = make(
      {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    // A bound on the whole exchange: a server that never answers fails the request instead of hanging the test.
    if (options.timeoutMs) req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.end(options.body);
  });
}

/** Outcome of a WebSocket handshake attempt: opened, or the HTTP status the server refused it with. */
export function tryWebSocket(
  url: string,
  options: { headers?: Record<string, string>; ca?: string | Buffer } = {},
): Promise<{ opened: true; socket: WebSocket } | { opened: false; status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'mcp', { headers: options.headers, ca: options.ca });
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => resolve({ opened: false, status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    socket.once('error', (err) => reject(err));
  });
}

/** An MCP client Transport over the `ws` package: headers (Authorization) and a private CA are possible. */
export class WsClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  socket: WebSocket | null = null;
  private readonly url: string;
  private readonly options: { headers?: Record<string, string>; ca?: string | Buffer };

  constructor(url: string, options: { headers?: Record<string, string>; ca?: string | Buffer } = {}) {
    this.url = url;
    this.options = options;
  }

  async start(): Promise<void> {
    const outcome = await tryWebSocket(this.url, this.options);
    if (!outcome.opened) throw new Error(`handshake refused: HTTP ${outcome.status} ${outcome.body}`);
    const socket = outcome.socket;
    this.socket = socket;
    socket.on('message', (data) => {
      try {
        this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(data.toString())));
      } catch (err) {
        this.onerror?.(err as Error);
      }
    });
    socket.on('close', () => this.onclose?.());
    socket.on('error', (err) => this.onerror?.(err));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await new Promise<void>((resolve, reject) => this.socket!.send(JSON.stringify(message), (err) => (err ? reject(err) : resolve())));
  }

  async close(): Promise<void> {
    this.socket?.close();
  }
}

/** Peak resident set size (VmHWM, kB) of a Linux process, or null elsewhere. */
export async function peakRssKb(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
