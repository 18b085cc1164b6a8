// `occam smoke`: start `occam mcp`, handshake, tools/list count = effective profile, optional live probe
// (operator.md §12). The report is the last stdout line.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { runSmoke, DEFAULT_PROBE_URL } from '../src/operator/smoke.ts';
import { printErr, printOut } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('smoke')
    .description('start occam mcp and check the handshake, the tool count of the active profile and one probe')
    .option('--offline', 'skip the live occam_probe call')
    .option('--url <url>', `URL for the probe (default ${DEFAULT_PROBE_URL})`)
    .option('--quiet', 'print only the JSON line')
    .option('--json', 'same output (the JSON line is always printed last)')
    .addHelpText('after', '\nExit codes: 0 passed · 1 failed.')
    .action(async (opts) => {
      const ctx = processContext();
      const launch = desiredLaunch(ctx, runtimeInfo());
      const quiet = opts.quiet || /^(1|true)$/i.test(ctx.env.OCCAM_INSTALL_QUIET ?? '');
      const report = await runSmoke(launch.entry, ctx.env, { offline: opts.offline, url: opts.url });
      if (!quiet) {
        printErr(`smoke: initialize ${report.steps.initialize.ok ? 'ok' : 'FAILED'}; tools/list ${report.steps.toolsList.count}/${report.expected} (profile ${report.profile})${report.steps.probe ? `; probe ${report.steps.probe.ok ? 'ok' : 'FAILED'}` : ''}`);
        for (const e of report.errors) printErr(`smoke: ${e}`);
      }
      printOut(JSON.stringify(report));
      process.exitCode = report.ok ? 0 : 1;
    });
}
