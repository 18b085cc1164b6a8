// `occam uninstall`: disconnect, then remove launchers and the recognised install tree; state kept unless
// --remove-state (operator.md §10).
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { runUninstall } from '../src/operator/uninstall.ts';
import { EXIT, paint, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('uninstall')
    .description('remove Occam: its host registrations, launcher and install tree (state kept by default)')
    .option('--dry-run', 'list what would be removed; change nothing')
    .option('--remove-cache', 'also remove the response cache (only if it holds nothing but cache entries)')
    .option('--remove-state', 'also remove ~/.occam (keys, sessions, settings) — last, only if all else succeeded')
    .option('--json', 'one JSON report on stdout')
    .addHelpText('after', '\nExit codes: 0 ok · 1 blocked or incomplete · 2 usage.')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const report = await runUninstall(ctx, runtimeInfo(), { dryRun: opts.dryRun, removeCache: opts.removeCache, removeState: opts.removeState });
      if (json) printJson(report);
      else {
        const c = paint(ctx);
        const lines = [
          ...report.disconnect.rows.filter((r) => r.action !== 'absent').map((r) => `  host ${r.name}: ${r.action}${r.outcome !== 'planned' ? ` → ${r.outcome}` : ''}`),
          ...report.targets.map((t) => `  ${t.kind} ${t.path}: ${t.action}${t.outcome ? ` → ${t.outcome}` : ''} (${t.reason})`),
          report.ok ? c.green(report.message) : c.red(report.message),
        ];
        printOut(lines.join('\n'));
      }
      process.exitCode = report.ok ? EXIT.ok : EXIT.failed;
    });
}
