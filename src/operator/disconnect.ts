// `occam disconnect` core (operator.md §10): remove only Occam-managed `ff-occam` entries. Plan first; any
// `refuse` row blocks the whole run; execution re-inspects right before each removal. What connect created and
// is now empty (the servers object, or the whole file) goes too, so connect + disconnect leaves no empty shell behind.
import type { Ctx } from './proc.ts';
import { desiredLaunch, SERVER_NAME, type RuntimeInfo } from './entry.ts';
import { HOST_ADAPTERS, HOST_IDS, detectHost, type HostAdapter } from './hosts/registry.ts';
import { inspectHost, type Inspection } from './hosts/shapes.ts';
import { cliRemove } from './hosts/cli.ts';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { atomicWrite, backupPath, editJsonText, loadJsonConfig, resolveWriteTarget, toBytes, validatorFor, writeBackup } from './config-edit.ts';
import { createdRecord, forgetCreated, removeCreatedDirs, withoutCreated } from './created.ts';

export type DisconnectAction = 'remove' | 'preserve' | 'absent' | 'refuse';

export interface DisconnectRow {
  id: string;
  name: string;
  path: string | null;
  action: DisconnectAction;
  ok: boolean;
  reason: string;
  outcome: 'removed' | 'preserved' | 'absent' | 'refused' | 'planned' | 'failed';
  backupPath?: string;
}

export interface DisconnectReport {
  schemaVersion: '1';
  command: 'disconnect';
  ok: boolean;
  blocked: boolean;
  applied: boolean;
  dryRun: boolean;
  occamHome: string;
  rows: DisconnectRow[];
  message: string;
}

function planRow(a: HostAdapter, insp: Inspection): Omit<DisconnectRow, 'ok' | 'outcome'> {
  const base = { id: a.id, name: a.name, path: insp.configPath };
  if (insp.state === 'ambiguous') return { ...base, action: 'refuse', reason: insp.error ?? 'config location is ambiguous' };
  if (insp.state === 'refuse') return { ...base, action: 'refuse', reason: insp.error ?? 'config cannot be parsed' };
  if (insp.state === 'undecodable') return { ...base, action: 'refuse', reason: insp.error ?? 'ff-occam entry cannot be decoded' };
  if (!insp.entry) return { ...base, action: 'absent', reason: 'no ff-occam entry' };
  if (!insp.managed) return { ...base, action: 'preserve', reason: 'ff-occam entry was not written by Occam' };
  if (a.method === 'assisted') return { ...base, action: 'preserve', reason: `${a.name} is never written by Occam; remove it by hand` };
  if (insp.state === 'readonly') return { ...base, action: 'refuse', reason: `${insp.error}; remove the ff-occam entry by hand` };
  return { ...base, action: 'remove', reason: 'Occam-managed entry' };
}

export async function runDisconnect(ctx: Ctx, runtime: RuntimeInfo, opts: { dryRun?: boolean; only?: string[] }): Promise<DisconnectReport> {
  const occamHome = desiredLaunch(ctx, runtime).occamHome;
  const report: DisconnectReport = { schemaVersion: '1', command: 'disconnect', ok: true, blocked: false, applied: false, dryRun: Boolean(opts.dryRun), occamHome, rows: [], message: '' };
  const ids = (opts.only ?? []).flatMap((o) => o.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = ids.filter((id) => !HOST_IDS.includes(id));
  if (unknown.length > 0) {
    report.ok = false;
    report.blocked = true;
    report.message = `unknown host id: ${unknown.join(', ')}; valid ids: ${HOST_IDS.join(', ')}. No files or host settings were changed.`;
    return report;
  }
  const selected = HOST_ADAPTERS.filter((a) => ids.length === 0 || ids.includes(a.id));
  const plans = selected.map((a) => ({ a, row: planRow(a, inspectHost(ctx, a, detectHost(ctx, a), occamHome)) }));
  const refused = plans.filter((p) => p.row.action === 'refuse');
  if (refused.length > 0 || opts.dryRun) {
    report.blocked = refused.length > 0;
    report.ok = !report.blocked;
    report.rows = plans.map(({ row }) => ({ ...row, ok: row.action !== 'refuse', outcome: row.action === 'refuse' ? 'refused' : 'planned' }));
    report.message = `${report.blocked ? `Blocked: ${refused.map((p) => `${p.a.name}: ${p.row.reason}`).join('; ')}. ` : ''}No files or host settings were changed.`;
    return report;
  }
  for (const { a, row } of plans) {
    if (row.action !== 'remove') {
      report.rows.push({ ...row, ok: true, outcome: row.action === 'preserve' ? 'preserved' : 'absent' });
      continue;
    }
    // Ownership may have changed since planning.
    const now = inspectHost(ctx, a, detectHost(ctx, a), occamHome);
    if (!now.entry || !now.managed) {
      report.rows.push({ ...row, ok: true, outcome: now.entry ? 'preserved' : 'absent', reason: now.entry ? 'ownership changed since planning' : 'entry already gone' });
      continue;
    }
    const done = await removeEntry(ctx, a, now);
    const after = inspectHost(ctx, a, detectHost(ctx, a), occamHome);
    const ok = done.ok && !after.entry;
    if (ok) report.applied = true;
    else report.ok = false;
    report.rows.push({ ...row, ok, outcome: ok ? 'removed' : 'failed', reason: ok ? 'removed' : (done.error ?? 'entry still present after removal'), ...(done.backupPath ? { backupPath: done.backupPath } : {}) });
  }
  report.message = report.ok
    ? report.applied ? 'Occam registrations removed.' : 'Nothing to remove.'
    : 'Some registrations could not be removed (see rows).';
  return report;
}

async function removeEntry(ctx: Ctx, a: HostAdapter, insp: Inspection): Promise<{ ok: boolean; error: string | null; backupPath?: string }> {
  if (a.method === 'cli') return cliRemove(ctx, a.id);
  const path = insp.configPath!;
  try {
    const loaded = loadJsonConfig(path, a.rootKey);
    if (loaded.state !== 'ok') return { ok: false, error: loaded.error ?? `${path} is missing` };
    const created = createdRecord(ctx, path);
    const removed = editJsonText(loaded.text, [...a.rootKey, SERVER_NAME], undefined);
    const text = created ? withoutCreated(removed, a.rootKey, created) : removed;
    if (text === null) {
      // The file was Occam's alone and nothing else is in it: it goes, with the directories made for it.
      rmSync(resolveWriteTarget(path));
      removeCreatedDirs(path, created!);
      forgetCreated(ctx, path);
      return { ok: true, error: null };
    }
    const bytes = toBytes(text, loaded.bom);
    // Back to exactly what connect's backup holds (the file before Occam touched it): that backup has nothing left
    // to keep, so it goes instead of a new one being written.
    const restored = existsSync(backupPath(path)) && bytes.equals(readFileSync(backupPath(path)));
    const backup = restored ? undefined : writeBackup(path);
    atomicWrite(path, bytes, { mode: loaded.mode, validate: validatorFor(loaded), platform: ctx.platform });
    if (restored) rmSync(backupPath(path), { force: true });
    if (created) forgetCreated(ctx, path);
    return { ok: true, error: null, ...(backup ? { backupPath: backup } : {}) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
