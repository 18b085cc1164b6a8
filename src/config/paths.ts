// Per-OS paths (operator.md §2), all derived from the injected RuntimeContext so tests can emulate
// macOS and Windows on Linux. Every file location the product uses is computed here.
import { posix, win32 } from 'node:path';
import type { RuntimeContext } from '../runtime/context.ts';

export function pathApi(ctx: Pick<RuntimeContext, 'platform'>) {
  return ctx.platform === 'win32' ? win32 : posix;
}

const nonEmpty = (v: string | undefined): string | undefined => (v && v.trim() !== '' ? v : undefined);

export function homeOf(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  if (ctx.platform === 'win32') return nonEmpty(ctx.env.USERPROFILE) ?? nonEmpty(ctx.env.HOME) ?? ctx.homeDir;
  return nonEmpty(ctx.env.HOME) ?? ctx.homeDir;
}

export function appDataDir(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  const p = pathApi(ctx);
  const home = homeOf(ctx);
  if (ctx.platform === 'win32') return nonEmpty(ctx.env.APPDATA) ?? p.join(home, 'AppData', 'Roaming');
  if (ctx.platform === 'darwin') return p.join(home, 'Library', 'Application Support');
  return nonEmpty(ctx.env.XDG_CONFIG_HOME) ?? p.join(home, '.config');
}

export function localAppDataDir(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  if (ctx.platform === 'win32') {
    return nonEmpty(ctx.env.LOCALAPPDATA) ?? pathApi(ctx).join(homeOf(ctx), 'AppData', 'Local');
  }
  return appDataDir(ctx);
}

export function xdgConfigDir(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  return nonEmpty(ctx.env.XDG_CONFIG_HOME) ?? pathApi(ctx).join(homeOf(ctx), '.config');
}

/** The per-user cache root: `$XDG_CACHE_HOME` or `~/.cache`, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows. */
export function userCacheDir(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  const p = pathApi(ctx);
  if (ctx.platform === 'win32') return localAppDataDir(ctx);
  if (ctx.platform === 'darwin') return p.join(homeOf(ctx), 'Library', 'Caches');
  return nonEmpty(ctx.env.XDG_CACHE_HOME) ?? p.join(homeOf(ctx), '.cache');
}

/** The state root `<home>/.occam`: keys, sessions, playbooks, jobs, watch history, settings. */
export function stateRoot(ctx: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir'>): string {
  return pathApi(ctx).join(homeOf(ctx), '.occam');
}

type Ctx = Pick<RuntimeContext, 'env' | 'platform' | 'homeDir' | 'tmpDir'>;

/** Every well-known location, with its env override applied. */
export function occamPaths(ctx: Ctx) {
  const p = pathApi(ctx);
  const home = homeOf(ctx);
  const state = stateRoot(ctx);
  const exe = ctx.platform === 'win32' ? 'occam.exe' : 'occam';
  const installRoot = nonEmpty(ctx.env.OCCAM_HOME) ?? p.join(home, '.local', 'share', 'ff-occam');
  const browsers =
    nonEmpty(ctx.env.OCCAM_PLAYWRIGHT_BROWSERS_PATH) ??
    nonEmpty(ctx.env.PLAYWRIGHT_BROWSERS_PATH) ??
    (ctx.platform === 'win32'
      ? p.join(localAppDataDir(ctx), 'ms-playwright')
      : ctx.platform === 'darwin'
        ? p.join(home, 'Library', 'Caches', 'ms-playwright')
        : p.join(home, '.cache', 'ms-playwright'));
  return {
    home,
    stateRoot: state,
    installRoot,
    binary: p.join(installRoot, 'bin', exe),
    userLauncherDir: p.join(home, '.local', 'bin'),
    onboardFile: nonEmpty(ctx.env.OCCAM_CONFIG) ?? p.join(state, 'onboard.json'),
    keysDir: nonEmpty(ctx.env.OCCAM_KEYS_ROOT) ?? p.join(state, 'keys'),
    sessionsDir: nonEmpty(ctx.env.OCCAM_SESSIONS_ROOT) ?? p.join(state, 'sessions'),
    connectReport: p.join(state, 'connect-last.json'),
    /** What connect created in host config files (whole files, container objects), undone by disconnect. */
    connectCreated: p.join(state, 'connect-created.json'),
    playbooksLocalDir: nonEmpty(ctx.env.OCCAM_PLAYBOOKS_LOCAL_ROOT) ?? p.join(state, 'playbooks', 'local'),
    playbooksUserDir: p.join(state, 'playbooks', 'user'),
    watchDb: nonEmpty(ctx.env.OCCAM_WATCH_DB_PATH) ?? p.join(state, 'watch', 'watch.db'),
    jobsDb: nonEmpty(ctx.env.OCCAM_BATCH_DB_PATH) ?? p.join(state, 'jobs', 'jobs.db'),
    /** Exam grades shared by every process (exam.md §6): the embedded store when OCCAM_STORE_URL is unset. */
    examGradesDb: p.join(state, 'exam', 'grades.db'),
    /** Signed receipts of lean reads, one `<id>.json` each (issue 29): the embedded store's receipt log. */
    receiptsDir: p.join(state, 'receipts'),
    // Per user, never the shared temp directory: another local user could plant entries there (issue 30).
    cacheDir: nonEmpty(ctx.env.OCCAM_CACHE_DIR) ?? (ctx.platform === 'win32' ? p.join(userCacheDir(ctx), 'occam', 'cache') : p.join(userCacheDir(ctx), 'occam')),
    browsersDir: browsers,
    // Shell completion files the shells load by themselves (bash-completion's per-user dir, fish's completions).
    bashCompletionFile: p.join(nonEmpty(ctx.env.XDG_DATA_HOME) ?? p.join(home, '.local', 'share'), 'bash-completion', 'completions', 'occam'),
    fishCompletionFile: p.join(xdgConfigDir(ctx), 'fish', 'completions', 'occam.fish'),
  };
}

export type OccamPaths = ReturnType<typeof occamPaths>;
