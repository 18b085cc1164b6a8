// A raw JSON-RPC exchange with `occam mcp` over stdio, for what the SDK Client cannot express (e.g. requesting
// a protocol revision the SDK does not know yet) and for checking that stdout carries frames only.
import { spawn } from 'node:child_process';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from './mcp-client.ts';

export interface RawExchange {
  frames: any[];
  stdout: string;
  stderr: string;
}

/** Sends the messages, waits for responses to every id sent (bounded), then closes stdin. */
export async function rawExchange(messages: object[], env: Record<string, string> = {}, timeoutMs = 10_000): Promise<RawExchange> {
  const child = spawn(process.execPath, [OCCAM_BIN, 'mcp'], { env: hermeticEnv(env), cwd: REPO_ROOT });
  let stdout = '';
  let stderr = '';
  const wanted = new Set(messages.filter((m: any) => m.id !== undefined).map((m: any) => m.id));
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      for (const line of stdout.split('\n')) {
        try {
          const f = JSON.parse(line);
          if (f.id !== undefined) wanted.delete(f.id);
        } catch {}
      }
      if (wanted.size === 0) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  for (const m of messages) child.stdin.write(`${JSON.stringify(m)}\n`);
  await done;
  child.stdin.end();
  await new Promise((r) => child.once('exit', r).once('error', r) && setTimeout(r, 3000));
  const frames = stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l)); // throws if stdout carried anything but frames
  return { frames, stdout, stderr };
}

export function initializeMessage(protocolVersion: string, id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
  };
}
