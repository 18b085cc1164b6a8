// Shared plumbing of the trust verbs (`keys`, `verify`, `canary`): injectable edges so tests can run a verb
// in-process, and the reference flag grammar (`--name value`; a flag followed by another flag or by nothing
// reads as "true"; `--name=value` also accepted).
import { processContext, type RuntimeContext } from '../src/runtime/context.ts';
import { readBoundedText, type InputKind } from '../src/runtime/bounded-input.ts';

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

export interface ParsedFlags {
  flags: Map<string, string>;
  positionals: string[];
}

export function parseFlags(args: readonly string[]): ParsedFlags {
  const flags = new Map<string, string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        flags.set(a.slice(2, eq), a.slice(eq + 1));
        continue;
      }
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) flags.set(a.slice(2), 'true');
      else {
        flags.set(a.slice(2), next);
        i++;
      }
    } else positionals.push(a);
  }
  return { flags, positionals };
}

/** Registers a verb whose arguments are handed over raw (the verb parses its own grammar). */
export function rawArgsVerb(
  program: import('commander').Command,
  name: string,
  description: string,
  run: (args: string[], io: TrustIo) => Promise<number>,
): void {
  program
    .command(name)
    .description(description)
    .argument('[args...]', `arguments (occam ${name} --help)`)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (args: string[]) => {
      // The global --json is consumed by the program; hand it back to the verb.
      const json = program.opts().json === true && !args.includes('--json');
      process.exitCode = await run(json ? [...args, '--json'] : args, processTrustIo());
    });
}
