// Shared plumbing of the operator verbs: how this process was started, whether it may prompt, and the
// @inquirer/prompts prompter (stdio TTY, or /dev/tty on POSIX outside CI — closed deterministically).
import { closeSync, openSync } from 'node:fs';
import { ReadStream, WriteStream } from 'node:tty';
import { confirm, input } from '@inquirer/prompts';
import type { RuntimeContext } from '../src/runtime/context.ts';
import type { RuntimeInfo } from '../src/operator/entry.ts';
import type { Prompter } from '../src/operator/connect.ts';
import { isCiLike } from '../src/operator/connect.ts';
import { buildInfo, packageEntry } from '../src/version.ts';

/** How this process was started (operator.md §4): single executable, npm package, or source checkout. */
export function runtimeInfo(): RuntimeInfo {
  const info = buildInfo();
  return { execPath: process.execPath, sourceRoot: info.kind === 'source' ? info.root : null, packageEntry: packageEntry(info) };
}

function devTtyUsable(ctx: RuntimeContext): boolean {
  if (ctx.platform === 'win32' || isCiLike(ctx.env)) return false;
  try {
    closeSync(openSync('/dev/tty', 'r+'));
    return true;
  } catch {
    return false;
  }
}

/** §0 canPrompt: stdio TTYs, or a controlling terminal (POSIX, not CI). `--json`/`--yes` never prompt. */
export function canPrompt(ctx: RuntimeContext, opts: { json?: boolean; yes?: boolean } = {}): boolean {
  if (opts.json || opts.yes) return false;
  if (ctx.stdinIsTTY && ctx.stdoutIsTTY) return true;
  return devTtyUsable(ctx);
}

/** Runs one inquirer prompt on stdio or on /dev/tty, always releasing the terminal afterwards. */
async function onTerminal<T>(ctx: RuntimeContext, ask: (io: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream }) => Promise<T>): Promise<T> {
  if (ctx.stdinIsTTY && ctx.stdoutIsTTY) return ask({});
  const rfd = openSync('/dev/tty', 'r');
  const wfd = openSync('/dev/tty', 'w');
  const rs = new ReadStream(rfd);
  const ws = new WriteStream(wfd);
  try {
    return await ask({ input: rs, output: ws });
  } finally {
    rs.destroy();
    ws.destroy();
  }
}

export function terminalPrompter(ctx: RuntimeContext): Prompter {
  return {
    confirm: (message) => onTerminal(ctx, (io) => confirm({ message, default: false }, io)),
    choose: async (message, choices) => {
      const list = choices.map((c, i) => `  ${i + 1}. ${c.name} (${c.id})`).join('\n');
      const answer = await onTerminal(ctx, (io) => input({ message: `${message}\n${list}\n>`, default: 'q' }, io));
      const text = answer.trim().toLowerCase();
      if (text === '' || text === 'q') return null;
      if (text === 'all') return choices.map((c) => c.id);
      const picked = text.split(/[ ,]+/).map((n) => choices[Number(n) - 1]?.id).filter((x): x is string => Boolean(x));
      return picked.length > 0 ? picked : null;
    },
  };
}

/** Waits until the person at the terminal presses Enter (stdio TTY or /dev/tty, like every other prompt). */
export async function pressEnter(ctx: RuntimeContext, message: string): Promise<void> {
  await onTerminal(ctx, (io) => input({ message, default: '' }, io));
}

/** Collects repeatable comma lists (`--only a,b --only c`). */
export function collectList(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}

export function isVerbose(ctx: RuntimeContext, opts: { verbose?: boolean; debug?: boolean }): boolean {
  return Boolean(opts.verbose || opts.debug) || /^(1|true)$/i.test(ctx.env.OCCAM_VERBOSE ?? '') || /^(1|true)$/i.test(ctx.env.OCCAM_DEBUG ?? '');
}
