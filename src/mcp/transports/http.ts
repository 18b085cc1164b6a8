// Small HTTP pieces shared by the network transports: the loopback Host/Origin guard (tools.md §8), JSON replies
// (also on a raw upgrade socket), bounded body reading and listening.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1']);

/** `Host` header → bare host name (port and IPv6 brackets removed), lower-cased. */
export function hostOfHeader(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.indexOf(':');
  // A bare IPv6 literal has several colons and no port.
  if (colon >= 0 && h.indexOf(':', colon + 1) < 0) return h.slice(0, colon);
  return h;
}

export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_NAMES.has(hostOfHeader(host));
}

export function isLoopbackOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK_NAMES.has(u.hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
}

/** Local transports accept a request only when Host is loopback and Origin, if present, is a loopback origin. */
export function passesLoopbackGuard(req: IncomingMessage): boolean {
  if (!isLoopbackHost(req.headers.host)) return false;
  const origin = req.headers.origin;
  return origin === undefined || isLoopbackOrigin(origin);
}

export const NOT_LOOPBACK_BODY = { ok: false, error: 'host_or_origin_not_loopback' } as const;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Answers an HTTP upgrade request with a plain HTTP error and closes the socket. */
export function rejectUpgrade(socket: Duplex, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (socket.writable) socket.end(`${head.join('\r\n')}\r\n\r\n${text}`);
  socket.destroy();
}

export class BodyTooLarge extends Error {}

/** Reads a request body up to `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge(`request body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Idle keep-alive sockets are held longer than clients and proxies keep them (undici: ~4 s unless told; common
 * load balancers: 60 s), so the client is the one that closes an idle socket. When the server closes first, a request
 * sent at that instant fails with ECONNRESET — seen under load with Node's 5 s default.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Listens and resolves with the bound port; EADDRINUSE and friends reject. */
export function listen(server: HttpServer, port: number, bind: string): Promise<number> {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, bind, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Closes a server and every socket it holds. */
export function closeServer(server: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `http://127.0.0.1:5050`-style origin for a bind address (IPv6 bracketed). */
export function originFor(scheme: 'http' | 'https' | 'ws' | 'wss', bind: string, port: number): string {
  return `${scheme}://${bind.includes(':') ? `[${bind}]` : bind}:${port}`;
}

/** Resolves when one of the stop signals arrives (SIGINT/SIGTERM/SIGHUP end servers cleanly, operator.md §5). */
export function untilStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const handlers = signals.map((s) => {
      const h = () => {
        signals.forEach((x, i) => process.off(x, handlers[i]));
        resolve(s);
      };
      process.on(s, h);
      return h;
    });
  });
}
