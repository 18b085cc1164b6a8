// The connect core in-process, with injected seams: interactive consent (#20), a host rewriting the file right
// after our write (#26), and an undo that cannot complete (#27). Plus the pure plan / ready-state rules.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, worldContext, writeFile, read, type World } from '../../helpers/operator-world.ts';
import { runConnect, planFor, evaluateReadyState, decideMode, type Prompter } from '../../../src/operator/connect.ts';
import { editJsonText } from '../../../src/operator/config-edit.ts';
import { adapterById } from '../../../src/operator/hosts/registry.ts';

const worlds: World[] = [];
after(() => worlds.forEach((w) => w.cleanup()));
const world = () => {
  const w = makeWorld();
  worlds.push(w);
  return w;
};
const runtime = { execPath: process.execPath, sourceRoot: null };
const FIXTURE = '{\n  "mcpServers": {\n    "github": { "command": "gh" }\n  }\n}\n';

test('operator.md #20: interactive consent — answering No then q changes nothing', async () => {
  const w = world();
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), FIXTURE);
  const desktop = writeFile(join(w.home, '.config', 'Claude', 'claude_desktop_config.json'), '{}\n');
  const asked: string[] = [];
  const prompter: Prompter = {
    confirm: async (m) => {
      asked.push(`confirm:${m}`);
      return false;
    },
    choose: async (m, choices) => {
      asked.push(`choose:${choices.map((c) => c.id).join(',')}`);
      return null; // `q`
    },
  };
  const report = await runConnect({ ctx: worldContext(w, { stdinIsTTY: true, stdoutIsTTY: true }), runtime, canPrompt: true, prompter }, { skipOccamVerify: true });
  assert.deepEqual(asked.map((a) => a.split(':')[0]), ['confirm', 'choose']);
  assert.equal(asked[1], 'choose:cursor,claude-desktop');
  assert.equal(report.status, 'Action required');
  assert.equal(report.connections.length, 0);
  assert.equal(read(cursor), FIXTURE);
  assert.equal(read(desktop), '{}\n');
  assert.equal(existsSync(`${cursor}.occam-bak`), false);
});

test('operator.md #20: interactive choice of one numbered host connects only that host', async () => {
  const w = world();
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), FIXTURE);
  const desktop = writeFile(join(w.home, '.config', 'Claude', 'claude_desktop_config.json'), '{}\n');
  const prompter: Prompter = { confirm: async () => false, choose: async () => ['claude-desktop'] };
  const report = await runConnect({ ctx: worldContext(w), runtime, canPrompt: true, prompter }, { skipOccamVerify: true });
  assert.deepEqual(report.connections.map((c) => c.id), ['claude-desktop']);
  assert.equal(read(cursor), FIXTURE);
  assert.ok(JSON.parse(read(desktop)).mcpServers['ff-occam']);
});

test('operator.md #26: host rewrite of our entry after the write → undo restores the exact previous bytes', async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), FIXTURE);
  const report = await runConnect(
    {
      ctx: worldContext(w), runtime, canPrompt: false,
      afterWrite: (_id, p) => writeFile(p, editJsonText(read(p), ['mcpServers', 'ff-occam', 'env'], undefined)),
    },
    { only: ['cursor'], skipOccamVerify: true },
  );
  const row = report.connections[0];
  assert.equal(row.readyState.status, 'Not connected');
  assert.equal(row.readyState.rolledBack, true);
  assert.match(row.readyState.message, /undone/);
  assert.equal(read(path), FIXTURE);
  assert.equal(report.exitCode, 0);
});

test('operator.md #26: when the host also changed another key, only our entry is removed', async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), FIXTURE);
  await runConnect(
    {
      ctx: worldContext(w), runtime, canPrompt: false,
      afterWrite: (_id, p) => {
        let t = editJsonText(read(p), ['mcpServers', 'ff-occam', 'cwd'], '/elsewhere');
        t = editJsonText(t, ['hostAdded'], { at: 1 });
        writeFile(p, t);
      },
    },
    { only: ['cursor'], skipOccamVerify: true },
  );
  const doc = JSON.parse(read(path));
  assert.deepEqual(doc.hostAdded, { at: 1 });
  assert.deepEqual(Object.keys(doc.mcpServers), ['github']);
});

test('operator.md #27: an undo that cannot complete reports rollbackFailed and exit 1', async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), FIXTURE);
  const report = await runConnect(
    {
      ctx: worldContext(w), runtime, canPrompt: false,
      // The host replaces the file with something that is no longer a file: neither verify nor undo can work.
      afterWrite: (_id, p) => {
        rmSync(p);
        mkdirSync(p);
      },
    },
    { only: ['cursor'], skipOccamVerify: true },
  );
  const row = report.connections[0];
  assert.equal(row.readyState.rollbackFailed, true);
  assert.equal(row.readyState.status, 'Not connected');
  assert.match(row.readyState.message, /FAILED/);
  assert.equal(report.exitCode, 1);
  rmSync(path, { recursive: true });
});

test('operator.md §9.2: mode policy order', () => {
  assert.equal(decideMode({ OCCAM_CONNECT: 'none', CI: 'true' }, false).mode, 'off');
  assert.equal(decideMode({ OCCAM_CONNECT: 'report' }, false).mode, 'detect-only');
  assert.equal(decideMode({ OCCAM_CONNECT: 'on', CI: '1' }, false).mode, 'ci');
  assert.equal(decideMode({ OCCAM_CONNECT: 'on', CI: '1', OCCAM_CONNECT_FORCE: 'yes' }, false).mode, 'auto');
  assert.equal(decideMode({ GITHUB_ACTIONS: 'true' }, false).mode, 'ci');
  assert.equal(decideMode({ OCCAM_CONNECT_CI: '1' }, false).mode, 'ci');
  assert.equal(decideMode({}, true).mode, 'detect-only');
  assert.equal(decideMode({}, false).mode, 'auto');
});

test('operator.md §6/§7: plan actions and ready states', () => {
  const desired = { command: '/r/bin/occam', args: ['mcp'], env: { OCCAM_HOME: '/r', OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' } };
  const insp = (entry: any, managed: boolean) => ({ state: 'present' as const, configPath: '/x', entry, raw: entry, managed, disabled: false, error: null });
  assert.equal(planFor(insp({ ...desired, command: '\\r\\bin\\occam\\' }, true), desired, false), 'noop', 'backslashes and trailing slashes normalised');
  assert.equal(planFor(insp(desired, true), desired, true), 'update', '--force re-applies a noop');
  assert.equal(planFor(insp({ ...desired, env: { ...desired.env, EXTRA: '1' } }, true), desired, false), 'update', 'env key sets must match');
  assert.equal(planFor(insp({ command: 'x', args: [], env: {} }, false), desired, false), 'skip-unmanaged');
  const cursor = adapterById('cursor')!;
  const claude = adapterById('claude-code')!;
  const hv = { ok: true, level: 1, toolCount: null, message: '', configured: true, requiresUserAction: false, hostBlocked: false };
  assert.equal(evaluateReadyState(cursor, true, hv, true).status, 'Configured — restart required');
  assert.equal(evaluateReadyState(cursor, true, hv, false).status, 'Configured');
  assert.equal(evaluateReadyState(claude, true, { ...hv, level: 5 }, false).status, 'Ready');
  assert.equal(evaluateReadyState(claude, true, { ...hv, level: 1 }, false).status, 'Configured — host discovery incomplete');
  assert.equal(evaluateReadyState(claude, true, { ...hv, requiresUserAction: true, hostBlocked: true }, false).status, 'Configured — action required');
  assert.equal(evaluateReadyState(claude, false, hv, false).status, 'Not ready');
});

