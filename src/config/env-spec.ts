// Building blocks of the env catalog: a variable's spec and the parsers it is read with.
// Area tables (env-*.ts) declare variables with these; env.ts joins them into the one catalog.

/** `note`: the value was accepted after an adjustment (e.g. clamped into range); readEnv prints it once. */
export type Parsed<T> = { ok: true; value: T; note?: string } | { ok: false; reason: string; silent?: boolean };

export interface EnvVar<T = unknown> {
  name: string;
  /** Which part of the product reads it (docs group variables by area). */
  area: 'exposure' | 'reading' | 'browser' | 'trust' | 'exam' | 'operator' | 'transport' | 'playbooks' | 'jobs' | 'store';
  description: string;
  default: T;
  /** Human text for the default/range columns of the docs. */
  defaultText: string;
  range?: string;
  parse: (raw: string) => Parsed<T>;
  /** Values are secrets: never echoed in warnings, doctor output or logs. */
  secret?: boolean;
  /** Other names read when this one is unset (legacy aliases). */
  aliases?: string[];
}

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const bad = <T>(reason: string, silent = false): Parsed<T> => ({ ok: false, reason, silent });
export const adjusted = <T>(value: T, note: string): Parsed<T> => ({ ok: true, value, note });

/** Gates and switches: on for `1` or `true` (any case), off for anything else — never a warning. */
export function flag(): (raw: string) => Parsed<boolean> {
  return (raw) => ok(/^(1|true)$/i.test(raw.trim()));
}

export function int(min: number, max: number, opts: { clamp?: boolean } = {}): (raw: string) => Parsed<number> {
  return (raw) => {
    const text = raw.trim();
    if (!/^[+-]?\d+$/.test(text)) return bad(`not an integer (expected ${min}–${max})`);
    const n = Number(text);
    if (n < min || n > max) {
      // Clamped, never silently: the note is printed once (readEnv) and shown by `occam doctor`.
      if (opts.clamp) return adjusted(Math.min(max, Math.max(min, n)), `clamped to ${Math.min(max, Math.max(min, n))} (range ${min}–${max})`);
      return bad(`out of range ${min}–${max}`);
    }
    return ok(n);
  };
}

export function oneOf<const V extends string>(values: readonly V[]): (raw: string) => Parsed<V> {
  return (raw) => {
    const v = raw.trim().toLowerCase();
    return (values as readonly string[]).includes(v) ? ok(v as V) : bad(`expected one of ${values.join(', ')}`);
  };
}

/**
 * A variable that takes one of `values`: its default, the docs' default and range columns, and its parser, all
 * from the one list (spread into `define`).
 */
export function choice<const V extends string>(values: readonly V[], fallback: NoInfer<V>): Pick<EnvVar<V>, 'default' | 'defaultText' | 'range' | 'parse'> {
  return { default: fallback, defaultText: fallback, range: values.join(' | '), parse: oneOf(values) };
}

/** Free text, trimmed; blank counts as unset. */
export function text(): (raw: string) => Parsed<string | null> {
  return (raw) => ok(raw.trim() === '' ? null : raw.trim());
}

export function httpUrl(opts: { httpsOnly?: boolean } = {}): (raw: string) => Parsed<string | null> {
  return (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    try {
      const u = new URL(v);
      if (opts.httpsOnly ? u.protocol !== 'https:' : !/^https?:$/.test(u.protocol)) {
        return bad(opts.httpsOnly ? 'must be an https URL' : 'must be an http(s) URL');
      }
      return ok(v);
    } catch {
      return bad('not a URL');
    }
  };
}

/**
 * A service URL of one of `protocols` (with their colon, e.g. `'ws:'`) that names a host; blank = unset. `example`
 * shows the expected shape in the refusal; `hostOf` finds a host the URL carries elsewhere (libpq's `?host=`).
 */
export function serviceUrl(opts: { protocols: readonly string[]; example: string; hostOf?: (u: URL) => string | null }): (raw: string) => Parsed<string | null> {
  const names = opts.protocols.map((p) => `${p}//`);
  const spelled = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
  return (raw) => {
    const v = raw.trim();
    if (v === '') return ok(null);
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      return bad(`not a URL (expected ${opts.example})`);
    }
    if (!opts.protocols.includes(u.protocol)) return bad(`must be a ${spelled} URL`);
    if (!u.hostname && !opts.hostOf?.(u)) return bad('the URL names no host');
    return ok(v);
  };
}

export function define<T>(spec: EnvVar<T>): EnvVar<T> {
  return spec;
}
