// `occam update`: read-only release check with SemVer precedence (operator.md §17). `--apply` is deferred.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { checkUpdate } from '../src/operator/info.ts';
import { EXIT, VerbError, printErr, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('update')
    .description('check whether a newer release exists (read-only)')
    .option('--json', 'JSON output')
    .option('--apply', 'install the update (not available in this release)')
    .addHelpText('after', '\nExit codes: 0 up to date or an update is available · 1 the release check failed (offline, endpoint refused) · 2 usage.')
    .action(async (opts) => {
      if (opts.apply) throw new VerbError('update --apply is not available in this release; re-run the install command from INSTALL.md', EXIT.usage);
      const ctx = processContext();
      const r = await checkUpdate(ctx, desiredLaunch(ctx, runtimeInfo()).occamHome, process.arch, async (url) => {
        const res = await fetch(url, { headers: { accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(15_000) });
        return { status: res.status, json: () => res.json() };
      });
      if (wantsJson(opts)) printJson(r);
      else if (r.error) printErr(`occam update: ${r.error}\n${r.upgradeHint ?? ''}`);
      else printOut(r.updateAvailable ? `Occam ${r.latest} is available (installed ${r.installed}). ${r.upgradeHint}` : `Occam ${r.installed} is up to date${r.latest ? ` (latest ${r.latest})` : ''}.`);
      // A check that could not run did not find the install up to date: scripts must not read it as success.
      process.exitCode = r.error ? EXIT.failed : EXIT.ok;
    });
}
