// Canary options (trust.md §2.13): defaults and ranges come from the env table; non-env options have their own
// ranges. Validation runs on the final options and reports every failure together — a bad combination
// (stale horizon not beyond the fresh tolerance) disables the canary subsystem instead of misjudging reads.
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { CANARY_ENV_ROWS, type CanaryEnvRow } from '../../config/env-trust.ts';

export interface CanaryOptions {
  bucketSeconds: number;
  freshTolerance: number;
  staleHorizon: number;
  sentinelBytes: number;
  issueLogHours: number;
  issueLogCapacity: number;
  rateLimit: number;
  rateWindowSeconds: number;
  mcpPort: number;
  maxRateKeys: number;
  maxSessionIdLength: number;
  maxUserAgentLength: number;
}

type Range = { min: number; max: number; default: number };
const NON_ENV: Record<'maxRateKeys' | 'maxSessionIdLength' | 'maxUserAgentLength', Range> = {
  maxRateKeys: { default: 8192, min: 64, max: Number.MAX_SAFE_INTEGER },
  maxSessionIdLength: { default: 128, min: 8, max: 4096 },
  maxUserAgentLength: { default: 256, min: 16, max: 8192 },
};

const rangeOf = (key: keyof CanaryOptions): Range =>
  (CANARY_ENV_ROWS.find((r) => r.option === key) as CanaryEnvRow | undefined) ??
  NON_ENV[key as keyof typeof NON_ENV];

const ALL_KEYS: Array<keyof CanaryOptions> = [...CANARY_ENV_ROWS.map((r) => r.option), ...(Object.keys(NON_ENV) as Array<keyof typeof NON_ENV>)];

export const DEFAULT_CANARY_OPTIONS: CanaryOptions = Object.fromEntries(ALL_KEYS.map((k) => [k, rangeOf(k).default])) as unknown as CanaryOptions;

export class CanaryOptionsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid canary options: ${problems.join('; ')}`);
    this.name = 'CanaryOptionsError';
    this.problems = problems;
  }
}

/** Every problem with the options, empty when valid. */
export function canaryOptionProblems(o: CanaryOptions): string[] {
  const problems: string[] = [];
  for (const key of ALL_KEYS) {
    const { min, max } = rangeOf(key);
    const v = o[key];
    if (!Number.isSafeInteger(v) || v < min || v > max) problems.push(`${key}=${v} outside ${min}–${max}`);
  }
  if (o.staleHorizon <= o.freshTolerance) {
    problems.push(`staleHorizon (${o.staleHorizon}) must be greater than freshTolerance (${o.freshTolerance})`);
  }
  return problems;
}

export function validateCanaryOptions(partial: Partial<CanaryOptions> = {}): CanaryOptions {
  const o = { ...DEFAULT_CANARY_OPTIONS, ...partial };
  const problems = canaryOptionProblems(o);
  if (problems.length > 0) throw new CanaryOptionsError(problems);
  return o;
}

/** Options from the environment (clamped per variable, warnings on stderr), then validated as a whole. */
export function canaryOptionsFromEnv(ctx: Pick<RuntimeContext, 'env' | 'warn'>, overrides: Partial<CanaryOptions> = {}): CanaryOptions {
  const fromEnv: Partial<CanaryOptions> = {};
  for (const row of CANARY_ENV_ROWS) fromEnv[row.option] = readEnv<number>(row.name, ctx.env, ctx.warn);
  const options = validateCanaryOptions({ ...fromEnv, ...overrides });
  const retentionSeconds = options.issueLogHours * 3600;
  if (retentionSeconds < options.staleHorizon * options.bucketSeconds) {
    ctx.warn(
      `[occam.canary] issue-log retention ${options.issueLogHours} h is shorter than the stale horizon ` +
        `(${options.staleHorizon} × ${options.bucketSeconds} s): genuine old reads will be judged REPLAY_SUSPECT`,
    );
  }
  return options;
}
