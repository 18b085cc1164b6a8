// operator.md #54 (refresh process scoping) and `occam snippet` shapes.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { installFakeOccam, makeWorld, runOccam } from '../helpers/operator-world.ts';

const w = makeWorld({ install: false });
const children: ChildProcess[] = [];
after(() => {
  for (const c of children) c.kill('SIGKILL');
  w.cleanup();
});

const sleeper = '#!/bin/bash\nsleep 60\n';

function startServer(root: string): ChildProcess {
  const child = spawn(join(root, 'bin', 'occam'), ['mcp'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('operator.md #54: refresh --dry-run lists only this OCCAM_HOME\'s servers (a look-alike from another root is ignored) and stops nothing; refresh stops ours', async () => {
  installFakeOccam(w.occamHome, sleeper);
  const otherRoot = join(w.home, 'other', 'ff-occam');
  installFakeOccam(otherRoot, sleeper);
  const ours = startServer(w.occamHome);
  const theirs = startServer(otherRoot);
  await new Promise((r) => setTimeout(r, 300));
  const dry = runOccam(w, ['refresh', '--dry-run', '--json']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.deepEqual(dry.json.processes.map((p: any) => p.pid), [ours.pid]);
  assert.ok(alive(ours.pid!) && alive(theirs.pid!), 'dry run stops nothing');

  const real = runOccam(w, ['refresh', '--skip-doctor', '--json']);
  assert.equal(real.code, 0, real.stdout);
  assert.deepEqual(real.json.stopped, [ours.pid]);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(alive(theirs.pid!), true, 'another install is never touched');
});

test('occam snippet: generic mcpServers JSON, host shapes, OCCAM_HOST=hermes YAML, unknown host → exit 2', () => {
  installFakeOccam(w.occamHome);
  const bin = realpathSync(join(w.occamHome, 'bin', 'occam'));
  const generic = runOccam(w, ['snippet', '--json']);
  assert.equal(generic.code, 0);
  assert.deepEqual(generic.json.snippet, {
    mcpServers: { 'ff-occam': { command: bin, args: ['mcp'], env: { OCCAM_HOME: w.occamHome, OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' } } },
  });
  const hermes = runOccam(w, ['snippet'], { OCCAM_HOST: 'hermes' });
  assert.equal(parseYaml(hermes.stdout).mcp_servers['ff-occam'].command, bin);
  const zed = runOccam(w, ['snippet', 'zed', '--json']);
  assert.ok(zed.json.snippet.context_servers['ff-occam']);
  assert.equal(runOccam(w, ['snippet', 'nope']).code, 2);
});
