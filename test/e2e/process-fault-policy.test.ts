// The process-level fault policy (src/runtime/fault-policy.ts, docs/security.md): a fault that escapes every
// handler is logged with its scope; an unhandled rejection, or an uncaught exception inside a call's scope, leaves
// the process serving; an uncaught exception outside any scope exits 70. Checked on the policy itself, in a child
// process, and wired into the real `occam` executable (a fault injected with NODE_OPTIONS=--import).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decideFault, UNKNOWN_FAULT_EXIT_CODE } from '../../src/runtime/fault-policy.ts';
import { REPO_ROOT } from '../helpers/mcp-client.ts';
import { startMcp } from '../helpers/mcp-client.ts';
import { runOccam } from '../helpers/network-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-fault-policy-'));
const POLICY = pathToFileURL(join(REPO_ROOT, 'src', 'runtime', 'fault-policy.ts')).href;

function runNode(file: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the policy: rejections and scoped exceptions keep serving, an exception outside any scope exits', () => {
  const tool = { kind: 'tool', label: 'occam_transcode (session s1)' } as const;
  const rejection = decideFault('unhandled_rejection', new Error('late'), tool);
  assert.equal(rejection.keepServing, true);
  assert.match(rejection.line, /^\[occam\.fault\] unhandled_rejection in tool occam_transcode \(session s1\) \(the process keeps serving\): Error: late/);
  assert.equal(decideFault('unhandled_rejection', 'plain value', undefined).keepServing, true);
  assert.equal(decideFault('uncaught_exception', new TypeError('x'), { kind: 'browser-pool', label: 'the browser pool' }).keepServing, true);
  const unknown = decideFault('uncaught_exception', new RangeError('bad\nsecond line'), undefined);
  assert.equal(unknown.keepServing, false);
  assert.match(unknown.line, new RegExp(`outside any call \\(the process exits ${UNKNOWN_FAULT_EXIT_CODE}\\): RangeError: bad\\n\\s+at `));
  assert.doesNotMatch(unknown.line, /second line/);
});

test('in a process: scoped faults and stray rejections are logged with their scope and survived; an unscoped exception exits 70', async () => {
  const script = join(dir, 'faults.ts');
  writeFileSync(
    script,
    `import { inFaultScope, installFaultPolicy } from ${JSON.stringify(POLICY)};
installFaultPolicy();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
inFaultScope({ kind: 'tool', label: 'occam_map (session a)' }, () => { setTimeout(() => { throw new Error('thrown in a tool timer'); }, 5); });
inFaultScope({ kind: 'batch-item', label: 'job1:3' }, async () => { await pause(10); throw new Error('rejected in a batch item'); });
setTimeout(() => void Promise.reject(new Error('stray rejection')), 20);
await pause(100);
process.stdout.write('served after three faults\\n');
setTimeout(() => { throw new Error('unscoped exception'); }, 5);
await pause(2000);
process.stdout.write('never reached\\n');
`,
  );
  const r = await runNode(script);
  assert.equal(r.code, UNKNOWN_FAULT_EXIT_CODE, r.stderr);
  assert.equal(r.stdout, 'served after three faults\n');
  assert.match(r.stderr, /\[occam\.fault\] uncaught_exception in tool occam_map \(session a\) \(the process keeps serving\): Error: thrown in a tool timer/);
  assert.match(r.stderr, /\[occam\.fault\] unhandled_rejection in batch-item job1:3 \(the process keeps serving\): Error: rejected in a batch item/);
  assert.match(r.stderr, /\[occam\.fault\] unhandled_rejection outside any call \(the process keeps serving\): Error: stray rejection/);
  assert.match(r.stderr, /\[occam\.fault\] uncaught_exception outside any call \(the process exits 70\): Error: unscoped exception/);
});

test('wired into occam: the stdio server survives an unhandled rejection and keeps answering', async () => {
  const inject = join(dir, 'inject-rejection.mjs');
  writeFileSync(inject, `setTimeout(() => void Promise.reject(new Error('injected rejection')), 300);\n`);
  const mcp = await startMcp({ NODE_OPTIONS: `--import=${pathToFileURL(inject).href}` });
  try {
    const deadline = Date.now() + 30_000;
    while (!/injected rejection/.test(mcp.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.match(mcp.stderr(), /\[occam\.fault\] unhandled_rejection outside any call \(the process keeps serving\): Error: injected rejection/);
    await mcp.client.ping();
    assert.ok((await mcp.toolNames()).includes('occam_transcode'), 'tools/list after the fault');
  } finally {
    await mcp.close();
  }
});

test('wired into occam: an uncaught exception outside any call exits 70 with the log line', async () => {
  const inject = join(dir, 'inject-exception.mjs');
  writeFileSync(inject, `setTimeout(() => { throw new Error('injected exception'); }, 300);\n`);
  const r = await runOccam(['mcp', '--mcp-http', '--port', '0'], { NODE_OPTIONS: `--import=${pathToFileURL(inject).href}` }, 60_000);
  assert.equal(r.code, UNKNOWN_FAULT_EXIT_CODE, r.stderr);
  assert.match(r.stderr, /\[occam\.fault\] uncaught_exception outside any call \(the process exits 70\): Error: injected exception/);
});
