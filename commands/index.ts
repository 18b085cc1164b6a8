// The verb registry: builds the commander program from the list of verb modules. Each module registers one
// verb (with its sub-verbs) and stays thin; the work happens in src/.
import { Command, CommanderError } from 'commander';
import { EXIT, VerbError, printErr, printJson } from './output.ts';
import { VERSION_STRING } from '../src/version.ts';
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
import * as read from './read.ts';
import * as digest from './digest.ts';
import * as map from './map.ts';
import * as playbook from './playbook.ts';
import * as batch from './batch.ts';

export interface VerbModule {
  register: (program: Command) => void;
}

/** Order here is the order in `occam --help`. */
export const VERBS: readonly VerbModule[] = [mcp, read, digest, map, batch, exam, connect, disconnect, doctor, session, refresh, snippet, install, uninstall, smoke, status, update, onboard, installBrowser, versionSurface, keys, canary, verify, playbook, help];

/**
 * `versionFlag: false` leaves `--version` to the verb: commander would otherwise read a program-level `--version`
 * anywhere on the line, and the bootstrap's `occam install --from-dir D --version <ver>` (operator.md §16.2) would
 * print the version instead of installing.
 */
export function buildProgram(opts: { versionFlag?: boolean } = {}): Command {
  const program = new Command('occam')
    .description('Occam — reads web pages into compact, source-linked Markdown for AI agents (CLI + MCP server).');
  if (opts.versionFlag !== false) program.version(VERSION_STRING, '--version', 'print the version and exit');
  program
    .option('--json', 'machine-readable output (one JSON document on stdout)')
    .showSuggestionAfterError(true)
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .addHelpText(
      'after',
      '\nExit codes: 0 success · 1 ran and failed / not verified · 2 usage error or unreadable input.\n' +
        'Docs: README.md, INSTALL.md, docs/verbs/*.md, docs/tools/*.md',
    );
  for (const verb of VERBS) verb.register(program);
  program.exitOverride();
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const args = argv.slice(2);
  const verbAt = args.findIndex((a) => !a.startsWith('-'));
  const program = buildProgram({ versionFlag: !(verbAt >= 0 && args.indexOf('--version') > verbAt) });
  if (args.length === 0) {
    program.outputHelp({ error: true });
    return EXIT.failed;
  }
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
        return EXIT.ok;
      }
      if (err.code === 'commander.unknownCommand') {
        if (args.includes('--json')) printJson({ error: `unknown command: ${args.find((a) => !a.startsWith('-'))}` });
        return EXIT.failed;
      }
      return EXIT.usage;
    }
    if (err instanceof VerbError) {
      if (err.json !== undefined) printJson(err.json);
      if (err.message) printErr(`occam: ${err.message}`);
      return err.exitCode;
    }
    printErr(`occam: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return EXIT.failed;
  }
}
