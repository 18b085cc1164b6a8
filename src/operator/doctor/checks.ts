// `occam doctor` checks as data (operator.md §11): each row has a stable id, a run function that only reads,
// and, where one is safe, a repair that `--fix` may apply. Ids and severities are the contract.
import { accessSync, constants, createReadStream, existsSync, mkdirSync, readFileSync, statSync, chmodSync, writeFileSync } from 'node:fs';
import { createHash, createPrivateKey } from 'node:crypto';
import { createServer } from 'node:net';
import type { Ctx } from '../proc.ts';
import { occamPaths, pathApi } from '../../config/paths.ts';
import { envProblems, inspectEnv } from '../../config/env.ts';
import { PACKAGE_NAME, VERSION } from '../../version.ts';
import { launchersFor } from '../install.ts';
import { classifyAddress } from '../../fetch/guard.ts';
import { desiredLaunch, type LaunchSpec, type RuntimeInfo } from '../entry.ts';
import { HOST_ADAPTERS, detectHost } from '../hosts/registry.ts';
import { entryForHost, inspectHost } from '../hosts/shapes.ts';
import { entriesEqual } from '../entry.ts';
import { readOnboard } from '../onboard.ts';
import { selfVerify } from '../verify.ts';
import { locateBrowser, installHint } from '../../fetch/browser/discover.ts';
import { browserEndpoint, probeBrowserEndpoint, type BrowserEndpoint } from '../../fetch/browser/pool.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  id: string;
  status: CheckStatus;
  message: string;
  fix: string | null;
  data: Record<string, unknown>;
}

export interface DoctorOptions {
  fix?: boolean;
  skipBrowser?: boolean;
  skipMcp?: boolean;
}

export interface DoctorEnv {
  ctx: Ctx;
  runtime: RuntimeInfo;
  launch: LaunchSpec;
  opts: DoctorOptions;
  nodeVersion: string;
  arch: string;
  /** Whether OCCAM_HOME is a source checkout (integrity/version checks skip). */
  /** Not a release tree (source checkout or npm package): no VERSION file or release manifest to check. */
  sourceCheckout: boolean;
}

const formName = (d: DoctorEnv) => (d.launch.source === 'npm-package' ? 'npm package' : 'source checkout');

export interface CheckSpec {
  id: string;
  /** Severity when the condition does not hold. */
  onFailure: 'fail' | 'warn';
  run: (d: DoctorEnv) => Promise<CheckResult[]> | CheckResult[];
}

const result = (id: string, status: CheckStatus, message: string, fix: string | null = null, data: Record<string, unknown> = {}): CheckResult => ({ id, status, message, fix, data });

export const PORTS = [5050, 5051, 8443, 39217, 39218] as const;

const RIDS: Record<string, string> = { 'linux-x64': 'linux-x64', 'darwin-arm64': 'osx-arm64', 'darwin-x64': 'osx-x64', 'win32-x64': 'win-x64' };

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path).on('data', (c) => h.update(c)).on('error', reject).on('end', () => resolve(h.digest('hex')));
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function getUrl(ctx: Ctx): string {
  return (inspectEnv<string | null>('OCCAM_GET_URL', ctx.env).value ?? 'the get-ff-occam.sh bootstrap (see INSTALL.md)');
}

/** How this install form is put back in order: every fix line names what works in the form that printed it. */
function reinstallFix(d: DoctorEnv): string {
  if (d.launch.source === 'npm-package') return `reinstall the npm package (npm install -g ${PACKAGE_NAME}, or npm install ${PACKAGE_NAME} in the project)`;
  if (d.sourceCheckout) return `update the checkout (git pull && npm ci in ${d.launch.occamHome})`;
  return `reinstall with ${getUrl(d.ctx)}`;
}

/** Where a usable Chromium-family browser is, or why none is — the same discovery the reader's browser pool uses. */
export function findBrowser(ctx: Ctx): { path: string | null; configured: boolean; reason: string; hint: string } {
  const loc = locateBrowser(ctx);
  const hint = installHint(ctx).command;
  if (loc.path) return { path: loc.path, configured: loc.source === 'env', reason: loc.source === 'env' ? 'configured' : 'system', hint };
  if (loc.configuredButMissing) return { path: null, configured: true, reason: `configured browser ${loc.configuredButMissing} does not exist or is not executable`, hint };
  return { path: null, configured: false, reason: `runtime not downloaded: no Chromium, Chrome or Edge found (looked in ${loc.searched.slice(0, 3).join(', ')}…)`, hint };
}

/** OCCAM_BROWSER_ENDPOINT: the browser service answers, and the browser reaches this instance's egress proxy. */
async function endpointCheck(endpoint: BrowserEndpoint): Promise<CheckResult> {
  const probe = await probeBrowserEndpoint(endpoint);
  const data = { endpoint: probe.endpoint, kind: endpoint.kind, version: probe.version, proxy: probe.proxy, proxyHost: endpoint.proxyHost, proxyBind: endpoint.proxyBind };
  if (probe.version === null) {
    return result('browser.chromium', 'fail', `browser service ${probe.endpoint} (OCCAM_BROWSER_ENDPOINT) unreachable: ${probe.error}`, 'start the browser service (compose: docker compose up -d browser) or correct OCCAM_BROWSER_ENDPOINT / OCCAM_BROWSER_ENDPOINT_KIND', data);
  }
  if (probe.proxy === 'unreachable') {
    return result('browser.chromium', 'fail', `browser service ${probe.endpoint} answers (Chromium ${probe.version}) but cannot reach this instance's egress proxy at ${endpoint.proxyHost}`, 'set OCCAM_BROWSER_PROXY_BIND to an address the browser service can reach and OCCAM_BROWSER_PROXY_HOST to how it reaches it', data);
  }
  if (probe.proxy === 'untested') {
    return result('browser.chromium', 'warn', `browser service ${probe.endpoint} answers (Chromium ${probe.version}); the egress proxy probe did not complete: ${probe.error}`, null, data);
  }
  return result('browser.chromium', 'pass', `browser service ${probe.endpoint} (Chromium ${probe.version}) reaches this instance's egress proxy at ${endpoint.proxyHost}`, null, data);
}

async function launchBrowser(path: string): Promise<string | null> {
  try {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: path, headless: true, timeout: 30_000, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto('about:blank');
    } finally {
      await browser.close();
    }
    return null;
  } catch (err) {
    return (err as Error).message.split('\n').slice(0, 3).join(' ');
  }
}

export const CHECKS: readonly CheckSpec[] = [
  {
    id: 'runtime.node', onFailure: 'fail',
    run: (d) => {
      const major = Number(d.nodeVersion.split('.')[0]);
      return [major >= 20
        ? result('runtime.node', 'pass', `Node ${d.nodeVersion}`, null, { version: d.nodeVersion })
        : result('runtime.node', 'fail', `Node ${d.nodeVersion} is older than 20`, reinstallFix(d), { version: d.nodeVersion })];
    },
  },
  {
    id: 'runtime.platform', onFailure: 'fail',
    run: (d) => {
      const rid = RIDS[`${d.ctx.platform}-${d.arch}`];
      return [rid
        ? result('runtime.platform', 'pass', `${d.ctx.platform}/${d.arch} → ${rid}`, null, { rid })
        : result('runtime.platform', 'fail', `${d.ctx.platform}/${d.arch} has no supported release`, 'use linux-x64, osx-arm64, osx-x64 or win-x64', {})];
    },
  },
  {
    id: 'install.home', onFailure: 'fail',
    run: (d) => {
      const home = d.launch.occamHome;
      const ok = existsSync(home) && statSync(home).isDirectory();
      return [ok
        ? result('install.home', 'pass', home, null, { occamHome: home })
        : result('install.home', 'fail', `OCCAM_HOME ${home} does not exist`, `${reinstallFix(d)} or set OCCAM_HOME`, { occamHome: home })];
    },
  },
  {
    id: 'install.integrity', onFailure: 'fail',
    run: async (d) => {
      if (d.sourceCheckout) return [result('install.integrity', 'skip', `${formName(d)}: no release manifest`, null)];
      const p = pathApi(d.ctx);
      const manifestPath = p.join(d.launch.occamHome, 'release-manifest.json');
      const rel = d.ctx.platform === 'win32' ? 'bin/occam.exe' : 'bin/occam';
      const fix = reinstallFix(d);
      try {
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files?: Record<string, string> };
        const expected = manifest.files?.[rel];
        if (!expected) return [result('install.integrity', 'fail', `${manifestPath} has no hash for ${rel}`, fix)];
        const actual = await sha256File(p.join(d.launch.occamHome, ...rel.split('/')));
        return [actual === expected.toLowerCase()
          ? result('install.integrity', 'pass', `${rel} matches release-manifest.json`, null, { sha256: actual })
          : result('install.integrity', 'fail', `${rel} SHA-256 ${actual} ≠ manifest ${expected}`, fix, { expected, actual })];
      } catch (err) {
        return [result('install.integrity', 'fail', `cannot check ${rel}: ${(err as Error).message}`, fix)];
      }
    },
  },
  {
    id: 'install.version', onFailure: 'warn',
    run: (d) => {
      if (d.sourceCheckout) return [result('install.version', 'skip', `${formName(d)} (version ${VERSION})`, null)];
      const path = pathApi(d.ctx).join(d.launch.occamHome, 'VERSION');
      const onDisk = existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
      return [onDisk === VERSION
        ? result('install.version', 'pass', `VERSION ${onDisk}`, null, { version: onDisk })
        : result('install.version', 'warn', `VERSION file says ${onDisk ?? '(missing)'}, binary is ${VERSION}`, reinstallFix(d), { file: onDisk, binary: VERSION })];
    },
  },
  {
    id: 'install.launcher', onFailure: 'warn',
    run: (d) => {
      // The npm package's bin link and a checkout's bin/occam.ts start Occam; only a release install has a launcher.
      if (d.sourceCheckout) return [result('install.launcher', 'skip', `${formName(d)}: no launcher of its own`, null)];
      const paths = occamPaths(d.ctx);
      const p = pathApi(d.ctx);
      const launcher = p.join(paths.userLauncherDir, d.ctx.platform === 'win32' ? 'occam.cmd' : 'occam');
      const repaired = !existsSync(launcher) && d.opts.fix;
      if (repaired) {
        // A safe repair: the launcher `occam install` writes, for exactly this install root, where none is.
        mkdirSync(paths.userLauncherDir, { recursive: true });
        for (const l of launchersFor(d.ctx.platform, d.launch.occamHome)) {
          const file = p.join(paths.userLauncherDir, l.name);
          if (!existsSync(file)) writeFileSync(file, l.text, { mode: l.mode });
        }
      }
      if (!existsSync(launcher)) return [result('install.launcher', 'warn', `no launcher at ${launcher}`, 'occam doctor --fix (re-creates the launcher)', { launcher })];
      const text = readFileSync(launcher, 'utf8');
      if (!text.includes(d.launch.occamHome)) {
        return [result('install.launcher', 'warn', `${launcher} targets another install`, `rm ${launcher} && occam doctor --fix (re-creates it for this install)`, { launcher })];
      }
      const sep = d.ctx.platform === 'win32' ? ';' : ':';
      const onPath = (d.ctx.env.PATH ?? '').split(sep).some((x) => p.resolve(x) === p.resolve(paths.userLauncherDir));
      return [onPath
        ? result('install.launcher', 'pass', `${launcher}${repaired ? ' created (--fix)' : ''}`, null, { launcher, ...(repaired ? { repaired: true } : {}) })
        : result('install.launcher', 'warn', `${paths.userLauncherDir} is not on PATH`, `export PATH="${paths.userLauncherDir}:$PATH"`, { launcher })];
    },
  },
  {
    id: 'state.dir', onFailure: 'fail',
    run: (d) => {
      const dir = occamPaths(d.ctx).stateRoot;
      const writable = (path: string) => {
        try {
          accessSync(path, constants.W_OK);
          return true;
        } catch {
          return false;
        }
      };
      if (existsSync(dir)) {
        return [writable(dir) ? result('state.dir', 'pass', dir) : result('state.dir', 'fail', `${dir} is not writable`, `chmod u+w ${dir}`)];
      }
      if (d.opts.fix) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        return [result('state.dir', 'pass', `${dir} created (--fix)`, null, { repaired: true })];
      }
      let parent = pathApi(d.ctx).dirname(dir);
      while (!existsSync(parent)) parent = pathApi(d.ctx).dirname(parent);
      return [writable(parent) ? result('state.dir', 'pass', `${dir} will be created on first use`) : result('state.dir', 'fail', `${dir} cannot be created`, `mkdir -p ${dir}`)];
    },
  },
  {
    id: 'state.keys', onFailure: 'warn',
    run: (d) => {
      const path = pathApi(d.ctx).join(occamPaths(d.ctx).keysDir, 'signing-key.pem');
      if (!existsSync(path)) return [result('state.keys', 'pass', 'no signing key yet (minted on first server start)', null, { path })];
      try {
        createPrivateKey(readFileSync(path));
      } catch {
        return [result('state.keys', 'warn', `${path} is not a parseable private key`, `move it aside; a new key is minted on next start`, { path })];
      }
      const mode = statSync(path).mode & 0o777;
      if (d.ctx.platform !== 'win32' && mode !== 0o600) {
        if (d.opts.fix) {
          chmodSync(path, 0o600);
          return [result('state.keys', 'pass', `${path} permissions repaired to 0600 (--fix)`, null, { path, repaired: true })];
        }
        return [result('state.keys', 'warn', `${path} has mode ${mode.toString(8).padStart(4, '0')}, expected 0600`, `chmod 600 ${path}`, { path, mode: mode.toString(8) })];
      }
      return [result('state.keys', 'pass', path, null, { path })];
    },
  },
  {
    id: 'state.onboard', onFailure: 'warn',
    run: (d) => {
      const ob = readOnboard(occamPaths(d.ctx).onboardFile);
      if (!ob.present) return [result('state.onboard', 'pass', 'no onboard.json (defaults apply)', null, { path: ob.path })];
      const bad = ob.warnings.filter((w) => w !== 'onboard_schema_newer');
      return [bad.length === 0
        ? result('state.onboard', 'pass', `${ob.path}${ob.warnings.length ? ` (${ob.warnings.join(', ')})` : ''}`, null, { path: ob.path, warnings: ob.warnings })
        : result('state.onboard', 'warn', `${bad.join(', ')}: ${ob.path} is ignored`, `fix or delete ${ob.path} (occam onboard rewrites it)`, { path: ob.path, warnings: ob.warnings })];
    },
  },
  {
    id: 'state.sessions', onFailure: 'warn',
    run: (d) => {
      const dir = occamPaths(d.ctx).sessionsDir;
      if (!existsSync(dir)) return [result('state.sessions', 'pass', 'no sessions directory', null, { path: dir })];
      const st = statSync(dir);
      if (!st.isDirectory()) return [result('state.sessions', 'warn', `${dir} is not a directory`, `move ${dir} aside`, { path: dir })];
      if (d.ctx.platform !== 'win32' && (st.mode & 0o077) !== 0) {
        if (d.opts.fix) {
          chmodSync(dir, 0o700);
          return [result('state.sessions', 'pass', `${dir} permissions repaired to 0700 (--fix)`, null, { path: dir, repaired: true })];
        }
        return [result('state.sessions', 'warn', `${dir} is readable by others (mode ${(st.mode & 0o777).toString(8)})`, `chmod 700 ${dir}`, { path: dir })];
      }
      return [result('state.sessions', 'pass', dir, null, { path: dir })];
    },
  },
  {
    id: 'browser.chromium', onFailure: 'fail',
    run: async (d) => {
      if (d.opts.skipBrowser) return [result('browser.chromium', 'skip', '--skip-browser')];
      const endpoint = browserEndpoint(d.ctx);
      if (endpoint) return [await endpointCheck(endpoint)];
      const found = findBrowser(d.ctx);
      if (!found.path) {
        const fix = found.configured
          ? 'set OCCAM_BROWSER_EXECUTABLE_PATH to an existing Chromium, or unset it'
          : `install a system Chromium: ${found.hint} (occam install-browser checks again)`;
        return [result('browser.chromium', 'fail', found.reason, fix, { configured: found.configured })];
      }
      const error = await launchBrowser(found.path);
      return [error
        ? result('browser.chromium', 'fail', `${found.path} did not start: ${error}`, d.ctx.platform === 'linux' ? 'missing system libraries? as root: npx playwright install-deps chromium' : 'reinstall the browser', { path: found.path })
        : result('browser.chromium', 'pass', `${found.path} launches (about:blank)`, null, { path: found.path })];
    },
  },
  {
    id: 'net.ssrf-guard', onFailure: 'warn',
    run: () => {
      const blocked = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '192.168.1.1'];
      const leaks = blocked.filter((a) => classifyAddress(a) === 'public');
      const publicOk = classifyAddress('93.184.216.34') === 'public';
      return [leaks.length === 0 && publicOk
        ? result('net.ssrf-guard', 'pass', 'private-address guard self-test passed')
        : result('net.ssrf-guard', 'warn', `private-address guard self-test failed (${leaks.join(', ') || 'public address blocked'})`, 'reinstall Occam', { leaks })];
    },
  },
  {
    id: 'net.proxy', onFailure: 'warn',
    run: (d) => {
      const out: string[] = [];
      for (const name of ['OCCAM_HTTP_PROXY', 'OCCAM_HTTPS_PROXY']) {
        const raw = d.ctx.env[name];
        if (!raw) continue;
        try {
          const u = new URL(raw);
          if (!/^(https?|socks5):$/.test(u.protocol)) out.push(`${name}: unsupported scheme ${u.protocol}`);
        } catch {
          out.push(`${name}: not a URL`);
        }
      }
      if (!d.ctx.env.OCCAM_HTTP_PROXY && !d.ctx.env.OCCAM_HTTPS_PROXY && !d.ctx.env.OCCAM_NO_PROXY) return [result('net.proxy', 'skip', 'no proxy configured')];
      return [out.length === 0 ? result('net.proxy', 'pass', 'proxy variables parse') : result('net.proxy', 'warn', out.join('; '), 'fix the proxy URL (http://host:port)', { problems: out })];
    },
  },
  {
    id: 'env.values', onFailure: 'warn',
    run: (d) => {
      const problems = envProblems(d.ctx.env);
      return [problems.length === 0
        ? result('env.values', 'pass', 'every OCCAM_* variable is in range')
        : result('env.values', 'warn', problems.map((p) => `${p.name}: ${p.problem}`).join('; '), 'fix or unset the listed variables (docs/configuration.md)', { problems })];
    },
  },
  {
    id: 'hosts', onFailure: 'warn',
    run: (d) => {
      const out: CheckResult[] = [];
      for (const a of HOST_ADAPTERS) {
        const id = `hosts.${a.id}`;
        const det = detectHost(d.ctx, a);
        if (!det.detected) {
          out.push(result(id, 'skip', 'not detected'));
          continue;
        }
        const insp = inspectHost(d.ctx, a, det, d.launch.occamHome);
        const fix = `occam connect --only ${a.id}`;
        const data = { configPath: insp.configPath, state: insp.state };
        if (insp.state === 'refuse' || insp.state === 'undecodable') out.push(result(id, 'warn', insp.error ?? 'config cannot be parsed', `repair ${insp.configPath} by hand, then ${fix}`, data));
        else if (insp.state === 'ambiguous') out.push(result(id, 'warn', insp.error ?? 'config location is ambiguous', fix, data));
        else if (!insp.entry) out.push(result(id, a.method === 'assisted' ? 'skip' : 'warn', 'detected, Occam not registered', a.method === 'assisted' ? null : fix, data));
        else if (!insp.managed) out.push(result(id, 'warn', 'an ff-occam entry exists that Occam did not write', `${fix} --force`, data));
        else if (!entriesEqual(insp.entry, entryForHost(a, d.launch.entry))) {
          const readonly = insp.state === 'readonly';
          out.push(result(id, 'warn', `stale Occam entry (other path or version)${readonly ? ` in read-only ${insp.configPath}` : ''}`, readonly ? `update it by hand (occam snippet ${a.id})` : fix, data));
        }
        else out.push(result(id, 'pass', `ff-occam registered in ${insp.configPath}`, null, data));
      }
      return out;
    },
  },
  {
    id: 'ports', onFailure: 'warn',
    run: async () => {
      const out: CheckResult[] = [];
      for (const port of PORTS) {
        out.push((await portFree(port))
          ? result(`ports.${port}`, 'pass', `127.0.0.1:${port} is free`)
          : result(`ports.${port}`, 'warn', `127.0.0.1:${port} is in use (only matters for the optional transport/daemon on it)`, `stop what listens on ${port} or pass --port`));
      }
      return out;
    },
  },
  {
    id: 'store.backend', onFailure: 'fail',
    run: async (d) => {
      const { storeSelection, pingStore, postgresService } = await import('../../store/index.ts');
      if (storeSelection(d.ctx).kind === 'embedded') {
        return [result('store.backend', 'pass', 'embedded stores on this machine (OCCAM_STORE_URL unset)', null, { kind: 'embedded' })];
      }
      // Every PostgreSQL-backed store registers its migrations when its module loads.
      await Promise.all([
        import('../../jobs/batch-store-postgres.ts'),
        import('../../jobs/watch-store-postgres.ts'),
        import('../../optin/atlas-postgres.ts'),
        import('../../read/search/handles-postgres.ts'),
        import('../../read/cache-postgres.ts'),
        import('../../store/exam-grades-postgres.ts'),
      ]);
      const { Services } = await import('../../runtime/services.ts');
      const services = new Services({ ...d.ctx, warn: () => {} });
      try {
        let health = await pingStore(d.ctx, services);
        const data = (h: typeof health) => ({ kind: 'postgres', url: h.url, latencyMs: h.latency_ms, pending: h.pending });
        if (!health.reachable) {
          return [result('store.backend', 'fail', `PostgreSQL at ${health.url ?? 'OCCAM_STORE_URL'} is not reachable: ${health.error}`, 'check OCCAM_STORE_URL (host, port, user, password, database) and that the server accepts connections from here', data(health))];
        }
        if (!health.migrated && d.opts.fix) {
          const db = await services.use(postgresService);
          for (const pending of health.pending) await db.ready(pending.split(' ')[0]!);
          health = await pingStore(d.ctx, services);
        }
        if (!health.migrated) {
          return [result('store.backend', 'warn', `PostgreSQL reachable (${health.latency_ms} ms) but not migrated: ${health.pending.join(', ')}`, 'occam doctor --fix (or start any Occam process: each store migrates on first use)', data(health))];
        }
        return [result('store.backend', 'pass', `PostgreSQL ${health.url} reachable, schema current, round trip ${health.latency_ms} ms`, null, data(health))];
      } finally {
        await services.disposeAll();
      }
    },
  },
  {
    id: 'mcp.handshake', onFailure: 'fail',
    run: async (d) => {
      if (d.opts.skipMcp) return [result('mcp.handshake', 'skip', '--skip-mcp')];
      const sv = await selfVerify(d.launch.entry, d.ctx.env, { clientName: 'occam-doctor' });
      return [sv.ok
        ? result('mcp.handshake', 'pass', `occam mcp lists ${sv.toolCount} tools (profile ${sv.profile})`, null, { toolCount: sv.toolCount, profile: sv.profile })
        : result('mcp.handshake', 'fail', `occam mcp check failed at level ${sv.level}: ${sv.error}`, `occam smoke --offline; ${reinstallFix(d)}`, { level: sv.level, toolCount: sv.toolCount, expected: sv.expected })];
    },
  },
];

export interface DoctorReport {
  schemaVersion: '1';
  command: 'doctor';
  ok: boolean;
  status: 'pass' | 'warn' | 'fail';
  occamHome: string;
  version: string;
  checks: CheckResult[];
}

export async function runDoctor(ctx: Ctx, runtime: RuntimeInfo, opts: DoctorOptions, probe: { nodeVersion?: string; arch?: string } = {}): Promise<DoctorReport> {
  const launch = desiredLaunch(ctx, runtime);
  const sourceCheckout =
    launch.source === 'npm-package' || (Boolean(runtime.sourceRoot) && pathApi(ctx).resolve(runtime.sourceRoot!) === pathApi(ctx).resolve(launch.occamHome));
  const d: DoctorEnv = { ctx, runtime, launch, opts, nodeVersion: probe.nodeVersion ?? process.versions.node, arch: probe.arch ?? process.arch, sourceCheckout };
  const checks: CheckResult[] = [];
  for (const spec of CHECKS) {
    try {
      checks.push(...(await spec.run(d)));
    } catch (err) {
      checks.push(result(spec.id, spec.onFailure, `check crashed: ${(err as Error).message}`, null));
    }
  }
  const status = checks.some((c) => c.status === 'fail') ? 'fail' : checks.some((c) => c.status === 'warn') ? 'warn' : 'pass';
  return { schemaVersion: '1', command: 'doctor', ok: status !== 'fail', status, occamHome: launch.occamHome, version: VERSION, checks };
}
