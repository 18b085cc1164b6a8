// Crash safety of config writes (operator.md §6 atomic write): SIGKILL `occam connect` — and a child cycling
// connect/disconnect through the same core — at random points; after every kill the host config must be
// either the original or the connected file, intact and parseable.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, runOccam, spawnOccam, writeFile, REPO } from '../helpers/operator-world.ts';

const w = makeWorld();
after(() => w.cleanup());
const ORIGINAL = '{\n  "mcpServers": {\n    "github": { "command": "gh", "args": ["mcp"] }\n  },\n  "other": true\n}\n';
const path = join(w.home, '.cursor', 'mcp.json');

function assertIntact(connected: string, label: string): void {
  const now = readFileSync(path, 'utf8');
  assert.ok(now === ORIGINAL || now === connected, `${label}: file is neither the original nor the connected version:\n${now}`);
  JSON.parse(now);
}

const exited = (child: ReturnType<typeof spawn>) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

test('crash safety: SIGKILL during repeated connect/disconnect writes never leaves a torn config (bounded loop)', async () => {
  writeFile(path, ORIGINAL);
  const first = runOccam(w, ['connect', '--only', 'cursor', '--skip-occam-verify', '--json']);
  assert.equal(first.code, 0, first.stderr);
  const connected = readFileSync(path, 'utf8');
  writeFile(path, ORIGINAL);

  for (let round = 0; round < 8; round++) {
    const child = spawn(process.execPath, [join(REPO, 'test', 'helpers', 'connect-loop.ts'), JSON.stringify(w.env)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 150)));
    child.kill('SIGKILL');
    await exited(child);
    assertIntact(connected, `round ${round}`);
  }
  // Leftover temp files from a killed write are named so a later run can tell them apart; never the target.
  for (const f of readdirSync(join(w.home, '.cursor'))) {
    if (f.endsWith('.occam-tmp.json')) rmSync(join(w.home, '.cursor', f));
  }
});

test('crash safety: SIGKILL of the occam connect binary at random moments (bounded)', async () => {
  writeFile(path, ORIGINAL);
  const connectedRun = runOccam(w, ['connect', '--only', 'cursor', '--skip-occam-verify', '--json']);
  const connected = readFileSync(path, 'utf8');
  assert.equal(connectedRun.code, 0);
  for (let round = 0; round < 3; round++) {
    writeFile(path, ORIGINAL);
    const child = spawnOccam(w, ['connect', '--only', 'cursor', '--skip-occam-verify']);
    await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 2500)));
    child.kill('SIGKILL');
    await exited(child);
    assertIntact(connected, `binary round ${round}`);
  }
});
