// `occam uninstall` core (operator.md §10): disconnect first, then only what is recognisably ours — launchers
// generated for this exact OCCAM_HOME, a real release tree, (opt-in) a narrow response cache, and last (opt-in)
// the state root. Anything unrecognised is preserved; a failed step restores deleted launchers.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import type { Ctx } from './proc.ts';
import { occamPaths, pathApi } from '../config/paths.ts';
import { desiredLaunch, type RuntimeInfo } from './entry.ts';
import { runDisconnect, type DisconnectReport } from './disconnect.ts';
import { findOurServers, stopProcesses } from './processes.ts';
import { isOurLauncher } from './install.ts';

export interface UninstallTarget {
  kind: 'launcher' | 'install-tree' | 'response-cache' | 'browser-cache' | 'state-root';
  path: string;
  action: 'remove' | 'preserve' | 'skip';
  reason: string;
  outcome?: 'removed' | 'preserved' | 'skipped' | 'failed' | 'restored';
}

export interface UninstallReport {
  schemaVersion: '1';
  command: 'uninstall';
  ok: boolean;
  dryRun: boolean;
  occamHome: string;
  disconnect: DisconnectReport;
  targets: UninstallTarget[];
  message: string;
}

const NOTHING_CHANGED = 'No files or host settings were changed.';

function isSourceCheckout(dir: string): boolean {
  return existsSync(`${dir}/.git`) || existsSync(`${dir}/package.json`) || existsSync(`${dir}/bin/occam.ts`);
}

function treeVerdict(ctx: Ctx, root: string): { ok: boolean; reason: string } {
  const p = pathApi(ctx);
  const home = occamPaths(ctx).home;
  if (!p.isAbsolute(root)) return { ok: false, reason: 'install root is not absolute' };
  if (!existsSync(root)) return { ok: false, reason: 'install root does not exist' };
  if (lstatSync(root).isSymbolicLink()) return { ok: false, reason: 'install root is a symlink' };
  const real = realpathSync(root);
  if (real === '/' || p.resolve(real) === p.resolve(home)) return { ok: false, reason: 'refusing to remove / or the home directory' };
  if (isSourceCheckout(real)) return { ok: false, reason: 'OCCAM_HOME is a source checkout; it is never removed' };
  if (!existsSync(p.join(real, 'VERSION')) || !existsSync(p.join(real, 'release-manifest.json'))) return { ok: false, reason: 'not a recognised release tree (VERSION and release-manifest.json missing)' };
  return { ok: true, reason: 'release tree of this install' };
}

function cacheVerdict(dir: string): { ok: boolean; reason: string } {
  if (!existsSync(dir)) return { ok: false, reason: 'absent' };
  if (lstatSync(dir).isSymbolicLink() || !lstatSync(dir).isDirectory()) return { ok: false, reason: 'not a real directory' };
  const foreign = readdirSync(dir).filter((f) => !/^[0-9a-f]{64}\.json(\.tmp)?$/.test(f));
  return foreign.length ? { ok: false, reason: `holds files Occam did not write (${foreign.slice(0, 3).join(', ')})` } : { ok: true, reason: 'only Occam cache entries' };
}

export async function runUninstall(ctx: Ctx, runtime: RuntimeInfo, o: { dryRun?: boolean; removeCache?: boolean; removeState?: boolean }, seams: { stopServers?: (root: string) => Promise<number[]> } = {}): Promise<UninstallReport> {
  const p = pathApi(ctx);
  const paths = occamPaths(ctx);
  const occamHome = desiredLaunch(ctx, runtime).occamHome;
  const plan = await runDisconnect(ctx, runtime, { dryRun: true });
  const targets: UninstallTarget[] = [];
  for (const name of ctx.platform === 'win32' ? ['occam.cmd', 'occam.ps1'] : ['occam']) {
    const path = p.join(paths.userLauncherDir, name);
    if (!existsSync(path)) continue;
    const ours = isOurLauncher(readFileSync(path, 'utf8'), occamHome);
    targets.push({ kind: 'launcher', path, action: ours ? 'remove' : 'preserve', reason: ours ? 'generated for this install' : 'not generated for this OCCAM_HOME' });
  }
  const tree = treeVerdict(ctx, occamHome);
  targets.push({ kind: 'install-tree', path: occamHome, action: tree.ok ? 'remove' : 'preserve', reason: tree.reason });
  const cache = cacheVerdict(paths.cacheDir);
  targets.push({ kind: 'response-cache', path: paths.cacheDir, action: o.removeCache && cache.ok ? 'remove' : o.removeCache ? 'preserve' : 'skip', reason: o.removeCache ? cache.reason : 'kept (use --remove-cache)' });
  targets.push({ kind: 'browser-cache', path: paths.browsersDir, action: 'preserve', reason: existsSync(paths.browsersDir) ? 'always preserved (shared with other tools)' : 'absent' });
  targets.push({ kind: 'state-root', path: paths.stateRoot, action: o.removeState ? 'remove' : 'skip', reason: o.removeState ? 'removed last, only if everything else succeeded' : 'kept (use --remove-state)' });
  const report: UninstallReport = { schemaVersion: '1', command: 'uninstall', ok: true, dryRun: Boolean(o.dryRun), occamHome, disconnect: plan, targets, message: '' };

  const refuseTree = !tree.ok && isSourceCheckout(existsSync(occamHome) ? realpathSync(occamHome) : occamHome);
  if (plan.blocked || refuseTree) {
    report.ok = false;
    report.message = `${plan.blocked ? plan.message : `${tree.reason}.`} ${NOTHING_CHANGED}`.replace(`${NOTHING_CHANGED} ${NOTHING_CHANGED}`, NOTHING_CHANGED);
    return report;
  }
  if (o.dryRun) {
    report.message = NOTHING_CHANGED;
    return report;
  }
  const still = await (seams.stopServers ?? (async (root: string) => {
    const found = (await findOurServers(ctx, root)) ?? [];
    return found.length ? stopProcesses(found.map((x) => x.pid)) : [];
  }))(occamHome);
  if (still.length > 0) {
    report.ok = false;
    report.message = `Occam is still running from ${occamHome} (pids ${still.join(', ')}); quit the apps using it. Nothing was removed.`;
    return report;
  }
  report.disconnect = await runDisconnect(ctx, runtime, {});
  if (!report.disconnect.ok) {
    report.ok = false;
    report.message = `disconnect failed; local files were preserved. ${report.disconnect.message}`;
    return report;
  }
  const removedLaunchers: Array<{ path: string; text: string }> = [];
  let failed = false;
  for (const t of targets) {
    if (t.action !== 'remove' || t.kind === 'state-root') {
      t.outcome = t.action === 'skip' ? 'skipped' : t.action === 'preserve' ? 'preserved' : t.outcome;
      continue;
    }
    if (failed) {
      t.outcome = 'skipped';
      continue;
    }
    try {
      if (t.kind === 'launcher') {
        removedLaunchers.push({ path: t.path, text: readFileSync(t.path, 'utf8') });
        rmSync(t.path);
      } else if (t.kind === 'install-tree' && ctx.platform === 'win32') {
        const aside = `${t.path}.uninstall-${process.pid}`;
        renameSync(t.path, aside);
        rmSync(aside, { recursive: true, force: true });
      } else {
        rmSync(t.path, { recursive: true });
      }
      t.outcome = 'removed';
    } catch (err) {
      t.outcome = 'failed';
      t.reason = `${t.reason}; failed: ${(err as Error).message}`;
      failed = true;
      if (t.kind === 'install-tree' || t.kind === 'launcher') {
        for (const l of removedLaunchers) writeFileSync(l.path, l.text, { mode: 0o755 });
        for (const x of targets) if (x.kind === 'launcher' && x.outcome === 'removed') x.outcome = 'restored';
      }
    }
  }
  const state = targets.find((t) => t.kind === 'state-root')!;
  if (o.removeState) {
    if (failed) state.outcome = 'skipped';
    else {
      rmSync(state.path, { recursive: true, force: true });
      state.outcome = 'removed';
    }
  }
  report.ok = !failed;
  report.message = failed ? 'Uninstall incomplete (see targets); launchers were restored.' : `Occam was removed${o.removeState ? ' (state too)' : `; state kept in ${paths.stateRoot}`}.`;
  return report;
}
