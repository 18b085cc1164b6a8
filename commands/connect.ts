// `occam connect`: register Occam (ff-occam) in the AI apps found on this machine (operator.md §9).
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { ConnectUsageError, runConnect, type ConnectReport } from '../src/operator/connect.ts';
import { HOST_ADAPTERS } from '../src/operator/hosts/registry.ts';
import { EXIT, VerbError, paint, printErr, printJson, printOut, wantsJson } from './output.ts';
import { canPrompt, collectList, isVerbose, runtimeInfo, terminalPrompter } from './operator-common.ts';

function hostGroupsHelp(): string {
  const group = (title: string, pick: (a: (typeof HOST_ADAPTERS)[number]) => boolean) =>
    `  ${title}: ${HOST_ADAPTERS.filter(pick).map((a) => a.id).join(', ')}`;
  return [
    '\nHosts (from the adapter registry):',
    group('auto-connected (live-tested, Tier A)', (a) => a.tier === 'A' && a.method !== 'assisted'),
    group('with --only (config-tested, Tier B)', (a) => a.tier === 'B' && a.method !== 'assisted'),
    group('paste guidance only (assisted)', (a) => a.method === 'assisted'),
    '  model runtimes (reported, never registered): ollama, llama.cpp, lmstudio, mlx',
    '\nExit codes: 0 done (incl. Action required / Almost ready) · 1 apply or verification failed, Not ready · 2 usage.',
  ].join('\n');
}

/** `status — message`, the message without the words the status already ends with (`… restart required`). */
export function statusLine(status: string, message: string | null | undefined): string {
  const tail = status.split(' — ').at(-1)!.toLowerCase();
  const rest = message && message.toLowerCase().startsWith(tail) ? message.slice(tail.length).replace(/^[\s:—-]+/, '') : message;
  return rest ? `${status} — ${rest}` : status;
}

export function renderConnect(report: ConnectReport, colour: ReturnType<typeof paint>, verbose: boolean): string {
  const lines: string[] = [];
  const groups: Record<string, string[]> = { Ready: [], 'Almost ready': [], 'Action required': [], 'Not connected': [] };
  for (const row of report.connections) {
    const s = row.readyState.status;
    const line = `  ${row.name}: ${statusLine(s, row.readyState.message)}`;
    if (s === 'Ready' || s === 'Configured') groups.Ready.push(line);
    else if (s === 'Configured — restart required') groups['Almost ready'].push(line);
    else if (s === 'Not connected' || s === 'Apply failed' || s === 'Error' || s === 'Not ready') groups['Not connected'].push(line);
    else groups['Action required'].push(line);
    if (row.guidance) lines.push(`${row.name}: ${row.guidance.instructions}\n${row.guidance.text}`);
    if (verbose) lines.push(`  ${row.id}: plan=${row.plan.action} level=${row.hostVerify.level} path=${row.plan.configPath ?? '-'}`);
  }
  for (const s of report.skipped) {
    groups['Action required'].push(`  ${s.name}: ${s.reason} (${s.hint})`);
    if (s.guidance) lines.push(`${s.name}: ${s.guidance.instructions}\n${s.guidance.text}`);
  }
  if (verbose) {
    for (const h of report.hosts) {
      if (h.detected || h.residue) lines.push(`  detected ${h.id}: confidence=${h.confidence} config=${h.configPath ?? '-'} signals=${(h.signals as string[]).join(', ')}`);
    }
    lines.push(`  occam self-verify: level ${report.occamVerify.level}, ${report.occamVerify.toolCount ?? '?'} tools${report.occamVerify.skipped ? ' (skipped)' : ''}`);
  }
  for (const [title, items] of Object.entries(groups)) {
    if (items.length === 0) continue;
    lines.push(title === 'Not connected' ? colour.red(`${title} (do not test Occam in these apps):`) : colour.bold(`${title}:`), ...items);
  }
  const statusColour = report.ready ? colour.green : report.exitCode === 0 ? colour.yellow : colour.red;
  lines.push(statusColour(statusLine(report.status, report.message)));
  return lines.join('\n');
}

export function register(program: Command): void {
  program
    .command('connect')
    .description('detect AI apps and register Occam (ff-occam) in them, verified, undoing broken registrations')
    .option('--json', 'one JSON report on stdout')
    .option('--detect-only', 'report what would be connected; change nothing')
    .option('--dry-run', 'same as --detect-only')
    .option('--force', 'replace an ff-occam entry Occam did not write / re-apply an equal one')
    .option('--only <ids>', 'connect only these hosts (comma list, repeatable); is consent', collectList)
    .option('-y, --yes', 'consent to connect every detected host (same as OCCAM_CONNECT_ALL=1)')
    .option('--verbose', 'show plans, levels and paths')
    .option('--debug', 'same as --verbose')
    .option('--skip-occam-verify', 'tests only: assume Occam itself is verified (level 4)')
    .addHelpText('after', hostGroupsHelp())
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      let report: ConnectReport;
      try {
        report = await runConnect(
          {
            ctx,
            runtime: runtimeInfo(),
            canPrompt: canPrompt(ctx, { json, yes: opts.yes }),
            prompter: terminalPrompter(ctx),
            progress: json ? undefined : (line) => printErr(`occam connect: ${line}`),
          },
          { only: opts.only, yes: opts.yes, force: opts.force, detectOnly: opts.detectOnly || opts.dryRun, skipOccamVerify: opts.skipOccamVerify },
        );
      } catch (err) {
        if (err instanceof ConnectUsageError) throw new VerbError(err.message, EXIT.usage, json ? { error: err.message } : undefined);
        throw err;
      }
      if (json) printJson(report);
      else printOut(renderConnect(report, paint(ctx), isVerbose(ctx, opts)));
      process.exitCode = report.exitCode;
    });
}
