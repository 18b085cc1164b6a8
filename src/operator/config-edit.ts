// The config engine (operator.md §6): load a host's config file, decide, and edit it surgically. JSON files are
// edited with jsonc-parser's modify/applyEdits, so every byte outside our entry (user servers, key order,
// indentation) stays as it was; a file with comments is never rewritten; an unparseable file is never touched.
// Writes are atomic (temp file in the same directory, re-parsed, renamed over the target) and preceded by a
// `<path>.occam-bak` copy of the previous bytes. TOML and YAML stores are only read (their hosts write them).
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { applyEdits, createScanner, findNodeAtLocation, modify, parse as parseJsonc, parseTree, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

export const BACKUP_SUFFIX = '.occam-bak';
const BOM = '\uFEFF';

export type LoadState = 'missing' | 'ok' | 'refuse' | 'jsonc';

export interface LoadedConfig {
  path: string;
  state: LoadState;
  /** File text without BOM ('' when missing). */
  text: string;
  /** Exact bytes on disk (null when missing). */
  bytes: Buffer | null;
  bom: boolean;
  /** Parsed document (object) when state is ok or missing. */
  data: Record<string, unknown> | null;
  /** Human reason for refuse/jsonc, naming the file and line. */
  error: string | null;
  mode: number | null;
}

/** Whether the text has `//` or `/* *\/` comments outside string literals. */
export function hasJsonComments(text: string): boolean {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== 17; kind = scanner.scan()) {
    if (kind === 12 || kind === 13) return true;
  }
  return false;
}

function lineColOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Loads a JSON config; classifies it as missing / ok / jsonc (comments) / refuse (unparseable or wrong shape). */
export function loadJsonConfig(path: string, rootPath: readonly string[]): LoadedConfig {
  if (!existsSync(path)) {
    return { path, state: 'missing', text: '', bytes: null, bom: false, data: {}, error: null, mode: null };
  }
  let bytes: Buffer;
  let mode: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return refuse(path, '', null, `${path} is not a regular file`, null);
    mode = st.mode & 0o7777;
    bytes = readFileSync(path);
  } catch (err) {
    return refuse(path, '', null, `${path} cannot be read: ${(err as Error).message}`, null);
  }
  let text = bytes.toString('utf8');
  const bom = text.startsWith(BOM);
  if (bom) text = text.slice(1);
  const base = { path, text, bytes, bom, mode };
  if (text.trim() === '') return { ...base, state: 'ok', data: {}, error: null };
  if (hasJsonComments(text)) {
    return { ...base, state: 'jsonc', data: null, error: `${path} contains comments; will not rewrite — add the entry by hand` };
  }
  const errors: ParseError[] = [];
  const data = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    const { line, column } = lineColOf(text, errors[0].offset);
    return refuse(path, text, bytes, `${path}:${line}:${column}: not valid JSON; the file was not changed`, mode, bom);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return refuse(path, text, bytes, `${path}: the top level is not a JSON object; the file was not changed`, mode, bom);
  }
  let node: unknown = data;
  for (const key of rootPath) {
    if (node === undefined) break;
    node = (node as Record<string, unknown>)[key];
    if (node !== undefined && (node === null || typeof node !== 'object' || Array.isArray(node))) {
      return refuse(path, text, bytes, `${path}: "${rootPath.join('.')}" is not an object; the file was not changed`, mode, bom);
    }
  }
  return { ...base, state: 'ok', data: data as Record<string, unknown>, error: null };
}

function refuse(path: string, text: string, bytes: Buffer | null, error: string, mode: number | null, bom = false): LoadedConfig {
  return { path, state: 'refuse', text, bytes, bom, data: null, error, mode };
}

/** The object at rootPath (undefined when absent). */
export function objectAt(data: Record<string, unknown> | null, rootPath: readonly string[]): Record<string, unknown> | undefined {
  let node: unknown = data;
  for (const key of rootPath) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
}

/**
 * New text with `value` at `path` (undefined removes it). Only the bytes of that one property change: the new
 * value is serialised with the file's own indentation and spliced in, so neighbouring entries keep their exact
 * formatting (jsonc-parser's formatter would re-flow the neighbouring line).
 */
export function editJsonText(text: string, path: readonly string[], value: unknown): string {
  if (text.trim() === '') {
    if (value === undefined) return text;
    return `${JSON.stringify(nest(path, value), null, 2)}\n`;
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = indentUnit(text);
  const root = parseTree(text);
  if (!root || root.type !== 'object') throw new Error('top level is not a JSON object');
  let out: string;
  if (value === undefined) {
    out = findNodeAtLocation(root, [...path]) ? applyEdits(text, modify(text, [...path], undefined, {})) : text;
  } else {
    // Deepest existing object along the path.
    let parent: JsonNode = root;
    let depth = 0;
    while (depth < path.length) {
      const prop: JsonNode | undefined = parent.children?.find((c) => c.children?.[0]?.value === path[depth]);
      if (!prop) break;
      const child: JsonNode | undefined = prop.children?.[1];
      if (depth === path.length - 1) {
        // Replace an existing value in place.
        const indent = lineIndent(text, prop.offset);
        const serialised = serialise(value, unit, indent, eol);
        out = text.slice(0, child!.offset) + serialised + text.slice(child!.offset + child!.length);
        return out.endsWith('\n') ? out : out + eol;
      }
      if (!child || child.type !== 'object') throw new Error(`"${path.slice(0, depth + 1).join('.')}" is not an object`);
      parent = child;
      depth++;
    }
    const key = path[depth];
    const rest = nest(path.slice(depth + 1), value);
    const props = parent.children ?? [];
    const parentIndent = lineIndent(text, parent.offset);
    const indent = props.length > 0 ? lineIndent(text, props[0].offset) : parentIndent + unit;
    const member = `${JSON.stringify(key)}: ${serialise(depth + 1 < path.length ? rest : value, unit, indent, eol)}`;
    if (props.length > 0) {
      const last = props[props.length - 1];
      const at = last.offset + last.length;
      out = `${text.slice(0, at)},${eol}${indent}${member}${text.slice(at)}`;
    } else {
      const open = parent.offset + 1;
      const close = parent.offset + parent.length - 1;
      out = `${text.slice(0, open)}${eol}${indent}${member}${eol}${parentIndent}${text.slice(close)}`;
    }
  }
  return out.endsWith('\n') ? out : out + eol;
}

type JsonNode = NonNullable<ReturnType<typeof parseTree>>;

function nest(path: readonly string[], value: unknown): unknown {
  let v = value;
  for (const key of [...path].reverse()) v = { [key]: v };
  return v;
}

function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : m[1];
}

/** Leading whitespace of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** JSON with the file's indent unit, continuation lines shifted to `baseIndent`. */
function serialise(value: unknown, unit: string, baseIndent: string, eol: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(eol + baseIndent);
}

/** Serialised bytes of a text, restoring the BOM when the original had one. */
export function toBytes(text: string, bom: boolean): Buffer {
  return Buffer.from(bom ? BOM + text : text, 'utf8');
}

export interface AtomicWriteOptions {
  mode?: number | null;
  /** Validates the temp file's text before the rename (throws to abort). */
  validate?: (text: string) => void;
  platform?: 'linux' | 'darwin' | 'win32';
  now?: () => number;
}

/** temp file in the same directory → fsync → validate → rename over the target (retried on Windows locks). */
export function atomicWrite(path: string, bytes: Buffer, opts: AtomicWriteOptions = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${(opts.now ?? Date.now)()}-${randomBytes(4).toString('hex')}.occam-tmp.json`);
  try {
    const fd = openSync(tmp, 'wx', opts.mode ?? 0o644);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (opts.mode != null) chmodSync(tmp, opts.mode);
    opts.validate?.(readFileSync(tmp, 'utf8').replace(/^\uFEFF/, ''));
    renameWithRetry(tmp, path, opts.platform === 'win32' ? 6 : 1);
    try {
      const dfd = openSync(dir, 'r');
      try {
        fsyncSync(dfd);
      } finally {
        closeSync(dfd);
      }
    } catch {
      // directory fsync is best effort (not supported everywhere)
    }
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

function renameWithRetry(from: string, to: string, tries: number): void {
  for (let attempt = 1; ; attempt++) {
    try {
      renameSync(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= tries || (code !== 'EPERM' && code !== 'EBUSY')) throw err;
      const until = Date.now() + 50 * attempt;
      while (Date.now() < until) {
        // short synchronous backoff: the host app usually releases its lock within milliseconds
      }
    }
  }
}

/** Throws unless the text parses as a JSON object. */
export function assertJsonObject(text: string): void {
  const errors: ParseError[] = [];
  const v = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !v || typeof v !== 'object' || Array.isArray(v)) throw new Error('written file does not parse as a JSON object');
}

export function backupPath(path: string): string {
  return path + BACKUP_SUFFIX;
}

/** Copies the current file to `<path>.occam-bak` (overwriting an older backup). */
export function writeBackup(path: string): string {
  const dest = backupPath(path);
  copyFileSync(path, dest);
  return dest;
}

/** Reads a TOML store (Codex); null when missing, throws with the file name when unparseable. */
export function readToml(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  try {
    return parseToml(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${path}: not valid TOML (${(err as Error).message.split('\n')[0]})`);
  }
}

/** Reads a YAML store (Hermes, Goose); null when missing, throws with the file name when unparseable. */
export function readYaml(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  try {
    const v = parseYaml(readFileSync(path, 'utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch (err) {
    throw new Error(`${path}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
}
