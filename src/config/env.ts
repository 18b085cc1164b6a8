// The env catalog: every OCCAM_* variable the product reads, joined from the area tables. Code reads variables
// only through readEnv(); docs (docs/configuration.md) and `occam doctor` walk ENV_CATALOG.
import type { EnvMap } from '../runtime/context.ts';
import type { EnvVar } from './env-spec.ts';
import { exposureVars } from './env-exposure.ts';
import { trustVars } from './env-trust.ts';
import { readingVars } from './env-reading.ts';
import { transportVars } from './env-transport.ts';
import { browserVars } from './env-browser.ts';
import { searchVars } from './env-search.ts';
import { digestVars } from './env-digest.ts';
import { operatorVars } from './env-operator.ts';
import { transcodeVars } from './env-transcode.ts';
import { playbookVars } from './env-playbooks.ts';
import { storeVars } from './env-store.ts';

const AREA_TABLES: ReadonlyArray<ReadonlyArray<EnvVar<any>>> = [exposureVars, trustVars, readingVars, transportVars, browserVars, operatorVars, searchVars, digestVars, transcodeVars, playbookVars, storeVars];

export const ENV_CATALOG: ReadonlyMap<string, EnvVar<any>> = (() => {
  const map = new Map<string, EnvVar<any>>();
  for (const table of AREA_TABLES) {
    for (const spec of table) {
      if (map.has(spec.name)) throw new Error(`env catalog: ${spec.name} declared twice`);
      map.set(spec.name, spec);
    }
  }
  return map;
})();

export interface EnvReading<T> {
  value: T;
  /** The raw text found, or null when unset. */
  raw: string | null;
  /** Which name supplied it (the variable or one of its aliases). */
  from: string | null;
  /** Why the raw text was rejected (value is then the default). */
  problem: string | null;
  /** How an accepted value was adjusted (e.g. clamped into range), else null. */
  note?: string | null;
}

function lookup(name: string): EnvVar<any> {
  const spec = ENV_CATALOG.get(name);
  if (!spec) throw new Error(`env catalog has no variable ${name}`);
  return spec;
}

/** Reads one variable without side effects. */
export function inspectEnv<T = unknown>(name: string, env: EnvMap): EnvReading<T> {
  const spec = lookup(name);
  for (const candidate of [spec.name, ...(spec.aliases ?? [])]) {
    const raw = env[candidate];
    if (raw === undefined) continue;
    const parsed = spec.parse(raw);
    if (parsed.ok) return { value: parsed.value as T, raw, from: candidate, problem: null, note: parsed.note ?? null };
    return { value: spec.default as T, raw, from: candidate, problem: parsed.silent ? null : parsed.reason };
  }
  return { value: spec.default as T, raw: null, from: null, problem: null };
}

/**
 * Reads one variable; a rejected value falls back to the default with one `[occam.config]` warning line
 * (secret values are never echoed).
 */
export function readEnv<T = unknown>(name: string, env: EnvMap, warn?: (line: string) => void): T {
  const reading = inspectEnv<T>(name, env);
  if (reading.problem && warn) {
    const spec = lookup(name);
    const shown = spec.secret ? '<redacted>' : JSON.stringify(reading.raw);
    warn(`[occam.config] ${reading.from}=${shown} ignored: ${reading.problem}`);
  } else if (reading.note && warn) {
    const shown = lookup(name).secret ? '<redacted>' : JSON.stringify(reading.raw);
    warn(`[occam.config] ${reading.from}=${shown} ${reading.note}`);
  }
  return reading.value;
}

/** Every variable whose current value is rejected — for `occam doctor`. */
export function envProblems(env: EnvMap): Array<{ name: string; problem: string }> {
  const out: Array<{ name: string; problem: string }> = [];
  for (const name of ENV_CATALOG.keys()) {
    const r = inspectEnv(name, env);
    if (r.problem) out.push({ name: r.from ?? name, problem: r.problem });
  }
  return out;
}
