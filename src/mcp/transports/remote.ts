// `occam mcp --remote`: MCP over WSS at /mcp for callers elsewhere on the network (tools.md §8).
// TLS from a PEM or PFX file; every upgrade carries `Authorization: Bearer <jwt>` checked against the OIDC metadata's
// jwks_uri (keys re-fetched when an unknown key id appears, so rotation needs no restart), exact issuer, exact
// audience, lifetime with 30 s skew. Tokens in the query string are refused outright (they end up in logs).
// The JWT authenticates the caller; it signs no content.
import { readBoundedFile } from '../../runtime/bounded-input.ts';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { startBackgroundServices } from './background.ts';
import { createHost } from '../server.ts';
import { closeServer, listen, originFor, rejectUpgrade, sendJson } from './http.ts';
import type { RemoteAuthOptions } from './options.ts';
import { ConnectionSet, newWebSocketServer, upgradeInto, type Host, type RunningServer } from './websocket.ts';

export const REMOTE_PATH = '/mcp';
export const REMOTE_HEALTH_BODY = { ok: true, mode: 'remote', transport: 'wss' } as const;
export const CLOCK_SKEW_SECONDS = 30;
const QUERY_TOKEN_NAMES = ['token', 'access_token'];

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** PEM (certificate chain + private key in one file) or PFX/PKCS#12, told apart by content. */
export function loadTlsOptions(path: string, password: string | null): ServerOptions {
  const bytes = readBoundedFile(path, 'key', { allowStdin: false });
  const passphrase = password ?? undefined;
  if (bytes.includes('-----BEGIN')) {
    const pem = bytes.toString('utf8');
    if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) throw new Error('the PEM file holds no private key');
    return { cert: pem, key: pem, passphrase };
  }
  return { pfx: bytes, passphrase };
}

export type TokenCheck = { ok: true; claims: JWTPayload } | { ok: false; reason: string };

export interface JwtVerifierOptions {
  issuer: string;
  audience: string;
  metadataUri: string;
  fetch?: FetchLike;
  /** Least time between two JWKS downloads triggered by unknown key ids (jose's cooldown). */
  jwksCooldownMs?: number;
  now?: () => number;
}

/** Verifies bearer tokens; the OIDC metadata is fetched on first use and again after a failure. */
export function createJwtVerifier(options: JwtVerifierOptions): (token: string) => Promise<TokenCheck> {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  async function keySet(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    if (keys) return keys;
    const res = await fetchImpl(options.metadataUri, { headers: { accept: 'application/json' }, redirect: 'error' });
    if (!res.ok) throw new Error(`OIDC metadata answered HTTP ${res.status}`);
    const metadata = (await res.json()) as { jwks_uri?: unknown };
    const jwksUri = typeof metadata.jwks_uri === 'string' ? metadata.jwks_uri : '';
    if (!jwksUri.startsWith('https://')) throw new Error('OIDC metadata has no https jwks_uri');
    keys = createRemoteJWKSet(new URL(jwksUri), {
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
      [customFetch]: (url: string, init: RequestInit) => fetchImpl(url, init),
    });
    return keys;
  }

  return async (token) => {
    let set: ReturnType<typeof createRemoteJWKSet>;
    try {
      set = await keySet();
    } catch (err) {
      return { ok: false, reason: `signing keys unavailable: ${(err as Error).message}` };
    }
    try {
      const { payload } = await jwtVerify(token, set, {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['exp'],
        currentDate: options.now ? new Date(options.now()) : undefined,
      });
      return { ok: true, claims: payload };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { ok: false, reason: e.code ?? e.message ?? 'invalid token' };
    }
  };
}

export interface RemoteOptions {
  port: number;
  bind: string;
  maxMessageBytes: number;
  auth: RemoteAuthOptions;
  maxSessions?: number;
  /** For tests: fetch with a private CA, a shorter JWKS cooldown. */
  fetch?: FetchLike;
  jwksCooldownMs?: number;
}

function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1] : null;
}

function failureBody(code: string, message: string) {
  return { ok: false, error: code, message };
}

export async function startRemote(runtime: RuntimeContext, options: RemoteOptions): Promise<RunningServer> {
  const tls = loadTlsOptions(options.auth.tlsCertPath, options.auth.tlsPassword);
  const maxSessions = options.maxSessions ?? readEnv<number>('OCCAM_REMOTE_MAX_SESSIONS', runtime.env, runtime.warn);
  const verify = createJwtVerifier({
    issuer: options.auth.jwtIssuer,
    audience: options.auth.jwtAudience,
    metadataUri: options.auth.jwtMetadataUri,
    fetch: options.fetch,
    jwksCooldownMs: options.jwksCooldownMs,
    now: runtime.now,
  });
  const host: Host = { runtime, ...createHost(runtime) };
  const connections = new ConnectionSet(host);
  startBackgroundServices(host.config, host.services);
  const wss = newWebSocketServer(options.maxMessageBytes);
  let slotsTaken = 0; // sessions open or being opened

  const https = createHttpsServer(tls, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health' && (req.method === 'GET' || req.method === 'HEAD')) return sendJson(res, 200, REMOTE_HEALTH_BODY);
    if (path === REMOTE_PATH) {
      return sendJson(res, 426, failureBody('upgrade_required', 'Connect with a WebSocket client (subprotocol mcp).'), {
        upgrade: 'websocket',
      });
    }
    sendJson(res, 404, failureBody('not_found', `MCP is served at ${REMOTE_PATH}; health at /health.`));
  });

  https.on('upgrade', async (req, socket, head) => {
    socket.on('error', () => {});
    const url = new URL(req.url ?? '/', 'https://remote.invalid');
    if (url.pathname !== REMOTE_PATH) return rejectUpgrade(socket, 404, failureBody('not_found', `WebSocket endpoint is ${REMOTE_PATH}`));
    if (QUERY_TOKEN_NAMES.some((n) => url.searchParams.has(n))) {
      return rejectUpgrade(socket, 400, failureBody('query_token_forbidden', 'Send the token in the Authorization: Bearer header, never in the URL.'));
    }
    const token = bearerOf(req);
    if (!token) {
      return rejectUpgrade(socket, 401, failureBody('unauthorized', 'Authorization: Bearer <jwt> required.'), {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const check = await verify(token);
    if (!check.ok) {
      runtime.warn(`[occam.remote] token rejected: ${check.reason}`);
      return rejectUpgrade(socket, 401, failureBody('unauthorized', 'Bearer token rejected.'), {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    if (slotsTaken >= maxSessions) {
      return rejectUpgrade(socket, 503, failureBody('remote_capacity_exceeded', `All ${maxSessions} remote session slots are busy.`), {
        'Retry-After': '1',
      });
    }
    slotsTaken += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      slotsTaken -= 1;
    };
    socket.once('close', release);
    const ws = await upgradeInto(wss, req, socket, head);
    await connections.attach(ws, release).catch((err) => {
      release();
      runtime.warn(`[occam.remote] attach failed: ${(err as Error).message}`);
    });
  });

  const port = await listen(https as unknown as import('node:http').Server, options.port, options.bind);
  return {
    url: `${originFor('wss', options.bind, port)}${REMOTE_PATH}`,
    port,
    close: async () => {
      await connections.closeAll();
      wss.close();
      await closeServer(https as unknown as import('node:http').Server);
      await host.services.disposeAll();
    },
  };
}
