// `occam status`: version, install root, onboard file state, last connect result (operator.md §17).
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { statusReport } from '../src/operator/info.ts';
import { printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('status')
    .description('version, install root, onboard settings and the last connect result')
    .option('--json', 'JSON output')
    .action((opts) => {
      const ctx = processContext();
      const r = statusReport(ctx, desiredLaunch(ctx, runtimeInfo()).occamHome);
      if (wantsJson(opts)) printJson(r);
      else {
        printOut(
          [
            `Occam ${r.version} (${r.occamHome})`,
            `settings: ${r.onboard.present ? r.onboard.path : 'defaults (no onboard.json)'}${r.onboard.warnings.length ? ` — ${r.onboard.warnings.join(', ')}` : ''}`,
            `last connect: ${r.lastConnect ? `${r.lastConnect.status} (${r.lastConnect.at})` : 'never'}`,
          ].join('\n'),
        );
      }
    });
}
