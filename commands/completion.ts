// `occam completion bash|zsh|fish|powershell`: the shell completion script, generated from the same commander
// registry and guide table as `occam help` (src/operator/completion.ts renders it).
import type { Command } from 'commander';
import { SHELLS, completionScript, type CompletionModel, type CompletionVerb, type Shell } from '../src/operator/completion.ts';
import { HOST_IDS } from '../src/operator/hosts/registry.ts';
import { guideFor } from './guide.ts';
import { EXIT, VerbError, printJson, printOut, wantsJson } from './output.ts';

/** Values worth completing: the first argument of some verbs, and some flags' values. */
const ARGUMENT_VALUES: Record<string, () => readonly string[]> = {
  snippet: () => HOST_IDS,
  completion: () => SHELLS,
};
const FLAG_VALUES: Record<string, Record<string, readonly string[]>> = {
  connect: { '--only': HOST_IDS },
  disconnect: { '--only': HOST_IDS },
  read: { '--policy': ['http', 'browser', 'http_then_browser'] },
  digest: { '--policy': ['http', 'browser', 'http_then_browser'] },
  map: { '--source': ['homepage', 'sitemap'] },
  onboard: { '--profile': ['default', 'hermes-headless', 'mass-scrape'] },
  install: { '--setup': ['auto', 'manual', 'ask'] },
  verify: { '--mode': ['receipt', 'citation', 'manifest', 'history'] },
};

const longFlags = (cmd: Command): string[] => [...cmd.options.map((o) => o.long).filter((f): f is string => Boolean(f)), '--help'];
const takesPaths = (cmd: Command): boolean =>
  cmd.options.some((o) => /file|dir|path|manifest|archive/i.test(o.flags)) || cmd.registeredArguments.some((a) => /file/i.test(a.name()));

/** The completion model of a built program: every verb, alias, sub-verb and flag it registers. */
export function completionModel(program: Command): CompletionModel {
  const verbs: CompletionVerb[] = program.commands.map((cmd) => {
    const guide = guideFor(cmd.name());
    const raw = guide?.flags !== undefined;
    const values = ARGUMENT_VALUES[cmd.name()]?.() ?? [];
    // Commander's sub-commands first; a guide row or value list naming one of them again adds nothing.
    const subverbs = [
      ...cmd.commands.map((s) => ({ name: s.name(), summary: s.description(), flags: longFlags(s) })),
      ...(guide?.subverbs ?? []).map((name) => ({ name, summary: `occam ${cmd.name()} ${name}`, flags: [] as string[] })),
      ...values.map((name) => ({ name, summary: name, flags: [] as string[] })),
    ].filter((s, i, all) => all.findIndex((o) => o.name === s.name) === i);
    return {
      name: cmd.name(),
      aliases: cmd.aliases(),
      summary: cmd.description(),
      flags: raw ? [...guide!.flags!] : longFlags(cmd),
      subverbs,
      flagValues: Object.fromEntries(Object.entries(FLAG_VALUES[cmd.name()] ?? {}).map(([k, v]) => [k, [...v]])),
      files: raw || takesPaths(cmd) || cmd.commands.some(takesPaths),
    };
  });
  return { command: 'occam', globalFlags: ['--help', '--version', '--json'], verbs };
}

export function register(program: Command): void {
  program
    .command('completion')
    .argument('<shell>', `${SHELLS.join(' | ')}`)
    .description('print the shell completion script (bash, zsh, fish, PowerShell) for occam')
    .option('--json', 'print {shell, script} as one JSON document')
    .action((shell: string, opts) => {
      const json = wantsJson(opts);
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw new VerbError(`unknown shell "${shell}"; expected ${SHELLS.join(', ')}`, EXIT.usage, json ? { error: `unknown shell: ${shell}` } : undefined);
      }
      const script = completionScript(shell as Shell, completionModel(program));
      if (json) printJson({ shell, script });
      else printOut(script);
    });
}
