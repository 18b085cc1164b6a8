// operator.md #31: uninstall plans, removes only what is ours, keeps state unless asked, refuses a checkout.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, worldContext, writeFile, REPO, read, type World } from '../../helpers/operator-world.ts';
import { runInstall } from '../../../src/operator/install.ts';
import { runUninstall } from '../../../src/operator/uninstall.ts';
import { runConnect } from '../../../src/operator/connect.ts';

const worlds: World[] = [];
after(() => worlds.forEach((w) => w.cleanup()));
const noStop = { stopServers: async () => [] as number[] };

async function installed(): Promise<{ w: World; root: string; ctx: ReturnType<typeof worldContext> }> {
  const w = makeWorld({ install: false });
  worlds.push(w);
  const dir = join(w.root, 'stage', 'ff-occam-1.0.0-linux-x64');
  const bin = `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'bin', 'occam.ts')}" "$@"\n`;
  writeFile(join(dir, 'bin', 'occam'), bin, 0o755);
  writeFile(join(dir, 'VERSION'), '1.0.0\n');
  writeFile(join(dir, 'release-manifest.json'), JSON.stringify({ version: '1.0.0', rid: 'linux-x64', files: { 'bin/occam': createHash('sha256').update(bin).digest('hex') } }));
  await runInstall({ ctx: worldContext(w), canPrompt: false, stopServers: async () => ({ found: [], stillRunning: [] }) }, { fromDir: dir, noConnect: true, skipOccamVerify: true });
  const root = join(w.home, '.local', 'share', 'ff-occam');
  const ctx = worldContext(w, { env: { ...w.env, OCCAM_HOME: root } });
  return { w, root, ctx };
}
const rt = { execPath: process.execPath, sourceRoot: null };

test('operator.md #31: uninstall --dry-run lists targets and changes nothing', async () => {
  const { w, root, ctx } = await installed();
  const r = await runUninstall(ctx, rt, { dryRun: true }, noStop);
  assert.equal(r.ok, true);
  assert.match(r.message, /No files or host settings were changed\./);
  assert.deepEqual(r.targets.filter((t) => t.action === 'remove').map((t) => t.kind).sort(), ['install-tree', 'launcher']);
  assert.ok(existsSync(root) && existsSync(join(w.home, '.local', 'bin', 'occam')));
});

test('operator.md #31: uninstall removes the launcher, the release tree and our host entry; keeps ~/.occam; --remove-state removes it last', async () => {
  const { w, root, ctx } = await installed();
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {\n    "mine": { "command": "x" }\n  }\n}\n');
  const before = read(cursor);
  const c = await runConnect({ ctx, runtime: rt, canPrompt: false }, { only: ['cursor'], skipOccamVerify: true });
  assert.equal(c.connections[0].apply.applied, true);
  const r = await runUninstall(ctx, rt, {}, noStop);
  assert.equal(r.ok, true, r.message);
  assert.equal(existsSync(root), false);
  assert.equal(existsSync(join(w.home, '.local', 'bin', 'occam')), false);
  assert.equal(read(cursor), before, 'our entry removed, user entries intact');
  assert.equal(existsSync(join(w.home, '.occam', 'onboard.json')), true, 'state kept');

  const again = await installed();
  const rs = await runUninstall(again.ctx, rt, { removeState: true }, noStop);
  assert.equal(rs.ok, true);
  assert.equal(existsSync(join(again.w.home, '.occam')), false);
});

test('operator.md #31: a foreign ~/.local/bin/occam is preserved; a source checkout as OCCAM_HOME is refused', async () => {
  const { w, root, ctx } = await installed();
  const launcher = join(w.home, '.local', 'bin', 'occam');
  writeFile(launcher, '#!/bin/sh\nexec /opt/someone-else/occam "$@"\n', 0o755);
  const r = await runUninstall(ctx, rt, {}, noStop);
  assert.equal(r.ok, true);
  assert.equal(readFileSync(launcher, 'utf8'), '#!/bin/sh\nexec /opt/someone-else/occam "$@"\n');
  assert.equal(r.targets.find((t) => t.kind === 'launcher')!.outcome, 'preserved');
  assert.equal(existsSync(root), false);

  const checkout = await runUninstall(worldContext(w, { env: { ...w.env, OCCAM_HOME: REPO } }), rt, {}, noStop);
  assert.equal(checkout.ok, false);
  assert.match(checkout.message, /source checkout/);
  assert.ok(existsSync(join(REPO, 'package.json')));
});

test('uninstall: a server of this install that cannot be stopped → nothing removed', async () => {
  const { root, ctx } = await installed();
  const r = await runUninstall(ctx, rt, {}, { stopServers: async () => [999999] });
  assert.equal(r.ok, false);
  assert.match(r.message, /Nothing was removed/);
  assert.ok(existsSync(root));
});
