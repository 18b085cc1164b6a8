// `occam mcp`: boot the MCP server (stdio by default).
import type { Command } from 'commander';
import { processContext } from '../src/config/context.ts';
import { inspectEnv } from '../src/config/env.ts';
import { createHost, exposedToolNames } from '../src/mcp/server.ts';

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

export function register(program: Command): void {
  program
    .command('mcp')
    .description('Boot the MCP server over stdio (protocol frames on stdout, diagnostics on stderr).')
    .addHelpText('after', () => surfaceSummary())
    .action(async () => {
      const { serveStdio } = await import('../src/mcp/transports/stdio.ts');
      await serveStdio(processContext());
    });
}
