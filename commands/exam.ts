// `occam exam grade|record|report|simulate|cache|tasks|selftest|harness-selftest` (exam.md §11–12): commander
// sub-commands that turn flags into calls of src/exam/verbs.ts (and h3-study.ts). `--help` has no side effects;
// every sub-command takes `--json`. Exit codes: 0 ok · 1 ran and failed · 2 usage (a missing or unreadable input too).
import { Command, CommanderError, Option } from 'commander';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { processContext, type RuntimeContext } from '../src/runtime/context.ts';
import { readEnv } from '../src/config/env.ts';
import type { AttestationVerifier } from '../src/exam/transcript/attestation.ts';
import type { ExamIo } from '../src/exam/verbs.ts';
import { EXAM_EXIT, EXAM_MARKERS } from '../src/exam/markers.ts';
import { canPrompt, terminalPrompter } from './operator-common.ts';

export type { ExamIo };

export { EXAM_MARKERS };

const EXIT = EXAM_EXIT;

/** Verifies with the install's signing key, if one exists (reading a key never mints one). */
async function installVerifier(runtime: RuntimeContext): Promise<AttestationVerifier | undefined> {
  const [{ occamPaths }, { attestationBytes }, { openKeyStore, SIGNING_KEY_FILE }, { verifyDetached }] = await Promise.all([
    import('../src/config/paths.ts'),
    import('../src/exam/transcript/attestation.ts'),
    import('../src/trust/keys.ts'),
    import('../src/trust/receipts/sign.ts'),
  ]);
  try {
    const dir = occamPaths(runtime).keysDir;
    if (!existsSync(join(dir, SIGNING_KEY_FILE))) return undefined;
    const store = openKeyStore(dir);
    return (session, att) => {
      const key = store.publicKeyFor(att.keyId);
      return key !== null && verifyDetached(key, attestationBytes(session, att), att.sig);
    };
  } catch {
    return undefined; // an unreadable key verifies nothing: attested verdicts grade as claimed
  }
}

function walkFiles(path: string): string[] | null {
  try {
    if (!statSync(path).isDirectory()) return null;
  } catch {
    return null;
  }
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.isFile() && /\.(jsonl|json|ndjson|log)$/i.test(e.name)) out.push(p);
    }
  };
  visit(path);
  return out;
}

export function processExamIo(): ExamIo {
  const runtime = processContext();
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    maxBytes: readEnv<number>('OCCAM_EXAM_MAX_BYTES', runtime.env, runtime.warn),
    writeText: (p, t) => {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, t, 'utf8');
    },
    listFiles: walkFiles,
    now: runtime.now,
    openStore: async () => (await import('../src/store/exam-grades.ts')).openExamGradeStore(runtime as RuntimeContext),
    attestationVerifier: () => installVerifier(runtime),
    confirm: async (message) => (canPrompt(runtime) ? terminalPrompter(runtime).confirm(message) : null),
  };
}

const SUBVERBS = ['grade', 'record', 'report', 'simulate', 'cache', 'tasks', 'selftest', 'harness-selftest'] as const;
export const EXAM_SUBVERBS = SUBVERBS;

const USAGE = [
  'usage: occam exam <subverb>   (occam exam <subverb> --help for its options and examples)',
  '  grade --submission P [--out R] [--write-env E] [--apply [--yes]]  grade one record or transcript (envelope occam-exam-grade-v1)',
  '  grade <file...> [--json] [--apply [--yes]]                        grade many records/transcripts: one row per session',
  '  record <transcript> [--out R] [--session ID]                      derive the behaviour record of a recorded session',
  '  report <dir|file...> [--json] [--markdown OUT]                    H3 study: behavioural tier vs static model-name map',
  '  simulate [--out DIR] [--json]                                     the H3 study end to end on synthetic agents',
  '  cache list|clear [--json]                                         the stored grades that size the next session',
  '  tasks [--out P]                                                   print the task catalogue JSON',
  '  selftest | harness-selftest                                       run the engine / harness-format assertions',
  `markers: ${EXAM_MARKERS.selftestOk}, ${EXAM_MARKERS.selftestFailed} checks_failed=<n>, ${EXAM_MARKERS.gradeOk}, ${EXAM_MARKERS.harnessOk}`,
  'exit codes: 0 ok · 1 ran and failed (rejected record, no Occam calls, failed check) · 2 usage (missing/unreadable input)',
].join('\n');

const FORMATS_NOTE =
  'Transcripts: `occam mcp --record` JSONL, a JSON-RPC log, Claude Code project JSONL, Codex rollouts, Claude Desktop mcp-server-*.log, the VS Code MCP output log (UTF-8 or UTF-16).';

/** Whether an argv (after the executable and script) is an `exam` invocation at all. */
export function claimsArgv(args: readonly string[]): boolean {
  return args[0] === 'exam';
}

type Done = (code: number) => void;

/** Whether --json was given on the sub-command or before the verb. */
const jsonOf = (cmd: Command): boolean => cmd.optsWithGlobals().json === true;

/**
 * Adds `exam` and its sub-commands to a program. `done` receives each action's exit code; `io` is built lazily
 * (so `--help` touches nothing).
 */
export function addExamCommand(program: Command, io: () => ExamIo, done: Done): Command {
  const exam = program
    .command('exam')
    .description('capability exam: grade records and transcripts, derive records, H3 study and simulation, grade cache, self-tests')
    .argument('[subverb]', 'one of: ' + SUBVERBS.join(', '))
    .allowUnknownOption()
    .allowExcessArguments()
    .helpCommand(false)
    .addHelpText('after', `\n${FORMATS_NOTE}`)
    .action((sub: string | undefined) => {
      // Bare `exam`, `exam help` and an unknown subverb are usage errors (exam.md §11: exit 2, usage on stderr).
      const target = io();
      target.err(`${sub === undefined || sub === 'help' ? '' : `occam exam: unknown subverb ${JSON.stringify(sub)}\n`}${USAGE}\n`);
      done(EXIT.usage);
    });
  const json = () => new Option('--json', 'machine-readable output (errors as {ok:false, code, message})');
  const lib = () => import('../src/exam/verbs.ts');

  const grade = exam
    .command('grade')
    .description('grade behaviour records and transcripts (every session of a transcript on its own)')
    .argument('[files...]', 'records or transcripts (- for stdin)')
    .option('-s, --submission <path>', 'one record or transcript → the grade envelope on stdout (or --out)')
    .option('-o, --out <path>', 'write the envelope to a file (EXAM_GRADE_OK then goes to stdout)')
    .option('--write-env <path>', 'write OCCAM_PROFILE=<profile> to a file')
    .option('--apply', 'store the grade(s) under client name/version + model so the next `occam mcp` (OCCAM_EXAM_MCP=1) of that client and model starts on that surface; prints each subject and asks to confirm')
    .option('-y, --yes', 'confirm --apply without a prompt (scripts)')
    .addOption(json())
    // The reference grammar ignores unknown tokens; harness scripts rely on it.
    .allowUnknownOption()
    .addHelpText(
      'after',
      [
        '',
        FORMATS_NOTE,
        'Inputs are streamed under OCCAM_EXAM_MAX_BYTES (default 1 GiB); devices, FIFOs and directories are refused.',
        'A tier above medium is applied or stored only when the canary verdict is this host\'s proof (host-authority or',
        'host-attestation); a claimed canary grades as usual but applies as medium.',
      ].join('\n'),
    )
    .action(async (files: string[], opts: { submission?: string; out?: string; writeEnv?: string; apply?: boolean; yes?: boolean }, cmd: Command) => {
      const target = io();
      const positional = files.filter((f) => f === '-' || !f.startsWith('-'));
      if (opts.submission === undefined && positional.length === 0) {
        target.err(`occam exam grade: no submission given\nusage: occam exam grade --submission P | occam exam grade <file...>   (occam exam grade --help)\n`);
        if (jsonOf(cmd)) target.out(`${JSON.stringify({ ok: false, code: 'invalid_arguments', message: 'no submission given' }, null, 2)}\n`);
        return done(EXIT.usage);
      }
      const { runGrade } = await lib();
      done(await runGrade({ submission: opts.submission ?? null, files: positional, out: opts.out ?? null, writeEnv: opts.writeEnv ?? null, apply: opts.apply === true, yes: opts.yes === true, json: jsonOf(cmd) }, target));
    });
  void grade;

  exam
    .command('record')
    .description('derive the behaviour record of one recorded session; its evidence block names each field\'s line')
    .argument('<transcript>', 'a transcript file (- for stdin)')
    .option('-o, --out <path>', 'write the record to a file instead of stdout')
    .option('--session <id>', 'pick one session of a transcript that holds several')
    .addOption(json())
    .addHelpText('after', `\n${FORMATS_NOTE}`)
    .action(async (path: string, opts: { out?: string; session?: string }, cmd: Command) => {
      const { runRecord } = await lib();
      done(await runRecord(path, { out: opts.out ?? null, session: opts.session ?? null, json: jsonOf(cmd) }, io()));
    });

  exam
    .command('report')
    .description('H3 study: outcomes of sessions sized by the behavioural tier vs by a static model-name map')
    .argument('<targets...>', 'directories (walked for .json/.jsonl/.ndjson/.log) or files')
    .option('--markdown <path>', 'also write the Markdown report (with its SVG plot beside it)')
    .option('--model-map <path>', 'the static model-name map (JSON rules); default: the built-in map of exam.md §10')
    .option('--seed <n>', 'bootstrap seed (intervals are reproducible)', '31')
    .addOption(json())
    .addHelpText('after', '\nSee docs/exam-h3.md for how to run the study and what would refute H3.')
    .action(async (targets: string[], opts: { markdown?: string; modelMap?: string; seed: string }, cmd: Command) => {
      const { runReport } = await import('../src/exam/h3-study.ts');
      const seed = Number(opts.seed);
      if (!Number.isInteger(seed)) {
        io().err(`occam exam report: --seed must be an integer (got ${JSON.stringify(opts.seed)})\n`);
        return done(EXIT.usage);
      }
      done(await runReport({ targets, markdown: opts.markdown ?? null, modelMap: opts.modelMap ?? null, seed, json: jsonOf(cmd) }, io()));
    });

  exam
    .command('simulate')
    .description('run the H3 study end to end on synthetic agents of known competence (scripted MCP SDK clients)')
    .option('--out <dir>', 'keep the recorded transcripts and the report here (default: a temporary directory)')
    .option('--sessions <n>', 'sessions per synthetic agent and phase', '40')
    .option('--seed <n>', 'randomness seed', '31')
    .addOption(json())
    .addHelpText('after', '\nTwo "model names" front three skill levels; one changes skill behind its stable name. The behavioural arm\nmust see the change, the static map cannot. See docs/exam-h3.md.')
    .action(async (opts: { out?: string; sessions: string; seed: string }, cmd: Command) => {
      const sessions = Number(opts.sessions);
      const seed = Number(opts.seed);
      if (!Number.isInteger(sessions) || sessions < 1 || !Number.isInteger(seed)) {
        io().err('occam exam simulate: --sessions must be a positive integer and --seed an integer\n');
        return done(EXIT.usage);
      }
      const { runSimulate } = await import('../src/mcp/exam-simulate.ts');
      done(await runSimulate({ out: opts.out ?? null, sessions, seed, json: jsonOf(cmd) }, io(), processContext()));
    });

  exam
    .command('cache')
    .description('the stored grades that size the next session (24 h TTL, 1024 keys: client name/version + model)')
    .argument('<action>', 'list or clear')
    .addOption(json())
    .action(async (action: string, _opts: unknown, cmd: Command) => {
      if (action !== 'list' && action !== 'clear') {
        io().err(`occam exam cache: unknown action ${JSON.stringify(action)} (list or clear)\n`);
        return done(EXIT.usage);
      }
      const { runCache } = await lib();
      done(await runCache(action, jsonOf(cmd), io()));
    });

  exam
    .command('tasks')
    .description('print the task catalogue JSON (exam.md §3.5)')
    .option('-o, --out <path>', 'write it to a file')
    .addOption(json())
    .action(async (opts: { out?: string }) => {
      const { runTasks } = await lib();
      done(runTasks(io(), opts.out ?? null));
    });

  for (const [name, harness] of [['selftest', false], ['harness-selftest', true]] as const) {
    exam
      .command(name)
      .description(harness ? `run the harness-format assertions (${EXAM_MARKERS.harnessOk})` : `run the engine assertions (${EXAM_MARKERS.selftestOk})`)
      .addOption(json())
      .action(async (_opts: unknown, cmd: Command) => {
        const { runSelftest } = await lib();
        done(runSelftest(io(), jsonOf(cmd), harness));
      });
  }
  return exam;
}

/** Runs `occam exam <args>` in-process (tests, bench) and returns the exit code. Help and usage go to `io`. */
export async function runExam(args: readonly string[], io: ExamIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command('occam').option('--json').exitOverride();
  program.configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  const exam = addExamCommand(program, () => io, (c) => (code = c));
  exam.exitOverride();
  for (const sub of exam.commands) {
    sub.exitOverride();
    sub.configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  }
  try {
    await program.parseAsync(['exam', ...args], { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.code === 'commander.helpDisplayed' || err.code === 'commander.help' ? EXIT.ok : EXIT.usage;
    throw err;
  }
  return code;
}

export function register(program: Command): void {
  let io: ExamIo | null = null;
  const exam = addExamCommand(program, () => (io ??= processExamIo()), (code) => {
    process.exitCode = code;
  });
  // A sub-command's usage error is a CommanderError for bin/occam.ts (exit 2), never commander's own process.exit(1).
  for (const sub of exam.commands) sub.exitOverride();
}
