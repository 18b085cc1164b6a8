// Info verbs' core (operator.md §17): SemVer precedence, the release check of `occam update`, and `occam status`.
import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';
import type { Ctx } from './proc.ts';
import { occamPaths, pathApi } from '../config/paths.ts';
import { inspectEnv } from '../config/env.ts';
import { VERSION } from '../version.ts';
import { readOnboard } from './onboard.ts';

export const DEFAULT_RELEASES_API = 'https://api.github.com/repos/ff-occam/ff-occam/releases';

/** SemVer 2.0 precedence: -1, 0, 1 (build metadata ignored; `1.0.0-rc.2 < 1.0.0`). Null when not SemVer. */
export function compareSemver(a: string, b: string): number | null {
  // clean() drops a leading `v` and build metadata (`+build.5`), which SemVer precedence ignores.
  const x = semver.clean(a);
  const y = semver.clean(b);
  return x && y ? semver.compare(x, y) : null;
}

/** The installed version: `<OCCAM_HOME>/VERSION`, else the running build's version. */
export function installedVersion(ctx: Ctx, occamHome: string): string {
  const file = pathApi(ctx).join(occamHome, 'VERSION');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : VERSION;
}

export function ridOf(ctx: Ctx, arch: string): string {
  const override = inspectEnv<string | null>('OCCAM_RID', ctx.env).value;
  if (override) return override;
  if (ctx.platform === 'darwin') return arch === 'arm64' ? 'osx-arm64' : 'osx-x64';
  if (ctx.platform === 'win32') return 'win-x64';
  return 'linux-x64';
}

export type Fetcher = (url: string) => Promise<{ status: number; json: () => Promise<unknown> }>;

export interface UpdateReport {
  installed: string;
  latest: string | null;
  rid: string;
  updateAvailable: boolean;
  upgradeHint: string | null;
  error: string | null;
}

export async function checkUpdate(ctx: Ctx, occamHome: string, arch: string, fetcher: Fetcher): Promise<UpdateReport> {
  const installed = installedVersion(ctx, occamHome);
  const rid = ridOf(ctx, arch);
  const upgrade = 'Re-run the install command in INSTALL.md §3 (it installs the latest release over this one).';
  const retry = 'The release check needs the network (or OCCAM_LATEST_VERSION); run occam update again when it is reachable.';
  let latest = inspectEnv<string | null>('OCCAM_LATEST_VERSION', ctx.env).value;
  let error: string | null = null;
  if (!latest) {
    const url = inspectEnv<string | null>('OCCAM_RELEASES_API_URL', ctx.env).value ?? DEFAULT_RELEASES_API;
    const allowHttp = inspectEnv<boolean>('OCCAM_RELEASE_ALLOW_HTTP', ctx.env).value;
    if (url.startsWith('http://') && !allowHttp) error = `refusing non-HTTPS releases endpoint ${url} (set OCCAM_RELEASE_ALLOW_HTTP=1)`;
    else {
      try {
        const res = await fetcher(url);
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        const list = (await res.json()) as Array<{ tag_name?: string; draft?: boolean }>;
        const first = Array.isArray(list) ? list.find((r) => !r.draft && typeof r.tag_name === 'string') : undefined;
        latest = first ? first.tag_name!.replace(/^v/, '') : null;
        if (!latest) error = 'the releases endpoint listed no release';
      } catch (err) {
        error = `release check failed: ${(err as Error).message}`;
      }
    }
  }
  const cmp = latest ? compareSemver(installed, latest) : null;
  const updateAvailable = cmp === -1;
  return { installed, latest: latest ?? null, rid, updateAvailable, upgradeHint: error ? retry : updateAvailable ? upgrade : null, error };
}

export function statusReport(ctx: Ctx, occamHome: string) {
  const paths = occamPaths(ctx);
  const onboard = readOnboard(paths.onboardFile);
  let lastConnect: { status: string; at: string } | null = null;
  try {
    const doc = JSON.parse(readFileSync(paths.connectReport, 'utf8')) as { status?: string; at?: string };
    if (typeof doc.status === 'string') lastConnect = { status: doc.status, at: doc.at ?? '' };
  } catch {
    lastConnect = null;
  }
  return { version: installedVersion(ctx, occamHome), occamHome, onboard: { path: onboard.path, present: onboard.present, warnings: onboard.warnings }, lastConnect };
}
