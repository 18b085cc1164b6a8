// Shared plumbing of the trust verbs (`keys`, `verify`, `canary`): injectable edges so tests can run a verb
// in-process, and one way to define such a verb as a commander command that runs both inside the `occam` program
// and on its own (tests, with captured IO).
import { Command, CommanderError } from 'commander';
import { processContext, type RuntimeContext } from '../src/runtime/context.ts';
import { readBoundedText, type InputKind } from '../src/runtime/bounded-input.ts';
import { EXIT } from './output.ts';

export interface TrustIo {
  runtime: RuntimeContext;
  out: (text: string | Uint8Array) => void;
  err: (text: string) => void;
  /**
   * Reads UTF-8 text; `-` reads stdin. Throws on IO errors, and OccamError input_too_large / input_not_regular_file
   * over the cap of its kind of input (default: receipt) or for a device, FIFO or directory (bounded-input.ts).
   */
  readText: (path: string, kind?: InputKind) => string;
}

export function processTrustIo(): TrustIo {
  return {
    runtime: processContext(),
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    readText: (p, kind = 'receipt') => readBoundedText(p, kind),
  };
}

/** What a trust verb's actions are given: the IO (made on first use, so `--help` builds none) and the exit sink. */
export interface TrustVerbRun {
  io: () => TrustIo;
  exit: (code: number) => void;
}

/** Adds a trust verb's options, sub-verbs and actions to `cmd` (named and described by the caller). */
export type TrustVerbDefinition = (cmd: Command, run: TrustVerbRun) => void;

/** Whether `--json` was given on this command or (inside the program) globally. */
export function jsonOf(cmd: Command): boolean {
  return cmd.optsWithGlobals().json === true;
}

/** Registers a trust verb on the `occam` program: process IO, the action's code becomes the exit code. */
export function registerTrustVerb(program: Command, name: string, description: string, define: TrustVerbDefinition): void {
  let io: TrustIo | undefined;
  define(program.command(name).description(description), {
    io: () => (io ??= processTrustIo()),
    exit: (code) => {
      process.exitCode = code;
    },
  });
}

/**
 * Runs a trust verb in-process on the words after its name, with `io` for every byte in and out; resolves to the
 * exit code (help 0, commander's usage errors 2, else what the action reported).
 */
export async function runTrustVerb(name: string, define: TrustVerbDefinition, args: readonly string[], io: TrustIo): Promise<number> {
  let code: number = EXIT.ok;
  const cmd = new Command(name)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  define(cmd, { io: () => io, exit: (c) => (code = c) });
  try {
    await cmd.parseAsync([...args], { from: 'user' });
    return code;
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return err.code === 'commander.helpDisplayed' ? EXIT.ok : EXIT.usage;
  }
}
