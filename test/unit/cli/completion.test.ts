// `occam completion <shell>`: the scripts are generated from the verb registry and really complete in the shells.
// bash through its completion function (COMP_WORDS/COMP_CWORD as readline sets them), fish through `complete -C`,
// zsh through a pseudo-terminal (zpty) running an interactive zsh with compinit, pressing TAB. Where zsh or fish is
// not installed the test skips on a developer machine and fails in CI (test/helpers/requires.ts; .ci/run installs
// both); PowerShell is checked for content (Debian carries no pwsh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProgram } from '../../../commands/index.ts';
import { completionModel } from '../../../commands/completion.ts';
import { SHELLS, completionScript, isOurCompletion } from '../../../src/operator/completion.ts';
import { HOST_IDS } from '../../../src/operator/hosts/registry.ts';
import { makeWorld, worldContext, writeFile } from '../../helpers/operator-world.ts';
import { commandPath, requireOrSkip } from '../../helpers/requires.ts';
import { runInstall } from '../../../src/operator/install.ts';
import { runUninstall } from '../../../src/operator/uninstall.ts';

const program = buildProgram();
const model = completionModel(program);
const dir = mkdtempSync(join(tmpdir(), 'occam-completion-'));
const script = (shell: (typeof SHELLS)[number]) => {
  const path = join(dir, `occam.${shell}`);
  writeFileSync(path, completionScript(shell, model));
  return path;
};
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the model holds every registered verb, alias and commander sub-verb', () => {
  const verbs = model.verbs.flatMap((v) => [v.name, ...v.aliases]).sort();
  assert.deepEqual(verbs, program.commands.flatMap((c) => [c.name(), ...c.aliases()]).sort());
  const session = model.verbs.find((v) => v.name === 'session')!;
  assert.deepEqual(session.subverbs.map((s) => s.name), program.commands.find((c) => c.name() === 'session')!.commands.map((c) => c.name()));
  for (const shell of SHELLS) {
    const text = completionScript(shell, model);
    assert.ok(isOurCompletion(text), shell);
    for (const v of model.verbs) assert.ok(text.includes(v.name), `${shell} script lacks ${v.name}`);
  }
});

/** Runs the bash completion function for a command line whose last word is being completed. */
function bashComplete(words: string[]): string[] {
  const path = script('bash');
  const quoted = words.map((w) => `'${w}'`).join(' ');
  const r = spawnSync('bash', ['--norc', '-c', `source '${path}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _occam; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

test('bash: occam con<TAB> → connect; sub-verbs, flags and flag values complete; the script registers for occam', () => {
  assert.deepEqual(bashComplete(['occam', 'con']), ['connect']);
  assert.deepEqual(bashComplete(['occam', '--json', 'dis']), ['disconnect']);
  assert.deepEqual(bashComplete(['occam', 'session', 'li']), ['list']);
  assert.deepEqual(bashComplete(['occam', 'connect', '--on']), ['--only']);
  assert.deepEqual(bashComplete(['occam', 'connect', '--only', 'cur']), ['cursor']);
  assert.deepEqual(bashComplete(['occam', 'canary', 'se']), ['selftest', 'serve']);
  // Every exam sub-verb, those that read recordings included (issue 32).
  assert.deepEqual(bashComplete(['occam', 'exam', 're']), ['record', 'report']);
  assert.deepEqual(bashComplete(['occam', 'exam', 'ca']), ['cache']);
  assert.deepEqual(bashComplete(['occam', 'completion', '']).filter((w) => !w.startsWith('-')), [...SHELLS]);
  assert.deepEqual(bashComplete(['occam', 'snippet', 'clau']), HOST_IDS.filter((h) => h.startsWith('clau')));
  const r = spawnSync('bash', ['--norc', '-c', `source '${script('bash')}'; complete -p occam`], { encoding: 'utf8' });
  assert.match(r.stdout, /-F _occam occam/);
});

test('fish: complete -C "occam con" → connect, with its description; sub-verbs and flag values', (t) => {
  if (!requireOrSkip(t, 'fish', commandPath('fish') !== null, 'apt-get install -y fish')) return;
  const path = script('fish');
  const complete = (line: string) => {
    const r = spawnSync('fish', ['--no-config', '-c', `source '${path}'; complete -C '${line}'`], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
  };
  assert.deepEqual(complete('occam con'), ['connect']);
  assert.deepEqual(complete('occam session li'), ['list']);
  assert.deepEqual(complete('occam connect --only cur'), ['cursor']);
  assert.ok(complete('occam connect --').includes('--dry-run'));
});

test('zsh: typing occam con<TAB> in an interactive zsh completes to connect; sub-verbs and flag values too', (t) => {
  if (!requireOrSkip(t, 'zsh', commandPath('zsh') !== null, 'apt-get install -y zsh')) return;
  const path = script('zsh');
  // An interactive zsh on a pseudo-terminal: each line is typed with a TAB, then Enter runs a stand-in `occam`
  // function that prints the completed words. (Quotes split the markers so the echoed input never matches.)
  const lines = ['occam con', 'occam session li', 'occam connect --on', 'occam connect --only cur'];
  const driver = [
    'zmodload zsh/zpty',
    'zpty z zsh -f -i',
    `zpty -w z 'PS1="> "; autoload -U compinit; compinit -u -D; source ${path}; occam() { print -r -- "R""AN:[$*]"; }; print RE""ADY'`,
    "zpty -r z out '*READY*'",
    ...lines.flatMap((l) => [`zpty -w z $'${l}\\t\\n'`, "zpty -r z out '*RAN:\\[*\\]*'", 'print -r -- "${${out##*RAN:\\[}%%\\]*}"']),
    'zpty -d z',
  ].join('\n');
  const drv = join(dir, 'driver.zsh');
  writeFileSync(drv, driver);
  const r = spawnSync('zsh', ['-f', drv], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.trim()), ['connect', 'session list', 'connect --only', 'connect --only cursor']);
});

test('PowerShell: one Register-ArgumentCompleter for occam with every verb and the sub-verb table', () => {
  const text = readFileSync(script('powershell'), 'utf8');
  assert.match(text, /Register-ArgumentCompleter -Native -CommandName @\('occam', 'occam\.exe', 'occam\.cmd'\)/);
  for (const v of model.verbs) assert.match(text, new RegExp(`'${v.name}' = @\\(`));
  assert.match(text, /'session list' = @\(/);
});

test('occam install writes the bash and fish completion files (the shells are present) and uninstall removes only those', async (t) => {
  const w = makeWorld({ install: false });
  t.after(() => w.cleanup());
  // A minimal staged release tree (hash-checked by install).
  const { createHash } = await import('node:crypto');
  const tree = join(w.root, 'rel', 'ff-occam-1.0.0-linux-x64');
  const bin = '#!/bin/sh\nexit 0\n';
  writeFile(join(tree, 'bin', 'occam'), bin, 0o755);
  writeFile(join(tree, 'VERSION'), '1.0.0\n');
  writeFile(join(tree, 'release-manifest.json'), JSON.stringify({ version: '1.0.0', rid: 'linux-x64', layout: 'self-contained-v1', files: { 'bin/occam': createHash('sha256').update(bin).digest('hex') } }));
  for (const shell of ['bash', 'fish', 'zsh']) writeFile(join(w.bin, shell), '#!/bin/sh\n', 0o755);
  const ctx = worldContext(w, { env: { ...w.env, PATH: w.bin } });
  const report = await runInstall(
    { ctx, canPrompt: false, stopServers: async () => ({ found: [], stillRunning: [] }), completionScript: (shell) => completionScript(shell, model) },
    { fromDir: tree, noConnect: true, skipOccamVerify: true, installDir: join(w.home, '.local', 'share', 'ff-occam') },
  );
  const bashFile = join(w.home, '.local', 'share', 'bash-completion', 'completions', 'occam');
  const fishFile = join(w.home, '.config', 'fish', 'completions', 'occam.fish');
  assert.deepEqual(report.completions.written, [bashFile, fishFile]);
  assert.equal(readFileSync(bashFile, 'utf8'), completionScript('bash', model));
  assert.ok(report.completions.manual.some((l) => l.startsWith('occam completion zsh')), 'zsh gets the line to run');
  const un = await runUninstall(ctx, { execPath: join(w.home, '.local', 'share', 'ff-occam', 'bin', 'occam'), sourceRoot: null }, {}, { stopServers: async () => [] });
  assert.deepEqual(un.targets.filter((x) => x.kind === 'completion').map((x) => [x.path, x.outcome]), [[bashFile, 'removed'], [fishFile, 'removed']]);
  assert.equal(existsSync(bashFile), false);
  // A user's own file at that path is neither overwritten by install nor removed by uninstall.
  mkdirSync(join(w.home, '.config', 'fish', 'completions'), { recursive: true });
  writeFileSync(fishFile, '# my own\n');
  const again = await runInstall(
    { ctx, canPrompt: false, stopServers: async () => ({ found: [], stillRunning: [] }), completionScript: (shell) => completionScript(shell, model) },
    { fromDir: tree, noConnect: true, skipOccamVerify: true, installDir: join(w.home, '.local', 'share', 'ff-occam') },
  );
  assert.deepEqual(again.completions.written, [bashFile]);
  assert.equal(readFileSync(fishFile, 'utf8'), '# my own\n');
});
