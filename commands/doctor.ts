// `occam doctor`: read-only health report (operator.md §11); `--fix` applies only safe repairs.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { runDoctor, type DoctorReport } from '../src/operator/doctor/checks.ts';
import { EXIT, paint, printErr, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function doctorExitCode(report: DoctorReport, strict: boolean): number {
  if (report.status === 'fail') return EXIT.failed;
  if (strict && report.status === 'warn') return EXIT.failed;
  return EXIT.ok;
}

export function register(program: Command): void {
  program
    .command('doctor')
    .description('read-only health report of this install, its state, browser, hosts and ports')
    .option('--json', 'one JSON report on stdout')
    .option('--fix', 'apply safe repairs (create the state dir, tighten permissions)')
    .option('--strict', 'warnings fail too')
    .option('--skip-browser', 'do not check the browser')
    .option('--skip-mcp', 'do not start occam mcp')
    .option('--quiet', 'print only problems')
    .option('--verbose', 'print data of every check')
    .addHelpText('after', '\nExit codes: 0 no failure (warnings allowed) · 1 any failure (or warning with --strict) · 2 usage.')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const report = await runDoctor(ctx, runtimeInfo(), { fix: opts.fix, skipBrowser: opts.skipBrowser, skipMcp: opts.skipMcp });
      const code = doctorExitCode(report, Boolean(opts.strict));
      if (json) printJson(report);
      else {
        const c = paint(ctx);
        const quiet = opts.quiet || /^(1|true)$/i.test(ctx.env.OCCAM_INSTALL_QUIET ?? '');
        const mark = { pass: c.green('✓'), warn: c.yellow('!'), fail: c.red('✗'), skip: c.dim('-') } as const;
        const lines: string[] = [];
        for (const check of report.checks) {
          if (quiet && (check.status === 'pass' || check.status === 'skip')) continue;
          lines.push(`${mark[check.status]} ${check.id}: ${check.message}`);
          if (check.fix && check.status !== 'pass') lines.push(`    fix: ${check.fix}`);
          if (opts.verbose && Object.keys(check.data).length) lines.push(`    ${JSON.stringify(check.data)}`);
        }
        lines.push(code === 0 ? c.green('doctor: OK') : c.red('doctor: FAILED'));
        (quiet ? printErr : printOut)(lines.join('\n'));
      }
      process.exitCode = code;
    });
}
