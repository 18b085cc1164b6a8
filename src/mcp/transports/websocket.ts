// WebSocket MCP: a Transport over one `ws` socket (the SDK ships only a client for this), the per-connection
// wiring shared with the remote WSS transport, and the local loopback server of `occam mcp --mcp-server`.
// Each socket gets its own session (surface + capability store); services (browser pool, caches, keys, job store)
// are shared and outlive every connection. Closing a socket closes its SDK Server, which aborts the signals of
// that connection's in-flight tool calls.
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { RuntimeContext } from '../../runtime/context.ts';
import { startBackgroundServices } from './background.ts';
import { createHost, createOccamServer, newSession } from '../server.ts';
import { closeServer, listen, NOT_LOOPBACK_BODY, originFor, passesLoopbackGuard, rejectUpgrade } from './http.ts';

export const MCP_SUBPROTOCOL = 'mcp';
/** Close codes of RFC 6455 used when a frame breaks the rules. */
const CLOSE_UNSUPPORTED_DATA = 1003;
const CLOSE_GOING_AWAY = 1001;

/** One MCP connection over one WebSocket: text frames carrying one JSON-RPC message each. */
export class WebSocketServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly socket: WebSocket;
  private closed = false;

  constructor(socket: WebSocket) {
    this.socket = socket;
  }

  async start(): Promise<void> {
    this.socket.on('message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary));
    this.socket.on('error', (err) => this.onerror?.(err));
    this.socket.on('close', () => {
      if (this.closed) return;
      this.closed = true;
      this.onclose?.();
    });
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      // tools.md §8: text frames only. The connection ends; nothing of the frame is interpreted.
      this.socket.close(CLOSE_UNSUPPORTED_DATA, 'text frames only');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch {
      void this.send({ jsonrpc: '2.0', id: null as unknown as string, error: { code: -32700, message: 'Parse error: one JSON-RPC message per text frame' } } as JSONRPCMessage);
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.readyState !== this.socket.OPEN) {
        reject(new Error('WebSocket is not open'));
        return;
      }
      this.socket.send(JSON.stringify(message), { binary: false }, (err) => (err ? reject(err) : resolve()));
    });
  }

  async close(): Promise<void> {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(CLOSE_GOING_AWAY, 'server closing');
    }
  }
}

export type Host = ReturnType<typeof createHost> & { runtime: RuntimeContext };

/** A set of live MCP connections sharing one host; shut down together. */
export class ConnectionSet {
  private readonly live = new Set<{ server: Server; transport: WebSocketServerTransport }>();
  readonly host: Host;

  constructor(host: Host) {
    this.host = host;
  }

  get size(): number {
    return this.live.size;
  }

  /** Gives one accepted socket its own session and Server. `onGone` runs once when it ends. */
  async attach(socket: WebSocket, onGone?: () => void): Promise<void> {
    const { runtime, config, services, tools } = this.host;
    const session = newSession(runtime, config, true);
    const server = createOccamServer({ runtime, services, config, session, tools });
    const transport = new WebSocketServerTransport(socket);
    const entry = { server, transport };
    this.live.add(entry);
    let gone = false;
    server.onclose = () => {
      if (gone) return;
      gone = true;
      this.live.delete(entry);
      onGone?.();
    };
    server.onerror = (err) => runtime.warn(`[occam.mcp] websocket connection error: ${err.message}`);
    try {
      await server.connect(transport);
    } catch (err) {
      this.live.delete(entry);
      socket.terminate();
      throw err;
    }
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.live].map(({ server }) => server.close()));
    this.live.clear();
  }
}

export function newWebSocketServer(maxMessageBytes: number): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    // ws counts every fragment of a message against maxPayload and closes with 1009 when it is exceeded.
    maxPayload: maxMessageBytes,
    perMessageDeflate: false,
    handleProtocols: (offered: Set<string>) => (offered.has(MCP_SUBPROTOCOL) ? MCP_SUBPROTOCOL : false),
  });
}

export function upgradeInto(wss: WebSocketServer, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<WebSocket> {
  return new Promise((resolve) => wss.handleUpgrade(req, socket, head, (ws) => resolve(ws)));
}

export interface LocalWebSocketOptions {
  port: number;
  bind: string;
  maxMessageBytes: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Graceful drain before close (SIGTERM): health answers 503 and new work is refused at once, work in flight may
   * finish for up to `graceMs`. Servers without long-lived work have none.
   */
  drain?: (graceMs: number) => Promise<void>;
  close: () => Promise<void>;
}

/** `occam mcp --mcp-server`: ws://127.0.0.1:<port>/ — no auth, no connection cap, loopback Host/Origin only. */
export async function startLocalWebSocket(runtime: RuntimeContext, options: LocalWebSocketOptions): Promise<RunningServer> {
  const host: Host = { runtime, ...createHost(runtime) };
  const connections = new ConnectionSet(host);
  startBackgroundServices(host.config, host.services);
  const wss = newWebSocketServer(options.maxMessageBytes);
  const http: HttpServer = createServer((req, res) => {
    res.writeHead(426, { 'content-type': 'application/json; charset=utf-8', upgrade: 'websocket', connection: 'Upgrade' });
    res.end(JSON.stringify({ ok: false, error: 'upgrade_required', message: 'Connect with a WebSocket client (subprotocol mcp).' }));
  });
  http.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {}); // a peer resetting mid-handshake must not take the process down
    if (!passesLoopbackGuard(req)) return rejectUpgrade(socket, 403, NOT_LOOPBACK_BODY);
    if ((req.url ?? '/').split('?')[0] !== '/') return rejectUpgrade(socket, 404, { ok: false, error: 'not_found' });
    void upgradeInto(wss, req, socket, head).then((ws) =>
      connections.attach(ws).catch((err) => runtime.warn(`[occam.mcp] websocket attach failed: ${(err as Error).message}`)),
    );
  });
  const port = await listen(http, options.port, options.bind);
  const url = `${originFor('ws', options.bind, port)}/`;
  return {
    url,
    port,
    close: async () => {
      await connections.closeAll();
      wss.close();
      await closeServer(http);
      await host.services.disposeAll();
    },
  };
}
