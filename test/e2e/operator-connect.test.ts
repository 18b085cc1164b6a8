// operator.md §20 connect / config-engine cases, driven through the real `occam` binary in a fake HOME with
// fixture configs and fake host CLIs on a temp PATH.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, rmSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { cliCalls, fakeCli, installFakeOccam, makeWorld, read, runOccam, worldContext, writeFile, type World } from '../helpers/operator-world.ts';
import { parse as parseJsonc } from 'jsonc-parser';
import { ConnectUsageError, runConnect, type ConnectOptions } from '../../src/operator/connect.ts';
import { OpencodeMcpEntry } from '../helpers/opencode-schema.ts';

const worlds: World[] = [];
const world = (opts?: { install?: boolean }) => {
  const w = makeWorld(opts);
  worlds.push(w);
  return w;
};
after(() => worlds.forEach((w) => w.cleanup()));

const SKIP = '--skip-occam-verify';
const runtime = { execPath: process.execPath, sourceRoot: null };

/**
 * Runs the connect core in-process with the argv a test would give the binary (the binary path itself is
 * covered by the #1, #21, #28 and #30 tests): same report object, same exit code, far less start-up time.
 */
async function viaCore(w: World, argv: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; json: any; stderr: string }> {
  const o: ConnectOptions = {};
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') (o.only ??= []).push(argv[++i]);
    else if (a === '--yes') o.yes = true;
    else if (a === '--force') o.force = true;
    else if (a === '--detect-only' || a === '--dry-run') o.detectOnly = true;
    else if (a === SKIP) o.skipOccamVerify = true;
  }
  try {
    const report = await runConnect({ ctx: worldContext(w, { env: { ...w.env, ...extraEnv } }), runtime, canPrompt: false }, o);
    return { code: report.exitCode, json: JSON.parse(JSON.stringify(report)), stderr: '' };
  } catch (err) {
    if (err instanceof ConnectUsageError) return { code: 2, json: { error: err.message }, stderr: err.message };
    throw err;
  }
}
const managedEnv = (w: World) => ({ OCCAM_HOME: w.occamHome, OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' });
const binary = (w: World) => realpathSync(join(w.occamHome, 'bin', 'occam'));

const CURSOR_FIXTURE = `{
  "theme": "dark",
  "mcpServers": {
    "github": { "command": "gh-mcp", "args": ["serve"] },
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
    }
  },
  "zeta": [1, 2, 3]
}
`;

describe('operator connect (config-file hosts)', async () => {
  test('operator.md #1: Cursor entry appended with the exact §8 shape, user entries and order kept, backup = original', async () => {
    const w = world();
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    const r = runOccam(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(read(path));
    assert.deepEqual(Object.keys(doc), ['theme', 'mcpServers', 'zeta']);
    assert.deepEqual(Object.keys(doc.mcpServers), ['github', 'files', 'ff-occam']);
    assert.deepEqual(doc.mcpServers['ff-occam'], { command: binary(w), args: ['mcp'], env: managedEnv(w), cwd: w.occamHome });
    assert.deepEqual(Object.keys(doc.mcpServers['ff-occam']), ['command', 'args', 'env', 'cwd']);
    // The user's lines are byte-identical: only our entry was spliced in.
    assert.ok(read(path).startsWith(CURSOR_FIXTURE.slice(0, CURSOR_FIXTURE.indexOf('    }\n  },') + 5)));
    assert.equal(read(`${path}.occam-bak`), CURSOR_FIXTURE);
    const row = r.json.connections[0];
    assert.equal(row.plan.action, 'add');
    assert.equal(row.readyState.status, 'Configured — restart required');
    assert.equal(r.json.status, 'Almost ready');
  });

  test('operator.md #2: a second identical run is a noop: same bytes and mtime, no new backup, no restart claim', async () => {
    const w = world();
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    assert.equal((await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP])).code, 0);
    const bytes = readFileSync(path);
    const mtime = statSync(path).mtimeMs;
    rmSync(`${path}.occam-bak`);
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.connections[0].plan.action, 'noop');
    assert.equal(r.json.connections[0].readyState.status, 'Configured');
    assert.equal(r.json.connections[0].readyState.requiresRestart, false);
    assert.ok(readFileSync(path).equals(bytes));
    assert.equal(statSync(path).mtimeMs, mtime);
    assert.equal(existsSync(`${path}.occam-bak`), false);
  });

  test('operator.md #3: malformed JSON is refused, the error names the file, nothing written, exit 1', async () => {
    const w = world();
    const bad = '{\n  "mcpServers": {\n    "a": { "command": "x" },,\n  }\n}\n';
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), bad);
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 1);
    const row = r.json.connections[0];
    assert.equal(row.plan.action, 'refuse');
    assert.match(row.apply.error, new RegExp(`${path.replace(/[.]/g, '\\.')}:3:`));
    assert.equal(read(path), bad);
    assert.equal(existsSync(`${path}.occam-bak`), false);
    assert.deepEqual(readdirSync(join(w.home, '.cursor')), ['mcp.json']);
  });

  // Deviation from operator.md #4 (issue 16): a JSONC file is edited in place, not handed back for pasting.
  test('operator.md #4 (JSONC): Zed settings with comments and trailing commas are edited in place, every comment kept; disconnect gives the bytes back', async () => {
    const w = world();
    const text = [
      '// Zed settings',
      '//',
      '// For information on how to configure Zed, see the Zed',
      '// documentation: https://zed.dev/docs/configuring-zed',
      '{',
      '  "theme": "One Dark", // my theme',
      '  /* fonts */ "buffer_font_size": 15,',
      '  "context_servers": {',
      '    "other": { "command": { "path": "x", "args": [] } }, // keep me',
      '  },',
      '}',
    ].join('\n');
    const path = writeFile(join(w.home, '.config', 'zed', 'settings.json'), text);
    const r = await viaCore(w, ['connect', '--only', 'zed', '--json', SKIP]);
    assert.equal(r.code, 0, JSON.stringify(r.json.connections));
    const row = r.json.connections[0];
    assert.equal(row.plan.action, 'add');
    assert.equal(row.readyState.status, 'Configured — restart required');
    const after = read(path);
    for (const comment of ['// Zed settings', '// documentation: https://zed.dev/docs/configuring-zed', '// my theme', '/* fonts */', '// keep me']) {
      assert.ok(after.includes(comment), `kept: ${comment}`);
    }
    const doc = parseJsonc(after, [], { allowTrailingComma: true });
    assert.deepEqual(Object.keys(doc.context_servers), ['other', 'ff-occam']);
    assert.deepEqual(doc.context_servers['ff-occam'], { command: binary(w), args: ['mcp'], env: managedEnv(w) });
    assert.equal(read(`${path}.occam-bak`), text);
    assert.equal((await viaCore(w, ['connect', '--only', 'zed', '--json', SKIP])).json.connections[0].plan.action, 'noop');
    const d = runOccam(w, ['disconnect', '--only', 'zed', '--json']);
    assert.equal(d.code, 0, d.stdout);
    assert.equal(read(path), text, 'connect + disconnect is byte-identical for a JSONC file');
    assert.equal(existsSync(`${path}.occam-bak`), false, 'the backup of the restored bytes is gone');
  });

  test('operator.md #5: a user-owned ff-occam is skipped; with --force it is replaced and backed up', async () => {
    const w = world();
    const text = JSON.stringify({ mcpServers: { 'ff-occam': { command: '/opt/custom/occam', args: ['serve'] } } }, null, 2) + '\n';
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), text);
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.connections[0].plan.action, 'skip-unmanaged');
    assert.equal(r.json.connections[0].readyState.status, 'Skipped — unmanaged registration');
    assert.equal(read(path), text);
    const forced = await viaCore(w, ['connect', '--only', 'cursor', '--json', '--force', SKIP]);
    assert.equal(forced.code, 0);
    assert.equal(forced.json.connections[0].plan.action, 'update');
    assert.equal(JSON.parse(read(path)).mcpServers['ff-occam'].command, binary(w));
    assert.equal(read(`${path}.occam-bak`), text);
  });

  test('operator.md #6: a managed entry pointing at another install root is updated to this root', async () => {
    const w = world();
    const other = { command: '/old/root/bin/occam', args: ['mcp'], env: { OCCAM_HOME: '/old/root', OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' }, cwd: '/old/root' };
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'ff-occam': other } }, null, 2));
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.connections[0].plan.action, 'update');
    assert.deepEqual(JSON.parse(read(path)).mcpServers['ff-occam'].env, managedEnv(w));
  });

  test('operator.md #7: a reference-era launcher entry (launch-mcp-host.mjs) is recognised as managed', async () => {
    const w = world();
    const legacy = { command: 'node', args: ['/home/x/occam/scripts/launch-mcp-host.mjs'] };
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'ff-occam': legacy } }));
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.json.hosts.find((h: any) => h.id === 'cursor').inspect.managed, true);
    assert.equal(r.json.connections[0].plan.action, 'update');
    assert.equal(JSON.parse(read(path)).mcpServers['ff-occam'].command, binary(w));
  });

  test('operator.md #8: a missing config file and parent dirs → file created with only mcpServers.ff-occam', async () => {
    const w = world();
    const r = await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    assert.equal(r.code, 0, r.stderr);
    const path = join(w.home, '.cursor', 'mcp.json');
    const doc = JSON.parse(read(path));
    assert.deepEqual(Object.keys(doc), ['mcpServers']);
    assert.deepEqual(Object.keys(doc.mcpServers), ['ff-occam']);
    assert.equal(existsSync(`${path}.occam-bak`), false);
  });

  test('operator.md #9: VS Code entry under servers with type stdio first; a profile mcp.json → ambiguous, nothing written', async () => {
    const w = world();
    const user = join(w.home, '.config', 'Code', 'User');
    writeFile(join(user, 'settings.json'), '{}');
    const r = await viaCore(w, ['connect', '--only', 'vscode', '--json', SKIP]);
    assert.equal(r.code, 0);
    const entry = JSON.parse(read(join(user, 'mcp.json'))).servers['ff-occam'];
    assert.equal(Object.keys(entry)[0], 'type');
    assert.deepEqual(entry, { type: 'stdio', command: binary(w), args: ['mcp'], env: managedEnv(w), cwd: w.occamHome });

    const w2 = world();
    const user2 = join(w2.home, '.config', 'Code', 'User');
    writeFile(join(user2, 'settings.json'), '{}');
    writeFile(join(user2, 'profiles', 'abc123', 'mcp.json'), '{"servers":{}}');
    const r2 = await viaCore(w2, ['connect', '--only', 'vscode', '--json', SKIP]);
    assert.equal(r2.json.connections[0].plan.action, 'ambiguous');
    assert.equal(r2.json.connections[0].readyState.status, 'Action required — manual setup');
    assert.equal(existsSync(join(user2, 'mcp.json')), false);
  });

  // Deviation from operator.md #10 (issue 16): no `cwd` — opencode 1.0.x–1.3.x reject the whole file for it.
  test('operator.md #10: OpenCode entry is {type:local, command:[C,"mcp"], enabled, environment} (no cwd) and matches opencode\'s schema', async () => {
    const w = world();
    const path = writeFile(join(w.home, '.config', 'opencode', 'opencode.json'), '{ "$schema": "https://opencode.ai/config.json" }\n');
    const r = await viaCore(w, ['connect', '--only', 'opencode', '--json', SKIP]);
    assert.equal(r.code, 0);
    const doc = JSON.parse(read(path));
    assert.equal(doc.$schema, 'https://opencode.ai/config.json');
    assert.deepEqual(doc.mcp['ff-occam'], { type: 'local', command: [binary(w), 'mcp'], enabled: true, environment: managedEnv(w) });
    const checked = OpencodeMcpEntry.safeParse(doc.mcp['ff-occam']);
    assert.ok(checked.success, JSON.stringify(checked.error?.issues));
    // Decoding accepts it back: the second run is a noop.
    assert.equal((await viaCore(w, ['connect', '--only', 'opencode', '--json', SKIP])).json.connections[0].plan.action, 'noop');
  });
});

describe('operator connect (detection, mode, consent)', async () => {
  test('operator.md #13: a Tier B host detected without --only is not written; skipped[] hints --only', async () => {
    const w = world();
    const path = writeFile(join(w.home, '.codeium', 'windsurf', 'mcp_config.json'), '{"mcpServers":{}}');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    const skipped = r.json.skipped.find((s: any) => s.id === 'windsurf');
    assert.equal(skipped.reason, 'not validated end-to-end yet');
    assert.equal(skipped.hint, 'occam connect --only windsurf');
    assert.equal(read(path), '{"mcpServers":{}}');
  });

  test('operator.md #14: Goose and Junie are never written; paste guidance carries the §8 shape', async () => {
    const w = world();
    const goose = writeFile(join(w.home, '.config', 'goose', 'config.yaml'), 'extensions: {}\n');
    writeFile(join(w.home, '.config', 'JetBrains', 'IntelliJIdea2025.1', 'options.xml'), '<x/>');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    const g = r.json.skipped.find((s: any) => s.id === 'goose');
    const j = r.json.skipped.find((s: any) => s.id === 'junie');
    assert.equal(g.reason, 'manual setup only');
    const gy = parseYaml(g.guidance.text).extensions['ff-occam'];
    assert.deepEqual(gy, { name: 'ff-occam', type: 'stdio', cmd: binary(w), args: ['mcp'], envs: managedEnv(w), enabled: true, timeout: 300 });
    assert.deepEqual(JSON.parse(j.guidance.text), { mcpServers: { 'ff-occam': { command: binary(w), args: ['mcp'], env: managedEnv(w) } } });
    assert.match(j.guidance.instructions, /JetBrains/);
    assert.equal(read(goose), 'extensions: {}\n');
    assert.equal(r.json.connections.length, 0);
  });

  test('operator.md #15: only Ollama → Installed — runtime only, no writes', async () => {
    const w = world();
    fakeCli(w, 'ollama');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.status, 'Installed — runtime only');
    assert.deepEqual(r.json.runtimes.map((x: any) => x.id), ['ollama']);
    assert.equal(cliCalls(w).length, 0);
  });

  test('operator.md #16: nothing detected → Installed — no MCP host, exit 0', async () => {
    const w = world();
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.status, 'Installed — no MCP host');
  });

  test('operator.md #17: CI=true without OCCAM_CONNECT_FORCE → mode ci, nothing mutated; with FORCE → mutation', async () => {
    const w = world();
    fakeCli(w, 'claude', 'case "$ARGS" in "mcp get ff-occam") echo "Status: √ Connected";; esac');
    const r = await viaCore(w, ['connect', '--json', SKIP], { CI: 'true' });
    assert.equal(r.code, 0);
    assert.equal(r.json.mode.mode, 'ci');
    assert.equal(r.json.status, 'Installed — connect skipped');
    assert.equal(cliCalls(w).length, 0);
    const forced = await viaCore(w, ['connect', '--json', SKIP], { CI: 'true', OCCAM_CONNECT_FORCE: '1' });
    assert.equal(forced.json.mode.mode, 'auto');
    assert.ok(cliCalls(w).some((c) => c.argv[1] === 'add'));
  });

  test('operator.md #18: OCCAM_CONNECT=off and --detect-only change nothing; detect-only lists hosts', async () => {
    const w = world();
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    const off = await viaCore(w, ['connect', '--json', SKIP], { OCCAM_CONNECT: 'off' });
    assert.equal(off.json.mode.mode, 'off');
    const det = await viaCore(w, ['connect', '--detect-only', '--json', SKIP]);
    assert.equal(det.json.mode.mode, 'detect-only');
    assert.equal(det.json.hosts.find((h: any) => h.id === 'cursor').detected, true);
    assert.equal(read(path), CURSOR_FIXTURE);
    assert.equal(existsSync(`${path}.occam-bak`), false);
  });

  test('operator.md #19: two Tier-A hosts non-interactive without --yes → nothing written; with --yes both written', async () => {
    const w = world();
    const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    const desktop = writeFile(join(w.home, '.config', 'Claude', 'claude_desktop_config.json'), '{"mcpServers":{}}\n');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(r.code, 0);
    assert.equal(r.json.status, 'Action required');
    assert.match(r.json.message, /OCCAM_CONNECT_ALL=1/);
    assert.equal(read(cursor), CURSOR_FIXTURE);
    const yes = await viaCore(w, ['connect', '--json', '--yes', SKIP]);
    assert.equal(yes.code, 0);
    assert.ok(JSON.parse(read(cursor)).mcpServers['ff-occam']);
    const d = JSON.parse(read(desktop)).mcpServers['ff-occam'];
    assert.equal(d.cwd, undefined, 'Claude Desktop never gets cwd');
    assert.equal(yes.json.status, 'Almost ready');
  });

  test('operator.md #25: a stale ~/.hermes without the hermes binary is residue, never a target', async () => {
    const w = world();
    writeFile(join(w.home, '.hermes', 'config.yaml'), 'mcp_servers: {}\n');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    const h = r.json.hosts.find((x: any) => x.id === 'hermes');
    assert.equal(h.residue, true);
    assert.equal(h.detected, false);
    assert.equal(r.json.connections.length, 0);
  });
});

describe('operator connect (native CLI hosts)', async () => {
  test('operator.md #21: claude add argv is exact; `mcp get` Connected → level 5, Ready', async () => {
    const w = world();
    fakeCli(w, 'claude', 'case "$ARGS" in "mcp get ff-occam") echo "ff-occam:"; echo "  Status: √ Connected";; esac');
    const r = runOccam(w, ['connect', '--json', SKIP]);
    assert.equal(r.code, 0, r.stderr);
    const add = cliCalls(w).find((c) => c.argv[1] === 'add')!;
    assert.deepEqual(add.argv, ['mcp', 'add', '-s', 'user', 'ff-occam', '-e', `OCCAM_HOME=${w.occamHome}`, '-e', 'OCCAM_BANNER=0', '-e', 'OCCAM_CONNECT_MANAGED=occam-managed:v1', '--', binary(w), 'mcp']);
    const row = r.json.connections[0];
    assert.equal(row.hostVerify.level, 5);
    assert.equal(row.readyState.status, 'Ready');
    assert.equal(r.json.status, 'Ready');
  });

  test('operator.md #22: claude `mcp get` failure → undo runs `mcp remove -s user ff-occam`; Not connected, rolledBack, exit 0', async () => {
    const w = world();
    fakeCli(w, 'claude', 'case "$ARGS" in "mcp get ff-occam") echo "  Status: ✗ Failed to connect";; esac');
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(r.code, 0);
    const calls = cliCalls(w).map((c) => c.argv.join(' '));
    assert.deepEqual(calls.at(-1), 'mcp remove -s user ff-occam');
    const row = r.json.connections[0];
    assert.equal(row.readyState.status, 'Not connected');
    assert.equal(row.readyState.rolledBack, true);
    assert.match(row.readyState.message, /undone/);
  });

  test('operator.md #23: gemini listing the server as Disabled → Configured — action required, entry kept', async () => {
    const w = world();
    // gemini 0.61's own wording, in an untrusted folder.
    fakeCli(w, 'gemini', `case "$ARGS" in "mcp list") echo "Warning: MCP servers are configured but disabled because this folder is untrusted."; echo; echo "○ ff-occam: /x/occam mcp (stdio) - Disabled";; esac`);
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    const row = r.json.connections[0];
    assert.equal(row.readyState.status, 'Configured — action required');
    const argvs = cliCalls(w).map((c) => c.argv);
    assert.deepEqual(argvs[0], ['mcp', 'add', '-s', 'user', 'ff-occam', binary(w), 'mcp', '-e', `OCCAM_HOME=${w.occamHome}`, '-e', 'OCCAM_BANNER=0', '-e', 'OCCAM_CONNECT_MANAGED=occam-managed:v1']);
    // `gemini mcp enable` is not the fix (it answers "not found" there); the folder trust is, and the result says so.
    assert.deepEqual(argvs.slice(1), [['mcp', 'list']]);
    assert.match(row.readyState.message, new RegExp(`${w.home.replace(/[.]/g, '\\.')} is not trusted`));
    assert.match(row.readyState.message, /Trust folder/);
    assert.ok(row.readyState.message.includes(`/permissions trust ${w.home}`));
    assert.ok(!argvs.some((a) => a[1] === 'remove'), 'entry kept');
    assert.equal(r.code, 0);
  });

  test('operator.md #24: hermes stdin is Y\\n on add and y\\nY\\n on overwrite; --args mcp is last', async () => {
    const w = world();
    fakeCli(w, 'hermes', `case "$ARGS" in
  "mcp add"*) echo "Saved 'ff-occam'";;
  "mcp test ff-occam") echo "Connected"; echo "Tools discovered: 11";;
esac`);
    const r = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(r.json.connections[0].readyState.status, 'Ready', JSON.stringify(r.json.connections[0]));
    const add = cliCalls(w).find((c) => c.argv[1] === 'add')!;
    assert.equal(add.stdin, 'Y\n');
    assert.deepEqual(add.argv.slice(-2), ['--args', 'mcp']);
    assert.deepEqual(add.argv.slice(0, 5), ['mcp', 'add', 'ff-occam', '--command', binary(w)]);

    // A managed entry from another root → overwrite.
    writeFile(join(w.home, '.hermes', 'config.yaml'), `mcp_servers:\n  ff-occam:\n    command: /old/bin/occam\n    args: [mcp]\n    env:\n      OCCAM_CONNECT_MANAGED: occam-managed:v1\n    enabled: true\n`);
    rmSync(w.log);
    const again = await viaCore(w, ['connect', '--json', SKIP]);
    assert.equal(again.json.connections[0].plan.action, 'update');
    assert.equal(cliCalls(w).find((c) => c.argv[1] === 'add')!.stdin, 'y\nY\n');
  });
});

describe('operator connect (self-verify, report)', async () => {
  test('operator.md #28: an Occam binary that exits → no host written, Not ready, exit 1; a binary under tmp is refused', async () => {
    const w = world();
    installFakeOccam(w.occamHome, '#!/bin/sh\nexit 3\n');
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    const r = runOccam(w, ['connect', '--only', 'cursor', '--json']);
    assert.equal(r.code, 1);
    assert.equal(r.json.status, 'Not ready');
    assert.equal(r.json.occamVerify.ok, false);
    assert.ok(r.json.occamVerify.level <= 2);
    assert.equal(read(path), CURSOR_FIXTURE);

    const tmpHome = join(w.tmp, 'extract', 'ff-occam');
    installFakeOccam(tmpHome);
    const t = runOccam(w, ['connect', '--only', 'cursor', '--json', SKIP], { OCCAM_HOME: tmpHome });
    assert.equal(t.code, 1);
    assert.equal(t.json.status, 'Not ready');
    assert.match(t.json.message, /temporary directory/);
    assert.equal(read(path), CURSOR_FIXTURE);
  });

  test('operator.md #29: connect-last.json is written after each run and redacts secret-like env values', async () => {
    const w = world();
    const secret = 'sk-live-DO-NOT-LEAK';
    writeFile(join(w.home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { 'ff-occam': { command: '/x', env: { API_KEY: secret, PLAIN: 'visible' } } } }));
    await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP]);
    const last = join(w.home, '.occam', 'connect-last.json');
    const text = read(last);
    assert.ok(!text.includes(secret));
    const doc = JSON.parse(text);
    assert.equal(doc.mode.mode, 'auto');
    assert.ok(doc.at);
    const entry = doc.hosts.find((h: any) => h.id === 'cursor').inspect.entry;
    assert.deepEqual(entry.env, { API_KEY: '***', PLAIN: 'visible' });
    await viaCore(w, ['connect', '--json', SKIP], { OCCAM_CONNECT: 'off' });
    assert.equal(JSON.parse(read(last)).mode.mode, 'off');
  });

  test('operator.md #9.1: unknown --only id → exit 2 listing valid ids', async () => {
    const w = world();
    const r = await viaCore(w, ['connect', '--only', 'nope', '--json', SKIP]);
    assert.equal(r.code, 2);
    assert.match(r.json.error, /valid ids: hermes, openclaw, claude-code/);
  });
});

describe('operator disconnect', async () => {
  test('operator.md #30: disconnect removes only the managed ff-occam; --dry-run changes nothing; unknown --only → exit 1', async () => {
    const w = world();
    const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), CURSOR_FIXTURE);
    assert.equal((await viaCore(w, ['connect', '--only', 'cursor', '--json', SKIP])).code, 0);
    const unmanaged = JSON.stringify({ mcpServers: { keep: { command: 'k' }, 'ff-occam': { command: '/mine/occam', args: ['x'] } } }, null, 2) + '\n';
    const windsurf = writeFile(join(w.home, '.codeium', 'windsurf', 'mcp_config.json'), unmanaged);
    const before = read(cursor);

    const dry = runOccam(w, ['disconnect', '--dry-run', '--json']);
    assert.equal(dry.code, 0);
    assert.equal(dry.json.rows.find((r: any) => r.id === 'cursor').action, 'remove');
    assert.equal(dry.json.rows.find((r: any) => r.id === 'windsurf').action, 'preserve');
    assert.equal(read(cursor), before);

    const r = runOccam(w, ['disconnect', '--json']);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(r.json.rows.find((x: any) => x.id === 'cursor').outcome, 'removed');
    assert.equal(read(cursor), CURSOR_FIXTURE, 'removal restores the user file byte for byte');
    assert.equal(read(windsurf), unmanaged);
    // Restored to the bytes connect backed up: no backup is left behind (issue 32), and the row names none.
    assert.equal(existsSync(`${cursor}.occam-bak`), false);
    assert.equal(r.json.rows.find((x: any) => x.id === 'cursor').backupPath, undefined);

    const bad = runOccam(w, ['disconnect', '--only', 'cursor,bogus', '--json']);
    assert.equal(bad.code, 1);
    assert.equal(bad.json.blocked, true);
    assert.match(bad.json.message, /valid ids: .*cursor/);
  });
});

test('issue 32: connect --detect-only names the hosts it found in its summary (and changes nothing)', async () => {
  const w = world();
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), '{}\n');
  writeFile(join(w.home, '.config', 'Claude', 'claude_desktop_config.json'), '{}\n');
  const r = await viaCore(w, ['connect', '--detect-only', SKIP]);
  assert.equal(r.code, 0);
  assert.match(r.json.message, /^Detection only: found (Cursor, Claude Desktop|Claude Desktop, Cursor); nothing was changed\.$/);
  assert.equal(read(cursor), '{}\n');
  const none = await viaCore(world(), ['connect', '--detect-only', SKIP]);
  assert.match(none.json.message, /no AI app found/);
});
