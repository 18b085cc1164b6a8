// What `connect` created in host config files — a whole file (and the directory it made for it), or the container
// object its entry lives in (`"mcp": {…}` in an opencode.json that had none) — kept in `~/.occam/connect-created.json`
// so `disconnect` can take those away again once they are empty, instead of leaving `"mcp": {}` or an empty `{}` file.
// Anything the user added in the meantime keeps the container (and the file) in place.
import { existsSync, readFileSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Ctx } from './proc.ts';
import { occamPaths } from '../config/paths.ts';
import { atomicWrite, editJsonText, objectAt, parseConfigText, resolveWriteTarget } from './config-edit.ts';

export interface CreatedRecord {
  /** Occam created the file. */
  file: boolean;
  /** Key path of the outermost object Occam added (null when the servers object already existed). */
  container: string[] | null;
  /** Outermost directory Occam created for the file (null when none). */
  dir: string | null;
}

type Ledger = { v: 1; files: Record<string, CreatedRecord> };

function readLedger(ctx: Ctx): Ledger {
  try {
    const doc = JSON.parse(readFileSync(occamPaths(ctx).connectCreated, 'utf8')) as Ledger;
    if (doc && doc.v === 1 && doc.files && typeof doc.files === 'object') return doc;
  } catch {
    // missing or damaged: nothing is known to be Occam's
  }
  return { v: 1, files: {} };
}

function writeLedger(ctx: Ctx, ledger: Ledger): void {
  const path = occamPaths(ctx).connectCreated;
  if (Object.keys(ledger.files).length === 0 && !existsSync(path)) return;
  atomicWrite(path, Buffer.from(`${JSON.stringify(ledger, null, 2)}\n`), { mode: 0o600, platform: ctx.platform });
}

/** The outermost key path along `rootKey` that is missing in `data` (what an insertion creates), else null. */
export function firstMissing(data: Record<string, unknown> | null, rootKey: readonly string[]): string[] | null {
  for (let i = 1; i <= rootKey.length; i++) if (objectAt(data, rootKey.slice(0, i)) === undefined) return rootKey.slice(0, i);
  return null;
}

export function recordCreated(ctx: Ctx, path: string, rec: CreatedRecord): void {
  if (!rec.file && !rec.container) return;
  const ledger = readLedger(ctx);
  ledger.files[resolveWriteTarget(path)] = rec;
  writeLedger(ctx, ledger);
}

export function createdRecord(ctx: Ctx, path: string): CreatedRecord | null {
  return readLedger(ctx).files[resolveWriteTarget(path)] ?? null;
}

export function forgetCreated(ctx: Ctx, path: string): void {
  const ledger = readLedger(ctx);
  const key = resolveWriteTarget(path);
  if (!(key in ledger.files)) return;
  delete ledger.files[key];
  writeLedger(ctx, ledger);
}

/** Whether the object at `container` holds nothing but the (empty) chain of objects down to `rootKey`. */
function onlyEmptyChain(data: Record<string, unknown>, container: readonly string[], rootKey: readonly string[]): boolean {
  let node = objectAt(data, container);
  if (!node) return false;
  for (const key of rootKey.slice(container.length)) {
    const keys = Object.keys(node);
    if (keys.length === 0) return true;
    if (keys.length !== 1 || keys[0] !== key) return false;
    node = objectAt(node, [key]);
    if (!node) return false;
  }
  return Object.keys(node).length === 0;
}

/**
 * Text after our entry was removed, minus what Occam created that is now empty; null when the whole file was
 * Occam's and nothing else is left in it (the caller deletes it).
 */
export function withoutCreated(text: string, rootKey: readonly string[], rec: CreatedRecord): string | null {
  let out = text;
  if (rec.container && onlyEmptyChain(parseConfigText(out), rec.container, rootKey)) out = editJsonText(out, rec.container, undefined);
  if (rec.file && out.replace(/\s+/g, '') === '{}') return null;
  return out;
}

/** Removes the directories Occam created for a file it has just deleted, innermost first, while they are empty. */
export function removeCreatedDirs(filePath: string, rec: CreatedRecord): void {
  if (!rec.dir) return;
  for (let dir = dirname(resolveWriteTarget(filePath)); dir.startsWith(rec.dir); dir = dirname(dir)) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return;
    }
    if (dir === rec.dir) return;
  }
}
