// `--timeout <ms>` of the reading verbs (`occam read`, `occam digest`): one deadline for the whole command, split
// across the backends it tries, exactly as a tool call gets over MCP (OCCAM_TOOL_DEADLINE_MS is the default, and
// its parser checks the flag: `0` turns it off).
import { ENV_CATALOG, readEnv } from '../src/config/env.ts';
import { startDeadline, type Deadline } from '../src/runtime/deadline.ts';
import type { RuntimeContext } from '../src/runtime/context.ts';
import { EXIT, VerbError } from './output.ts';

const DEADLINE_VARIABLE = 'OCCAM_TOOL_DEADLINE_MS';

function parseTimeout(raw: string): number {
  const parsed = ENV_CATALOG.get(DEADLINE_VARIABLE)!.parse(raw) as { ok: true; value: number } | { ok: false; reason: string };
  if (!parsed.ok) throw new VerbError(`--timeout: ${parsed.reason} (got ${JSON.stringify(raw)})`, EXIT.usage);
  return parsed.value;
}

/** The arguments of `.option(...)` for a reading verb's `--timeout <ms>`. */
export function timeoutOption(what: string): [string, string, (raw: string) => number] {
  const range = ENV_CATALOG.get(DEADLINE_VARIABLE)!.range;
  return ['--timeout <ms>', `deadline of the whole ${what} across backends, ms: ${range} (default ${DEADLINE_VARIABLE}; 0 = none)`, parseTimeout];
}

/** The command's deadline (`--timeout`, else OCCAM_TOOL_DEADLINE_MS); null when turned off. Pass `signal` and `deadlineAt` on to the read. */
export function startCommandDeadline(runtime: RuntimeContext, timeout: number | undefined, what: string): Deadline | null {
  const ms = timeout ?? readEnv<number>(DEADLINE_VARIABLE, runtime.env, runtime.warn);
  return ms > 0 ? startDeadline(ms, what) : null;
}
