// A tiny HTTP server on 127.0.0.1:0 for fetch tests: records every request and every TCP connection, so a test
// can assert that a refused destination saw zero connections.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  at: number;
}

export interface LocalServer {
  origin: string;
  port: number;
  url: (path: string) => string;
  requests: SeenRequest[];
  connections: number;
  close: () => Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(routes: Record<string, Handler> | Handler): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, at: Date.now() });
    const handler = typeof routes === 'function' ? routes : routes[(req.url ?? '/').split('?')[0]];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not found</h1>');
      return;
    }
    handler(req, res);
  });
  server.on('connection', (s) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    url: (path) => `${origin}${path}`,
    requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const html = (body: string, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
};
