// `occam mcp` over stdio cannot be wedged by one frame: a line over the 10 MiB cap is refused with a JSON-RPC
// error and the next request is served; SIGTERM ends the process within a second whether it is idle, in the
// middle of a browser read, after an oversize line, or holding half a line. A real child process, raw frames.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { LineFramedStdioTransport, STDIO_MAX_LINE_BYTES, leadingRequestId } from '../../src/mcp/transports/stdio-framing.ts';

const MIB = 1024 * 1024;

interface Child {
  proc: ChildProcessWithoutNullStreams;
  frames: any[];
  stderr: () => string;
  send: (message: object) => void;
  waitFor: (id: number, ms: number) => Promise<any | null>;
  exited: (ms: number) => Promise<{ code: number | null; signal: string | null } | null>;
}

function startChild(env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, [OCCAM_BIN, 'mcp'], { env: hermeticEnv(env), cwd: REPO_ROOT });
  const frames: any[] = [];
  let pending = '';
  let stderr = '';
  let exit: { code: number | null; signal: string | null } | null = null;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  proc.stdout.on('data', (c: Buffer) => {
    pending += c.toString('utf8');
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line.trim()) frames.push(JSON.parse(line)); // stdout carries frames only
    }
    wake();
  });
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  proc.stdin.on('error', () => {});
  proc.on('exit', (code, signal) => {
    exit = { code, signal };
    wake();
  });
  const until = <T>(probe: () => T | null, ms: number) =>
    new Promise<T | null>((resolve) => {
      const check = () => {
        const v = probe();
        if (v !== null) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve(probe());
      }, ms);
      waiters.add(check);
      check();
    });
  return {
    proc,
    frames,
    stderr: () => stderr,
    send: (m) => proc.stdin.write(`${JSON.stringify(m)}\n`),
    waitFor: (id, ms) => until(() => frames.find((f) => f.id === id) ?? null, ms),
    exited: (ms) => until(() => exit, ms),
  };
}

async function initialized(env: Record<string, string> = {}): Promise<Child> {
  const child = startChild(env);
  child.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'limits-test', version: '1' } } });
  const init = await child.waitFor(1, 30_000);
  assert.ok(init?.result, `initialize answered: ${child.stderr()}`);
  child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return child;
}

/** Runs `body` against an initialised server, which is killed afterwards whatever happened. */
async function withServer(env: Record<string, string>, body: (child: Child) => Promise<void>): Promise<void> {
  const child = await initialized(env);
  try {
    await body(child);
  } finally {
    child.proc.kill('SIGKILL');
  }
}

/** Writes one line of `bytes` total size (a ping padded with params), in 1 MiB writes like a real pipe. */
async function writeBigLine(child: Child, id: number, bytes: number): Promise<void> {
  const head = `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"pad":"`;
  const tail = '"}}\n';
  let left = bytes - head.length - tail.length;
  // A server that stops reading stdin leaves the pipe full: fail instead of waiting forever.
  const write = (s: string) =>
    new Promise<void>((resolve, reject) => {
      if (child.proc.stdin.write(s)) return resolve();
      const timer = setTimeout(() => reject(new Error('the server stopped reading stdin (pipe full for 10 s)')), 10_000);
      child.proc.stdin.once('drain', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  await write(head);
  const block = 'x'.repeat(MIB);
  while (left > 0) {
    const n = Math.min(left, MIB);
    await write(n === MIB ? block : block.slice(0, n));
    left -= n;
  }
  await write(tail);
}

let slow: FixtureServer;
before(async () => {
  slow = await startFixtureServer({
    '/never': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><body><p>loading');
      const t = setInterval(() => res.write(' .'), 200);
      res.on('close', () => clearInterval(t));
    },
  });
});
after(() => slow.close());

test('an 11 MiB stdio line is refused with a JSON-RPC error and the next ping is answered within 2 s', async () => {
  await withServer({}, async (child) => {
      await writeBigLine(child, 2, 11 * MIB);
      const sentAt = Date.now();
      child.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
      const pong = await child.waitFor(3, 2000);
      const exit = pong ? null : await child.exited(0);
      assert.ok(pong || (exit && exit.code !== 0 && exit.code !== null), `within 2 s: ping answered or a non-zero exit (${Date.now() - sentAt} ms)`);
      assert.deepEqual(pong.result, {});
      const refused = child.frames.find((f) => f.id === 2);
      assert.equal(refused?.error?.code, -32600, 'the oversize request got its own error, by id');
      assert.match(refused.error.message, /exceeds the 10485760-byte stdio limit/);
      assert.equal(child.stderr().split('\n').filter((l) => /refused a \d+-byte message/.test(l)).length, 1, 'one stderr line');
      // Still serving afterwards: a tool list works.
      child.send({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
      assert.ok((await child.waitFor(4, 10_000))?.result?.tools?.length > 0);
  });
});

test('a line just under the cap (9 MiB) is parsed and answered', async () => {
  await withServer({}, async (child) => {
      await writeBigLine(child, 2, 9 * MIB);
      const pong = await child.waitFor(2, 20_000);
      assert.deepEqual(pong?.result, {}, child.stderr());
  });
});

async function sigtermWithinOneSecond(child: Child, state: string): Promise<void> {
  const sentAt = Date.now();
  child.proc.kill('SIGTERM');
  const exit = await child.exited(1000);
  assert.ok(exit, `${state}: the process ended within 1 s of SIGTERM (still running after ${Date.now() - sentAt} ms)`);
}

test('SIGTERM ends occam mcp within 1 s: idle', async () => {
  await withServer({}, (child) => sigtermWithinOneSecond(child, 'idle'));
});

test('SIGTERM ends occam mcp within 1 s: mid browser read', async () => {
  await withServer({ OCCAM_ALLOW_PRIVATE_URLS: '1' }, async (child) => {
      child.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'occam_transcode', arguments: { url: slow.url('/never'), backend_policy: 'browser' } } });
      // Wait until the read is in flight (the page was requested), then stop the server.
      const deadline = Date.now() + 30_000;
      while (!slow.requests().includes('/never') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.ok(slow.requests().includes('/never'), 'the read started');
      await sigtermWithinOneSecond(child, 'mid-read');
  });
});

test('SIGTERM ends occam mcp within 1 s: after an oversize line', async () => {
  await withServer({}, async (child) => {
      await writeBigLine(child, 2, 11 * MIB);
      assert.ok(await child.waitFor(2, 5000), 'the oversize line was answered');
      await sigtermWithinOneSecond(child, 'after oversize');
  });
});

test('SIGTERM ends occam mcp within 1 s: holding half a line', async () => {
  await withServer({}, async (child) => {
      child.proc.stdin.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'y'.repeat(2 * MIB)}`);
      await new Promise((r) => setTimeout(r, 300));
      await sigtermWithinOneSecond(child, 'half a line');
  });
});

test('framing: split chunks, CRLF, blank lines, bad JSON with an id, and the cap measured per line', async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const warnings: string[] = [];
  const transport = new LineFramedStdioTransport({ stdin, stdout, maxLineBytes: 64, warn: (l) => warnings.push(l) });
  const got: any[] = [];
  transport.onmessage = (m) => got.push(m);
  await transport.start();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stdin.write('{"jsonrpc":"2.0","id":1,');
  stdin.write('"method":"ping"}\r\n\n');
  stdin.write(`{"jsonrpc":"2.0","id":"big","method":"ping","params":{"p":"${'z'.repeat(100)}"}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`);
  stdin.write('{"id":7, nope\n');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(got.map((m) => m.id), [1, 2]);
  const replies = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(replies.map((r) => [r.id, r.error.code]), [['big', -32600], [7, -32700]]);
  assert.equal(warnings.length, 1);
  assert.equal(STDIO_MAX_LINE_BYTES, 10 * MIB);
  assert.equal(leadingRequestId('{"params":{"id":5},"id":6'), null, 'an id that is not leading is not guessed');
  await transport.close();
});
