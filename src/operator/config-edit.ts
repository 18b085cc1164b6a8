// The config engine (operator.md §6): load a host's config file, decide, and edit it surgically. JSON and JSONC
// files are located with jsonc-parser's tree and scanner and only our property's bytes are spliced in or out, so
// every byte outside our entry (user servers, key order, indentation, comments, trailing commas, a missing final
// newline) stays as it was; an unparseable file is never touched; a read-only file is left alone (paste by hand).
// Writes are atomic (temp file in the target's directory — through a symlink to its target —, owner and mode
// kept, re-parsed, renamed over the target) and preceded by a `<path>.occam-bak` copy of the previous bytes.
// TOML and YAML stores are only read (their hosts write them).
import * as fs from 'node:fs';
import { chmodSync, chownSync, closeSync, existsSync, fchownSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { openExclusiveTemp, PRIVATE_FILE_MODE, replaceFileExclusive } from '../runtime/files.ts';
import { createScanner, findNodeAtLocation, parse as parseJsonc, parseTree, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { readBoundedFile, readBoundedText } from '../runtime/bounded-input.ts';

export const BACKUP_SUFFIX = '.occam-bak';
/** Leftovers of a killed config write keep a recognisable name (never the target's). */
const CONFIG_TEMP_SUFFIX = '.occam-tmp.json';
const BOM = '\uFEFF';

export type LoadState = 'missing' | 'ok' | 'refuse' | 'readonly';

export interface LoadedConfig {
  path: string;
  state: LoadState;
  /** File text without BOM ('' when missing). */
  text: string;
  /** Exact bytes on disk (null when missing). */
  bytes: Buffer | null;
  bom: boolean;
  /** Parsed document (object) when state is ok, readonly or missing. */
  data: Record<string, unknown> | null;
  /** Human reason for refuse/readonly, naming the file and line. */
  error: string | null;
  mode: number | null;
  /** The file uses JSONC (comments or trailing commas): edits must keep it parseable as JSONC. */
  jsonc: boolean;
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

/** Whether the text parses only as JSONC (comments or trailing commas), not as strict JSON. */
function isJsoncOnly(text: string): boolean {
  if (hasJsonComments(text)) return true;
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.length > 0;
}

/** Whether the file's permission bits forbid writing (0444): the user asked for it to stay as it is. */
function isReadOnly(mode: number, path: string): boolean {
  if ((mode & 0o222) === 0) return true;
  try {
    fs.accessSync(path, fs.constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/**
 * Loads a JSON/JSONC config; classifies it as missing / ok / readonly (parsed, never written) / refuse
 * (unreadable, unparseable or wrong shape).
 */
export function loadJsonConfig(path: string, rootPath: readonly string[]): LoadedConfig {
  if (!existsSync(path)) {
    return { path, state: 'missing', text: '', bytes: null, bom: false, data: {}, error: null, mode: null, jsonc: false };
  }
  let bytes: Buffer;
  let mode: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return refuse(path, '', null, `${path} is not a regular file`, null);
    mode = st.mode & 0o7777;
    bytes = readBoundedFile(path, 'config', { allowStdin: false });
  } catch (err) {
    return refuse(path, '', null, `${path} cannot be read: ${(err as Error).message}`, null);
  }
  let text = bytes.toString('utf8');
  const bom = text.startsWith(BOM);
  if (bom) text = text.slice(1);
  const base = { path, text, bytes, bom, mode, jsonc: false };
  const readonly = isReadOnly(mode, path);
  const roError = `${path} is read-only (mode ${mode.toString(8).padStart(4, '0')}); Occam leaves it as it is — add the entry by hand`;
  if (text.trim() === '') return readonly ? { ...base, state: 'readonly', data: {}, error: roError } : { ...base, state: 'ok', data: {}, error: null };
  const errors: ParseError[] = [];
  const data = parseJsonc(text, errors, { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false });
  base.jsonc = errors.length === 0 && isJsoncOnly(text);
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
  if (readonly) return { ...base, state: 'readonly', data: data as Record<string, unknown>, error: roError };
  return { ...base, state: 'ok', data: data as Record<string, unknown>, error: null };
}

function refuse(path: string, text: string, bytes: Buffer | null, error: string, mode: number | null, bom = false): LoadedConfig {
  return { path, state: 'refuse', text, bytes, bom, data: null, error, mode, jsonc: false };
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
 * value is serialised with the file's own indentation and spliced in, so neighbouring entries, comments and
 * trailing commas keep their exact bytes (jsonc-parser's modify/applyEdits move a comment that ends the previous
 * member's line behind our entry on insertion, and delete it on removal — checked with jsonc-parser 3.3). Removal is the exact inverse of insertion,
 * so connect + disconnect gives back the original bytes.
 */
export function editJsonText(text: string, path: readonly string[], value: unknown): string {
  if (text.trim() === '') {
    if (value === undefined) return text;
    return `${JSON.stringify(nest(path, value), null, 2)}\n`;
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = indentUnit(text);
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (!root || root.type !== 'object') throw new Error('top level is not a JSON object');
  if (value === undefined) {
    const prop = findNodeAtLocation(root, [...path])?.parent;
    return prop && prop.type === 'property' ? removeProperty(text, prop, eol) : text;
  }
  // Deepest existing object along the path.
  let parent: JsonNode = root;
  let depth = 0;
  while (depth < path.length) {
    const prop: JsonNode | undefined = parent.children?.find((c) => c.children?.[0]?.value === path[depth]);
    if (!prop) break;
    const child: JsonNode | undefined = prop.children?.[1];
    if (depth === path.length - 1) {
      // Replace an existing value in place.
      const serialised = serialise(value, unit, lineIndent(text, prop.offset), eol);
      return text.slice(0, child!.offset) + serialised + text.slice(child!.offset + child!.length);
    }
    if (!child || child.type !== 'object') throw new Error(`"${path.slice(0, depth + 1).join('.')}" is not an object`);
    parent = child;
    depth++;
  }
  const rest = nest(path.slice(depth + 1), value);
  const props = parent.children ?? [];
  const parentIndent = lineIndent(text, parent.offset);
  const indent = props.length > 0 ? lineIndent(text, props[0].offset) : parentIndent + unit;
  const member = `${JSON.stringify(path[depth])}: ${serialise(depth + 1 < path.length ? rest : value, unit, indent, eol)}`;
  if (props.length === 0) {
    // Before the closing brace, after anything (comments) the empty object holds.
    const close = parent.offset + parent.length - 1;
    const head = text.slice(0, close).trimEnd();
    return `${head}${eol}${indent}${member}${eol}${parentIndent}${text.slice(close)}`;
  }
  const last = props[props.length - 1];
  const at = last.offset + last.length;
  const comma = nextComma(text, at);
  if (comma !== null) {
    // The file uses a trailing comma: ours gets one too, on its own line after the comma's line.
    const pos = sameLineComments(text, comma + 1);
    return `${text.slice(0, pos)}${eol}${indent}${member},${text.slice(pos)}`;
  }
  const pos = sameLineComments(text, at);
  return `${text.slice(0, at)},${text.slice(at, pos)}${eol}${indent}${member}${text.slice(pos)}`;
}

/** Offset of the comma that follows `from` (only blanks and comments in between), else null. */
function nextComma(text: string, from: number): number | null {
  const scanner = createScanner(text.slice(from), false);
  for (let kind = scanner.scan(); kind !== 17; kind = scanner.scan()) {
    if (kind === 5) return from + scanner.getTokenOffset();
    if (kind !== 12 && kind !== 13 && kind !== 14 && kind !== 15) return null;
  }
  return null;
}

/** `from` moved past blanks and comments that end on the same line (a comment belongs to the line it is on). */
function sameLineComments(text: string, from: number): number {
  const m = /^(?:[ \t]*(?:\/\/[^\r\n]*|\/\*(?:(?!\*\/)[^\r\n])*\*\/))*/.exec(text.slice(from));
  return from + (m ? m[0].length : 0);
}

/** Start of the line break before `pos` when only blanks separate them, else `pos`. */
function lineBreakBefore(text: string, pos: number): number {
  let j = pos;
  while (j > 0 && (text[j - 1] === ' ' || text[j - 1] === '\t')) j--;
  if (text[j - 1] !== '\n') return pos;
  j--;
  return text[j - 1] === '\r' ? j - 1 : j;
}

/** Removes one property, inverse of the insertion above; an object left with only blanks becomes `{}`. */
function removeProperty(text: string, prop: JsonNode, eol: string): string {
  const obj = prop.parent!;
  const siblings = obj.children ?? [];
  const i = siblings.indexOf(prop);
  const end = prop.offset + prop.length;
  const from = lineBreakBefore(text, prop.offset);
  const after = nextComma(text, end);
  let out: string;
  if (after !== null) {
    out = text.slice(0, from) + text.slice(after + 1);
  } else if (i > 0) {
    const prev = siblings[i - 1];
    const comma = nextComma(text, prev.offset + prev.length)!;
    out = text.slice(0, comma) + text.slice(comma + 1, Math.max(comma + 1, from)) + text.slice(end);
  } else {
    out = text.slice(0, from) + text.slice(end);
  }
  if (siblings.length === 1) {
    const removed = text.length - out.length;
    const open = obj.offset + 1;
    const close = obj.offset + obj.length - 1 - removed;
    const inner = out.slice(open, close);
    if (inner.trim() === '' && (inner === '' || inner.startsWith(eol))) out = out.slice(0, open) + out.slice(close);
  }
  return out;
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
  /** Mode of the written file; default: the existing file's mode, else 0644. */
  mode?: number | null;
  /** Validates the temp file's text before the rename (throws to abort). */
  validate?: (text: string) => void;
  platform?: 'linux' | 'darwin' | 'win32';
  /** Test seam: the write call (a full disk is simulated by throwing ENOSPC). */
  writeSync?: (fd: number, buffer: Buffer, offset: number, length: number) => number;
}

/** The file a write to `path` lands in: symlinks (chains, and a dangling last link) are followed. */
export function resolveWriteTarget(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    let st: fs.Stats;
    try {
      st = lstatSync(current);
    } catch {
      return current;
    }
    if (!st.isSymbolicLink()) return current;
    current = resolvePath(dirname(current), readlinkSync(current));
  }
  throw new Error(`${path}: too many levels of symbolic links`);
}

function writeAll(fd: number, bytes: Buffer, write: NonNullable<AtomicWriteOptions['writeSync']>): void {
  // A short write is not an error; the next write reports the real one (ENOSPC, EDQUOT, EIO).
  for (let off = 0; off < bytes.length; ) off += write(fd, bytes, off, bytes.length - off);
}

const euid = () => (typeof process.geteuid === 'function' ? process.geteuid() : null);

/**
 * temp file in the target's directory → owner kept → fsync → validate → rename over the target (retried on
 * Windows locks). A symlinked path is written through to its target, so the link stays a link.
 */
export function atomicWrite(path: string, bytes: Buffer, opts: AtomicWriteOptions = {}): void {
  const target = resolveWriteTarget(path);
  const dir = dirname(target);
  mkdirSync(dir, { recursive: true });
  let existing: fs.Stats | null = null;
  try {
    existing = statSync(target);
  } catch {
    existing = null;
  }
  const mode = opts.mode ?? (existing ? existing.mode & 0o7777 : null);
  let tmp = '';
  try {
    // Exclusive create under a random name (runtime/files.ts): a planted link or FIFO is never written through.
    const temp = openExclusiveTemp(dir, mode ?? 0o644, CONFIG_TEMP_SUFFIX);
    tmp = temp.path;
    const fd = temp.fd;
    try {
      writeAll(fd, bytes, opts.writeSync ?? fs.writeSync);
      keepOwner(fd, target, existing);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (mode != null) chmodSync(tmp, mode);
    opts.validate?.(readFileSync(tmp, 'utf8').replace(/^\uFEFF/, ''));
    renameWithRetry(tmp, target, opts.platform === 'win32' ? 6 : 1);
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
    if (tmp) rmSync(tmp, { force: true });
    throw err;
  }
}

/** The replacement gets the replaced file's uid/gid (a rewrite as root must not take the user's file away). */
function keepOwner(fd: number, target: string, existing: fs.Stats | null): void {
  if (!existing || process.platform === 'win32') return;
  // Compared with the temp file itself: a setgid directory already gives it the directory's group.
  const tmp = fs.fstatSync(fd);
  if (tmp.uid === existing.uid && tmp.gid === existing.gid) return;
  try {
    fchownSync(fd, existing.uid, existing.gid);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(`cannot keep the owner of ${target} (uid ${existing.uid}, gid ${existing.gid}): ${code}; the file was not changed`);
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
  assertObjectText(text, false);
}

/** Throws unless the text parses as an object: strict JSON, or JSONC (comments, trailing commas) when `jsonc`. */
export function assertObjectText(text: string, jsonc: boolean): void {
  const errors: ParseError[] = [];
  const v = parseJsonc(text, errors, { disallowComments: !jsonc, allowTrailingComma: jsonc });
  if (errors.length > 0 || !v || typeof v !== 'object' || Array.isArray(v)) {
    throw new Error(`written file does not parse as a ${jsonc ? 'JSONC' : 'JSON'} object`);
  }
}

/** The validator for rewriting a loaded file: JSONC stays allowed only where the file already used it. */
export const validatorFor = (loaded: Pick<LoadedConfig, 'jsonc'>) => (text: string) => assertObjectText(text, loaded.jsonc);

/** Parses config text leniently (comments, trailing commas) — for text this engine produced or validated. */
export function parseConfigText(text: string): Record<string, unknown> {
  return parseJsonc(text, [], { allowTrailingComma: true }) as Record<string, unknown>;
}

export function backupPath(path: string): string {
  return path + BACKUP_SUFFIX;
}

/**
 * Copies the current file to `<path>.occam-bak` (replacing an older backup), owner-only and owned like the
 * original. The copy is a new file renamed into place: a link or FIFO planted at the backup name is replaced,
 * never written through or opened.
 */
export function writeBackup(path: string): string {
  const dest = backupPath(path);
  replaceFileExclusive(dest, readFileSync(path), { mode: PRIVATE_FILE_MODE, createParents: false });
  if (euid() === 0) {
    try {
      const st = statSync(path);
      chownSync(dest, st.uid, st.gid);
    } catch {
      // best effort: the backup stays root's, the original is untouched either way
    }
  }
  return dest;
}

/** Reads a TOML store (Codex); null when missing, throws with the file name when unparseable. */
export function readToml(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  const text = readBoundedText(path, 'config', { allowStdin: false });
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${path}: not valid TOML (${(err as Error).message.split('\n')[0]})`);
  }
}

/** Reads a YAML store (Hermes, Goose); null when missing, throws with the file name when unparseable. */
export function readYaml(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  const text = readBoundedText(path, 'config', { allowStdin: false });
  try {
    const v = parseYaml(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch (err) {
    throw new Error(`${path}: not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
}
