// The registration Occam writes into every host (operator.md §4): server name, the desired stdio entry,
// entry equality, ownership and redaction. Pure functions over plain objects; adapters encode/decode the
// host-specific shapes around this canonical form.
import { existsSync, realpathSync } from 'node:fs';
import type { Ctx } from './proc.ts';
import { occamPaths, pathApi } from '../config/paths.ts';

export const SERVER_NAME = 'ff-occam';
export const MANAGED_MARKER = 'occam-managed:v1';

/** Canonical stdio entry: what every adapter encodes and decodes. */
export interface StdioEntry {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

/** How this process was started — supplied by the entry point, never guessed inside the core. */
export interface RuntimeInfo {
  /** Absolute path of the Node executable (or of the single binary). */
  execPath: string;
  /** Repository root when running from a source checkout, else null. */
  sourceRoot: string | null;
  /** The npm package form: the installed package's `dist/bin/occam.js`, run by `execPath` (a Node binary). */
  packageEntry?: string | null;
}

export interface LaunchSpec {
  occamHome: string;
  entry: StdioEntry;
  /** Why registration must be refused (status `Not ready`), or null. */
  refusal: string | null;
  source: 'binary' | 'source-checkout' | 'npm-package';
}

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

/** OCCAM_HOME resolution (§2): env, else the source checkout or npm package root, else the binary's install root. */
export function resolveOccamHome(ctx: Ctx, rt: RuntimeInfo): string {
  const fromEnv = nonEmpty(ctx.env.OCCAM_HOME);
  if (fromEnv) return fromEnv;
  if (rt.sourceRoot) return rt.sourceRoot;
  const p = pathApi(ctx);
  if (rt.packageEntry) return packageRootOf(ctx, rt.packageEntry);
  return p.dirname(p.dirname(safeRealpath(rt.execPath)));
}

/** `<pkg>/dist/bin/occam.js` → `<pkg>` (through the bin link's real path). */
function packageRootOf(ctx: Ctx, entry: string): string {
  const p = pathApi(ctx);
  return p.dirname(p.dirname(p.dirname(safeRealpath(entry))));
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function managedEnv(occamHome: string): Record<string, string> {
  return { OCCAM_HOME: occamHome, OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: MANAGED_MARKER };
}

/** The desired launch (§4) and whether it may be registered at all. */
export function desiredLaunch(ctx: Ctx, rt: RuntimeInfo): LaunchSpec {
  const p = pathApi(ctx);
  const occamHome = resolveOccamHome(ctx, rt);
  const binary = occamPaths({ ...ctx, env: { ...ctx.env, OCCAM_HOME: occamHome } }).binary;
  let entry: StdioEntry;
  let source: LaunchSpec['source'];
  let checked: string;
  if (existsSync(binary)) {
    checked = safeRealpath(binary);
    entry = { command: checked, args: ['mcp'], env: managedEnv(occamHome), cwd: occamHome };
    source = 'binary';
  } else if (rt.sourceRoot && samePath(rt.sourceRoot, occamHome)) {
    checked = p.join(rt.sourceRoot, 'bin', 'occam.ts');
    entry = { command: rt.execPath, args: [checked, 'mcp'], env: managedEnv(occamHome), cwd: occamHome };
    source = 'source-checkout';
  } else if (rt.packageEntry) {
    // The npm package (global or local): the host runs this Node with the installed bundle, never the bin link,
    // whose shebang would pick whatever `node` the host's PATH has.
    checked = safeRealpath(rt.packageEntry);
    entry = { command: rt.execPath, args: [checked, 'mcp'], env: managedEnv(occamHome), cwd: occamHome };
    source = 'npm-package';
  } else {
    checked = binary;
    entry = { command: binary, args: ['mcp'], env: managedEnv(occamHome), cwd: occamHome };
    source = 'binary';
  }
  return { occamHome, entry, refusal: refusalFor(ctx, checked), source };
}

function refusalFor(ctx: Ctx, path: string): string | null {
  if (!existsSync(path)) return `the Occam binary ${path} does not exist`;
  return disposableLocation(ctx, path);
}

/**
 * Why a binary at `path` could never be registered, whether or not it exists yet: under the OS temp dir or inside
 * a packaged snapshot (§4). `occam install` asks before writing anything.
 */
export function disposableLocation(ctx: Ctx, path: string): string | null {
  const norm = normalisePath(path);
  const tmps = [normalisePath(safeRealpath(ctx.tmpDir)), normalisePath(ctx.tmpDir)];
  const real = normalisePath(realpathOfNearest(path));
  if (tmps.some((tmp) => [norm, real].some((v) => v === tmp || v.startsWith(`${tmp}/`)))) {
    return `the Occam binary ${path} lies under the temporary directory ${ctx.tmpDir}; a host must never point at a disposable copy`;
  }
  if (/\/snapshot\//.test(norm)) return `the Occam binary ${path} is inside a packaged snapshot`;
  return null;
}

/** Real path of `path`, or of its nearest existing ancestor joined with the rest (for paths not created yet). */
function realpathOfNearest(path: string): string {
  const p = path.replace(/\\/g, '/');
  const parts: string[] = [];
  let dir = p;
  while (!existsSync(dir)) {
    const i = dir.lastIndexOf('/');
    if (i <= 0) return path;
    parts.unshift(dir.slice(i + 1));
    dir = dir.slice(0, i);
  }
  return [safeRealpath(dir), ...parts].join('/');
}

export function normalisePath(value: string): string {
  let v = value.replace(/\\/g, '/');
  while (v.length > 1 && v.endsWith('/')) v = v.slice(0, -1);
  return v;
}

function samePath(a: string, b: string): boolean {
  return normalisePath(a) === normalisePath(b);
}

/** Entry equality (§4): normalised command/args/env values/cwd, exact env key sets. */
export function entriesEqual(a: StdioEntry, b: StdioEntry): boolean {
  if (!samePath(a.command, b.command)) return false;
  if (a.args.length !== b.args.length || a.args.some((x, i) => !samePath(x, b.args[i]))) return false;
  const ak = Object.keys(a.env).sort();
  const bk = Object.keys(b.env).sort();
  if (ak.length !== bk.length || ak.some((k, i) => k !== bk[i])) return false;
  if (ak.some((k) => !samePath(a.env[k], b.env[k]))) return false;
  const acwd = a.cwd ?? '';
  const bcwd = b.cwd ?? '';
  return samePath(acwd, bcwd);
}

/** Ownership (§4): the marker, a reference-era launcher, or this install's binary with `mcp`. */
export function isManaged(entry: StdioEntry, ctx: Ctx, occamHome: string): boolean {
  if (entry.env.OCCAM_CONNECT_MANAGED === MANAGED_MARKER) return true;
  if (entry.args.some((a) => a.includes('launch-mcp-host.mjs'))) return true;
  if (normalisePath(entry.command).endsWith('occam-wrapper.sh')) return true;
  const binary = occamPaths({ ...ctx, env: { ...ctx.env, OCCAM_HOME: occamHome } }).binary;
  return samePath(safeRealpath(entry.command), safeRealpath(binary)) && entry.args[0] === 'mcp';
}

const SECRET_KEY = /key|token|secret|password|authorization/i;

/** Redacts secret-like env values and all header values for diagnostics (§6). */
export function redact<T>(value: T): T {
  const walk = (v: unknown, parentKey: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, parentKey));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (/^headers?$/i.test(parentKey) && typeof x === 'string') out[k] = '***';
        else if (/^(env|environment|envs)$/i.test(parentKey) && typeof x === 'string' && SECRET_KEY.test(k)) out[k] = '***';
        else out[k] = walk(x, k);
      }
      return out;
    }
    return v;
  };
  return walk(value, '') as T;
}

/** Decodes `{command,args,env,cwd}` tolerantly; null when the shape is not a stdio entry. */
export function decodeStandard(raw: unknown): StdioEntry | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.command !== 'string') return null;
  const args = Array.isArray(o.args) ? o.args.map(String) : [];
  const envRaw = (o.env ?? o.environment ?? {}) as Record<string, unknown>;
  const env: Record<string, string> = {};
  if (envRaw && typeof envRaw === 'object') for (const [k, v] of Object.entries(envRaw)) env[k] = String(v);
  const entry: StdioEntry = { command: o.command, args, env };
  if (typeof o.cwd === 'string') entry.cwd = o.cwd;
  return entry;
}
