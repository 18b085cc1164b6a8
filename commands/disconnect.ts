// `occam disconnect`: remove only Occam-managed ff-occam registrations (operator.md §10).
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { runDisconnect, type DisconnectRow } from '../src/operator/disconnect.ts';
import { EXIT, paint, printJson, printOut, wantsJson } from './output.ts';
import { collectList, runtimeInfo } from './operator-common.ts';

/** One host's line: what was planned, what happened, why (unless that only repeats what happened), where. */
export function disconnectLine(r: DisconnectRow): string {
  const why = r.reason && r.reason !== r.outcome ? ` (${r.reason})` : '';
  return `  ${r.name}: ${r.action} → ${r.outcome}${why}${r.path ? ` [${r.path}]` : ''}`;
}

export function register(program: Command): void {
  program
    .command('disconnect')
    .description('remove only the ff-occam entries Occam wrote (user entries and unmanaged ff-occam stay)')
    .option('--json', 'one JSON report on stdout')
    .option('--dry-run', 'show the plan; change nothing')
    .option('--only <ids>', 'only these hosts (comma list, repeatable)', collectList)
    .addHelpText('after', '\nExit codes: 0 ok · 1 blocked or incomplete · 2 usage.')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const report = await runDisconnect(ctx, runtimeInfo(), { dryRun: opts.dryRun, only: opts.only });
      if (json) printJson(report);
      else {
        const c = paint(ctx);
        const lines = report.rows
          .filter((r) => r.action !== 'absent')
          .map(disconnectLine);
        printOut([...lines, report.ok ? c.green(report.message) : c.red(report.message)].join('\n'));
      }
      process.exitCode = report.ok ? EXIT.ok : EXIT.failed;
    });
}
