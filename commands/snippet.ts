// `occam snippet [host]`: a paste-ready stdio registration (operator.md §17) — the generic mcpServers object, or
// a host's own shape (`occam snippet goose`, `occam snippet codex`); OCCAM_HOST=hermes selects Hermes YAML.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { inspectEnv } from '../src/config/env.ts';
import { desiredLaunch, SERVER_NAME } from '../src/operator/entry.ts';
import { HOST_IDS, adapterById } from '../src/operator/hosts/registry.ts';
import { entryForHost, pasteGuidance } from '../src/operator/hosts/shapes.ts';
import { EXIT, VerbError, printErr, printJson, printOut, wantsJson } from './output.ts';
import { runtimeInfo } from './operator-common.ts';

export function register(program: Command): void {
  program
    .command('snippet')
    .argument('[host]', `host id for its own shape (${HOST_IDS.join(', ')})`)
    .description('print a paste-ready ff-occam registration for an MCP host Occam does not write itself')
    .option('--json', 'JSON output')
    .action((hostArg: string | undefined, opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const legacy = inspectEnv<'hermes' | 'cursor' | null>('OCCAM_HOST', ctx.env).value;
      const hostId = hostArg ?? (legacy === 'hermes' ? 'hermes' : null);
      const adapter = hostId ? adapterById(hostId) : null;
      if (hostId && !adapter) throw new VerbError(`unknown host "${hostId}"; valid ids: ${HOST_IDS.join(', ')}`, EXIT.usage, json ? { error: `unknown host: ${hostId}` } : undefined);
      const launch = desiredLaunch(ctx, runtimeInfo());
      const entry = adapter ? entryForHost(adapter, launch.entry) : { command: launch.entry.command, args: launch.entry.args, env: launch.entry.env };
      const g = pasteGuidance(adapter ?? null, entry);
      if (launch.refusal) printErr(`occam snippet: warning: ${launch.refusal}`);
      if (json) {
        printJson({
          serverName: SERVER_NAME,
          host: adapter?.id ?? null,
          format: g.format,
          snippet: g.format === 'json' ? JSON.parse(g.text) : g.text,
          instructions: g.instructions,
        });
      } else {
        printOut(g.text);
        printErr(g.instructions);
      }
    });
}
