// The shared browser tier (docs/scaling.md §browser tier): a Playwright browser server that Occam instances connect
// to with OCCAM_BROWSER_ENDPOINT instead of each launching Chromium. Run as the compose `browser` service:
//
//   node src/fetch/browser/server-main.ts            # listens on OCCAM_BROWSER_SERVER_BIND:OCCAM_BROWSER_SERVER_PORT
//   node src/fetch/browser/server-main.ts --health   # exit 0 when a client can connect and open a page
//
// Chromium runs the same closed network as a browser an instance launches (launch-flags.ts): it resolves no name
// but the proxies' own (OCCAM_BROWSER_SERVER_PROXY_HOSTS), and its browser-wide traffic goes to a deny-all listener
// here. Each instance's render contexts override that proxy with the instance's own egress proxy, where the guard
// decides. Nothing here ever dials a page's destination.
import { readEnv } from '../../config/env.ts';
import { processContext } from '../../runtime/context.ts';
import { locateBrowser } from './discover.ts';
import { openEgressSession } from './egress-proxy.ts';
import { chromiumFlags, PROXY_LOOPBACK } from './launch-flags.ts';

const BASE_PATH = '/occam-browser';
const LAUNCH_TIMEOUT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 5_000;

const runtime = processContext();
const bind = readEnv<string>('OCCAM_BROWSER_SERVER_BIND', runtime.env, runtime.warn);
const port = readEnv<number>('OCCAM_BROWSER_SERVER_PORT', runtime.env, runtime.warn);
const token = readEnv<string | null>('OCCAM_BROWSER_SERVER_TOKEN', runtime.env, runtime.warn);
const proxyHosts = readEnv<string[]>('OCCAM_BROWSER_SERVER_PROXY_HOSTS', runtime.env, runtime.warn);
const wsPath = token ? `${BASE_PATH}/${token}` : BASE_PATH;
const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host);
const { chromium } = await import('playwright-core');

if (process.argv.includes('--health')) {
  // A real client round trip: connect, open a context and a blank page, disconnect.
  try {
    const browser = await chromium.connect(`ws://${hostForUrl(bind)}:${port}${wsPath}`, { timeout: HEALTH_TIMEOUT_MS });
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    await browser.close();
    process.stdout.write(`ok: browser ${browser.version()}\n`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(`unhealthy: ${(err as Error).message.split('\n')[0]}\n`);
    process.exit(1);
  }
}

const location = locateBrowser(runtime);
if (!location.path) {
  process.stderr.write('occam browser server: no Chromium found (install one, or set OCCAM_BROWSER_EXECUTABLE_PATH)\n');
  process.exit(1);
}
// The browser's own traffic (anything outside a render's context) goes nowhere.
const denyAll = await openEgressSession({ policy: null });
const server = await chromium.launchServer({
  executablePath: location.path,
  headless: true,
  host: bind,
  port,
  wsPath,
  timeout: LAUNCH_TIMEOUT_MS,
  proxy: { server: denyAll.server, bypass: PROXY_LOOPBACK },
  args: chromiumFlags({ closedNetwork: true, resolvableHosts: proxyHosts, marker: `--occam-browser-server=${process.pid}` }),
});
// The endpoint without its token: logs are not the place for the secret.
process.stdout.write(`${JSON.stringify({ listening: `ws://${hostForUrl(bind)}:${port}${BASE_PATH}${token ? '/…' : ''}`, pid: process.pid })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => {});
  await denyAll.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
