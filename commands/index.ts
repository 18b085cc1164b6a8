// The verb registry: builds the commander program from the list of verb modules. Each module registers one
// verb (with its sub-verbs) and stays thin; the work happens in src/.
import { Command, CommanderError } from 'commander';
import { EXIT, VerbError, jsonWasPrinted, printErr, printJson } from './output.ts';
import { BUILD_COMMIT, BUILD_KIND, VERSION, VERSION_STRING } from '../src/version.ts';
import * as mcp from './mcp.ts';
import * as exam from './exam.ts';
import * as connect from './connect.ts';
import * as disconnect from './disconnect.ts';
import * as doctor from './doctor.ts';
import * as session from './session.ts';
import * as refresh from './refresh.ts';
import * as snippet from './snippet.ts';
import * as install from './install.ts';
import * as uninstall from './uninstall.ts';
import * as smoke from './smoke.ts';
import * as status from './status.ts';
import * as update from './update.ts';
import * as help from './help.ts';
import * as onboard from './onboard.ts';
import * as installBrowser from './install-browser.ts';
import * as versionSurface from './version-surface.ts';
import * as keys from './keys.ts';
import * as canary from './canary.ts';
import * as verify from './verify.ts';
import * as receipts from './receipts.ts';
import * as read from './read.ts';
import * as digest from './digest.ts';
import * as map from './map.ts';
import * as playbook from './playbook.ts';
import * as batch from './batch.ts';
import * as completion from './completion.ts';
import { PROGRAM_EXAMPLES, examplesText, groupTitle, guideFor } from './guide.ts';

export interface VerbModule {
  register: (program: Command) => void;
}

/** Order here is the order in `occam --help` (within the help groups of commands/guide.ts). */
export const VERBS: readonly VerbModule[] = [
  read, digest, map, batch, session, playbook,
  mcp, smoke, refresh,
  install, connect, disconnect, doctor, snippet, onboard, installBrowser, status, update, uninstall, completion, versionSurface, help,
  keys, verify, receipts, canary,
  exam,
];

/** Verbs that parse their own arguments (and print their own usage on --help). */
const SELF_PARSING = new Set<string>();

/**
 * `versionFlag: false` leaves `--version` to the verb: commander would otherwise read a program-level `--version`
 * anywhere on the line, and the bootstrap's `occam install --from-dir D --version <ver>` (operator.md §16.2) would
 * print the version instead of installing.
 */
export function buildProgram(opts: { versionFlag?: boolean; json?: boolean } = {}): Command {
  const program = new Command('occam')
    .description('Occam — reads web pages into compact, source-linked Markdown for AI agents (CLI + MCP server).');
  if (opts.versionFlag !== false) program.version(VERSION_STRING, '--version', 'print the version and exit');
  program
    .option('--json', 'machine-readable output (one JSON document on stdout)')
    .showSuggestionAfterError(true)
    // With --json an error is the one JSON document runCli prints, never text beside it.
    .configureOutput({ writeErr: (s) => process.stderr.write(s), ...(opts.json ? { outputError: () => {} } : {}) })
    .addHelpText(
      'after',
      '\nExit codes: 0 success · 1 ran and failed / not verified · 2 usage error or unreadable input.\n' +
        'Docs: README.md, INSTALL.md, docs/verbs/*.md, docs/tools/*.md',
    );
  for (const verb of VERBS) verb.register(program);
  // Help groups and examples come from the guide table; a verb without a row keeps commander's defaults (and
  // fails test/unit/cli/guide.test.ts).
  for (const cmd of program.commands) {
    const guide = guideFor(cmd.name());
    if (!guide) continue;
    cmd.helpGroup(`${groupTitle(guide.group)}:`);
    if (SELF_PARSING.has(cmd.name())) {
      // It prints its own usage: end it the same way.
      cmd.hook('postAction', (_self, action) => {
        const a = action.args;
        if (a[0] === 'help' || a.includes('--help') || a.includes('-h')) process.stdout.write(examplesText(guide.examples));
      });
    } else cmd.addHelpText('after', examplesText(guide.examples));
    for (const sub of cmd.commands) {
      const examples = guide.subExamples?.[sub.name()];
      if (examples) sub.addHelpText('after', examplesText(examples));
    }
  }
  program.addHelpText('after', examplesText(PROGRAM_EXAMPLES));
  // Every command at every depth: usage errors and help come back to runCli as CommanderErrors (exit 2 / 0)
  // instead of commander calling process.exit itself.
  for (const cmd of commandTree(program)) cmd.exitOverride();
  return program;
}

/** `root` and every command under it, depth first (the help walk, completion and exitOverride use it). */
export function commandTree(root: Command): Command[] {
  return [root, ...root.commands.flatMap((c) => commandTree(c))];
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const args = argv.slice(2);
  const verbAt = args.findIndex((a) => !a.startsWith('-'));
  const json = args.includes('--json');
  const program = buildProgram({ versionFlag: !(verbAt >= 0 && args.indexOf('--version') > verbAt), json });
  // `occam --version --json`: the version as the one JSON document --json promises.
  if (json && verbAt < 0 && args.includes('--version')) {
    printJson({ version: VERSION, commit: BUILD_COMMIT, build: BUILD_KIND });
    return EXIT.ok;
  }
  if (args.length === 0) {
    program.outputHelp({ error: true });
    return EXIT.failed;
  }
  // Only global flags and no verb (`occam --json`): a usage error, not an empty success.
  if (verbAt < 0 && !args.some((a) => a === '-h' || a === '--help' || a === '--version')) {
    if (json) printJson({ error: 'no command given: occam <command> [options]' });
    else printErr('usage: occam [--json] <command> [options]\noccam: no command given (occam --help lists the commands)');
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
      // A verb with sub-verbs given none prints its help as an error (commander exit code 1): a usage error.
      if (err.code === 'commander.help') return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      // commander printed the usage error on stderr, or (--json) left it to this one document.
      if (json && !jsonWasPrinted()) printJson({ error: err.message.replace(/^error: /, '') });
      return EXIT.usage;
    }
    if (err instanceof VerbError) {
      if (err.json !== undefined) printJson(err.json);
      else if (json && !jsonWasPrinted()) printJson({ error: err.message });
      if (err.message && !json) printErr(`occam: ${err.message}`);
      return err.exitCode;
    }
    printErr(`occam: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return EXIT.failed;
  }
}
