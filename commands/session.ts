// `occam session`: session profiles — init, list, import, export-state (operator.md §13). Header values are never
// printed; files are owner-only.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { SessionError, sessionExportState, sessionImport, sessionInit, sessionList } from '../src/operator/sessions.ts';
import { findBrowser } from '../src/operator/doctor/checks.ts';
import { EXIT, VerbError, printErr, printJson, printOut, wantsJson } from './output.ts';
import { canPrompt, pressEnter } from './operator-common.ts';

function emit(json: boolean, value: Record<string, unknown>, human: string): void {
  if (json) printJson(value);
  else printOut(human);
}

async function guarded<T>(fn: () => Promise<T> | T, json: boolean): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SessionError) throw new VerbError(err.message, err.exitCode, json ? { ok: false, error: err.message } : undefined);
    throw err;
  }
}

export function register(program: Command): void {
  const session = program.command('session').description('session profiles: named HTTP header bags (cookies) for sites that need a login');

  session
    .command('init')
    .description('create the sessions directory (README, .gitignore, states/, _imports/)')
    .option('--json', 'JSON output')
    .action((opts) => {
      const r = sessionInit(processContext());
      emit(wantsJson(opts), r, `${r.message}: ${r.sessionsRoot}`);
    });

  session
    .command('list')
    .description('list profiles with header names only (never values)')
    .option('--json', 'JSON output')
    .action(async (opts) => {
      const r = await sessionList(processContext());
      const lines = r.profiles.map((p) => `  ${p.id}: ${p.headers.join(', ') || '(no headers)'}${p.hosts.length ? ` — ${p.hosts.join(', ')}` : ''}${p.usable ? '' : ` [${p.problem}]`}`);
      emit(wantsJson(opts), r, [`${r.count} profile(s) in ${r.sessionsRoot}`, ...lines].join('\n'));
    });

  session
    .command('import')
    .description('create a profile from a Netscape cookies.txt export')
    .option('--from <file>', 'cookies.txt to read')
    .option('--host <domain>', 'keep cookies of this domain (either contains the other)')
    .option('--all', 'keep every cookie (sent to every site!)')
    .option('--id <id>', 'profile id (default <host>.imported or browser.export)')
    .option('--user-agent <ua>', 'also send this User-Agent')
    .option('--label <text>', 'human label')
    .option('--force', 'replace an existing profile')
    .option('--keep-import', 'keep a copy of the source under _imports/')
    .option('--json', 'JSON output')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const r = await guarded(() => sessionImport(processContext(), opts), json);
      for (const w of r.warnings ?? []) printErr(`occam session: warning: ${w}`);
      emit(json, r, `imported ${r.cookiesImported} cookie(s) into "${r.id}" (${r.path}); ${r.skippedExpired} expired skipped. Use session_profile: "${r.id}".`);
    });

  session
    .command('export-state')
    .description('log in with a real browser and save its storage state (needs a terminal)')
    .requiredOption('--url <url>', 'page to open')
    .option('--id <id>', 'profile id')
    .option('--state-file <name>', 'file name under states/')
    .option('--user-agent <ua>', 'browser User-Agent')
    .option('--no-write-profile', 'save only the storage state')
    .option('--force', 'replace an existing profile')
    .option('--timeout-ms <n>', 'browser timeout', '60000')
    .option('--json', 'JSON output')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      if (!canPrompt(ctx)) throw new VerbError('export-state needs an interactive terminal (you log in, then press Enter)', EXIT.usage, json ? { ok: false, error: 'needs_terminal' } : undefined);
      const browser = findBrowser(ctx);
      if (!browser.path) throw new VerbError(`no browser: ${browser.reason}`, EXIT.failed);
      const r = await guarded(
        () =>
          sessionExportState(
            ctx,
            { url: opts.url, id: opts.id, stateFile: opts.stateFile, userAgent: opts.userAgent, writeProfile: opts.writeProfile, force: opts.force, timeoutMs: Number(opts.timeoutMs) || 60_000, executablePath: browser.path! },
            () => pressEnter(ctx, 'Log in in the browser window, then press Enter here…'),
          ),
        json,
      );
      emit(json, r, `saved storage state for "${r.id}" (${r.cookies} cookies) to ${r.statePath}`);
    });

  session
    .command('rm')
    .argument('<id>')
    .description('remove a profile (not available in this release)')
    .action(() => {
      throw new VerbError('session rm is not available in this release; delete <sessions>/<id>.json by hand', EXIT.usage);
    });
}
