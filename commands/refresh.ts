// `occam refresh` (alias `restart`): stop this install's running MCP servers, re-run doctor, optionally smoke,
// then print host reload hints (operator.md §14). Refreshes processes, never configs.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { desiredLaunch } from '../src/operator/entry.ts';
import { findOurServers, stopProcesses } from '../src/operator/processes.ts';
import { runDoctor } from '../src/operator/doctor/checks.ts';
import { selfVerify } from '../src/operator/verify.ts';
import { EXIT, printErr, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

const HINTS = [
  'Cursor: Settings → MCP → reload ff-occam',
  'Claude Desktop: fully quit and relaunch',
  'VS Code: Reload Window',
  'Hermes: restart the ff-occam child (start a new session)',
  'Claude Code / Codex / Gemini: start a new session',
];

export function register(program: Command): void {
  program
    .command('refresh')
    .alias('restart')
    .description("stop this install's running MCP servers, re-run doctor, optionally smoke")
    .option('--dry-run', 'list the processes that would be stopped; change nothing')
    .option('--skip-stop', 'do not stop processes')
    .option('--skip-doctor', 'do not run doctor')
    .option('--smoke', 'also start occam mcp and check tools/list')
    .option('--json', 'JSON output')
    .addHelpText('after', '\nExit codes: 0 ok · 1 doctor or smoke failed · 2 a process is still running.')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const rt = runtimeInfo();
      const launch = desiredLaunch(ctx, rt);
      const found = await findOurServers(ctx, launch.occamHome);
      const processes = (found ?? []).map((p) => ({ pid: p.pid, command: p.argv.join(' ') }));
      const report: Record<string, unknown> = { ok: true, occamHome: launch.occamHome, dryRun: Boolean(opts.dryRun), processes, stopped: [], stillRunning: [], hints: HINTS };
      if (found === null) report.warning = 'process listing is not supported on this platform; nothing was stopped';
      let code: number = EXIT.ok;
      if (!opts.dryRun) {
        if (!opts.skipStop && found && found.length > 0) {
          if (!json) printErr(`occam refresh: stopping ${found.length} process(es)…`);
          const still = await stopProcesses(found.map((p) => p.pid));
          report.stopped = found.map((p) => p.pid).filter((pid) => !still.includes(pid));
          report.stillRunning = still;
          if (still.length > 0) code = EXIT.usage;
        }
        if (!opts.skipDoctor) {
          const doc = await runDoctor(ctx, rt, { skipMcp: true });
          report.doctor = { ok: doc.ok, status: doc.status, failed: doc.checks.filter((c) => c.status === 'fail').map((c) => c.id) };
          if (!doc.ok && code === EXIT.ok) code = EXIT.failed;
        }
        if (opts.smoke) {
          const sv = await selfVerify(launch.entry, ctx.env, { clientName: 'occam-refresh' });
          report.smoke = { ok: sv.ok, toolCount: sv.toolCount, expected: sv.expected, error: sv.error ?? null };
          if (!sv.ok && code === EXIT.ok) code = EXIT.failed;
        }
      }
      report.ok = code === EXIT.ok;
      if (json) printJson(report);
      else {
        const lines = [
          `${opts.dryRun ? 'would stop' : 'processes'}: ${processes.length === 0 ? 'none' : processes.map((p) => `${p.pid} ${p.command}`).join('\n  ')}`,
          ...(report.doctor ? [`doctor: ${(report.doctor as { status: string }).status}`] : []),
          ...(report.smoke ? [`smoke: ${(report.smoke as { ok: boolean }).ok ? 'ok' : 'FAILED'}`] : []),
          'Reload Occam in your apps:',
          ...HINTS.map((h) => `  ${h}`),
        ];
        printOut(lines.join('\n'));
      }
      process.exitCode = code;
    });
}
