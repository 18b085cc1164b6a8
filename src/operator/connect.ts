// `occam connect` core (operator.md §7, §9): detect hosts, decide the mode, gather consent, self-verify Occam,
// then per target: plan → apply → host verify → ready state → keep or undo. Returns the §9.4 report; the verb
// only renders it. Everything external (files, host CLIs, prompts, the clock) comes in through ConnectDeps.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { readBoundedFile } from '../runtime/bounded-input.ts';
import { dirname } from 'node:path';
import type { Ctx } from './proc.ts';
import { occamPaths } from '../config/paths.ts';
import { desiredLaunch, entriesEqual, redact, SERVER_NAME, type LaunchSpec, type RuntimeInfo, type StdioEntry } from './entry.ts';
import { HOST_ADAPTERS, HOST_IDS, detectHost, detectRuntimes, type Detection, type HostAdapter } from './hosts/registry.ts';
import { decodeEntry, encodeEntry, entryForHost, inspectHost, pasteGuidance, type Inspection } from './hosts/shapes.ts';
import { cliAdd, cliCommand, cliRemove, cliVerify, fileHostCheck, CLI_SPECS, type HostVerify } from './hosts/cli.ts';
import { atomicWrite, editJsonText, loadJsonConfig, objectAt, parseConfigText, resolveWriteTarget, toBytes, validatorFor, writeBackup } from './config-edit.ts';
import { firstMissing, recordCreated } from './created.ts';
import { expectedToolCount, selfVerify, type SelfVerify } from './verify.ts';

export type Mode = 'off' | 'detect-only' | 'ci' | 'auto';
export type PlanAction = 'noop' | 'add' | 'update' | 'skip-unmanaged' | 'refuse' | 'read-only' | 'ambiguous' | 'assisted';

export interface ConnectOptions {
  only?: string[];
  yes?: boolean;
  force?: boolean;
  detectOnly?: boolean;
  skipOccamVerify?: boolean;
  /** Install's manual setup mode: always show the choice menu when a prompt is possible. */
  manualSetup?: boolean;
}

export interface Prompter {
  /** Yes/no question; default No. */
  confirm: (message: string) => Promise<boolean>;
  /** Numbered choice; returns chosen ids, or null when cancelled (`q`). */
  choose: (message: string, choices: Array<{ id: string; name: string }>) => Promise<string[] | null>;
}

export interface ConnectDeps {
  ctx: Ctx;
  runtime: RuntimeInfo;
  canPrompt: boolean;
  prompter?: Prompter;
  progress?: (line: string) => void;
  /** Test seam: runs right after a config file was written (simulates a host rewriting it). */
  afterWrite?: (hostId: string, path: string) => void;
  /** Test seam: the config-file write call (a full disk is simulated by throwing ENOSPC). */
  writeSync?: (fd: number, buffer: Buffer, offset: number, length: number) => number;
  /** Test seam: replaces the self-verify of the launch entry. */
  selfVerifyOverride?: (entry: StdioEntry) => Promise<SelfVerify>;
}

export class ConnectUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectUsageError';
  }
}

const truthy = (v: string | undefined) => /^(1|true|yes)$/i.test((v ?? '').trim());

export function isCiLike(env: Ctx['env']): boolean {
  return /^(1|true)$/i.test(env.CI ?? '') || /^true$/i.test(env.GITHUB_ACTIONS ?? '') || env.OCCAM_CONNECT_CI === '1';
}

/** §9.2 mode policy, in order. */
export function decideMode(env: Ctx['env'], detectOnly: boolean): { mode: Mode; mutateHosts: boolean; reason: string } {
  const raw = (env.OCCAM_CONNECT ?? '').trim().toLowerCase();
  const ci = isCiLike(env);
  const force = truthy(env.OCCAM_CONNECT_FORCE);
  if (['off', '0', 'none'].includes(raw)) return { mode: 'off', mutateHosts: false, reason: `OCCAM_CONNECT=${raw}` };
  if (['detect', 'report'].includes(raw) || detectOnly) {
    return { mode: 'detect-only', mutateHosts: false, reason: detectOnly ? '--detect-only' : `OCCAM_CONNECT=${raw}` };
  }
  if (['auto', 'on', '1'].includes(raw)) {
    if (ci && !force) return { mode: 'ci', mutateHosts: false, reason: `CI detected: OCCAM_CONNECT=${raw} ignored (set OCCAM_CONNECT_FORCE=1 to connect in CI)` };
    return { mode: 'auto', mutateHosts: true, reason: `OCCAM_CONNECT=${raw}` };
  }
  if (ci && !force) return { mode: 'ci', mutateHosts: false, reason: 'CI detected: host configs are not changed (set OCCAM_CONNECT_FORCE=1 to allow)' };
  return { mode: 'auto', mutateHosts: true, reason: ci ? 'CI with OCCAM_CONNECT_FORCE' : 'default' };
}

export interface ReadyState {
  ready: boolean;
  status: string;
  message: string;
  configured: boolean;
  requiresRestart: boolean;
  requiresUserAction: boolean;
  hostBlocked: boolean;
  rolledBack?: boolean;
  rollbackKind?: string;
  rollbackFailed?: boolean;
  sessionHint?: string;
}

export interface ConnectionRow {
  id: string;
  name: string;
  plan: { action: PlanAction; requiresRestart: boolean; sessionHint: string | null; configPath: string | null; managed: boolean };
  apply: { ok: boolean; applied: boolean; action: PlanAction; error: string | null; requiresRestart: boolean; backupPath?: string };
  hostVerify: HostVerify;
  readyState: ReadyState;
  rollback: { ok: boolean; kind: string | null; error: string | null } | null;
  guidance?: { format: string; text: string; instructions: string };
}

export interface SkippedRow {
  id: string;
  name: string;
  reason: string;
  hint: string;
  candidates?: string[];
  guidance?: { format: string; text: string; instructions: string };
}

export interface ConnectReport {
  schema_version: '1.0';
  occamHome: string;
  serverName: string;
  mode: { mode: Mode; mutateHosts: boolean; reason: string };
  mutateHosts: boolean;
  launch: StdioEntry;
  runtimes: Array<{ id: string; name: string; signals: string[] }>;
  hosts: Array<Record<string, unknown>>;
  connections: ConnectionRow[];
  skipped: SkippedRow[];
  occamVerify: { ok: boolean; level: number; toolCount: number | null; expected?: number; profile?: string; error?: string; skipped?: boolean };
  ready: boolean;
  status: string;
  message: string;
  exitCode: number;
}

const NOT_VERIFIED: HostVerify = { ok: false, level: 0, toolCount: null, message: 'not attempted', configured: false, requiresUserAction: false, hostBlocked: false };

/** Plan for an inspected entry (§6 Plan). */
export function planFor(insp: Inspection, desired: StdioEntry, force: boolean): PlanAction {
  if (insp.state === 'refuse' || insp.state === 'undecodable') return 'refuse';
  if (insp.state === 'readonly') return 'read-only';
  if (insp.state === 'ambiguous') return 'ambiguous';
  if (insp.state === 'absent' || !insp.entry) return 'add';
  if (entriesEqual(insp.entry, desired) && !insp.disabled) return force ? 'update' : 'noop';
  if (insp.managed || force) return 'update';
  return 'skip-unmanaged';
}

/** §7 evaluateReadyState. */
export function evaluateReadyState(a: HostAdapter, occamOk: boolean, hv: HostVerify, wroteThisRun: boolean): ReadyState {
  const base = { configured: hv.configured, requiresUserAction: hv.requiresUserAction, hostBlocked: hv.hostBlocked, sessionHint: a.sessionHint };
  const restartEvidence = wroteThisRun && (a.maxLevel ?? 0) < 5;
  if (!occamOk) return { ...base, ready: false, status: 'Not ready', message: 'Occam itself could not be verified', requiresRestart: false };
  if (hv.configured && hv.requiresUserAction && hv.hostBlocked) {
    return { ...base, ready: false, status: 'Configured — action required', message: hv.message, requiresRestart: false };
  }
  if (hv.level >= 5 && (a.maxLevel ?? 0) >= 5 && !restartEvidence) {
    return { ...base, ready: true, status: 'Ready', message: hv.message, requiresRestart: false };
  }
  if (hv.configured && restartEvidence) {
    return { ...base, ready: false, status: 'Configured — restart required', message: `restart required: ${a.sessionHint ?? `restart ${a.name}`}`, requiresRestart: true };
  }
  if (hv.configured && a.maxLevel === 1) {
    return { ...base, ready: false, status: 'Configured', message: `${a.name} has the ff-occam entry`, requiresRestart: false };
  }
  if (hv.configured) return { ...base, ready: false, status: 'Configured — host discovery incomplete', message: hv.message, requiresRestart: false };
  return { ...base, ready: false, status: 'Not ready', message: hv.message, requiresRestart: false };
}

function hostRow(a: HostAdapter, det: Detection, insp: Inspection) {
  return redact({
    id: a.id,
    name: a.name,
    kind: 'mcp-host',
    supportTier: a.tier,
    connectionMethod: a.method === 'cli' ? 'native-cli' : a.method === 'config' ? 'config-file' : 'assisted',
    detected: det.detected,
    confidence: det.confidence,
    executable: det.executable,
    configPath: det.configPath,
    ambiguous: det.ambiguous,
    candidates: det.candidates,
    signals: det.signals,
    ...(det.residue ? { residue: true } : {}),
    inspect: { state: insp.state, managed: insp.managed, entry: insp.raw ?? null, error: insp.error },
  });
}

/** Runs connect; never throws except ConnectUsageError for a bad `--only`. */
export async function runConnect(deps: ConnectDeps, opts: ConnectOptions): Promise<ConnectReport> {
  const { ctx } = deps;
  const progress = deps.progress ?? (() => {});
  const only = normaliseOnly(opts.only);
  const launch = desiredLaunch(ctx, deps.runtime);
  const mode = decideMode(ctx.env, Boolean(opts.detectOnly));

  const detections = new Map<string, { a: HostAdapter; det: Detection; insp: Inspection }>();
  for (const a of HOST_ADAPTERS) {
    const det = detectHost(ctx, a);
    detections.set(a.id, { a, det, insp: inspectHost(ctx, a, det, launch.occamHome) });
  }
  const runtimes = detectRuntimes(ctx);
  const report: ConnectReport = {
    schema_version: '1.0',
    occamHome: launch.occamHome,
    serverName: SERVER_NAME,
    mode,
    mutateHosts: mode.mutateHosts,
    launch: launch.entry,
    runtimes,
    hosts: [...detections.values()].map(({ a, det, insp }) => hostRow(a, det, insp)),
    connections: [],
    skipped: [],
    occamVerify: { ok: false, level: 0, toolCount: null, skipped: true },
    ready: false,
    status: 'Installed — connect skipped',
    message: '',
    exitCode: 0,
  };
  for (const { a, det } of detections.values()) {
    if (det.detected) progress(`found ${a.name}${det.configPath ? ` (${det.configPath})` : ''}`);
    else if (det.residue) progress(`${a.name}: leftover files without the ${a.executables[0]} CLI (residue, not connectable)`);
  }

  // Targets and skipped rows (§9.3).
  const targets: HostAdapter[] = [];
  for (const { a, det } of detections.values()) {
    const named = only?.includes(a.id) ?? false;
    if (only && !named) continue;
    if (!det.detected && !named) continue;
    const skip = (reason: string, hint: string, extra: Partial<SkippedRow> = {}) =>
      report.skipped.push({ id: a.id, name: a.name, reason, hint, ...extra });
    if (a.method === 'assisted') {
      if (named) targets.push(a);
      else skip('manual setup only', `paste the registration below into ${a.name}`, { guidance: pasteGuidance(a, entryForHost(a, launch.entry)) });
      continue;
    }
    if (det.ambiguous) {
      if (named) targets.push(a);
      else skip('config location is ambiguous', det.ambiguityReason ?? 'choose the file by hand', { candidates: det.candidates });
      continue;
    }
    if (!named && det.confidence !== 'high' && det.confidence !== 'medium') {
      skip('install signals too weak', `occam connect --only ${a.id}`);
      continue;
    }
    if (!named && a.tier !== 'A') {
      skip('not validated end-to-end yet', `occam connect --only ${a.id}`);
      continue;
    }
    if (a.method === 'cli' && !cliCommand(ctx, a.id)) {
      // Detected from its files alone: Occam registers through the host's own CLI, so it cannot write this one.
      skip(`the ${CLI_SPECS[a.id].bin} CLI is not on PATH`, `install it and run occam connect --only ${a.id}, or paste the registration below`, {
        guidance: pasteGuidance(a, entryForHost(a, launch.entry)),
      });
      continue;
    }
    targets.push(a);
  }

  const finish = (r: ConnectReport) => {
    // --detect-only / --dry-run promise to change nothing, Occam's own state included.
    if (mode.mode !== 'detect-only') writeLastReport(ctx, r);
    return r;
  };

  if (!mode.mutateHosts) {
    report.status = 'Installed — connect skipped';
    const found = [...detections.values()].filter(({ det }) => det.detected).map(({ a }) => a.name);
    const foundText = found.length ? `found ${found.join(', ')}` : 'no AI app found';
    report.message = mode.mode === 'detect-only' ? `Detection only: ${foundText}; nothing was changed.` : `Connect skipped (${mode.reason}); ${foundText}; nothing was changed.`;
    return finish(report);
  }
  if (targets.length === 0) {
    const anyDetected = [...detections.values()].some(({ det }) => det.detected);
    if (!anyDetected && runtimes.length > 0) {
      report.status = 'Installed — runtime only';
      report.message = `Only model runtimes found (${runtimes.map((r) => r.name).join(', ')}); they do not host MCP servers. Nothing was changed.`;
    } else if (!anyDetected) {
      report.status = 'Installed — no MCP host';
      report.message = 'No AI app was found on this machine. Run `occam snippet` for a paste-ready registration.';
    } else {
      report.status = 'Action required';
      report.message = report.skipped.map((s) => `${s.name}: ${s.reason} (${s.hint})`).join('; ');
    }
    return finish(report);
  }

  // Consent.
  let chosen = targets;
  if (!only && targets.length > 1 && !(opts.yes || truthy(ctx.env.OCCAM_CONNECT_ALL))) {
    if (deps.canPrompt && deps.prompter) {
      const names = targets.map((t) => t.name).join(', ');
      const all = opts.manualSetup ? false : await deps.prompter.confirm(`Register Occam (ff-occam) in ${names}?`);
      if (!all) {
        const picked = await deps.prompter.choose('Choose the apps to connect (e.g. 1,3 or all; q cancels)', targets.map((t) => ({ id: t.id, name: t.name })));
        chosen = picked ? targets.filter((t) => picked.includes(t.id)) : [];
      }
      if (chosen.length === 0) {
        report.status = 'Action required';
        report.message = 'Nothing was connected (cancelled). Run `occam connect --only <id>` to connect one app.';
        return finish(report);
      }
    } else {
      report.status = 'Action required';
      report.message = `Multiple AI apps detected (${targets.map((t) => t.name).join(', ')}); nothing was changed. Re-run with --yes, set OCCAM_CONNECT_ALL=1, or pick one with --only <id>.`;
      return finish(report);
    }
  }

  // Occam self-verify, once, before any host is touched.
  if (launch.refusal) {
    report.occamVerify = { ok: false, level: 0, toolCount: null, error: launch.refusal };
    report.status = 'Not ready';
    report.message = `Occam cannot be registered: ${launch.refusal}. Nothing was written.`;
    report.exitCode = 1;
    return finish(report);
  }
  if (opts.skipOccamVerify) {
    const exp = expectedToolCount({ ...ctx.env, ...launch.entry.env });
    report.occamVerify = { ok: true, level: 4, toolCount: exp.count, expected: exp.count, profile: exp.profile, skipped: true };
  } else {
    progress('verifying that Occam starts and lists its tools…');
    const sv = deps.selfVerifyOverride ? await deps.selfVerifyOverride(launch.entry) : await selfVerify(launch.entry, ctx.env);
    report.occamVerify = { ok: sv.ok, level: sv.level, toolCount: sv.toolCount, expected: sv.expected, profile: sv.profile, ...(sv.error ? { error: sv.error } : {}) };
    if (!sv.ok) {
      report.status = 'Not ready';
      report.message = `Occam did not pass its own start-up check (level ${sv.level}: ${sv.error ?? 'unknown'}). No host was changed.`;
      report.exitCode = 1;
      return finish(report);
    }
  }

  for (const a of chosen) {
    const { det, insp } = detections.get(a.id)!;
    progress(`${a.name}: connecting…`);
    let row: ConnectionRow;
    try {
      row = await connectOne(deps, a, det, insp, launch, Boolean(opts.force), report.occamVerify.expected ?? report.occamVerify.toolCount ?? 0);
    } catch (err) {
      row = errorRow(a, det, `unexpected error: ${(err as Error).message}`, 'Error');
    }
    report.connections.push(row);
    progress(`${a.name}: ${row.readyState.status}`);
  }
  aggregate(report);
  return finish(report);
}

function normaliseOnly(only: string[] | undefined): string[] | null {
  if (!only || only.length === 0) return null;
  const ids = only.flatMap((o) => o.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = ids.filter((id) => !HOST_IDS.includes(id));
  if (unknown.length > 0) throw new ConnectUsageError(`unknown host id: ${unknown.join(', ')}; valid ids: ${HOST_IDS.join(', ')}`);
  return [...new Set(ids)];
}

function errorRow(a: HostAdapter, det: Detection, error: string, status: string, action: PlanAction = 'refuse'): ConnectionRow {
  return {
    id: a.id,
    name: a.name,
    plan: { action, requiresRestart: false, sessionHint: a.sessionHint ?? null, configPath: det.configPath, managed: false },
    apply: { ok: false, applied: false, action, error, requiresRestart: false },
    hostVerify: NOT_VERIFIED,
    readyState: { ready: false, status, message: error, configured: false, requiresRestart: false, requiresUserAction: false, hostBlocked: false },
    rollback: null,
  };
}

async function connectOne(deps: ConnectDeps, a: HostAdapter, det: Detection, insp: Inspection, launch: LaunchSpec, force: boolean, expectedTools: number): Promise<ConnectionRow> {
  const { ctx } = deps;
  const desired = entryForHost(a, launch.entry);
  const action: PlanAction = a.method === 'assisted' ? 'assisted' : planFor(insp, desired, force);
  const plan = { action, requiresRestart: false, sessionHint: a.sessionHint ?? null, configPath: det.configPath, managed: insp.managed };
  const row: ConnectionRow = {
    id: a.id,
    name: a.name,
    plan,
    apply: { ok: true, applied: false, action, error: null, requiresRestart: false },
    hostVerify: NOT_VERIFIED,
    readyState: { ready: false, status: 'Not ready', message: '', configured: false, requiresRestart: false, requiresUserAction: false, hostBlocked: false },
    rollback: null,
  };
  if (action === 'skip-unmanaged') {
    row.readyState = { ...row.readyState, status: 'Skipped — unmanaged registration', message: `${det.configPath ?? a.name} already has an ff-occam entry that Occam did not write; use --force to replace it`, requiresUserAction: true };
    return row;
  }
  if (action === 'assisted' || action === 'ambiguous' || action === 'read-only') {
    const why = action === 'read-only' ? insp.error : action === 'ambiguous' ? det.ambiguityReason : `${a.name} has no safe write path`;
    row.guidance = pasteGuidance(a, desired);
    row.readyState = { ...row.readyState, status: 'Action required — manual setup', message: `${why}; add the entry by hand (see guidance)`, requiresUserAction: true };
    return row;
  }
  if (action === 'refuse') {
    row.apply = { ...row.apply, ok: false, error: insp.error ?? `${det.configPath}: cannot be read` };
    row.readyState = { ...row.readyState, status: 'Apply failed', message: row.apply.error! };
    return row;
  }
  return a.method === 'cli' ? connectCli(deps, a, insp, desired, row, expectedTools) : connectFile(deps, a, det, insp, desired, row);
}

/** Undo message (§7 keep or undo). */
function undone(a: HostAdapter, row: ConnectionRow, rb: { ok: boolean; kind: string; error: string | null }, why: string): void {
  row.rollback = rb;
  if (rb.ok) {
    row.readyState = {
      ...row.readyState, ready: false, status: 'Not connected', rolledBack: true, rollbackKind: rb.kind,
      message: `${why}. The attempted change was undone; Occam is not available in ${a.name} — do not test Occam there.`,
    };
  } else {
    row.readyState = {
      ...row.readyState, ready: false, status: 'Not connected', rolledBack: false, rollbackFailed: true, rollbackKind: rb.kind,
      message: `${why}. Undoing the change FAILED (${rb.error}); check ${row.plan.configPath ?? a.name} by hand.`,
    };
  }
}

async function connectFile(deps: ConnectDeps, a: HostAdapter, det: Detection, insp: Inspection, desired: StdioEntry, row: ConnectionRow): Promise<ConnectionRow> {
  const path = det.configPath!;
  const loaded = loadJsonConfig(path, a.rootKey);
  if (loaded.state === 'refuse' || loaded.state === 'readonly') {
    row.apply = { ...row.apply, ok: false, error: loaded.error };
    row.readyState = { ...row.readyState, status: 'Apply failed', message: loaded.error ?? '' };
    return row;
  }
  const existed = loaded.state !== 'missing';
  const createdContainer = firstMissing(loaded.data, a.rootKey);
  const rootExisted = createdContainer === null;
  const previous = objectAt(loaded.data, a.rootKey)?.[SERVER_NAME];
  let written: Buffer | null = null;
  let createdDir: string | null = null;
  if (row.plan.action === 'add' || row.plan.action === 'update') {
    try {
      if (existed) row.apply.backupPath = writeBackup(path);
      else createdDir = mkdirSync(dirname(resolveWriteTarget(path)), { recursive: true }) ?? null;
      const text = editJsonText(loaded.text, [...a.rootKey, SERVER_NAME], encodeEntry(a, desired));
      written = toBytes(text, loaded.bom);
      atomicWrite(path, written, { mode: loaded.mode, validate: validatorFor(loaded), platform: deps.ctx.platform, writeSync: deps.writeSync });
      row.apply = { ...row.apply, applied: true, requiresRestart: true };
      row.plan.requiresRestart = true;
      deps.afterWrite?.(a.id, path);
    } catch (err) {
      row.apply = { ...row.apply, ok: false, error: `${path}: write failed: ${(err as Error).message}` };
      row.readyState = { ...row.readyState, status: 'Apply failed', message: row.apply.error! };
      return row;
    }
  }
  // Re-read and decode: the host verify of a config-file adapter (max level 1).
  let hv: HostVerify;
  try {
    const again = loadJsonConfig(path, a.rootKey);
    const raw = again.state === 'ok' ? objectAt(again.data, a.rootKey)?.[SERVER_NAME] : undefined;
    const entry = raw === undefined ? null : decodeEntry(a, raw);
    const equal = entry !== null && entriesEqual(entry, desired);
    hv = equal
      ? { ok: true, level: 1, toolCount: null, message: `${path} has the ff-occam entry`, configured: true, requiresUserAction: false, hostBlocked: false }
      : { ok: false, level: 0, toolCount: null, message: `${path}: the ff-occam entry read back does not match what was written${again.error ? ` (${again.error})` : ''}`, configured: false, requiresUserAction: false, hostBlocked: false };
  } catch (err) {
    hv = { ...NOT_VERIFIED, message: `${path}: cannot be read back: ${(err as Error).message}` };
  }
  // The host's own offline check, when its CLI is here (opencode): a config it rejects is undone.
  if (hv.configured) hv = (await fileHostCheck(deps.ctx, a.id)) ?? hv;
  row.hostVerify = hv;
  row.readyState = evaluateReadyState(a, true, hv, row.apply.applied);
  if (!hv.configured && row.apply.applied && written) {
    undone(a, row, undoFileWrite(deps.ctx, a, path, written, loaded.bytes, previous, rootExisted, createdContainer), hv.message);
  } else if (row.apply.applied) {
    recordCreated(deps.ctx, path, { file: !existed, container: createdContainer, dir: createdDir });
  }
  return row;
}

/**
 * Undo of a config-file write (§6 Undo): whole-file restore when the file is still exactly what we wrote;
 * otherwise a surgical edit that puts back the previous entry (or removes ours) and keeps the host's changes.
 */
export function undoFileWrite(ctx: Ctx, a: HostAdapter, path: string, written: Buffer, previousBytes: Buffer | null, previousEntry: unknown, rootExisted: boolean, createdContainer: string[] | null = rootExisted ? null : [...a.rootKey]): { ok: boolean; kind: string; error: string | null } {
  try {
    const current = existsSync(path) ? readBoundedFile(path, 'config', { allowStdin: false }) : null;
    if (current && current.equals(written)) {
      if (previousBytes) atomicWrite(path, previousBytes, { platform: ctx.platform });
      else rmSync(resolveWriteTarget(path));
      return { ok: true, kind: previousBytes ? 'restore-bytes' : 'delete-file', error: null };
    }
    const loaded = loadJsonConfig(path, a.rootKey);
    if (loaded.state !== 'ok') throw new Error(loaded.error ?? `${path} is missing`);
    let text = editJsonText(loaded.text, [...a.rootKey, SERVER_NAME], previousEntry);
    if (createdContainer && previousEntry === undefined) {
      const root = objectAt(parseConfigText(text), a.rootKey);
      if (root && Object.keys(root).length === 0) text = editJsonText(text, createdContainer, undefined);
    }
    atomicWrite(path, toBytes(text, loaded.bom), { mode: loaded.mode, validate: validatorFor(loaded), platform: ctx.platform });
    return { ok: true, kind: previousEntry === undefined ? 'surgical-remove' : 'surgical-restore', error: null };
  } catch (err) {
    return { ok: false, kind: 'surgical', error: (err as Error).message };
  }
}

async function connectCli(deps: ConnectDeps, a: HostAdapter, insp: Inspection, desired: StdioEntry, row: ConnectionRow, expectedTools: number): Promise<ConnectionRow> {
  const { ctx } = deps;
  const action = row.plan.action;
  if (action === 'add' || action === 'update') {
    if (action === 'update' && a.id !== 'hermes') {
      const rm = await cliRemove(ctx, a.id);
      if (!rm.ok) {
        row.apply = { ...row.apply, ok: false, error: rm.error };
        row.readyState = { ...row.readyState, status: 'Apply failed', message: rm.error ?? '' };
        return row;
      }
    }
    const add = await cliAdd(ctx, a.id, desired, action === 'update');
    if (!add.ok) {
      if (add.alreadyExists) {
        const det = detectHost(ctx, a);
        const again = inspectHost(ctx, a, det, desired.env.OCCAM_HOME);
        if (again.entry && (entriesEqual(again.entry, desired) || again.managed)) {
          row.plan.action = 'noop';
        } else {
          row.readyState = { ...row.readyState, status: 'Skipped — unmanaged registration', message: `${a.name} already has an ff-occam entry that Occam did not write; use --force to replace it`, requiresUserAction: true };
          return row;
        }
      } else {
        row.apply = { ...row.apply, ok: false, error: add.error };
        row.readyState = { ...row.readyState, status: 'Apply failed', message: add.error ?? '' };
        if (action === 'update' && insp.entry && a.id !== 'hermes') await cliAdd(ctx, a.id, insp.entry, false);
        return row;
      }
    } else {
      row.apply = { ...row.apply, applied: true, requiresRestart: false };
    }
  }
  const hv = await cliVerify(ctx, a.id, expectedTools);
  row.hostVerify = hv;
  row.readyState = evaluateReadyState(a, true, hv, false);
  const keep = hv.ok || (hv.configured && hv.requiresUserAction && hv.hostBlocked);
  if (!keep && row.apply.applied) {
    const rm = await cliRemove(ctx, a.id);
    let rb = { ok: rm.ok, kind: action === 'update' ? 'restore-entry' : 'remove-entry', error: rm.error };
    if (rm.ok && action === 'update' && insp.entry) {
      const back = await cliAdd(ctx, a.id, insp.entry, false);
      rb = { ...rb, ok: back.ok, error: back.error };
    }
    undone(a, row, rb, hv.message);
  }
  return row;
}

/** §7 aggregate status and §9.4 exit code. */
function aggregate(report: ConnectReport): void {
  const rows = report.connections;
  const failed = rows.filter((r) => r.readyState.status === 'Apply failed' || r.readyState.status === 'Error' || r.readyState.rollbackFailed);
  const restart = rows.filter((r) => r.readyState.status === 'Configured — restart required');
  const notReady = rows.filter((r) => r.readyState.status !== 'Ready');
  report.ready = notReady.length === 0;
  if (report.ready) {
    report.status = 'Ready';
    report.message = `Occam is ready in ${rows.map((r) => r.name).join(', ')}.`;
  } else if (notReady.every((r) => r.readyState.status === 'Configured — restart required' || r.readyState.status === 'Configured')) {
    if (restart.length > 0) {
      report.status = 'Almost ready';
      report.message = `Restart ${restart.map((r) => r.name).join(', ')} once to activate Occam.`;
    } else {
      report.status = 'Configured';
      report.message = `Occam is configured in ${notReady.map((r) => r.name).join(', ')}.`;
    }
  } else {
    report.status = 'Action required';
    report.message = notReady.map((r) => `${r.name}: ${r.readyState.status}`).join('; ');
  }
  report.exitCode = failed.length > 0 ? 1 : 0;
}

/** Best-effort `connect-last.json` (redacted). */
export function writeLastReport(ctx: Ctx, report: ConnectReport): void {
  try {
    const path = occamPaths(ctx).connectReport;
    mkdirSync(occamPaths(ctx).stateRoot, { recursive: true, mode: 0o700 });
    const body = { ...redact(report), at: new Date(ctx.now()).toISOString() };
    atomicWrite(path, Buffer.from(`${JSON.stringify(body, null, 2)}\n`), { mode: 0o600, platform: ctx.platform });
  } catch {
    // best effort (§9.3)
  }
}

