// `--help` and `-h` only ever print help (issue 32): for every command the `occam` program registers, at every
// depth (read from the commander tree, so a new verb or sub-verb is walked without an edit here), the real binary
// in a fresh HOME prints a usage text, exits 0 in time (HELP_DEADLINE_MS) and leaves HOME and its working directory
// empty — no server started, no key minted, no check run.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { REPO } from '../helpers/operator-world.ts';
import { buildProgram, commandTree } from '../../commands/index.ts';

/**
 * A hang detector, not a speed claim: help that starts a server or a check never comes back at all. 5 s on an
 * idle machine; on a loaded one the limit grows with what a plain `occam --version` start takes in the same run
 * (several starts' worth), so a busy machine does not fail the walk and a hang still does.
 */
const HELP_DEADLINE_MS = 5_000;
const STARTS_ALLOWED = 4;
/** Node start-ups at a time (the machine has two cores). */
const PARALLEL = 2;

const root = mkdtempSync(join(tmpdir(), 'occam-help-walk-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The words that name `cmd` on the command line (`['canary', 'serve']`); the program itself is `[]`. */
function pathOf(cmd: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words;
}

/** Every file and directory under `dir`, relative to it. */
function entries(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

function runHelp(args: string[], home: string, deadlineMs: number): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], {
      cwd: home,
      env: { HOME: home, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, TMPDIR: join(root, 'tmp'), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: deadlineMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

test('every verb and sub-verb: --help and -h print help, exit 0, return in time and create no file', async () => {
  mkdirSync(join(root, 'tmp'));
  const paths = commandTree(buildProgram()).map(pathOf);
  assert.ok(paths.some((p) => p.join(' ') === 'canary serve'), 'the walk reaches sub-verbs');
  const jobs = paths.flatMap((p) => [[...p, '--help'], [...p, '-h']]);
  mkdirSync(join(root, 'baseline'));
  const started = performance.now();
  assert.equal((await runHelp(['--version'], join(root, 'baseline'), 10 * 60_000)).code, 0);
  const deadlineMs = Math.round(Math.max(HELP_DEADLINE_MS, STARTS_ALLOWED * (performance.now() - started)));
  const failures: string[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let args = jobs.shift(); args; args = jobs.shift()) {
        const home = join(root, `home-${n++}`);
        mkdirSync(home);
        const r = await runHelp(args, home, deadlineMs);
        const line = `occam ${args.join(' ')}`;
        if (r.signal) failures.push(`${line}: still running after ${deadlineMs} ms (killed)`);
        else if (r.code !== 0) failures.push(`${line}: exit ${r.code}: ${r.stderr.slice(0, 200)}`);
        else if (!/usage:/i.test(r.stdout + r.stderr)) failures.push(`${line}: no usage text: ${(r.stdout + r.stderr).slice(0, 200)}`);
        const created = entries(home);
        if (created.length > 0) failures.push(`${line}: created ${created.join(', ')}`);
      }
    }),
  );
  assert.deepEqual(failures, []);
});
