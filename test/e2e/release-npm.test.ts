// The npm package form: `npm run build` output packed with `npm pack` (built once per source state, shared with
// install-forms.test.ts), installed from the tarball into an empty project (dependencies from the local npm cache,
// else the registry), then run through its `occam` bin link.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { NPM, npmTarball, sh } from '../helpers/build-cache.ts';
import { VERSION } from '../../src/version.ts';
import { MIN_NODE_TEXT, nodeIsSupported } from '../../src/runtime/node-version.ts';

/** A Node.js on this machine too old for Occam (Debian's is 20), found the way a shell would; null when none. */
function oldSystemNode(): { dir: string; version: string } | null {
  const which = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' });
  const candidates = [...new Set([...(which.stdout ?? '').split('\n').filter(Boolean), '/usr/local/bin/node', '/usr/bin/node'])];
  for (const path of candidates) {
    const v = spawnSync(path, ['--version'], { encoding: 'utf8' });
    if (v.status === 0 && !nodeIsSupported(v.stdout.trim())) return { dir: dirname(path), version: v.stdout.trim() };
  }
  return null;
}

describe('npm package (npm run build → npm pack → npm install <tarball>)', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-npm-'));
  const app = join(root, 'app');
  let bin: string;
  let env: Record<string, string>;

  before(async () => {
    const tarball = await npmTarball();
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'occam-npm-test', private: true }));
    const installed = await sh(NPM, ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: app });
    assert.equal(installed.code, 0, installed.stderr);
    bin = join(app, 'node_modules', '.bin', 'occam');
    env = { PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), HOME: root, OCCAM_BANNER: '0', NO_COLOR: '1' };
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('the tarball ships the bundle, not the TypeScript sources', () => {
    const pkg = join(app, 'node_modules', 'ff-occam');
    assert.ok(existsSync(join(pkg, 'dist', 'bin', 'occam.js')));
    assert.equal(existsSync(join(pkg, 'src')), false);
    assert.equal(existsSync(join(pkg, 'test')), false);
  });

  test('occam --version through the installed bin link reports version and commit', async () => {
    const r = await sh(bin, ['--version'], { cwd: app, env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout.trim(), new RegExp(`^${VERSION.replace(/\./g, '\\.')} \\(([0-9a-f]{12}|unknown)\\)$`));
  });

  test('occam mcp from the installed package answers initialize + tools/list', async () => {
    const transport = new StdioClientTransport({ command: bin, args: ['mcp'], env, cwd: app, stderr: 'pipe' });
    const client = new Client({ name: 'npm-package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.equal(client.getServerVersion()?.version, VERSION);
      const names = (await client.listTools()).tools.map((t) => t.name);
      assert.ok(names.includes('occam_client_capabilities'), names.join(','));
    } finally {
      await client.close();
    }
  });

  const old = oldSystemNode();
  test('on a Node older than the engines range, the bin says in one line what it needs and exits 2', { skip: old ? false : 'no Node older than the engines range on this machine' }, async () => {
    // The bin link's `#!/usr/bin/env node` finds the old Node first on PATH, as on a machine that has only it.
    const r = await sh(bin, ['--version'], { cwd: app, env: { ...env, PATH: [old!.dir, '/usr/bin', '/bin'].join(delimiter) } });
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.ok(lines[0].includes(`needs Node.js >= ${MIN_NODE_TEXT} (this is ${old!.version})`), lines[0]);
    assert.match(lines[0], /nodejs\.org/);
  });
});
