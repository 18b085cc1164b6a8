// `occam update`: read-only release check with SemVer precedence (operator.md §17). `--apply` is deferred.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { checkUpdate } from '../src/operator/info.ts';
import { EXIT, VerbError, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('update')
    .description('check whether a newer release exists (read-only)')
    .option('--json', 'JSON output')
    .option('--apply', 'install the update (not available in this release)')
    .action(async (opts) => {
      if (opts.apply) throw new VerbError('update --apply is not available in this release; re-run the install command from INSTALL.md', EXIT.usage);
      const ctx = processContext();
      const r = await checkUpdate(ctx, desiredLaunch(ctx, runtimeInfo()).occamHome, process.arch, async (url) => {
        const res = await fetch(url, { headers: { accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(15_000) });
        return { status: res.status, json: () => res.json() };
      });
      if (wantsJson(opts)) printJson(r);
      else printOut(r.error ? `${r.error}\n${r.upgradeHint ?? ''}` : r.updateAvailable ? `Occam ${r.latest} is available (installed ${r.installed}). ${r.upgradeHint}` : `Occam ${r.installed} is up to date${r.latest ? ` (latest ${r.latest})` : ''}.`);
    });
}
