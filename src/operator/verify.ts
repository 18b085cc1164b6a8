// Occam self-verify (operator.md §7, §12): launch the configured entry exactly as a host would, complete the MCP
// handshake and compare tools/list with the effective profile's count computed from the tool catalog.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { EnvMap } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { coreToolsOf, OPT_IN_TOOLS } from '../contract/catalog.ts';
import type { ProfileId } from '../contract/profiles.ts';
import type { StdioEntry } from './entry.ts';

/** Tools the server should list under this env: the profile's core tools plus every opt-in whose gate is on. */
export function expectedToolCount(env: EnvMap): { profile: ProfileId; count: number } {
  const profile = readEnv<ProfileId>('OCCAM_PROFILE', env);
  const gatesOn = OPT_IN_TOOLS.filter((t) => readEnv<boolean>(t.gate as string, env)).length;
  return { profile, count: coreToolsOf(profile).length + gatesOn };
}

export interface SelfVerify {
  ok: boolean;
  level: number;
  toolCount: number | null;
  expected: number;
  profile: ProfileId;
  names?: string[];
  error?: string;
  skipped?: boolean;
  stderr?: string;
}

/** Spawns the entry, initialize → initialized → tools/list. Level 1 spawn failed, 2 launched, 3 initialized, 4 listed. */
export async function selfVerify(entry: StdioEntry, baseEnv: EnvMap, opts: { timeoutMs?: number; clientName?: string } = {}): Promise<SelfVerify> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(baseEnv)) if (typeof v === 'string') env[k] = v;
  Object.assign(env, entry.env);
  const { profile, count: expected } = expectedToolCount(env);
  const timeout = opts.timeoutMs ?? 60_000;
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env, cwd: entry.cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: opts.clientName ?? 'occam-connect-verify', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout });
  } catch (err) {
    await client.close().catch(() => {});
    const code = (err as NodeJS.ErrnoException).code;
    const spawnFailed = code === 'ENOENT' || code === 'EACCES' || code === 'ENOEXEC';
    return { ok: false, level: spawnFailed ? 1 : 2, toolCount: null, expected, profile, error: describe(err, stderr), stderr };
  }
  try {
    const list = await client.listTools(undefined, { timeout });
    const names = list.tools.map((t) => t.name);
    const allOccam = names.every((n) => n.startsWith('occam'));
    const ok = allOccam && names.length === expected;
    return {
      ok,
      level: ok ? 4 : 3,
      toolCount: names.length,
      expected,
      profile,
      names,
      ...(ok ? {} : { error: allOccam ? `tools/list returned ${names.length} tools, expected ${expected} for profile ${profile}` : 'tools/list returned non-Occam tools' }),
    };
  } catch (err) {
    return { ok: false, level: 3, toolCount: null, expected, profile, error: describe(err, stderr), stderr };
  } finally {
    await client.close().catch(() => {});
  }
}

function describe(err: unknown, stderr: string): string {
  const msg = err instanceof Error ? err.message : String(err);
  const tail = stderr.trim().split('\n').slice(-2).join(' | ');
  return tail ? `${msg} (server stderr: ${tail})` : msg;
}
