// `occam read --demo`: serves the bundled representative article on 127.0.0.1 (ephemeral port) and hands the
// pipeline a PrivateOriginAllowance for exactly that origin, so the demo reads through the normal guard without
// OCCAM_ALLOW_PRIVATE_URLS and without opening loopback to anything else (another port, a redirect elsewhere).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PrivateOriginAllowance } from '../fetch/guard.ts';
import { DEMO_PAGE_HTML } from './demo-page.ts';

export const DEMO_PATH = '/representative-input.html';

export interface DemoServer {
  url: string;
  allowance: PrivateOriginAllowance;
  /** Decoded bytes served (the measurement's input side). */
  bodyBytes: number;
  close: () => Promise<void>;
}

export async function startDemoServer(): Promise<DemoServer> {
  const body = Buffer.from(DEMO_PAGE_HTML, 'utf8');
  const server = createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== DEMO_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${DEMO_PATH}`,
    allowance: PrivateOriginAllowance.forOrigin(origin),
    bodyBytes: body.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
