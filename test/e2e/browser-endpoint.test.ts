// Issue 33: a shared browser tier. Occam's own browser server (src/fetch/browser/server-main.ts) runs real Chromium;
// a BrowserPool with OCCAM_BROWSER_ENDPOINT connects to it instead of launching one, and every page the remote
// browser loads still leaves through this process's egress proxy, which demands each render's own credentials.
//
// Everything runs inside a network namespace of its own (`unshare -n`, loopback only), so the remote browser has
// nowhere to send a packet but loopback: this file re-runs itself there (OCCAM_TEST_IN_NETNS=1) and the outer test
// passes only when every inner test does. Without namespaces the outer test skips (a failure in CI).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect as netConnect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';
import { PrivateOriginAllowance, type GuardPolicy } from '../../src/fetch/guard.ts';
import { BrowserPool } from '../../src/fetch/browser/pool.ts';
import { chromiumFlags } from '../../src/fetch/browser/launch-flags.ts';
import { OccamError } from '../../src/contract/failures.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { REPO_ROOT } from '../helpers/mcp-client.ts';
import { chromiumPath, requireChromium, requireOrSkip } from '../helpers/requires.ts';

const SELF = fileURLToPath(import.meta.url);
const INSIDE = process.env.OCCAM_TEST_IN_NETNS === '1';
const SERVER_MAIN = join(REPO_ROOT, 'src', 'fetch', 'browser', 'server-main.ts');
const TOKEN = 'endpoint-test-token-0123456789';

if (!INSIDE) {
  test('shared browser endpoint: every case passes inside a loopback-only network namespace', async (t) => {
    if (!requireChromium(t)) return;
    const probe = process.platform === 'linux' ? spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' }) : null;
    if (!requireOrSkip(t, 'a network namespace (unshare -n, ip)', probe?.status === 0, 'run as root or with user namespaces; apt-get install -y iproute2 util-linux')) return;
    const child = spawn(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" --test --test-reporter=spec "$1"', process.execPath, SELF],
      // NODE_TEST_CONTEXT would make the inner runner report to this one in its binary protocol instead of text.
      { env: { ...process.env, NODE_TEST_CONTEXT: undefined, OCCAM_TEST_IN_NETNS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    process.stderr.write(out.split('\n').map((l) => `  [netns] ${l}`).join('\n') + '\n');
    assert.equal(code, 0, `the namespaced run failed:\n${out.slice(-4000)}`);
    assert.match(out, /ℹ pass [1-9]/, 'the namespaced run ran its tests');
    assert.match(out, /ℹ fail 0/);
  });
} else {
  const home = mkdtempSync(join(tmpdir(), 'occam-browser-endpoint-'));
  let site: FixtureServer;
  let serverPort = 0;
  let server: ChildProcess | null = null;
  let v4: { port: number; connections: number; close: () => Promise<void> };
  /** Lets the slow page answer (it holds its response while a test probes the render's proxy). */
  let releaseSlow: () => void = () => {};
  /** Resolves once the slow page has been asked for (its render's proxy is then open). */
  let slowRequested: Promise<void> = Promise.resolve();

  const endpointUrl = () => `ws://127.0.0.1:${serverPort}/occam-browser/${TOKEN}`;
  const runtimeWith = (env: Record<string, string>): RuntimeContext =>
    testContext({ env: { OCCAM_KEYS_ROOT: join(home, 'keys'), OCCAM_SESSIONS_ROOT: join(home, 'sessions'), ...env }, homeDir: home, tmpDir: home, now: Date.now });
  const remoteEnv = () => ({ OCCAM_BROWSER_ENDPOINT: endpointUrl(), OCCAM_BROWSER_PROXY_BIND: '127.0.0.1', OCCAM_BROWSER_CONNECT_TIMEOUT_MS: '5000' });
  const policy = (): GuardPolicy => ({ allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(site.origin) });

  const ARTICLE = 'Rendered by the shared browser';
  const PROSE = 'This paragraph is written by the page script, so only a browser can read it. ';
  const scripted = (extra = '') => `<!doctype html><html><head><title>Endpoint page</title></head><body><div id="root"></div>
<script>document.getElementById('root').innerHTML = '<main><article><h1>${ARTICLE}</h1><p>' + ${JSON.stringify(PROSE)}.repeat(10) + '</p></article></main>';</script>
<script>try { ${extra} } catch (e) {}</script></body></html>`;

  async function freePort(): Promise<number> {
    const s = createTcpServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as AddressInfo;
    await new Promise<void>((r) => s.close(() => r()));
    return port;
  }

  /** Starts the browser server and waits for its `listening` line. */
  async function startServer(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, OCCAM_BROWSER_SERVER_BIND: '127.0.0.1', OCCAM_BROWSER_SERVER_PORT: String(serverPort), OCCAM_BROWSER_SERVER_TOKEN: TOKEN, OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath() ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('"listening"')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`browser server exited ${code}: ${err}`)));
    });
    assert.doesNotMatch(out, new RegExp(TOKEN), 'the server never prints its token');
    server = child;
  }

  async function stopServer(): Promise<void> {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  /** Every TCP port listening in this namespace (it holds only this test's processes). */
  function listeningPorts(): Set<number> {
    const ports = new Set<number>();
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols[3] === '0A') ports.add(parseInt(cols[1]!.split(':').pop()!, 16));
      }
    }
    return ports;
  }

  /** Whether any process runs a Chromium this test process launched itself (the pool's marker switch). */
  function localChromiumRunning(): boolean {
    for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`--occam-browser-pool=${process.pid}`)) return true;
      } catch {
        // gone meanwhile
      }
    }
    return false;
  }

  before(async () => {
    const state = { connections: 0 };
    const listener: TcpServer = createTcpServer((socket) => {
      state.connections += 1;
      socket.on('error', () => {});
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 6\r\nconnection: close\r\n\r\nsecret');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    v4 = {
      port: (listener.address() as AddressInfo).port,
      get connections() {
        return state.connections;
      },
      close: () => new Promise<void>((r) => listener.close(() => r())),
    };
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    let markRequested!: () => void;
    slowRequested = new Promise<void>((r) => (markRequested = r));
    site = await startFixtureServer({
      '/spa': html(scripted()),
      '/slow': async (_q, res) => {
        markRequested();
        await slowGate;
        html(scripted())(_q, res);
      },
    });
    serverPort = await freePort();
    await startServer();
  });

  after(async () => {
    releaseSlow();
    await stopServer();
    await site.close();
    await v4.close();
  });

  test('a read through the endpoint: the remote browser renders the page, this process launches no Chromium, its proxy saw the page', async () => {
    const runtime = runtimeWith(remoteEnv());
    const services = new Services(runtime);
    try {
      const r: any = await transcode(
        { url: site.url('/spa'), backend_policy: 'browser', cache_ttl_s: 0 },
        { runtime, services, resolveMaxTokens: (e) => e, allowance: PrivateOriginAllowance.forOrigin(site.origin) },
      );
      assert.equal(r.ok, true, JSON.stringify(r.failure));
      assert.equal(r.backend, 'browser_playwright');
      assert.match(r.markdown, new RegExp(ARTICLE));
      assert.match(r.markdown, /only a browser can read it/);
      assert.equal(localChromiumRunning(), false, 'no Chromium launched by this process');
    } finally {
      await services.disposeAll();
    }
    const pool = new BrowserPool(runtimeWith(remoteEnv()));
    try {
      const seen: string[] = [];
      const page = await pool.render(site.url('/spa'), { policy: policy(), onEgress: (e) => seen.push(`${e.verdict} ${e.destination}`) });
      assert.match(page.html, new RegExp(ARTICLE));
      assert.ok(seen.includes(`allowed ${new URL(site.origin).host}`), `this process's egress proxy carried the page: ${seen.join(', ')}`);
    } finally {
      await pool.close();
    }
  });

  test("strangers on a render's egress proxy get 407 and reach nothing; the render itself authenticates", async () => {
    const pool = new BrowserPool(runtimeWith(remoteEnv()));
    try {
      const before = listeningPorts();
      const hitsBefore = site.requests().filter((p) => p.startsWith('/stranger')).length;
      const render = pool.render(site.url('/slow'), { policy: policy(), timeoutMs: 30_000 });
      await slowRequested;
      const fresh = [...listeningPorts()].filter((p) => !before.has(p));
      assert.ok(fresh.length >= 1, 'the render opened its proxy listener');
      for (const port of fresh) {
        // A forward-proxy GET and a CONNECT tunnel, with no credentials and with wrong ones.
        for (const auth of [undefined, `Basic ${Buffer.from('occam:wrong').toString('base64')}`]) {
          const status = await new Promise<number>((resolve, reject) => {
            const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: site.url('/stranger'), headers: auth ? { 'proxy-authorization': auth } : {} }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            });
            req.on('error', reject);
            req.end();
          });
          assert.equal(status, 407, `GET through port ${port} (${auth ? 'wrong credentials' : 'none'})`);
          const tunnel = await new Promise<string>((resolve) => {
            const socket = netConnect(port, '127.0.0.1', () => socket.write(`CONNECT 127.0.0.1:${v4.port} HTTP/1.1\r\nHost: 127.0.0.1:${v4.port}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`));
            let text = '';
            socket.on('data', (d) => (text += d));
            socket.on('close', () => resolve(text));
            socket.on('error', () => resolve(text));
          });
          assert.match(tunnel, /^HTTP\/1\.1 407 /, `CONNECT through port ${port}`);
        }
      }
      releaseSlow();
      const page = await render;
      assert.match(page.html, new RegExp(ARTICLE), 'the render with its own credentials went through');
      assert.equal(site.requests().filter((p) => p.startsWith('/stranger')).length, hitsBefore, 'no stranger request reached the site');
      assert.equal(v4.connections, 0, 'no stranger tunnel was dialled');
    } finally {
      releaseSlow();
      await pool.close();
    }
  });

  test('the guard still applies through the remote browser: a page reaching for loopback ports and the browser server reaches nothing', async () => {
    const pool = new BrowserPool(runtimeWith(remoteEnv()));
    const attackPath = '/attack-all';
    const attack = scripted(`
      fetch('http://127.0.0.1:${v4.port}/x').catch(() => {});
      new WebSocket('ws://127.0.0.1:${v4.port}/ws');
      fetch('http://127.0.0.1:${serverPort}/occam-browser/${TOKEN}').catch(() => {});
      new WebSocket('ws://127.0.0.1:${serverPort}/occam-browser/${TOKEN}');
      const f = document.createElement('iframe'); f.src = 'http://localhost:${v4.port}/'; document.body.appendChild(f);`);
    const extra = await startFixtureServer({ [attackPath]: html(attack) });
    try {
      const events: Array<{ destination: string; verdict: string }> = [];
      const page = await pool.render(extra.url(attackPath), {
        policy: { allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(extra.origin) },
        onEgress: (e) => events.push({ destination: e.destination, verdict: e.verdict }),
        settleMs: 500,
      });
      assert.match(page.html, new RegExp(ARTICLE), "the page's own content is read");
      assert.equal(v4.connections, 0, 'no connection reached the loopback listener');
      const towardServer = events.filter((e) => e.destination.endsWith(`:${serverPort}`));
      assert.ok(towardServer.length > 0, 'the page asked for the browser server through the proxy');
      assert.ok(towardServer.every((e) => e.verdict === 'denied'), `refused: ${JSON.stringify(towardServer)}`);
      assert.ok(events.filter((e) => e.destination.endsWith(`:${v4.port}`)).every((e) => e.verdict !== 'allowed'));
      assert.ok(page.blockedRequests > 0, 'the refusals are counted');
    } finally {
      await pool.close();
      await extra.close();
    }
  });

  test('a wildcard proxy bind announces the address on the route toward the endpoint', async () => {
    const pool = new BrowserPool(runtimeWith({ ...remoteEnv(), OCCAM_BROWSER_PROXY_BIND: '0.0.0.0' }));
    try {
      assert.match((await pool.render(site.url('/spa'), { policy: policy() })).html, new RegExp(ARTICLE));
    } finally {
      await pool.close();
    }
  });

  test("a proxy address the remote browser cannot reach is browser_proxy_unreachable", async () => {
    // Listening on 127.0.0.1, announced as 127.0.0.2: nothing answers there.
    const pool = new BrowserPool(runtimeWith({ ...remoteEnv(), OCCAM_BROWSER_PROXY_HOST: '127.0.0.2' }));
    try {
      await assert.rejects(pool.render(site.url('/spa'), { policy: policy(), timeoutMs: 20_000 }), (err: unknown) => {
        assert.ok(err instanceof OccamError);
        assert.equal(err.code, 'browser_proxy_unreachable', err.message);
        assert.match(err.message, /127\.0\.0\.2/);
        return true;
      });
    } finally {
      await pool.close();
    }
  });

  test('a dead endpoint is workers_unavailable (browser_endpoint_unreachable); after the service restarts the same pool reconnects', async () => {
    const dead = new BrowserPool(runtimeWith({ ...remoteEnv(), OCCAM_BROWSER_ENDPOINT: `ws://127.0.0.1:${await freePort()}/occam-browser`, OCCAM_BROWSER_CONNECT_TIMEOUT_MS: '2000' }));
    try {
      await assert.rejects(dead.render(site.url('/spa'), { policy: policy() }), (err: unknown) => {
        assert.ok(err instanceof OccamError);
        assert.equal(err.code, 'workers_unavailable');
        assert.equal(err.details.reason, 'browser_endpoint_unreachable');
        assert.doesNotMatch(JSON.stringify(err.details), new RegExp(TOKEN));
        return true;
      });
    } finally {
      await dead.close();
    }

    const pool = new BrowserPool(runtimeWith(remoteEnv()));
    try {
      assert.match((await pool.render(site.url('/spa'), { policy: policy() })).html, new RegExp(ARTICLE), 'connected before the restart');
      await stopServer();
      await assert.rejects(pool.render(site.url('/spa'), { policy: policy() }), (err: unknown) => {
        assert.ok(err instanceof OccamError);
        assert.equal(err.code, 'workers_unavailable', err.message);
        assert.equal(err.details.reason, 'browser_endpoint_unreachable');
        return true;
      });
      await startServer();
      const again = await pool.render(site.url('/spa'), { policy: policy() });
      assert.match(again.html, new RegExp(ARTICLE), 'the pool reconnected to the restarted service');
      assert.equal(localChromiumRunning(), false, 'and never fell back to launching a browser here');
    } finally {
      await pool.close();
    }
  });

  test('occam doctor probes the endpoint: the service answers and its browser reaches this instance\'s proxy — or says which part fails', () => {
    const doctor = (env: Record<string, string>) => {
      const r = spawnSync(process.execPath, [join(REPO_ROOT, 'bin', 'occam.ts'), 'doctor', '--json', '--skip-mcp'], {
        env: { ...process.env, NODE_TEST_CONTEXT: undefined, HOME: home, OCCAM_HOME: join(home, 'occam-home'), OCCAM_BANNER: '0', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const json = JSON.parse(r.stdout) as { checks: Array<{ id: string; status: string; message: string; fix: string | null; data: Record<string, unknown> }> };
      return json.checks.find((c) => c.id === 'browser.chromium')!;
    };
    const healthy = doctor(remoteEnv());
    assert.equal(healthy.status, 'pass', healthy.message);
    assert.equal(healthy.data.proxy, 'reached');
    assert.match(healthy.message, /browser service ws:\/\/127\.0\.0\.1:\d+ \(Chromium [\d.]+\) reaches/);
    assert.doesNotMatch(JSON.stringify(healthy), new RegExp(TOKEN), 'the token stays out of the report');

    const noProxy = doctor({ ...remoteEnv(), OCCAM_BROWSER_PROXY_HOST: '127.0.0.2' });
    assert.equal(noProxy.status, 'fail', noProxy.message);
    assert.equal(noProxy.data.proxy, 'unreachable');
    assert.match(noProxy.fix ?? '', /OCCAM_BROWSER_PROXY_BIND/);

    const dead = doctor({ ...remoteEnv(), OCCAM_BROWSER_ENDPOINT: 'ws://127.0.0.1:9/occam-browser', OCCAM_BROWSER_CONNECT_TIMEOUT_MS: '2000' });
    assert.equal(dead.status, 'fail');
    assert.match(dead.message, /unreachable/);
    assert.equal(dead.data.version, null);
  });

  test('a CDP endpoint (OCCAM_BROWSER_ENDPOINT_KIND=cdp): a Chromium started with the shipped flags renders through this process\'s proxy', async () => {
    const port = await freePort();
    const chromium = spawn(
      chromiumPath()!,
      ['--headless=new', `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${mkdtempSync(join(home, 'cdp-'))}`, ...chromiumFlags({ closedNetwork: true, marker: '--occam-cdp-test' }), 'about:blank'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    chromium.stderr!.on('data', (d) => (err += d));
    await new Promise<void>((resolve, reject) => {
      chromium.stderr!.on('data', () => {
        if (err.includes('DevTools listening on')) resolve();
      });
      chromium.on('exit', (code) => reject(new Error(`chromium exited ${code}: ${err.slice(-500)}`)));
    });
    const pool = new BrowserPool(runtimeWith({ ...remoteEnv(), OCCAM_BROWSER_ENDPOINT: `http://127.0.0.1:${port}`, OCCAM_BROWSER_ENDPOINT_KIND: 'cdp' }));
    try {
      const seen: string[] = [];
      const page = await pool.render(site.url('/spa'), { policy: policy(), onEgress: (e) => seen.push(`${e.verdict} ${e.destination}`) });
      assert.match(page.html, new RegExp(ARTICLE));
      assert.ok(seen.includes(`allowed ${new URL(site.origin).host}`), `this process's egress proxy carried the page: ${seen.join(', ')}`);
      await assert.rejects(pool.render(`http://127.0.0.1:${v4.port}/`, { policy: policy() }), (e: unknown) => e instanceof OccamError && e.code === 'private_url_blocked');
      assert.equal(v4.connections, 0);
    } finally {
      await pool.close();
      const exited = new Promise((r) => chromium.once('exit', r));
      chromium.kill('SIGTERM');
      await exited;
    }
  });
}
