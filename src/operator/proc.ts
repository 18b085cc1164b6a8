// The process edge of the operator verbs: PATH lookup and host-CLI invocation, both driven by the injected
// RuntimeContext (its env carries PATH), so tests put fake host CLIs on a temp PATH and nothing here reads
// process.env. Host CLIs are always called with an argv array (never a shell string) so `--` survives.
import { accessSync, constants, statSync } from 'node:fs';
import { execa } from 'execa';
import type { RuntimeContext } from '../runtime/context.ts';
import { pathApi } from '../config/paths.ts';

export type Ctx = RuntimeContext;

/** Absolute path of an executable on the context's PATH, or null. */
export function which(ctx: Ctx, name: string): string | null {
  const p = pathApi(ctx);
  const sep = ctx.platform === 'win32' ? ';' : ':';
  const dirs = (ctx.env.PATH ?? ctx.env.Path ?? '').split(sep).filter(Boolean);
  const exts = ctx.platform === 'win32' ? ['.exe', '.cmd', '.bat', ''] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = p.join(dir, name + ext);
      try {
        if (!statSync(candidate).isFile()) continue;
        if (ctx.platform !== 'win32') accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The binary could not be started (ENOENT / 127). */
  notFound: boolean;
  timedOut: boolean;
}

/** Runs a host CLI with an argv array; never throws. */
export async function runTool(
  ctx: Ctx,
  command: string,
  args: readonly string[],
  opts: { input?: string; timeoutMs?: number; cwd?: string } = {},
): Promise<RunResult> {
  const resolved = which(ctx, command) ?? command;
  try {
    const r = await execa(resolved, args, {
      env: ctx.env as Record<string, string>,
      extendEnv: false,
      input: opts.input ?? '',
      timeout: opts.timeoutMs ?? 60_000,
      reject: false,
      cwd: opts.cwd ?? ctx.cwd,
      windowsHide: true,
    });
    const notFound = r.exitCode === 127 || (r as { code?: string }).code === 'ENOENT' || (r.failed && r.exitCode === undefined && !r.timedOut);
    return {
      exitCode: r.exitCode ?? (notFound ? 127 : 1),
      stdout: String(r.stdout ?? ''),
      stderr: String(r.stderr ?? ''),
      notFound,
      timedOut: Boolean(r.timedOut),
    };
  } catch (err) {
    return { exitCode: 127, stdout: '', stderr: err instanceof Error ? err.message : String(err), notFound: true, timedOut: false };
  }
}
