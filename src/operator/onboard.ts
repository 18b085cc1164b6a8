// `onboard.json` (operator.md §5, §16.3): operator env defaults `{"schema_version":"1.0","env":{…}}`. Reading
// never throws: problems become the warning tokens of §5 so `occam mcp`, doctor and status report the same.
import { existsSync } from 'node:fs';
import { readBoundedText } from '../runtime/bounded-input.ts';

export const ONBOARD_SCHEMA = '1.0';

export type OnboardWarning = 'onboard_parse_error' | 'onboard_schema_invalid' | 'onboard_schema_unsupported' | 'onboard_schema_newer';

export interface OnboardFile {
  path: string;
  present: boolean;
  /** Values to merge (empty when ignored). */
  env: Record<string, string>;
  warnings: OnboardWarning[];
}

export function readOnboard(path: string): OnboardFile {
  if (!existsSync(path)) return { path, present: false, env: {}, warnings: [] };
  let doc: unknown;
  try {
    doc = JSON.parse(readBoundedText(path, 'config', { allowStdin: false }).replace(/^\uFEFF/, ''));
  } catch {
    return { path, present: true, env: {}, warnings: ['onboard_parse_error'] };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { path, present: true, env: {}, warnings: ['onboard_parse_error'] };
  const o = doc as Record<string, unknown>;
  const m = typeof o.schema_version === 'string' ? /^(\d+)\.(\d+)$/.exec(o.schema_version) : null;
  if (!m) return { path, present: true, env: {}, warnings: ['onboard_schema_invalid'] };
  if (Number(m[1]) !== 1) return { path, present: true, env: {}, warnings: ['onboard_schema_unsupported'] };
  const env: Record<string, string> = {};
  if (o.env && typeof o.env === 'object' && !Array.isArray(o.env)) {
    for (const [k, v] of Object.entries(o.env)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') env[k] = String(v);
  }
  return { path, present: true, env, warnings: Number(m[2]) > 0 ? ['onboard_schema_newer'] : [] };
}

/** Onboard values are defaults: a non-empty variable already in the environment wins. */
export function mergeOnboard(env: Record<string, string | undefined>, onboard: OnboardFile): Record<string, string | undefined> {
  const out = { ...env };
  for (const [k, v] of Object.entries(onboard.env)) if (!out[k]) out[k] = v;
  return out;
}

/** Onboard profiles (operator.md §17): operator env defaults written to onboard.json. */
export const ONBOARD_PROFILES = {
  default: { summary: 'product defaults (reader profile, shared browser)', env: {} as Record<string, string> },
  'hermes-headless': { summary: 'headless agent hosts: no start-up banner', env: { OCCAM_BANNER: '0' } as Record<string, string> },
  'mass-scrape': {
    summary: 'many parallel reads: isolated browsers, no daemon, 4-way parallelism',
    env: { OCCAM_BROWSER_PROFILE: 'isolated', OCCAM_BROWSER_DAEMON: '0', OCCAM_BROWSER_MAX_PARALLEL: '4', OCCAM_BROWSER_POOL_SIZE: '4', OCCAM_DIGEST_MAX_PARALLEL: '4' } as Record<string, string>,
  },
} as const;

export type OnboardProfile = keyof typeof ONBOARD_PROFILES;

/** The onboard.json document for a profile (never touches host configs). */
export function onboardDocument(profile: OnboardProfile): { schema_version: string; profile: string; env: Record<string, string> } {
  return { schema_version: ONBOARD_SCHEMA, profile, env: { ...ONBOARD_PROFILES[profile].env } };
}
