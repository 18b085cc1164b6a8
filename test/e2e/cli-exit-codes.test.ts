// The exit-code table of docs/verbs/README.md against the real binary (issue 32): every registered verb has a row
// and no row names a missing verb; every verb exits 2 on an unknown flag; each row's usage probe exits 2.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, REPO } from '../helpers/operator-world.ts';
import { buildProgram } from '../../commands/index.ts';
import { EXIT } from '../../commands/output.ts';

const w = makeWorld();
after(() => w.cleanup());

/** The verb rows of the table: `| \`verb\` | 0 | 1 | 2 | \`probe\` |`. */
function tableRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(join(REPO, 'docs', 'verbs', 'README.md'), 'utf8').split('\n')) {
    const m = /^\| `([a-z-]+)` \|.*\| `occam ([^`]+)` \|$/.exec(line);
    if (m) rows.set(m[1], m[2].split(' '));
  }
  return rows;
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], { env: w.env, cwd: w.home, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('docs/verbs/README.md: one row per registered verb; an unknown flag and each usage probe exit 2', async () => {
  const rows = tableRows();
  const verbs = buildProgram().commands.map((c) => c.name());
  assert.deepEqual([...rows.keys()].sort(), [...verbs].sort(), 'the table rows are exactly the registered verbs');
  const jobs = verbs.flatMap((v) => [[v, '--no-such-flag-anywhere'], rows.get(v)!]);
  const failures: string[] = [];
  await Promise.all(
    [0, 1].map(async () => {
      for (let args = jobs.shift(); args; args = jobs.shift()) {
        const r = await run(args);
        if (r.code !== EXIT.usage) failures.push(`occam ${args.join(' ')}: exit ${r.code} (want 2): ${r.stderr.slice(0, 160)}`);
      }
    }),
  );
  assert.deepEqual(failures, []);
});
