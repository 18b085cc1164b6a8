// `occam mcp`: boot the MCP server — stdio by default, or one network transport chosen by flag (operator.md §5,
// tools.md §8). commander parses the words (an unknown flag or a missing value is a usage error, exit 2);
// src/mcp/transports/options.ts turns the options given, in order, into one transport plan, and an invalid setting
// is the specified one stderr line `invalid_arguments: <kind>` with exit 1. Plain `occam mcp` never reaches this
// module: bin/occam.ts fast-paths it to stdio.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { inspectEnv } from '../src/config/env.ts';
import { createHost, exposedToolNames } from '../src/mcp/server.ts';
import { TRANSPORT_MODES, planTransport, type TransportMode } from '../src/mcp/transports/options.ts';
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

/** The value flags of `occam mcp` with their help text (the mode flags come from TRANSPORT_MODES). */
const VALUE_OPTIONS: ReadonlyArray<readonly [flags: string, help: string]> = [
  ['--port <n>', '1–65535 (--remote and --batch-server reset it to their own default; a --port after them applies)'],
  ['--bind <addr>', 'local modes: 127.0.0.1 only; --remote: a numeric IP such as 0.0.0.0'],
  ['--tls-cert <path>', '--remote: PEM (certificate + key) or PFX file [OCCAM_TLS_CERT_PATH]'],
  ['--tls-password <pw>', '--remote: key/PFX password (prefer the env var) [OCCAM_TLS_CERT_PASSWORD]'],
  ['--jwt-issuer <iss>', '--remote: exact token issuer (default occam-mcp) [OCCAM_JWT_ISSUER]'],
  ['--jwt-audience <aud>', '--remote: exact token audience (default occam-mcp) [OCCAM_JWT_AUDIENCE]'],
  ['--jwt-metadata-uri <url>', '--remote: https OIDC metadata document [OCCAM_JWT_METADATA_URI]'],
  ['--jwt-jwks-uri <url>', 'deprecated alias of --jwt-metadata-uri'],
];

const RECORD_OPTION = ['--record <path>', 'write each session as JSONL (a directory: one file per session), secrets redacted; read with `occam exam record|grade|report` [OCCAM_RECORD]'] as const;

export function register(program: Command): void {
  const mcp = program
    .command('mcp')
    .description('boot the MCP server: stdio by default; --mcp-server, --mcp-http, --remote or --batch-server for the network transports')
    // Help goes to stderr: stdout is where MCP frames go (tools.md §8).
    .configureOutput({ writeOut: (text) => process.stderr.write(text) });
  // commander parses the words; the transport options' order still matters (the last mode wins, --remote and
  // --batch-server reset the port), so every option given is also kept, in order, for the transport planner.
  const given: string[] = [];
  for (const [mode, m] of Object.entries(TRANSPORT_MODES) as Array<[TransportMode, (typeof TRANSPORT_MODES)[TransportMode]]>) {
    for (const flag of m.flags) {
      mcp.option(flag, `${mode} mode: ${m.what}`);
      mcp.on(`option:${flag.slice(2)}`, () => given.push(flag));
    }
  }
  for (const [flags, help] of VALUE_OPTIONS) {
    const flag = flags.split(' ')[0];
    mcp.option(flags, help);
    mcp.on(`option:${flag.slice(2)}`, (value: string) => given.push(flag, value));
  }
  mcp
    .option(...RECORD_OPTION)
    .addHelpText('after', () => `\nModes: stdio unless a mode flag is given; of several, the last one wins.\nAn unknown option or a missing value is a usage error (exit 2); an invalid setting prints\n\`invalid_arguments: <kind>\` on stderr and exits 1.\n${surfaceSummary()}`)
    .action(async (opts: { record?: string }) => {
      const { mcpHostRuntime } = await import('../src/mcp/host-env.ts');
      const base = mcpHostRuntime(processContext());
      const record = opts.record?.trim();
      if (record === '') {
        printErr(`occam mcp: --record needs a file or directory ${MCP_HELP_HINT}`);
        process.exitCode = EXIT.usage;
        return;
      }
      // --record is OCCAM_RECORD for this run (every transport records through the same hook, src/mcp/recording.ts).
      const runtime = record !== undefined ? { ...base, env: { ...base.env, OCCAM_RECORD: record } } : base;
      const outcome = planTransport(given, runtime.env, (p) => existsSync(p));
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
