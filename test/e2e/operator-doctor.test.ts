// operator.md §20 doctor cases (#32–#37) and a broken setup (bogus browser path, corrupted host config, key
// file with wrong permissions) against a fake release install in a temporary HOME.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, runOccam, writeFile, type World } from '../helpers/operator-world.ts';
import { VERSION } from '../../src/version.ts';
import { coreToolsOf } from '../../src/contract/catalog.ts';

const worlds: World[] = [];
after(() => worlds.forEach((w) => w.cleanup()));

/** A world whose OCCAM_HOME is a complete release tree with a launcher on PATH. */
function healthyWorld(): World {
  const w = makeWorld();
  worlds.push(w);
  const bin = join(w.occamHome, 'bin', 'occam');
  const sha = createHash('sha256').update(readFileSync(bin)).digest('hex');
  writeFile(join(w.occamHome, 'VERSION'), `${VERSION}\n`);
  writeFile(join(w.occamHome, 'release-manifest.json'), JSON.stringify({ version: VERSION, rid: 'linux-x64', layout: 'self-contained-v1', files: { 'bin/occam': sha } }));
  const launcherDir = join(w.home, '.local', 'bin');
  writeFile(join(launcherDir, 'occam'), `#!/usr/bin/env bash\nset -euo pipefail\nexport OCCAM_HOME='${w.occamHome}'\nexec "${w.occamHome}/bin/occam" "$@"\n`, 0o755);
  w.env.PATH = `${launcherDir}:${w.env.PATH}`;
  return w;
}

const pem = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const check = (r: any, id: string) => r.json.checks.find((c: any) => c.id === id);
const FAST = ['doctor', '--json', '--skip-browser', '--skip-mcp'];

test('operator.md #32: healthy fake install → ok:true, exit 0, every check has a stable id and a known status', () => {
  const w = healthyWorld();
  writeFile(join(w.home, '.occam', 'keys', 'signing-key.pem'), pem(), 0o600);
  const r = runOccam(w, FAST);
  assert.equal(r.code, 0, r.stdout);
  assert.equal(r.json.ok, true);
  assert.equal(r.json.schemaVersion, '1');
  assert.equal(r.json.command, 'doctor');
  for (const c of r.json.checks) {
    assert.ok(['pass', 'warn', 'fail', 'skip'].includes(c.status), c.id);
    assert.match(c.id, /^[a-z]+\.[a-z0-9-]+$/);
    assert.ok('fix' in c && 'data' in c && typeof c.message === 'string');
  }
  for (const id of ['runtime.node', 'runtime.platform', 'install.home', 'install.integrity', 'install.version', 'install.launcher', 'state.dir', 'state.keys', 'state.onboard', 'state.sessions', 'browser.chromium', 'net.ssrf-guard', 'net.proxy', 'hosts.cursor', 'ports.5050', 'ports.39218', 'mcp.handshake']) {
    assert.ok(check(r, id), `missing ${id}`);
  }
  assert.equal(check(r, 'install.integrity').status, 'pass');
  assert.equal(check(r, 'install.launcher').status, 'pass');
  assert.equal(check(r, 'browser.chromium').status, 'skip');
});

test('operator.md #33: a corrupted binary (hash ≠ release-manifest.json) → install.integrity fail, exit 1', () => {
  const w = healthyWorld();
  writeFileSync(join(w.occamHome, 'bin', 'occam'), '#!/bin/sh\necho tampered\n');
  const r = runOccam(w, FAST);
  assert.equal(r.code, 1);
  assert.equal(check(r, 'install.integrity').status, 'fail');
  assert.ok(check(r, 'install.integrity').fix);
});

test('operator.md #34: malformed onboard.json → state.onboard warn onboard_parse_error, exit 0; --strict → exit 1', () => {
  const w = healthyWorld();
  writeFile(join(w.home, '.occam', 'onboard.json'), '{ "schema_version": "1.0", ');
  const r = runOccam(w, FAST);
  assert.equal(r.code, 0);
  assert.equal(check(r, 'state.onboard').status, 'warn');
  assert.match(check(r, 'state.onboard').message, /onboard_parse_error/);
  assert.equal(runOccam(w, [...FAST, '--strict']).code, 1);
});

test('operator.md #35: a stale managed host entry → hosts.<id> warn with fix `occam connect --only <id>`', () => {
  const w = healthyWorld();
  writeFile(join(w.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'ff-occam': { command: '/old/bin/occam', args: ['mcp'], env: { OCCAM_CONNECT_MANAGED: 'occam-managed:v1' } } } }));
  const r = runOccam(w, FAST);
  const c = check(r, 'hosts.cursor');
  assert.equal(c.status, 'warn');
  assert.equal(c.fix, 'occam connect --only cursor');
  assert.equal(r.code, 0);
});

test('operator.md #36: no browser without --fix → browser.chromium fail with fix text; doctor wrote nothing', () => {
  const w = healthyWorld();
  const r = runOccam(w, ['doctor', '--json', '--skip-mcp'], { OCCAM_BROWSER_EXECUTABLE_PATH: join(w.root, 'no-such-chromium') });
  assert.equal(r.code, 1);
  const c = check(r, 'browser.chromium');
  assert.equal(c.status, 'fail');
  assert.match(c.message, /no-such-chromium/);
  assert.ok(c.fix);
  assert.equal(existsSync(join(w.home, '.occam')), false, 'state dir untouched');
});

test('operator.md #37: an unknown doctor flag → exit 2', () => {
  const w = healthyWorld();
  assert.equal(runOccam(w, ['doctor', '--bogus-flag']).code, 2);
});

test('doctor: a broken setup reports each problem by id and exits 1; --fix repairs only the key permissions', () => {
  const w = healthyWorld();
  const key = writeFile(join(w.home, '.occam', 'keys', 'signing-key.pem'), pem(), 0o644);
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), '{ "mcpServers": { "a": { } ');
  const env = { OCCAM_BROWSER_EXECUTABLE_PATH: '/opt/bogus/chromium', OCCAM_PROFILE: 'everything' };
  const r = runOccam(w, ['doctor', '--json', '--skip-mcp'], env);
  assert.equal(r.code, 1);
  assert.equal(check(r, 'browser.chromium').status, 'fail');
  assert.equal(check(r, 'hosts.cursor').status, 'warn');
  assert.match(check(r, 'hosts.cursor').message, /mcp\.json/);
  assert.equal(check(r, 'state.keys').status, 'warn');
  assert.equal(check(r, 'state.keys').fix, `chmod 600 ${key}`);
  assert.equal(check(r, 'env.values').status, 'warn');
  assert.match(check(r, 'env.values').message, /OCCAM_PROFILE/);
  assert.equal(statSync(key).mode & 0o777, 0o644, 'read-only without --fix');

  const fixed = runOccam(w, ['doctor', '--json', '--skip-mcp', '--fix'], env);
  assert.equal(check(fixed, 'state.keys').status, 'pass');
  assert.equal(statSync(key).mode & 0o777, 0o600);
  assert.equal(readFileSync(cursor, 'utf8'), '{ "mcpServers": { "a": { } ', '--fix never edits host configs');
  assert.equal(fixed.code, 1, 'the browser is still missing');
});

test('doctor: healthy install with the real Chromium and occam mcp → browser.chromium and mcp.handshake pass, report ends with doctor: OK', () => {
  const w = healthyWorld();
  const r = runOccam(w, ['doctor']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /✓ browser\.chromium: .*launches/);
  assert.ok(r.stdout.includes(`✓ mcp.handshake: occam mcp lists ${coreToolsOf('reader').length} tools (profile reader)`), r.stdout);
  assert.match(r.stdout.trim().split('\n').at(-1)!, /^doctor: OK$/);
  assert.ok(!/\x1b\[/.test(r.stdout), 'no colour without a TTY');
});
