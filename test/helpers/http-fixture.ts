// A local HTTP server on 127.0.0.1 (ephemeral port) serving routes defined by the test.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface FixtureServer {
  origin: string;
  url: (path: string) => string;
  connections: () => number;
  requests: () => string[];
  close: () => Promise<void>;
}

export async function startFixtureServer(routes: Record<string, Route>, fallback?: Route): Promise<FixtureServer> {
  let connections = 0;
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    seen.push(req.url ?? '/');
    const route = routes[path] ?? fallback;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    try {
      await route(req, res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
      else res.destroy();
    }
  });
  server.on('connection', (socket) => {
    connections += 1;
    socket.unref();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (p) => `${origin}${p}`,
    connections: () => connections,
    requests: () => [...seen],
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const html = (body: string, status = 200, headers: Record<string, string> = {}): Route => (_req, res) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
};
