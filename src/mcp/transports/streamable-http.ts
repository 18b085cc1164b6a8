// `occam mcp --mcp-http` / `--streamable-http`: stateless MCP Streamable HTTP at /mcp (tools.md §8).
// Stateless means no Mcp-Session-Id: every POST gets a fresh SDK transport and Server, all bound to ONE process-wide
// session (surface + capability store, tools.md §4.4 step 6) that cannot deliver list_changed (canNotify=false).
// Because nothing about a client lives between requests, identical instances behind a load balancer are
// interchangeable (docs/scaling.md).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RuntimeContext } from '../../runtime/context.ts';
import { startBackgroundServices } from './background.ts';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { createHost, createOccamServer, NEGOTIABLE_REVISIONS, newSession } from '../server.ts';
import { BodyTooLarge, closeServer, listen, NOT_LOOPBACK_BODY, originFor, passesLoopbackGuard, readBody, sendJson } from './http.ts';
import type { RunningServer } from './websocket.ts';
import { enableServerMetrics, METRICS_PATH, sendMetrics } from './metrics-route.ts';
import { httpAuthFromEnv, PROTECTED_RESOURCE_PATH } from './http-auth.ts';
import { LOOPBACK_BIND } from './options.ts';
import { readEnv } from '../../config/env.ts';

export const MCP_PATH = '/mcp';
const IDLE_SERVERS_MAX = 64;
export const HEALTH_BODY = { ok: true, mode: 'streamable-http', endpoint: MCP_PATH } as const;

/**
 * The server negotiates revisions the SDK does not list yet (NEGOTIABLE_REVISIONS, e.g. 2026-07-28); the SDK's HTTP
 * transport would answer 400 to the `MCP-Protocol-Version` header a client then sends. Such a header is mapped to
 * the newest revision the SDK knows before the transport validates it (the header only gates validation there).
 */
function acceptOurRevisions(req: IncomingMessage): void {
  const value = req.headers['mcp-protocol-version'];
  if (typeof value !== 'string' || SUPPORTED_PROTOCOL_VERSIONS.includes(value) || !NEGOTIABLE_REVISIONS.includes(value)) return;
  req.headers['mcp-protocol-version'] = LATEST_PROTOCOL_VERSION;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() === 'mcp-protocol-version') req.rawHeaders[i + 1] = LATEST_PROTOCOL_VERSION;
  }
}

export interface StreamableHttpOptions {
  port: number;
  bind: string;
  maxMessageBytes: number;
}

export async function startStreamableHttp(runtime: RuntimeContext, options: StreamableHttpOptions): Promise<RunningServer> {
  const { config, services, tools } = createHost(runtime);
  const session = newSession(runtime, config, false);
  startBackgroundServices(config, services);
  await enableServerMetrics(services);
  const auth = httpAuthFromEnv(runtime);
  if (auth) runtime.warn(`[occam.auth] streamable HTTP requires ${auth.describe}`);
  const loopbackOnly = options.bind === LOOPBACK_BIND;
  const maxConcurrent = readEnv<number>('OCCAM_HTTP_MAX_CONCURRENT', runtime.env, runtime.warn);
  const inFlight = new Set<() => Promise<void>>();
  // Building an SDK Server costs about a millisecond; idle ones are reused. A closed Server keeps no request state
  // (close() aborts its handlers and drops its transport), and a late response of an aborted handler still goes to
  // the transport it was received on, so reuse cannot cross two requests.
  const idle: Server[] = [];
  const takeServer = () => idle.pop() ?? createOccamServer({ runtime, services, config, session, tools });

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendJson(res, 405, { ok: false, error: 'method_not_allowed', message: 'Stateless endpoint: POST JSON-RPC to /mcp.' }, { allow: 'POST' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, options.maxMessageBytes));
    } catch (err) {
      const tooLarge = err instanceof BodyTooLarge;
      sendJson(res, tooLarge ? 413 : 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: tooLarge ? `Message over ${options.maxMessageBytes} bytes` : 'Parse error' },
      });
      return;
    }
    acceptOurRevisions(req);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = takeServer();
    // When the client goes away mid-call, closing the Server aborts the handler's signal.
    let disposed = false;
    const dispose = async () => {
      if (disposed) return;
      disposed = true;
      inFlight.delete(dispose);
      await transport.close().catch(() => {});
      await server.close().catch(() => {});
      if (idle.length < IDLE_SERVERS_MAX && !shuttingDown) idle.push(server);
    };
    inFlight.add(dispose);
    res.on('close', () => void dispose());
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  let shuttingDown = false;
  let draining = false;
  let handling = 0;
  let idleAgain: (() => void) | null = null;
  const http = createServer((req, res) => {
    if (loopbackOnly && !passesLoopbackGuard(req)) return sendJson(res, 403, NOT_LOOPBACK_BODY);
    const path = (req.url ?? '/').split('?')[0];
    // RFC 9728 metadata, also under the resource's own path as the MCP authorization spec looks it up.
    if (auth && (path === PROTECTED_RESOURCE_PATH || path === `${PROTECTED_RESOURCE_PATH}${MCP_PATH}`) && req.method === 'GET') {
      return sendJson(res, 200, { ...auth.metadata(req), resource: `${auth.metadata(req).resource}${MCP_PATH}` });
    }
    if (path === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      return draining ? sendJson(res, 503, { ...HEALTH_BODY, ok: false, draining: true }) : sendJson(res, 200, HEALTH_BODY);
    }
    if (path === METRICS_PATH && req.method === 'GET') {
      sendMetrics(res).catch(() => res.destroy());
      return;
    }
    if (path === MCP_PATH) {
      if (draining) {
        return sendJson(res, 503, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'This instance is shutting down; retry on another.' } }, { 'retry-after': '5' });
      }
      if (handling >= maxConcurrent) {
        return sendJson(res, 503, { jsonrpc: '2.0', id: null, error: { code: -32000, message: `This instance is at its limit of ${maxConcurrent} concurrent requests (OCCAM_HTTP_MAX_CONCURRENT); retry shortly.` } }, { 'retry-after': '1' });
      }
      handling += 1;
      authorise(req)
        .then((refused) => {
          if (refused) return sendJson(res, refused.status, refused.body, refused.headers);
          return handleMcp(req, res);
        })
        .catch((err) => {
          runtime.warn(`[occam.mcp] streamable http request failed: ${(err as Error).message}`);
          if (!res.headersSent) sendJson(res, 500, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
          else res.destroy();
        })
        .finally(() => {
          handling -= 1;
          if (handling === 0) idleAgain?.();
        });
      return;
    }
    sendJson(res, 404, { ok: false, error: 'not_found', message: `MCP is served at ${MCP_PATH}; health at /health.` });
  });
  /** Null when the request may go on (its principal set as the SDK's authInfo, which tools read as their tenant). */
  async function authorise(req: IncomingMessage) {
    if (!auth) return null;
    const checked = await auth.check(req);
    if (!checked.ok) return checked;
    const token = /^Bearer\s+(\S+)/i.exec(String(req.headers.authorization))?.[1] ?? '';
    (req as IncomingMessage & { auth?: AuthInfo }).auth = { token, clientId: checked.principal.id, scopes: [] };
    return null;
  }

  const port = await listen(http, options.port, options.bind);
  const url = `${originFor('http', options.bind, port)}${MCP_PATH}`;
  return {
    url,
    port,
    drain: async (graceMs) => {
      draining = true;
      if (handling === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((r) => (idleAgain = r)), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    },
    close: async () => {
      shuttingDown = true;
      await Promise.allSettled([...inFlight].map((d) => d()));
      await closeServer(http);
      await services.disposeAll();
    },
  };
}
