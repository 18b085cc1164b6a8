// Interactive consent on a real pseudo-terminal (operator.md §9.3, #20): `occam connect` runs under util-linux
// `script`, the test answers the @inquirer prompts as a person would (after each prompt appears, never on a timer).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, writeFile, REPO } from '../helpers/operator-world.ts';
import { requireCommand } from '../helpers/requires.ts';

const w = makeWorld();
after(() => w.cleanup());

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

test('operator.md #20 on a real TTY: No, then choosing 2 connects only the second app; the terminal is released', async (t) => {
  if (!requireCommand(t, 'script', 'apt-get install -y bsdutils (util-linux `script`)')) return;
  const cursor = writeFile(join(w.home, '.cursor', 'mcp.json'), '{}\n');
  const desktop = writeFile(join(w.home, '.config', 'Claude', 'claude_desktop_config.json'), '{}\n');
  const cmd = [process.execPath, join(REPO, 'bin', 'occam.ts'), 'connect', '--skip-occam-verify'].map(shellQuote).join(' ');
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env: { ...w.env, TERM: 'dumb' }, cwd: w.home, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  const waiters: Array<{ re: RegExp; resolve: () => void }> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    for (const wtr of [...waiters]) if (wtr.re.test(screen)) {
      waiters.splice(waiters.indexOf(wtr), 1);
      wtr.resolve();
    }
  });
  const waitFor = (re: RegExp) => new Promise<void>((resolve) => (re.test(screen) ? resolve() : waiters.push({ re, resolve })));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
  await waitFor(/Register Occam \(ff-occam\) in Cursor, Claude Desktop\?/);
  child.stdin.write('n\r');
  await waitFor(/2\. Claude Desktop/);
  child.stdin.write('2\r');
  const code = await exited;
  clearTimeout(guard);
  assert.equal(code, 0, screen);
  assert.match(screen, /Almost ready/);
  assert.equal(readFileSync(cursor, 'utf8'), '{}\n');
  assert.ok(JSON.parse(readFileSync(desktop, 'utf8')).mcpServers['ff-occam']);
});

test('occam mcp started by hand on a terminal says in one stderr line that it waits for an MCP client, that Ctrl-C quits and that occam connect wires it', async (t) => {
  if (!requireCommand(t, 'script', 'apt-get install -y bsdutils (util-linux `script`)')) return;
  const cmd = [process.execPath, join(REPO, 'bin', 'occam.ts'), 'mcp'].map(shellQuote).join(' ');
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env: { ...w.env, TERM: 'dumb' }, cwd: w.home, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  const seen = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      if (/Ctrl-C quits/.test(screen)) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await seen;
  // Ctrl-C on the terminal: the server ends.
  child.stdin.write('\u0003');
  await exited;
  clearTimeout(guard);
  const lines = screen.split(/\r?\n/).filter((l) => /MCP client/.test(l));
  assert.equal(lines.length, 1, screen);
  assert.match(lines[0], /waiting for an MCP client/);
  assert.match(lines[0], /occam connect/);
  assert.match(lines[0], /Ctrl-C quits/);
});

test('the "press Enter" wait of session export-state is an @inquirer prompt on the terminal: it returns on Enter', async (t) => {
  if (!requireCommand(t, 'script', 'apt-get install -y bsdutils (util-linux `script`)')) return;
  const program =
    `const { pressEnter } = await import(${JSON.stringify(join(REPO, 'commands', 'operator-common.ts'))});` +
    `const { processContext } = await import(${JSON.stringify(join(REPO, 'src', 'runtime', 'context.ts'))});` +
    `await pressEnter(processContext(), 'Log in, then press Enter'); console.log('ENTER-SEEN');`;
  const cmd = [process.execPath, '--input-type=module', '-e', program].map(shellQuote).join(' ');
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env: { ...w.env, TERM: 'dumb' }, cwd: w.home, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  const prompted = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      if (/Log in, then press Enter/.test(screen)) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await prompted;
  child.stdin.write('\r');
  const code = await exited;
  clearTimeout(guard);
  assert.equal(code, 0, screen);
  assert.match(screen, /ENTER-SEEN/);
});
