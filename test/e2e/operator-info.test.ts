// operator.md #38 (smoke), #53 (help catalog), #52/status (info verbs), and a real Occam self-verify through
// `occam connect` — all against this checkout's `occam mcp`.
import { test, after, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { makeWorld, runOccam, writeFile, read } from '../helpers/operator-world.ts';
import { requireOrSkip } from '../helpers/requires.ts';
import { buildProgram } from '../../commands/index.ts';
import { coreToolsOf } from '../../src/contract/catalog.ts';
import { IMPLEMENTED_TOOLS } from '../../src/mcp/tools/index.ts';
import type { ProfileId } from '../../src/contract/profiles.ts';

const w = makeWorld();
after(() => w.cleanup());
const implemented = new Set(IMPLEMENTED_TOOLS.map((t: { name: string }) => t.name));
const missing = (p: ProfileId) => coreToolsOf(p).filter((t) => !implemented.has(t.name)).map((t) => t.name);
/** Every catalog tool of the profile is served — or skip (developer) / fail (CI): a missing tool is never a pass. */
const requireTools = (t: TestContext, p: ProfileId) =>
  requireOrSkip(t, `a catalog tool of profile ${p} (${missing(p).join(', ')})`, missing(p).length === 0, 'register the tool module in src/mcp/tools/index.ts');

for (const profile of ['reader', 'full', 'basic'] as const) {
  test(`operator.md #38: smoke --offline under OCCAM_PROFILE=${profile} passes with ${coreToolsOf(profile).length} tools; last stdout line is JSON`, (t) => {
    if (!requireTools(t, profile)) return;
    const r = runOccam(w, ['smoke', '--offline'], { OCCAM_PROFILE: profile });
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(last.ok, true);
    assert.equal(last.steps.toolsList.count, coreToolsOf(profile).length);
    assert.equal(last.expected, coreToolsOf(profile).length);
  });
}

test('operator.md #38: smoke fails (exit 1) when the count differs from the profile — an opt-in gate the server does not honour is not counted as a pass', () => {
  const r = runOccam(w, ['smoke', '--offline', '--quiet'], { OCCAM_PROFILE: 'minimal', OCCAM_BROWSER_ACTIONS_MCP: '1', OCCAM_ATLAS_MCP: '1' });
  const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  assert.equal(last.expected, coreToolsOf('minimal').length + 2);
  assert.equal(r.code, last.ok ? 0 : 1);
  assert.equal(last.ok, last.steps.toolsList.count === last.expected);
  assert.equal(r.stdout.trim().split('\n').length, 1, '--quiet prints only the JSON line');
});

test('issue 32: smoke without --url probes the bundled demo page with no network and says so; a --url probe that fails says a live URL needs the network', () => {
  const r = runOccam(w, ['smoke']);
  assert.equal(r.code, 0, r.stderr);
  const last = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  assert.equal(last.steps.probe.target, 'demo');
  assert.equal(last.steps.probe.ok, true);
  assert.match(last.steps.probe.url, /^http:\/\/127\.0\.0\.1:\d+\//);
  assert.match(r.stderr, /probe of the bundled demo page \(no network; --url probes a live page\) ok/);
  // A live URL this machine cannot reach (the test network has loopback only; port 9 refuses).
  const live = runOccam(w, ['smoke', '--url', 'https://192.0.2.1:9/'], { OCCAM_TOOL_DEADLINE_MS: '5000' });
  assert.equal(live.code, 1);
  assert.match(live.stderr, /needs the network/);
});

test('connect: real Occam self-verify (OCCAM_PROFILE=basic) reaches level 4 before Cursor is written', (t) => {
  if (!requireTools(t, 'basic')) return;
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), '{}\n');
  const r = runOccam(w, ['connect', '--only', 'cursor', '--json'], { OCCAM_PROFILE: 'basic' });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.json.occamVerify.ok, true);
  assert.equal(r.json.occamVerify.level, 4);
  assert.equal(r.json.occamVerify.toolCount, coreToolsOf('basic').length);
  assert.ok(JSON.parse(read(path)).mcpServers['ff-occam']);
});

test('operator.md #53: help --json lists every registered commander verb and only those; help nope → exit 1', () => {
  const r = runOccam(w, ['help', '--json']);
  assert.equal(r.code, 0);
  const registered = buildProgram().commands.map((c) => c.name()).sort();
  assert.deepEqual(r.json.commands.map((c: any) => c.id).sort(), registered);
  assert.equal(r.json.schema_version, '1.0');
  assert.deepEqual(r.json.tiers, ['operator', 'ci', 'maintainer']);
  for (const c of r.json.commands) for (const k of ['id', 'summary', 'usage', 'tier', 'relatedEnv', 'seeAlso', 'cliAlias']) assert.ok(k in c, `${c.id}.${k}`);
  assert.ok(r.json.nextSteps.length > 0);
  const restart = runOccam(w, ['help', 'restart', '--json']);
  assert.equal(restart.json.id, 'refresh');
  assert.ok(Array.isArray(restart.json.relatedCommands));
  assert.equal(runOccam(w, ['help', 'nope']).code, 1);
});

test('operator.md #52: update with OCCAM_LATEST_VERSION compares by SemVer precedence, no network; status reports the last connect', () => {
  writeFile(join(w.occamHome, 'VERSION'), '1.0.0-rc.2\n');
  const up = runOccam(w, ['update', '--json'], { OCCAM_LATEST_VERSION: '1.0.0', OCCAM_RELEASES_API_URL: 'https://127.0.0.1:9/never' });
  assert.deepEqual({ installed: up.json.installed, latest: up.json.latest, updateAvailable: up.json.updateAvailable, error: up.json.error }, { installed: '1.0.0-rc.2', latest: '1.0.0', updateAvailable: true, error: null });
  writeFile(join(w.occamHome, 'VERSION'), '1.0.0\n');
  assert.equal(runOccam(w, ['update', '--json'], { OCCAM_LATEST_VERSION: '1.0.0-rc.2' }).json.updateAvailable, false);
  runOccam(w, ['connect', '--json', '--skip-occam-verify'], { OCCAM_CONNECT: 'off' });
  const st = runOccam(w, ['status', '--json']);
  assert.equal(st.code, 0);
  assert.equal(st.json.version, '1.0.0');
  assert.equal(st.json.lastConnect.status, 'Installed — connect skipped');
  assert.equal(st.json.onboard.present, false);
});

test('issue 32: occam update whose release check cannot run (offline, endpoint refused) exits 1 and advises a retry, not a reinstall', () => {
  const closed = runOccam(w, ['update', '--json'], { OCCAM_RELEASES_API_URL: 'https://127.0.0.1:9/releases' });
  assert.equal(closed.code, 1, closed.stderr);
  assert.match(closed.json.error, /release check failed/);
  assert.doesNotMatch(closed.json.upgradeHint, /Re-run the install/);
  const text = runOccam(w, ['update'], { OCCAM_RELEASES_API_URL: 'http://127.0.0.1:9/releases' });
  assert.equal(text.code, 1);
  assert.equal(text.stdout, '');
  assert.match(text.stderr, /refusing non-HTTPS releases endpoint/);
});

test('occam onboard: --non-interactive --profile writes onboard.json; without a terminal and without the flag → exit 2', () => {
  const r = runOccam(w, ['onboard', '--non-interactive', '--profile', 'hermes-headless', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(read(join(w.home, '.occam', 'onboard.json'))), { schema_version: '1.0', profile: 'hermes-headless', env: { OCCAM_BANNER: '0' } });
  assert.equal(runOccam(w, ['settings']).code, 2);
});
