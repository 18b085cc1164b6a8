// scripts/node24.mjs (what `npm test`, `npm run demo` … start with): on a Node too old for the sources it installs
// Node 24 once with npm and re-runs there. Its stdout belongs to the command it runs, so npm's own report
// (`added 2 packages …`) must go to stderr. Driven with this machine's old system Node and a stand-in npm that
// "installs" a node which is this test's own Node (the registry is not needed).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO } from '../../helpers/build-cache.ts';
import { nodeIsSupported } from '../../../src/runtime/node-version.ts';

const root = mkdtempSync(join(tmpdir(), 'occam-node24-'));
after(() => rmSync(root, { recursive: true, force: true }));

function oldNode(): string | null {
  const which = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' });
  for (const path of [...(which.stdout ?? '').split('\n').filter(Boolean), '/usr/local/bin/node', '/usr/bin/node']) {
    const v = spawnSync(path, ['--version'], { encoding: 'utf8' });
    if (v.status === 0 && !nodeIsSupported(v.stdout.trim())) return path;
  }
  return null;
}

const OLD_NODE = oldNode();

test('the first-run Node download prints nothing on stdout: npm\'s report goes to stderr', { skip: OLD_NODE ? false : 'no Node older than 22.18 on this machine' }, () => {
  const home = join(root, 'home');
  const bin = join(root, 'fakebin');
  mkdirSync(home);
  mkdirSync(bin);
  // `npm install --prefix P … node@24`: lays out P/node_modules/node/bin/node (this test's Node) and reports like npm.
  writeFileSync(
    join(bin, 'npm'),
    `#!/bin/sh\nprefix="$3"\nmkdir -p "$prefix/node_modules/node/bin"\nln -s "${process.execPath}" "$prefix/node_modules/node/bin/node"\necho "added 2 packages in 3s"\n`,
  );
  chmodSync(join(bin, 'npm'), 0o755);
  const r = spawnSync(OLD_NODE!, [join(REPO, 'scripts', 'node24.mjs'), '-e', 'console.log("from node " + process.versions.node.split(".")[0])'], {
    env: { HOME: home, PATH: `${bin}:${dirname(OLD_NODE!)}:/usr/bin:/bin` },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `from node ${process.versions.node.split('.')[0]}\n`, 'stdout is the command\'s alone');
  assert.match(r.stderr, /added 2 packages/);
  assert.match(r.stderr, /installing Node 24/);
});
