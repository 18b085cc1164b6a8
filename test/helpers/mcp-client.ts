// Starts `occam mcp` as a child process and connects the MCP SDK's own Client over stdio — the way a real host
// does. Captures stderr and tools/list_changed notifications for assertions.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CATALOG, coreToolsOf } from '../../src/contract/catalog.ts';
import type { ProfileId } from '../../src/contract/profiles.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const OCCAM_BIN = join(REPO_ROOT, 'bin', 'occam.ts');

export interface McpSession {
  client: Client;
  stderr: () => string;
  listChangedCount: () => number;
  /** Waits until at least n list_changed notifications arrived (bounded wait). */
  waitForListChanged: (n: number, timeoutMs?: number) => Promise<boolean>;
  call: (name: string, args?: Record<string, unknown>) => Promise<{ raw: CallToolResult; json: any }>;
  toolNames: () => Promise<string[]>;
  close: () => Promise<void>;
  home: string;
  /** Process id of the `occam mcp` child. */
  pid: number | null;
}

/** Env for a hermetic child: a temporary HOME, no inherited OCCAM_* settings, banner off. */
export function hermeticEnv(extra: Record<string, string> = {}, home?: string): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('OCCAM_')) base[k] = v;
  }
  const dir = home ?? mkdtempSync(join(tmpdir(), 'occam-test-home-'));
  return { ...base, HOME: dir, USERPROFILE: dir, XDG_CONFIG_HOME: join(dir, '.config'), OCCAM_BANNER: '0', ...extra };
}

export async function startMcp(env: Record<string, string> = {}, args: string[] = ['mcp']): Promise<McpSession> {
  const fullEnv = hermeticEnv(env, env.HOME);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [OCCAM_BIN, ...args],
    env: fullEnv,
    stderr: 'pipe',
    cwd: REPO_ROOT,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'occam-test', version: '1.0.0' });
  let listChanged = 0;
  const waiters: Array<() => void> = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    listChanged += 1;
    for (const w of waiters.splice(0)) w();
  });
  await client.connect(transport);
  return {
    client,
    home: fullEnv.HOME,
    pid: transport.pid,
    stderr: () => stderr,
    listChangedCount: () => listChanged,
    waitForListChanged: async (n, timeoutMs = 2000) => {
      const deadline = Date.now() + timeoutMs;
      while (listChanged < n && Date.now() < deadline) {
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return listChanged >= n;
    },
    call: async (name, args = {}) => {
      const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = raw.content?.[0]?.type === 'text' ? raw.content[0].text : '{}';
      return { raw, json: JSON.parse(text) };
    },
    toolNames: async () => (await client.listTools()).tools.map((t) => t.name),
    close: async () => {
      await client.close();
    },
  };
}

/**
 * What tools/list must show, from the contract catalog alone: the profile's core tools, then the opt-in tools
 * whose gates are on, in catalog (wire) order. Never from the implemented modules, so a catalog tool the server
 * does not serve fails the test that compares against this.
 */
export function contractToolNames(profile: ProfileId, gates: readonly string[] = []): string[] {
  const core = new Set(coreToolsOf(profile).map((t) => t.name));
  return CATALOG.filter((t) => (t.kind === 'core' ? core.has(t.name) : gates.includes(t.gate!))).map((t) => t.name);
}
