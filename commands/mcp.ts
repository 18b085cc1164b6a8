// `occam mcp`: boot the MCP server — stdio by default, or one network transport chosen by flag (operator.md §5,
// tools.md §8). Flags are parsed by src/mcp/transports/options.ts (not commander) so that every invalid option is
// the specified one stderr line `invalid_arguments: <kind>` with exit 1. Plain `occam mcp` never reaches this
// module: bin/occam.ts fast-paths it to stdio.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { inspectEnv } from '../src/config/env.ts';
import { createHost, exposedToolNames } from '../src/mcp/server.ts';
import { parseMcpArgs, usageText } from '../src/mcp/transports/options.ts';
import { printErr } from './output.ts';

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

export function register(program: Command): void {
  program
    .command('mcp')
    .description('boot the MCP server: stdio by default; --mcp-server, --mcp-http, --remote or --batch-server for the network transports')
    .helpOption(false)
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(async (_opts: unknown, cmd: Command) => {
      const { mcpHostRuntime } = await import('../src/mcp/host-env.ts');
      const runtime = mcpHostRuntime(processContext());
      const outcome = parseMcpArgs(argsAfterVerb(cmd), runtime.env, (p) => existsSync(p));
      if (outcome.kind === 'help') {
        printErr(`${usageText()}${surfaceSummary()}`);
        return;
      }
      if (outcome.kind === 'error') {
        printErr(`invalid_arguments: ${outcome.failure} — ${outcome.detail}`);
        process.exitCode = 1;
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
