// `occam mcp`: boot the MCP server — stdio by default, or one network transport chosen by flag (operator.md §5,
// tools.md §8). Flags are parsed by src/mcp/transports/options.ts (not commander) so that every invalid setting is
// the specified one stderr line `invalid_arguments: <kind>` with exit 1; an unknown flag or a missing value is a
// usage error (exit 2), said once. Plain `occam mcp` never reaches this
// module: bin/occam.ts fast-paths it to stdio.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { inspectEnv } from '../src/config/env.ts';
import { createHost, exposedToolNames } from '../src/mcp/server.ts';
import { parseMcpArgs, usageText } from '../src/mcp/transports/options.ts';
import { EXIT, printErr } from './output.ts';

const MCP_HELP_HINT = '(occam mcp --help lists the options)';

function surfaceSummary(): string {
  const runtime = processContext({ warn: () => {} });
  const { config, tools } = createHost(runtime);
  const names = exposedToolNames(tools, config.bootProfile);
  const raw = inspectEnv('OCCAM_PROFILE', runtime.env).raw;
  return (
    `\nResolved profile: ${config.bootProfile}${raw != null ? ` (OCCAM_PROFILE=${JSON.stringify(raw)})` : ' (default)'}` +
    `${config.locked ? ', locked' : ''} — ${names.length} tools exposed: ${names.join(', ') || '(none)'}\n`
  );
}

/** The words after `mcp` on the command line, exactly as given. */
function argsAfterVerb(cmd: Command): string[] {
  const raw = (cmd.parent as Command & { rawArgs?: string[] } | null)?.rawArgs ?? process.argv;
  const at = raw.indexOf('mcp', 2);
  return at >= 0 ? raw.slice(at + 1) : [];
}

const RECORD_USAGE =
  'Recording:\n' +
  '  --record PATH                    write each session as JSONL (a directory: one file per session) [OCCAM_RECORD]\n' +
  '                                   secrets redacted; read with `occam exam record|grade|report`\n';

/** Splits `--record PATH` / `--record=PATH` off the transport flags; `''` when the flag has no value. */
export function takeRecordFlag(all: readonly string[]): { args: string[]; record: string | null } {
  const args: string[] = [];
  let record: string | null = null;
  for (let i = 0; i < all.length; i++) {
    const a = all[i];
    if (a.startsWith('--record=')) record = a.slice('--record='.length).trim();
    else if (a === '--record') {
      const next = all[i + 1];
      record = next === undefined || next.startsWith('--') ? '' : next.trim();
      if (record !== '') i += 1;
    } else args.push(a);
  }
  return { args, record };
}

export function register(program: Command): void {
  program
    .command('mcp')
    .description('boot the MCP server: stdio by default; --mcp-server, --mcp-http, --remote or --batch-server for the network transports')
    .helpOption(false)
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(async (_opts: unknown, cmd: Command) => {
      const { mcpHostRuntime } = await import('../src/mcp/host-env.ts');
      const base = mcpHostRuntime(processContext());
      const { args, record } = takeRecordFlag(argsAfterVerb(cmd));
      if (record === '') {
        printErr(`occam mcp: --record needs a file or directory ${MCP_HELP_HINT}`);
        process.exitCode = EXIT.usage;
        return;
      }
      // --record is OCCAM_RECORD for this run (every transport records through the same hook, src/mcp/recording.ts).
      const runtime = record !== null ? { ...base, env: { ...base.env, OCCAM_RECORD: record } } : base;
      const outcome = parseMcpArgs(args, runtime.env, (p) => existsSync(p));
      if (outcome.kind === 'help') {
        printErr(`${usageText()}${RECORD_USAGE}${surfaceSummary()}`);
        return;
      }
      if (outcome.kind === 'error' && outcome.syntax) {
        printErr(`occam mcp: ${outcome.detail} ${MCP_HELP_HINT}`);
        process.exitCode = EXIT.usage;
        return;
      }
      if (outcome.kind === 'error') {
        printErr(`invalid_arguments: ${outcome.failure} — ${outcome.detail}`);
        process.exitCode = EXIT.failed;
        return;
      }
      if (outcome.plan.mode === 'stdio') {
        const { serveStdio } = await import('../src/mcp/transports/stdio.ts');
        await serveStdio(runtime);
        return;
      }
      const { serveNetwork } = await import('../src/mcp/transports/serve.ts');
      process.exitCode = await serveNetwork(runtime, outcome.plan);
    });
}
