// Native-CLI mechanics (operator.md §8 table): how Occam registers, verifies and removes itself through each
// host's own command line. Every call is an argv array run via execa; timeouts are per call.
import type { Ctx, RunResult } from '../proc.ts';
import { runTool, which } from '../proc.ts';
import { SERVER_NAME, type StdioEntry } from '../entry.ts';

const ADD_TIMEOUT = 180_000;
const CALL_TIMEOUT = 90_000;

export interface HostVerify {
  ok: boolean;
  level: number;
  toolCount: number | null;
  message: string;
  configured: boolean;
  requiresUserAction: boolean;
  hostBlocked: boolean;
}

interface CliSpec {
  bin: string;
  /** Command prefix when the binary is not on PATH but may be run another way (Gemini through npx). */
  fallback?: (ctx: Ctx) => string[] | null;
  add: (e: StdioEntry, overwrite: boolean) => { args: string[]; input?: string; success?: RegExp };
  after?: string[][];
  remove: { args: string[]; input?: string };
  verify: (run: (args: string[]) => Promise<RunResult>, expectedTools: number, ctx: Ctx) => Promise<HostVerify>;
}

const envPairs = (e: StdioEntry, flag: string) => Object.entries(e.env).flatMap(([k, v]) => [flag, `${k}=${v}`]);

const verified = (level: number, message: string, extra: Partial<HostVerify> = {}): HostVerify => ({
  ok: level >= 5,
  level,
  toolCount: null,
  message,
  configured: true,
  requiresUserAction: false,
  hostBlocked: false,
  ...extra,
});

const failed = (message: string, configured = true): HostVerify => ({
  ok: false, level: configured ? 1 : 0, toolCount: null, message, configured, requiresUserAction: false, hostBlocked: false,
});

const firstLine = (r: RunResult) => (r.stdout + r.stderr).trim().split('\n')[0] ?? '';

export const CLI_SPECS: Readonly<Record<string, CliSpec>> = {
  'claude-code': {
    bin: 'claude',
    add: (e) => ({ args: ['mcp', 'add', '-s', 'user', SERVER_NAME, ...envPairs(e, '-e'), '--', e.command, ...e.args] }),
    remove: { args: ['mcp', 'remove', '-s', 'user', SERVER_NAME] },
    verify: async (run) => {
      const r = await run(['mcp', 'get', SERVER_NAME]);
      const text = r.stdout + r.stderr;
      if (r.exitCode === 0 && /(Status:.*Connected|√ Connected|✓ Connected)/.test(text) && !/Failed|Disconnected/.test(text.split('\n').find((l) => /Status:/.test(l)) ?? '')) {
        return verified(5, 'Claude Code reports ff-occam connected');
      }
      return failed(`Claude Code does not report ff-occam connected: ${firstLine(r) || `exit ${r.exitCode}`}`);
    },
  },
  codex: {
    bin: 'codex',
    add: (e) => ({ args: ['mcp', 'add', SERVER_NAME, ...envPairs(e, '--env'), '--', e.command, ...e.args] }),
    remove: { args: ['mcp', 'remove', SERVER_NAME] },
    verify: async (run) => {
      const r = await run(['mcp', 'get', SERVER_NAME, '--json']);
      if (r.exitCode !== 0) return failed(`codex mcp get failed: ${firstLine(r) || `exit ${r.exitCode}`}`);
      try {
        const v = JSON.parse(r.stdout) as { enabled?: boolean };
        if (v.enabled === false) return verified(1, 'Codex lists ff-occam but it is disabled', { requiresUserAction: true, hostBlocked: true });
        return verified(5, 'Codex lists ff-occam as enabled');
      } catch {
        return failed('codex mcp get --json did not print JSON');
      }
    },
  },
  gemini: {
    bin: 'gemini',
    fallback: (ctx) => (which(ctx, 'npx') ? ['npx', '--yes', '@google/gemini-cli'] : null),
    // No `gemini mcp enable` afterwards: a server is not disabled by default, and what hides it is folder trust
    // (`enable` answers "not found" for a server listed as Disabled in an untrusted folder).
    add: (e) => ({ args: ['mcp', 'add', '-s', 'user', SERVER_NAME, e.command, ...e.args, ...envPairs(e, '-e')] }),
    remove: { args: ['mcp', 'remove', '-s', 'user', SERVER_NAME] },
    verify: async (run, _expected, ctx) => {
      const r = await run(['mcp', 'list']);
      const text = r.stdout + r.stderr;
      const line = text.split('\n').find((l) => l.includes(SERVER_NAME));
      if (!line) return failed('gemini mcp list does not show ff-occam');
      if (/disabled/i.test(line)) {
        const untrusted = /untrusted/i.test(text);
        return verified(1, untrusted ? geminiTrustHint(ctx.cwd) : 'Gemini lists ff-occam as Disabled: run `gemini mcp list` to see why', {
          requiresUserAction: true, hostBlocked: true,
        });
      }
      if (/connected/i.test(line) && !/disconnected/i.test(line)) return verified(5, 'Gemini reports ff-occam connected');
      return failed(`Gemini lists ff-occam but not connected: ${line.trim()}`);
    },
  },
  hermes: {
    bin: 'hermes',
    add: (e, overwrite) => ({
      args: ['mcp', 'add', SERVER_NAME, '--command', e.command, ...envPairs(e, '--env'), '--args', ...e.args],
      input: overwrite ? 'y\nY\n' : 'Y\n',
      success: /Saved '|tools enabled/,
    }),
    remove: { args: ['mcp', 'remove', SERVER_NAME], input: 'Y\n' },
    verify: async (run) => {
      const r = await run(['mcp', 'test', SERVER_NAME]);
      const text = r.stdout + r.stderr;
      const n = Number(/Tools discovered:\s*(\d+)/.exec(text)?.[1] ?? '0');
      if (/Connected/.test(text) && n > 0) return { ...verified(5, `Hermes connected, ${n} tools discovered`), toolCount: n };
      return failed(`hermes mcp test did not connect: ${firstLine(r) || `exit ${r.exitCode}`}`);
    },
  },
  openclaw: {
    bin: 'openclaw',
    add: (e) => ({
      args: ['mcp', 'add', SERVER_NAME, '--command', e.command, ...(e.cwd ? ['--cwd', e.cwd] : []), ...e.args.flatMap((a) => ['--arg', a]), ...envPairs(e, '--env'), '--no-probe'],
    }),
    after: [['mcp', 'reload']],
    remove: { args: ['mcp', 'unset', SERVER_NAME] },
    verify: async (run, expected) => {
      const status = await run(['mcp', 'status']);
      if (!(status.stdout + status.stderr).includes(SERVER_NAME)) return failed('openclaw mcp status does not list ff-occam');
      const probe = await run(['mcp', 'probe', SERVER_NAME, '--json']);
      try {
        const v = JSON.parse(probe.stdout) as { toolCount?: number; tools?: unknown[] };
        const count = typeof v.toolCount === 'number' ? v.toolCount : Array.isArray(v.tools) ? v.tools.length : -1;
        if (count === expected) return { ...verified(5, `OpenClaw probe sees ${count} tools`), toolCount: count };
        return { ...failed(`OpenClaw probe sees ${count} tools, expected ${expected}`), toolCount: count };
      } catch {
        return failed('openclaw mcp probe --json did not print JSON');
      }
    },
  },
};

/** What to tell the user when Gemini hides servers because the folder it runs in is not trusted. */
export function geminiTrustHint(folder: string): string {
  return `Gemini CLI has ff-occam but hides MCP servers (user-level ones too) in folders it does not trust; ${folder} is not trusted. `
    + `Start \`gemini\` in the folder you work in and choose "Trust folder", or run \`/permissions trust ${folder}\` inside Gemini CLI; `
    + 'then `gemini mcp list` shows ff-occam as Connected';
}

/**
 * Config-file hosts whose CLI can check the file Occam wrote, offline: opencode's `debug config` fails on a config
 * it rejects (the whole file then stops loading), and `mcp list` starts each local server and reports it.
 */
export async function fileHostCheck(ctx: Ctx, hostId: string): Promise<HostVerify | null> {
  if (hostId !== 'opencode') return null;
  const exe = which(ctx, 'opencode');
  if (!exe) return null;
  const config = await runTool(ctx, exe, ['debug', 'config'], { timeoutMs: CALL_TIMEOUT });
  if (config.exitCode !== 0) {
    const why = (config.stdout + config.stderr).split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim()).filter((l) => /invalid|error|↳/i.test(l) && !/models\.dev/.test(l));
    return failed(`opencode rejects its config after the change (opencode debug config exited ${config.exitCode}${why.length ? `: ${why.join(' ')}` : ''})`, false);
  }
  const list = await runTool(ctx, exe, ['mcp', 'list'], { timeoutMs: CALL_TIMEOUT });
  const line = (list.stdout + list.stderr).split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '')).find((l) => l.includes(SERVER_NAME));
  if (line && /\bconnected\b/i.test(line) && !/disconnected|failed/i.test(line)) return verified(5, 'opencode accepts its config and `opencode mcp list` shows ff-occam connected');
  return verified(1, `opencode accepts its config; \`opencode mcp list\` ${line ? `reports: ${line.replace(/^[^a-z0-9]*/i, '').trim()}` : 'does not show ff-occam'}`);
}

/** argv prefix for a host's CLI, or null when it cannot be run. */
export function cliCommand(ctx: Ctx, hostId: string): string[] | null {
  const spec = CLI_SPECS[hostId];
  if (!spec) return null;
  const exe = which(ctx, spec.bin);
  if (exe) return [exe];
  return spec.fallback?.(ctx) ?? null;
}

async function call(ctx: Ctx, hostId: string, args: string[], opts: { input?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  const prefix = cliCommand(ctx, hostId);
  if (!prefix) return { exitCode: 127, stdout: '', stderr: `${CLI_SPECS[hostId]?.bin ?? hostId} CLI not found`, notFound: true, timedOut: false };
  const [cmd, ...rest] = prefix;
  return runTool(ctx, cmd, [...rest, ...args], { input: opts.input, timeoutMs: opts.timeoutMs ?? CALL_TIMEOUT });
}

export interface CliOutcome {
  ok: boolean;
  error: string | null;
}

function outcome(hostId: string, r: RunResult, success?: RegExp): CliOutcome {
  if (r.notFound) return { ok: false, error: `${CLI_SPECS[hostId].bin} CLI not found` };
  if (r.timedOut) return { ok: false, error: `${CLI_SPECS[hostId].bin} timed out` };
  if (r.exitCode !== 0) return { ok: false, error: `${CLI_SPECS[hostId].bin} exited ${r.exitCode}: ${firstLine(r)}` };
  if (success && !success.test(r.stdout + r.stderr)) return { ok: false, error: `${CLI_SPECS[hostId].bin} did not confirm: ${firstLine(r)}` };
  return { ok: true, error: null };
}

export async function cliAdd(ctx: Ctx, hostId: string, e: StdioEntry, overwrite: boolean): Promise<CliOutcome & { alreadyExists: boolean }> {
  const spec = CLI_SPECS[hostId];
  const plan = spec.add(e, overwrite);
  const r = await call(ctx, hostId, plan.args, { input: plan.input, timeoutMs: ADD_TIMEOUT });
  const alreadyExists = /already exists/i.test(r.stdout + r.stderr);
  const res = outcome(hostId, r, plan.success);
  if (res.ok) for (const extra of spec.after ?? []) await call(ctx, hostId, extra);
  return { ...res, alreadyExists };
}

export async function cliRemove(ctx: Ctx, hostId: string): Promise<CliOutcome> {
  const spec = CLI_SPECS[hostId];
  return outcome(hostId, await call(ctx, hostId, spec.remove.args, { input: spec.remove.input }));
}

export async function cliVerify(ctx: Ctx, hostId: string, expectedTools: number): Promise<HostVerify> {
  return CLI_SPECS[hostId].verify((args) => call(ctx, hostId, args), expectedTools, ctx);
}
