// `occam smoke`: start `occam mcp`, handshake, tools/list count = effective profile, optional live probe
// (operator.md §12). The report is the last stdout line.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { runSmoke, DEMO_PROBE } from '../src/operator/smoke.ts';
import { printErr, printOut } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('smoke')
    .description('start occam mcp and check the handshake, the tool count of the active profile and one probe (of the bundled demo page unless --url)')
    .option('--offline', 'skip the occam_probe call')
    .option('--url <url>', `probe this live page instead of ${DEMO_PROBE} (needs the network)`)
    .option('--quiet', 'print only the JSON line')
    .option('--json', 'same output (the JSON line is always printed last)')
    .addHelpText('after', '\nExit codes: 0 passed · 1 failed.')
    .action(async (opts) => {
      const ctx = processContext();
      const launch = desiredLaunch(ctx, runtimeInfo());
      const quiet = opts.quiet || /^(1|true)$/i.test(ctx.env.OCCAM_INSTALL_QUIET ?? '');
      const report = await runSmoke(launch.entry, ctx.env, { offline: opts.offline, url: opts.url });
      if (!quiet) {
        const probe = report.steps.probe;
        const probed = probe ? `; probe of ${probe.target === 'demo' ? `${DEMO_PROBE} (no network; --url probes a live page)` : probe.url} ${probe.ok ? 'ok' : 'FAILED'}` : '; no probe (--offline)';
        printErr(`smoke: initialize ${report.steps.initialize.ok ? 'ok' : 'FAILED'}; tools/list ${report.steps.toolsList.count}/${report.expected} (profile ${report.profile})${probed}`);
        for (const e of report.errors) printErr(`smoke: ${e}`);
      }
      printOut(JSON.stringify(report));
      process.exitCode = report.ok ? 0 : 1;
    });
}
