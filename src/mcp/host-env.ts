// The environment an `occam mcp` host runs with (operator.md §5): the operator's onboard.json defaults merged
// under the real environment (a non-empty variable already set wins), and identity stamps that tie diagnostics,
// receipts and child processes to this host run. Every transport starts from this context.
import { randomBytes } from 'node:crypto';
import type { RuntimeContext } from '../runtime/context.ts';
import { occamPaths } from '../config/paths.ts';
import { mergeOnboard, readOnboard } from '../operator/onboard.ts';

const hex32 = () => randomBytes(16).toString('hex');

export function mcpHostRuntime(base: RuntimeContext, parentPid: number = process.ppid): RuntimeContext {
  const onboard = readOnboard(occamPaths(base).onboardFile);
  for (const token of onboard.warnings) base.warn(`[occam.config] ${token}: ${onboard.path}`);
  const env: Record<string, string | undefined> = mergeOnboard({ ...base.env }, onboard);
  if (!env.OCCAM_RUNTIME_ID) env.OCCAM_RUNTIME_ID = `rt-${hex32()}`;
  if (!env.OCCAM_SESSION_ID) env.OCCAM_SESSION_ID = `sess-${hex32()}`;
  if (!env.OCCAM_PARENT_PID) env.OCCAM_PARENT_PID = String(parentPid);
  if (!env.OCCAM_PARENT_LABEL) env.OCCAM_PARENT_LABEL = 'occam-mcp';
  return { ...base, env };
}
