// The probe HTTP host (trust.md §2.10): serves probe pages, answers verify queries and health, on loopback by
// default with a Host/Origin loopback guard against DNS rebinding. Every response is uncacheable.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isReadEvidence, type CanaryAuthority } from './authority.ts';
import { probeHtml } from './probe-page.ts';

const NO_STORE_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store, no-cache, must-revalidate',
  Pragma: 'no-cache',
  Expires: '0',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export const PROBE_PATH = /^\/probe\/canary\/([^/]+)\/?$/;
const VERIFY_PATH = /^\/probe\/canary\/([^/]+)\/verify\/?$/;

export interface ProbeHost {
  /** `http://127.0.0.1:<port>` (IPv6 literals bracketed). */
  listenUrl: string;
  hostname: string;
  port: number;
  probeUrl: (sessionId: string) => string;
  close: () => Promise<void>;
}

export interface ProbeHostOptions {
  authority: CanaryAuthority;
  port?: number;
  bind?: string;
  /** Reject non-loopback Host/Origin headers (default on). */
  loopbackGuard?: boolean;
  /** Do not keep the process alive for this server (the MCP host's probe lives only as long as the host). */
  unref?: boolean;
}

function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function hostnameOfHeader(value: string): string | null {
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return null;
  }
}

function originIsLoopback(origin: string): boolean {
  if (origin === 'null') return false;
  try {
    return isLoopbackHostname(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { ...NO_STORE_HEADERS, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)), ...extra });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), extra);

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function handleProbeRequest(authority: CanaryAuthority, req: IncomingMessage, res: ServerResponse, loopbackGuard: boolean): void {
  if (loopbackGuard) {
    const host = req.headers.host ? hostnameOfHeader(req.headers.host) : null;
    const origin = req.headers.origin;
    if (!host || !isLoopbackHostname(host) || (origin !== undefined && !originIsLoopback(origin))) {
      sendJson(res, 403, { ok: false, error: 'host_or_origin_not_loopback' });
      return;
    }
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { ok: false, error: 'method_not_allowed' }, { Allow: 'GET, HEAD' });
    return;
  }
  const url = new URL(req.url ?? '/', 'http://probe.invalid');
  const remote = req.socket.remoteAddress ?? null;
  const rateLimited = (sessionKey: string): boolean => {
    const decision = authority.rateLimiter.hit(`${sessionKey}|${authority.hashedClient(remote)}`);
    if (decision.allowed) return false;
    sendJson(res, 429, { ok: false, error: 'rate_limited' }, { 'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterSeconds))) });
    return true;
  };

  if (url.pathname === '/health') {
    sendJson(res, 200, { ok: true, mode: 'canary-probe' });
    return;
  }
  const verifyMatch = VERIFY_PATH.exec(url.pathname);
  if (verifyMatch) {
    const sid = decodeSegment(verifyMatch[1]);
    const valid = authority.isValidSessionId(sid);
    if (rateLimited(valid ? (sid as string) : 'invalid')) return;
    const r = authority.verify(sid ?? '', url.searchParams.get('sentinel') ?? '');
    sendJson(res, 200, {
      ok: isReadEvidence(r.verdict), verdict: r.verdict, sessionId: r.sessionId, currentBucket: r.currentBucket,
      matchedBucket: r.matchedBucket, bucketDistance: r.bucketDistance, detail: r.detail,
    });
    return;
  }
  const probeMatch = PROBE_PATH.exec(url.pathname);
  if (probeMatch) {
    const sid = decodeSegment(probeMatch[1]);
    if (!authority.isValidSessionId(sid)) {
      sendJson(res, 400, { ok: false, error: 'invalid_session_id' });
      return;
    }
    if (rateLimited(sid)) return;
    const ua = req.headers['user-agent'];
    const issued = authority.issue(sid, remote, typeof ua === 'string' ? ua : null);
    send(res, 200, 'text/html; charset=utf-8', probeHtml(issued));
    return;
  }
  sendJson(res, 404, { ok: false, error: 'not_found' });
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Starts listening; rejects when the port cannot be bound. */
export function startProbeHost(opts: ProbeHostOptions): Promise<ProbeHost> {
  const bind = opts.bind ?? '127.0.0.1';
  const guard = opts.loopbackGuard ?? true;
  const server: Server = createServer((req, res) => {
    try {
      handleProbeRequest(opts.authority, req, res, guard);
    } catch {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'internal_error' });
      else res.destroy();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, bind, () => {
      server.off('error', reject);
      if (opts.unref) server.unref();
      const port = (server.address() as AddressInfo).port;
      const listenUrl = `http://${urlHost(bind)}:${port}`;
      resolve({
        listenUrl,
        hostname: bind,
        port,
        probeUrl: (sid) => `${listenUrl}/probe/canary/${encodeURIComponent(sid)}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
