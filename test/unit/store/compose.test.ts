// compose.yaml (docs/scaling.md) stays true to the product: every OCCAM_* variable it sets is in the env catalog and
// accepted as written (never clamped), the workers run a real `occam mcp` mode and render on the browser service
// the file defines, every service has real limits and a healthcheck, the browser tier and the database sit on
// internal networks, volumes are writable by the user the image runs as, and what the image copies exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENV_CATALOG, inspectEnv } from '../../../src/config/env.ts';
import { planTransport } from '../../../src/mcp/transports/options.ts';
import { REPO_ROOT } from '../../helpers/mcp-client.ts';

interface Service {
  image?: string;
  build?: { context: string; dockerfile_inline: string };
  command: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval: string; timeout: string; retries: number };
  restart?: string;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
}

const compose = parse(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, Service>; networks: Record<string, { internal?: boolean } | null>; volumes: Record<string, unknown> };
const { occam, browser, postgres } = compose.services as { occam: Service; browser: Service; postgres: Service };

/** Bytes of a compose memory value (`512m`, `2g`, or plain bytes). */
function memoryBytes(value: string): number {
  const m = /^(\d+(?:\.\d+)?)([kmg]?)b?$/i.exec(value.trim());
  assert.ok(m, `memory limit ${value} is a size`);
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
}

test('compose.yaml: catalogued variables accepted as written, a real batch-server command, files that exist', () => {
  for (const [service, spec] of Object.entries(compose.services)) {
    for (const [name, value] of Object.entries(spec.environment ?? {})) {
      if (!name.startsWith('OCCAM_')) continue;
      assert.ok(ENV_CATALOG.has(name), `${service}: ${name} is in the env catalog`);
      const reading = inspectEnv(name, { [name]: value });
      assert.equal(reading.problem, null, `${service}: ${name}=${value} is accepted`);
      assert.equal(reading.note, null, `${service}: ${name}=${value} is taken as written, not adjusted`);
    }
  }
  const env = occam.environment!;
  assert.match(env.OCCAM_STORE_URL!, /^postgres:\/\/occam:[^@]+@postgres:5432\/occam$/, 'the workers use the compose PostgreSQL service');
  assert.equal((postgres.environment as Record<string, string>).POSTGRES_PASSWORD, new URL(env.OCCAM_STORE_URL!).password);
  assert.deepEqual(occam.command, ['node', 'bin/occam.ts', 'mcp', '--batch-server']);
  // The batch server starts with this environment: OCCAM_BATCH_MAX_URLS is honoured, not refused and not clamped.
  const plan = planTransport(['--batch-server'], env, () => true);
  assert.notEqual(plan.kind, 'error', `the batch server accepts the compose environment: ${JSON.stringify(plan)}`);
  assert.equal(planTransport(['--batch-server'], { ...env, OCCAM_BATCH_MAX_URLS: '5000' }, () => true).kind, 'error', 'an out-of-range value is refused at start, not clamped');
  assert.equal(inspectEnv<number>('OCCAM_BATCH_MAX_URLS', env).value, Number(env.OCCAM_BATCH_MAX_URLS));
  for (const spec of [occam, browser]) {
    for (const line of spec.build!.dockerfile_inline.split('\n')) {
      const copy = /^COPY (.+) \S+$/.exec(line.trim());
      if (copy) for (const path of copy[1]!.split(' ')) assert.ok(existsSync(join(REPO_ROOT, path)), `${path} exists`);
    }
  }
  assert.match(occam.healthcheck!.test.join(' '), /127\.0\.0\.1:5051\/v1\/health/);
});

test('compose.yaml: every service has CPU and memory limits, a healthcheck and a restart policy', () => {
  for (const [name, spec] of Object.entries(compose.services)) {
    const limits = spec.deploy?.resources?.limits;
    assert.ok(limits, `${name} has deploy.resources.limits`);
    assert.ok(Number(limits.cpus) > 0 && Number(limits.cpus) <= 64, `${name}: cpus limit ${limits.cpus}`);
    const bytes = memoryBytes(limits.memory ?? '');
    assert.ok(bytes >= 256 * 1024 ** 2 && bytes <= 64 * 1024 ** 3, `${name}: memory limit ${limits.memory}`);
    assert.ok(spec.healthcheck?.test?.length, `${name} has a healthcheck`);
    assert.notEqual(spec.healthcheck.test[0], 'NONE', `${name}: the healthcheck is not disabled`);
    assert.ok(spec.healthcheck.retries > 0 && spec.healthcheck.interval && spec.healthcheck.timeout, `${name}: healthcheck timing`);
    assert.equal(spec.restart, 'unless-stopped', `${name} restarts`);
  }
});

test('compose.yaml: the workers render on the browser service, which runs the shipped server on an internal network', () => {
  const serverEnv = browser.environment!;
  assert.deepEqual(browser.command, ['node', 'src/fetch/browser/server-main.ts']);
  assert.ok(existsSync(join(REPO_ROOT, 'src/fetch/browser/server-main.ts')));
  assert.deepEqual(browser.healthcheck!.test, ['CMD', 'node', 'src/fetch/browser/server-main.ts', '--health'], 'the healthcheck is a real client round trip');
  assert.equal(serverEnv.OCCAM_BROWSER_SERVER_BIND, '0.0.0.0', 'reachable by the workers on its network');

  const endpoint = new URL(occam.environment!.OCCAM_BROWSER_ENDPOINT!);
  assert.equal(endpoint.protocol, 'ws:');
  assert.equal(endpoint.hostname, 'browser', 'the endpoint names the browser service');
  assert.equal(endpoint.port, serverEnv.OCCAM_BROWSER_SERVER_PORT);
  assert.equal(endpoint.pathname, `/occam-browser/${serverEnv.OCCAM_BROWSER_SERVER_TOKEN}`, 'the endpoint carries the server token');
  assert.ok((occam.environment!.OCCAM_BROWSER_ENDPOINT_KIND ?? 'playwright') === 'playwright');
  assert.equal(occam.depends_on?.browser?.condition, 'service_healthy');

  // The browser is on internal networks only (no route out, nothing but the workers reach it); the workers share
  // one with it, so it can reach their egress proxies, which must then listen beyond loopback.
  assert.ok(browser.networks!.length > 0);
  for (const network of browser.networks!) {
    assert.equal(compose.networks[network]?.internal, true, `browser network ${network} is internal`);
    assert.ok(occam.networks!.includes(network), `the workers are on ${network} too`);
  }
  assert.notEqual(occam.environment!.OCCAM_BROWSER_PROXY_BIND ?? '127.0.0.1', '127.0.0.1', 'the proxy listens where the browser service can reach it');
  for (const network of postgres.networks!) assert.equal(compose.networks[network]?.internal, true, `database network ${network} is internal`);
  assert.ok(occam.networks!.some((n) => compose.networks[n]?.internal !== true), 'the workers keep a network with a route out (fetches)');
});

test('compose.yaml: every volume a service mounts is created owned by the user the image runs as', () => {
  for (const spec of [occam, browser]) {
    const lines = spec.build!.dockerfile_inline.split('\n').map((l) => l.trim());
    const user = lines.filter((l) => l.startsWith('USER ')).pop()?.slice(5);
    assert.equal(user, 'node', 'the image runs as node');
    const chowned = lines.filter((l) => /chown -R node:node/.test(l)).join(' ');
    for (const mount of spec.volumes ?? []) {
      const [source, target] = mount.split(':');
      assert.ok(source! in compose.volumes, `${source} is a named volume`);
      assert.match(chowned, new RegExp(`(^|\\s)${target!.replace(/[/.]/g, '\\$&')}(\\s|$)`), `${target} is created owned by node`);
    }
    const home = spec.environment?.HOME;
    if (home) assert.match(chowned, new RegExp(`(^|\\s)${home.replace(/[/.]/g, '\\$&')}(\\s|$)`), `HOME ${home} belongs to node`);
  }
});
