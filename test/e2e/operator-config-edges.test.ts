// Config-file edge cases a real operator meets (issue 16), each its own test: symlinked configs, a rewrite as
// root, read-only files, byte-identical round trips, dry runs that create nothing, a full disk, stubs Occam
// created, CODEX_HOME, and a CLI host found without its CLI.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cliCalls, fakeCli, makeWorld, read, runOccam, worldContext, writeFile, type World } from '../helpers/operator-world.ts';
import { runConnect, type ConnectOptions } from '../../src/operator/connect.ts';
import { runDisconnect } from '../../src/operator/disconnect.ts';
import { atomicWrite } from '../../src/operator/config-edit.ts';

const worlds: World[] = [];
const world = () => {
  const w = makeWorld();
  worlds.push(w);
  return w;
};
after(() => worlds.forEach((w) => w.cleanup()));

const runtime = { execPath: process.execPath, sourceRoot: null };
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const binary = (w: World) => realpathSync(join(w.occamHome, 'bin', 'occam'));

async function connect(w: World, opts: ConnectOptions, extra: { env?: Record<string, string>; writeSync?: (fd: number, b: Buffer, o: number, l: number) => number } = {}) {
  return runConnect({ ctx: worldContext(w, { env: { ...w.env, ...extra.env } }), runtime, canPrompt: false, writeSync: extra.writeSync }, { skipOccamVerify: true, ...opts });
}
const disconnect = (w: World, only?: string[], env: Record<string, string> = {}) => runDisconnect(worldContext(w, { env: { ...w.env, ...env } }), runtime, { only });

/** Every path under `dir` with its bytes (a tree snapshot). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = lstatSync(p);
      if (st.isDirectory()) {
        out[`${relative(dir, p)}/`] = '';
        walk(p);
      } else out[relative(dir, p)] = st.isSymbolicLink() ? `-> ${readlinkSync(p)}` : readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

const USER_FILE = '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  }\n}\n';

test('issue 16: a symlinked config is written through to the link target, atomically in the target\'s directory; the link stays a link', async () => {
  const w = world();
  const dotfiles = join(w.home, 'dotfiles', 'cursor');
  const target = writeFile(join(dotfiles, 'mcp.json'), USER_FILE);
  mkdirSync(join(w.home, '.cursor'), { recursive: true });
  const link = join(w.home, '.cursor', 'mcp.json');
  symlinkSync('../dotfiles/cursor/mcp.json', link);
  const r = await connect(w, { only: ['cursor'] });
  assert.equal(r.exitCode, 0, JSON.stringify(r.connections));
  assert.ok(lstatSync(link).isSymbolicLink(), 'still a symlink');
  assert.equal(readlinkSync(link), '../dotfiles/cursor/mcp.json');
  assert.equal(JSON.parse(read(target)).mcpServers['ff-occam'].command, binary(w));
  assert.deepEqual(readdirSync(dotfiles).filter((f) => f.includes('occam-tmp')), [], 'no temp file left in the target directory');
  assert.deepEqual(readdirSync(join(w.home, '.cursor')).sort(), ['mcp.json', 'mcp.json.occam-bak']);
  const d = await disconnect(w, ['cursor']);
  assert.equal(d.ok, true, d.message);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(read(target), USER_FILE);
});

test('issue 16: a rewrite as root keeps the file\'s uid/gid (and its mode)', { skip: isRoot ? false : 'needs root to own a file as another uid' }, async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), USER_FILE, 0o640);
  chownSync(path, 4321, 4322);
  const r = await connect(w, { only: ['cursor'] });
  assert.equal(r.exitCode, 0, JSON.stringify(r.connections));
  const st = statSync(path);
  assert.deepEqual([st.uid, st.gid, st.mode & 0o777], [4321, 4322, 0o640]);
  const bak = statSync(`${path}.occam-bak`);
  assert.deepEqual([bak.uid, bak.gid], [4321, 4322], 'the backup belongs to the user too');
  assert.ok(JSON.parse(read(path)).mcpServers['ff-occam']);
  await disconnect(w, ['cursor']);
  assert.deepEqual([statSync(path).uid, statSync(path).gid], [4321, 4322]);
});

test('issue 16: a user who cannot give the file back its owner gets a clear refusal, the file unchanged', { skip: isRoot ? false : 'needs root to set up two uids' }, () => {
  const w = world();
  const dir = join(w.root, 'common-dir');
  mkdirSync(dir, { mode: 0o777 });
  const path = join(dir, 'mcp.json');
  writeFileSync(path, USER_FILE, { mode: 0o666 });
  chownSync(dir, 0, 0);
  spawnSync('chmod', ['0777', dir]);
  chownSync(path, 4321, 4321);
  spawnSync('chmod', ['0777', w.root]);
  const script = `import { atomicWrite } from ${JSON.stringify(join(process.cwd(), 'src/operator/config-edit.ts'))};
try { atomicWrite(${JSON.stringify(path)}, Buffer.from('{}')); console.log('WROTE'); } catch (e) { console.log(e.message); }`;
  const r = spawnSync('setpriv', ['--reuid=1234', '--regid=1234', '--clear-groups', process.execPath, '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /cannot keep the owner of .*mcp\.json \(uid 4321, gid 4321\): EPERM; the file was not changed/);
  assert.equal(read(path), USER_FILE);
  assert.equal(statSync(path).uid, 4321);
  assert.deepEqual(readdirSync(dir), ['mcp.json']);
});

test('issue 16: a read-only (0444) config is left alone: manual setup with the snippet, no write, no backup', async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), USER_FILE, 0o444);
  const r = await connect(w, { only: ['cursor'] });
  assert.equal(r.exitCode, 0);
  const row = r.connections[0];
  assert.equal(row.plan.action, 'read-only');
  assert.equal(row.readyState.status, 'Action required — manual setup');
  assert.match(row.readyState.message, /read-only \(mode 0444\)/);
  assert.equal(JSON.parse(row.guidance!.text).mcpServers['ff-occam'].command, binary(w));
  assert.equal(read(path), USER_FILE);
  assert.equal(statSync(path).mode & 0o777, 0o444);
  assert.equal(existsSync(`${path}.occam-bak`), false);
});

test('issue 16: connect + disconnect is byte-identical for a CRLF file without a final newline (and for a tab-indented one)', async () => {
  for (const original of ['{\r\n  "mcpServers": {\r\n    "github": { "command": "gh-mcp" }\r\n  }\r\n}', '{\n\t"x": 1\n}']) {
    const w = world();
    const path = writeFile(join(w.home, '.cursor', 'mcp.json'), original);
    const r = await connect(w, { only: ['cursor'] });
    assert.equal(r.exitCode, 0);
    const during = read(path);
    assert.ok(!during.endsWith('\n'), 'no final newline added');
    if (original.includes('\r\n')) assert.ok(!/[^\r]\n/.test(during), 'every line ends in CRLF');
    assert.equal((await disconnect(w, ['cursor'])).ok, true);
    assert.equal(read(path), original);
  }
});

test('issue 16: --dry-run / --detect-only and disconnect --dry-run create nothing, not even ~/.occam/connect-last.json', () => {
  const w = world();
  writeFile(join(w.home, '.cursor', 'mcp.json'), USER_FILE);
  writeFile(join(w.home, '.config', 'opencode', 'opencode.json'), '{}\n');
  const before = snapshot(w.home);
  for (const args of [['connect', '--dry-run', '--json'], ['connect', '--detect-only', '--only', 'cursor,opencode', '--json'], ['disconnect', '--dry-run', '--json']]) {
    const r = runOccam(w, args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.ok(r.json, 'one JSON document');
  }
  assert.deepEqual(snapshot(w.home), before);
  assert.equal(existsSync(join(w.home, '.occam')), false);
});

test('issue 16: a full disk reports ENOSPC (injected write seam), the file unchanged and no temp file left', async () => {
  const w = world();
  const path = writeFile(join(w.home, '.cursor', 'mcp.json'), USER_FILE);
  let calls = 0;
  // A real full disk first accepts part of the buffer, then fails the next write.
  const fullDisk = (fd: number, b: Buffer, o: number, l: number) => {
    if (calls++ === 0) return writeFileSync(fd, b.subarray(o, o + Math.min(l, 10))), Math.min(l, 10);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  };
  const r = await connect(w, { only: ['cursor'] }, { writeSync: fullDisk });
  assert.equal(r.exitCode, 1);
  const row = r.connections[0];
  assert.equal(row.readyState.status, 'Apply failed');
  assert.match(row.apply.error!, /ENOSPC: no space left on device/);
  assert.doesNotMatch(row.apply.error!, /does not parse/);
  assert.equal(read(path), USER_FILE);
  assert.deepEqual(readdirSync(join(w.home, '.cursor')).filter((f) => f.includes('occam-tmp')), []);
});

test('issue 16: a full disk (a real 64 KiB tmpfs) reports ENOSPC, not "does not parse"', { skip: isRoot ? false : 'mounting a tmpfs needs root' }, async (t) => {
  const w = world();
  const dir = join(w.home, '.cursor');
  mkdirSync(dir, { recursive: true });
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { encoding: 'utf8' });
  if (mount.status !== 0) {
    t.skip(`cannot mount a tmpfs here: ${mount.stderr.trim()}`);
    return;
  }
  try {
    const path = join(dir, 'mcp.json');
    writeFileSync(path, USER_FILE);
    // Fill the rest of the filesystem.
    try {
      writeFileSync(join(dir, 'filler'), Buffer.alloc(128 * 1024, 1));
    } catch {
      // ENOSPC expected: the filler takes what is left
    }
    const r = await connect(w, { only: ['cursor'] });
    const row = r.connections[0];
    assert.equal(row.readyState.status, 'Apply failed', JSON.stringify(row));
    assert.match(row.apply.error!, /ENOSPC/);
    assert.equal(read(path), USER_FILE);
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('occam-tmp')), []);
  } finally {
    spawnSync('umount', [dir]);
  }
});

test('issue 16: the direct atomicWrite keeps going after a short write', () => {
  const w = world();
  const path = join(w.home, 'short.json');
  let n = 0;
  atomicWrite(path, Buffer.from('{"a": 1, "b": 2}\n'), { writeSync: (fd, b, o, l) => (n++, writeFileSync(fd, b.subarray(o, o + Math.min(l, 3))), Math.min(l, 3)) });
  assert.equal(read(path), '{"a": 1, "b": 2}\n');
  assert.ok(n > 3);
});

test('issue 16: disconnect takes away what Occam created: opencode\'s "mcp" container, and a Cursor file (and its directory) made from nothing', async () => {
  const w = world();
  const oc = writeFile(join(w.home, '.config', 'opencode', 'opencode.json'), '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "system"\n}');
  assert.equal((await connect(w, { only: ['opencode', 'cursor'] })).exitCode, 0);
  const cursor = join(w.home, '.cursor', 'mcp.json');
  assert.ok(existsSync(cursor));
  const d = await disconnect(w);
  assert.equal(d.ok, true, d.message);
  assert.equal(read(oc), '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "system"\n}', 'no empty "mcp": {} left');
  assert.equal(existsSync(cursor), false, 'the file Occam created is gone');
  assert.equal(existsSync(join(w.home, '.cursor')), false, 'and the directory made for it');
  assert.deepEqual(JSON.parse(read(join(w.home, '.occam', 'connect-created.json'))).files, {});

  // Something the user added to a container Occam created keeps it.
  const w2 = world();
  const oc2 = writeFile(join(w2.home, '.config', 'opencode', 'opencode.json'), '{}\n');
  await connect(w2, { only: ['opencode'] });
  const withMine = read(oc2).replace('"mcp": {', '"mcp": {\n    "mine": { "type": "local", "command": ["x"] },');
  writeFileSync(oc2, withMine);
  assert.equal((await disconnect(w2, ['opencode'])).ok, true);
  assert.deepEqual(JSON.parse(read(oc2)), { mcp: { mine: { type: 'local', command: ['x'] } } });
});

test('issue 16: Codex honours CODEX_HOME for detection and inspection', async () => {
  const w = world();
  const codexHome = join(w.root, 'elsewhere', 'codex');
  const managed = `[mcp_servers.ff-occam]\ncommand = "${binary(w)}"\nargs = ["mcp"]\n\n[mcp_servers.ff-occam.env]\nOCCAM_HOME = "${w.occamHome}"\nOCCAM_BANNER = "0"\nOCCAM_CONNECT_MANAGED = "occam-managed:v1"\n`;
  writeFile(join(codexHome, 'config.toml'), managed);
  fakeCli(w, 'codex', 'case "$ARGS" in "mcp get ff-occam --json") echo \'{"name":"ff-occam","enabled":true,"transport":{"type":"stdio"}}\';; esac');
  const r = await connect(w, { only: ['codex'] }, { env: { CODEX_HOME: codexHome } });
  const host = r.hosts.find((h) => h.id === 'codex')!;
  assert.equal(host.configPath, join(codexHome, 'config.toml'));
  assert.equal((host.inspect as { state: string }).state, 'present');
  assert.equal(r.connections[0].plan.action, 'noop', 'the entry under CODEX_HOME is found, not re-added');
  assert.equal(r.connections[0].readyState.status, 'Ready');
  assert.ok(!existsSync(join(w.home, '.codex')), '~/.codex is not used');
  // Without CODEX_HOME the same world has no Codex config.
  const plain = await connect(w, { detectOnly: true });
  assert.equal(plain.hosts.find((h) => h.id === 'codex')!.configPath, join(w.home, '.codex', 'config.toml'));
});

test('issue 16: codex add/get use Codex\'s documented argv (`mcp add NAME --env K=V … -- CMD ARGS`, `mcp get NAME --json`)', async () => {
  const w = world();
  fakeCli(w, 'codex', 'case "$ARGS" in "mcp get ff-occam --json") echo \'{"name":"ff-occam","enabled":true}\';; esac');
  const r = await connect(w, { only: ['codex'] });
  assert.equal(r.connections[0].readyState.status, 'Ready', JSON.stringify(r.connections[0]));
  const argvs = cliCalls(w).map((c) => c.argv);
  assert.deepEqual(argvs[0], ['mcp', 'add', 'ff-occam', '--env', `OCCAM_HOME=${w.occamHome}`, '--env', 'OCCAM_BANNER=0', '--env', 'OCCAM_CONNECT_MANAGED=occam-managed:v1', '--', binary(w), 'mcp']);
  assert.deepEqual(argvs[1], ['mcp', 'get', 'ff-occam', '--json']);
});

test('issue 16: Claude Code found from ~/.claude.json without the claude CLI is skipped with the snippet; connect --yes exits 0', async () => {
  const w = world();
  writeFile(join(w.home, '.claude.json'), '{"numStartups": 3}\n');
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), USER_FILE);
  const r = runOccam(w, ['connect', '--yes', '--json', '--skip-occam-verify']);
  assert.equal(r.code, 0, r.stdout);
  const skipped = r.json.skipped.find((s: { id: string }) => s.id === 'claude-code');
  assert.match(skipped.reason, /claude CLI is not on PATH/);
  assert.equal(JSON.parse(skipped.guidance.text).mcpServers['ff-occam'].command, binary(w));
  assert.ok(!r.json.connections.some((c: { id: string }) => c.id === 'claude-code'));
  assert.ok(JSON.parse(read(cursor)).mcpServers['ff-occam']);
  assert.equal(read(join(w.home, '.claude.json')), '{"numStartups": 3}\n');
});

test('issue 16: with opencode on PATH its own check decides — a config `opencode debug config` rejects is undone; `mcp list` connected → level 5', async () => {
  const w = world();
  const original = '{\n  "$schema": "https://opencode.ai/config.json"\n}\n';
  const path = writeFile(join(w.home, '.config', 'opencode', 'opencode.json'), original);
  fakeCli(w, 'opencode', `case "$ARGS" in "debug config") echo "Error: Configuration is invalid at $HOME/.config/opencode/opencode.json"; echo "↳ Invalid input mcp.ff-occam"; exit 1;; esac`);
  const bad = await connect(w, { only: ['opencode'] });
  const row = bad.connections[0];
  assert.equal(row.readyState.status, 'Not connected', JSON.stringify(row));
  assert.equal(row.readyState.rolledBack, true);
  assert.match(row.readyState.message, /opencode rejects its config.*Invalid input mcp\.ff-occam/);
  assert.equal(read(path), original, 'the change was undone byte for byte');

  const w2 = world();
  const path2 = writeFile(join(w2.home, '.config', 'opencode', 'opencode.json'), original);
  fakeCli(w2, 'opencode', `case "$ARGS" in "debug config") cat "$HOME/.config/opencode/opencode.json";; "mcp list") printf '\\xe2\\x97\\x8f  \\xe2\\x9c\\x93 ff-occam \\x1b[90mconnected\\n';; esac`);
  const good = await connect(w2, { only: ['opencode'] });
  const row2 = good.connections[0];
  assert.equal(row2.hostVerify.level, 5, JSON.stringify(row2));
  assert.equal(row2.readyState.status, 'Configured — restart required');
  assert.deepEqual(cliCalls(w2).map((c) => c.argv.join(' ')), ['debug config', 'mcp list']);
  assert.ok(JSON.parse(read(path2)).mcp['ff-occam']);
});

test('issue 16: a VS Code mcp.json with comments, tabs and trailing commas is edited in place and given back byte for byte', async () => {
  const w = world();
  const user = join(w.home, '.config', 'Code', 'User');
  writeFile(join(user, 'settings.json'), '{}');
  const original = '{\n\t// MCP servers for Copilot agent mode\n\t"servers": {\n\t\t"github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" },\n\t},\n\t"inputs": [],\n}\n';
  const path = writeFile(join(user, 'mcp.json'), original);
  const r = await connect(w, { only: ['vscode'] });
  assert.equal(r.exitCode, 0, JSON.stringify(r.connections));
  const text = read(path);
  assert.ok(text.includes('\t// MCP servers for Copilot agent mode\n'));
  assert.match(text, /\n\t\t"ff-occam": \{\n\t\t\t"type": "stdio",/, 'our entry uses the file\'s tabs');
  assert.equal((await disconnect(w, ['vscode'])).ok, true);
  assert.equal(read(path), original);
});

test('issue 16: an opencode entry an older Occam wrote with `cwd` is updated to the shape without it', async () => {
  const w = world();
  const env = { OCCAM_HOME: w.occamHome, OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' };
  const old = { type: 'local', command: [binary(w), 'mcp'], enabled: true, environment: env, cwd: w.occamHome };
  const path = writeFile(join(w.home, '.config', 'opencode', 'opencode.json'), `${JSON.stringify({ mcp: { 'ff-occam': old } }, null, 2)}\n`);
  const r = await connect(w, { only: ['opencode'] });
  assert.equal(r.connections[0].plan.action, 'update');
  assert.deepEqual(JSON.parse(read(path)).mcp['ff-occam'], { type: 'local', command: [binary(w), 'mcp'], enabled: true, environment: env });
});
