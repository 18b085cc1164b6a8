// `occam install`: guided first run from a verified release (operator.md §16.3) — staged tree or archive +
// manifest, atomic replace, launcher, PATH, onboard defaults, doctor, smoke, connect. `--yes` for scripts.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { InstallError, runInstall } from '../src/operator/install.ts';
import { VerbError, paint, printErr, printJson, printOut, wantsJson } from './output.ts';
import { canPrompt, terminalPrompter } from './operator-common.ts';
import { completionScript } from '../src/operator/completion.ts';
import { completionModel } from './completion.ts';

export function register(program: Command): void {
  program
    .command('install')
    .description('install a verified Occam release, create the launcher, check it and connect your AI apps')
    .option('--from-dir <dir>', 'a staged release tree (what the bootstrap script extracted)')
    .option('--archive <file>', 'release archive (air-gap install; needs --manifest)')
    .option('--manifest <file>', 'external release manifest of the archive')
    .option('--version <ver>', 'release version the bootstrap verified (passed by get-ff-occam.sh/.ps1)')
    .option('--install-dir <dir>', 'install root (default OCCAM_INSTALL_DIR or ~/.local/share/ff-occam)')
    .option('--setup <mode>', 'auto | manual | ask (default OCCAM_SETUP or auto)')
    .option('--no-connect', 'do not register Occam in AI apps')
    .option('--no-path', 'do not touch PATH')
    .option('-y, --yes', 'non-interactive consent to connect every detected app')
    .option('--json', 'one JSON report on stdout')
    .option('--verbose', 'more progress detail')
    .option('--skip-occam-verify', 'tests only: skip the smoke start of the new binary')
    .addHelpText(
      'after',
      '\nMutates: the install tree, ~/.local/bin launcher(s), the User PATH (Windows), ~/.occam/onboard.json, host configs\n' +
        '(+ .occam-bak backups), bash/fish completion files when those shells are present. Remove with `occam uninstall`.\nExit codes: 0 installed · 1 Not ready / verification failed · 2 usage or in use (nothing changed).',
    )
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const quiet = /^(1|true)$/i.test(ctx.env.OCCAM_INSTALL_QUIET ?? '');
      try {
        const report = await runInstall(
          {
            ctx,
            canPrompt: canPrompt(ctx, { json, yes: opts.yes }),
            prompter: terminalPrompter(ctx),
            progress: json || quiet ? undefined : (line) => printErr(`occam install: ${line}`),
            completionScript: (shell) => completionScript(shell, completionModel(program)),
          },
          {
            fromDir: opts.fromDir, archive: opts.archive, manifest: opts.manifest, installDir: opts.installDir, setup: opts.setup,
            expectVersion: opts.version,
            noConnect: opts.connect === false, noPath: opts.path === false, yes: opts.yes, skipOccamVerify: opts.skipOccamVerify,
          },
        );
        if (json) printJson(report);
        else {
          const c = paint(ctx);
          const lines = [
            `Occam ${report.version} installed in ${report.installDir}`,
            `launcher: ${report.launchers.join(', ')}`,
            ...(report.pathHint ? [`add the launcher to PATH: ${report.pathHint}`] : []),
            ...(report.completions.written.length ? [`shell completion: ${report.completions.written.join(', ')} (new shells)`] : []),
            ...report.completions.manual.map((line) => `shell completion: ${line}`),
            ...(report.doctor && !report.doctor.ok ? [`doctor found problems: ${report.doctor.failed.join(', ')} (run occam doctor)`] : []),
            ...(report.snippet ? ['No AI app was connected. Paste this into your MCP host:', report.snippet] : []),
            `${report.exitCode === 0 ? c.green(report.status) : c.red(report.status)} — ${report.message}`,
          ];
          printOut(lines.join('\n'));
        }
        process.exitCode = report.exitCode;
      } catch (err) {
        if (err instanceof InstallError) throw new VerbError(err.message, err.exitCode, json ? { ok: false, status: err.status ?? (err.exitCode === 2 ? 'Usage error' : 'Not ready'), error: err.message } : undefined);
        throw err;
      }
    });
}
