// Where playbooks live (playbooks.md §3): four file tiers ranked local 4 > user 3 > community 2 > seed 1.
// Loaded entries are cached per directory and re-read when a directory or one of its files changes (mtime/size),
// and a successful save invalidates everything. Community files load only when listed in manifest.json with a
// matching SHA-256 (CRLF→LF normalised) and when they pass hygiene. Invalid files are skipped with one stderr line.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readBoundedText } from '../runtime/bounded-input.ts';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { RuntimeContext } from '../runtime/context.ts';
import { occamPaths } from '../config/paths.ts';
import { forbiddenKeysIn, isRecord, loadablePlaybook, type PlaybookDoc } from './schema.ts';

export type Tier = 'local' | 'user' | 'community' | 'seed';

export const TIER_RANK: Record<Tier, number> = { local: 4, user: 3, community: 2, seed: 1 };

/** Non-recursive file patterns per tier; manifest.json is skipped everywhere. */
const TIER_PATTERNS: Record<Tier, RegExp> = {
  local: /\.json$/i, // *.playbook.json and *.json
  user: /\.json$/i, // *.json, *.playbook.json, *.seed.json
  community: /\.json$/i, // further restricted to the manifest
  seed: /\.seed\.json$/i,
};

/** The seeds shipped inside this package (used when no install root carries its own). */
export const BUNDLED_SEEDS_DIR = join(import.meta.dirname, 'seeds');

export interface LoadedPlaybook {
  tier: Tier;
  rank: number;
  doc: PlaybookDoc;
  /** The parsed JSON as written (what signatures and overlays read). */
  raw: Record<string, unknown>;
  path: string;
  fileName: string;
}

export interface TierRoots {
  local: string;
  user: string | null;
  community: string;
  seed: string;
  /** OCCAM_HOME when set (sourcePath is reported relative to it). */
  home: string | null;
}

export function tierRoots(runtime: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir' | 'tmpDir'>): TierRoots {
  const paths = occamPaths(runtime);
  const envHome = runtime.env.OCCAM_HOME?.trim() || null;
  const installRoot = envHome ?? paths.installRoot;
  const installedSeeds = join(installRoot, 'profiles', 'playbooks', 'seeds');
  const user = runtime.env.WT_PLAYBOOKS_PATH?.trim() || null;
  return {
    local: paths.playbooksLocalDir,
    user,
    community: join(installRoot, 'profiles', 'playbooks', 'community'),
    // An explicit OCCAM_HOME is the whole truth; otherwise an installed seeds dir, else the bundled seeds.
    seed: envHome || existsSync(installedSeeds) ? installedSeeds : BUNDLED_SEEDS_DIR,
    home: envHome,
  };
}

/** `sourcePath`: relative to OCCAM_HOME with `/` separators when under it, else absolute (§4). */
export function sourcePathOf(path: string, roots: Pick<TierRoots, 'home'>): string {
  if (roots.home) {
    const rel = relative(resolve(roots.home), resolve(path));
    if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  return resolve(path);
}

/** Hex SHA-256 of text after CRLF→LF (the community manifest's hash rule). */
export const communityHash = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n'), 'utf8').digest('hex');

interface DirSnapshot {
  fingerprint: string;
  entries: LoadedPlaybook[];
}

export class PlaybookStore {
  readonly #runtime: RuntimeContext;
  readonly #cache = new Map<string, DirSnapshot>();

  constructor(runtime: RuntimeContext) {
    this.#runtime = runtime;
  }

  roots(): TierRoots {
    return tierRoots(this.#runtime);
  }

  invalidate(): void {
    this.#cache.clear();
  }

  /** Every loadable playbook of every tier. */
  entries(): LoadedPlaybook[] {
    const roots = this.roots();
    const out: LoadedPlaybook[] = [];
    const tiers: Array<[Tier, string | null]> = [['local', roots.local], ['user', roots.user], ['community', roots.community], ['seed', roots.seed]];
    for (const [tier, dir] of tiers) if (dir) out.push(...this.#tier(tier, dir));
    return out;
  }

  #tier(tier: Tier, dir: string): LoadedPlaybook[] {
    let names: string[];
    let fingerprint: string;
    try {
      const dirStat = statSync(dir);
      if (!dirStat.isDirectory()) return [];
      names = readdirSync(dir).filter((n) => TIER_PATTERNS[tier].test(n)).sort();
      fingerprint = `${dirStat.mtimeMs}|${names
        .map((n) => {
          try {
            const s = statSync(join(dir, n));
            return `${n}:${s.mtimeMs}:${s.size}`;
          } catch {
            return `${n}:gone`;
          }
        })
        .join('|')}`;
    } catch {
      return [];
    }
    const key = `${tier}\0${dir}`;
    const cached = this.#cache.get(key);
    if (cached && cached.fingerprint === fingerprint) return cached.entries;
    const entries = tier === 'community' ? this.#loadCommunity(dir, names) : this.#loadPlain(tier, dir, names);
    this.#cache.set(key, { fingerprint, entries });
    return entries;
  }

  #skip(path: string, why: string): void {
    this.#runtime.warn(`[occam.playbooks] skipped ${path}: ${why}`);
  }

  #parse(tier: Tier, dir: string, name: string, text: string): LoadedPlaybook | null {
    const path = join(dir, name);
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      this.#skip(path, 'not valid JSON');
      return null;
    }
    const doc = loadablePlaybook(value);
    if (!doc || !isRecord(value)) {
      this.#skip(path, 'needs schema_version 1.x, a non-blank id and at least one host');
      return null;
    }
    return { tier, rank: TIER_RANK[tier], doc, raw: value, path, fileName: name };
  }

  #loadPlain(tier: Tier, dir: string, names: string[]): LoadedPlaybook[] {
    const out: LoadedPlaybook[] = [];
    for (const name of names) {
      if (name.toLowerCase() === 'manifest.json') continue;
      let text: string;
      try {
        text = readBoundedText(join(dir, name), 'playbook', { allowStdin: false });
      } catch {
        continue;
      }
      const entry = this.#parse(tier, dir, name, text);
      if (entry) out.push(entry);
    }
    return out;
  }

  #loadCommunity(dir: string, names: string[]): LoadedPlaybook[] {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readBoundedText(join(dir, 'manifest.json'), 'playbook', { allowStdin: false }));
    } catch {
      return []; // no (readable) manifest → the tier is empty
    }
    const rows = isRecord(manifest) && Array.isArray(manifest.playbooks) ? manifest.playbooks.filter(isRecord) : [];
    const out: LoadedPlaybook[] = [];
    for (const name of names) {
      if (name.toLowerCase() === 'manifest.json') continue;
      const row = rows.find((r) => typeof r.file === 'string' && r.file.toLowerCase() === name.toLowerCase());
      const path = join(dir, name);
      if (!row) {
        this.#skip(path, 'not listed in the community manifest');
        continue;
      }
      let text: string;
      try {
        text = readBoundedText(path, 'playbook', { allowStdin: false });
      } catch {
        continue;
      }
      if (typeof row.sha256 !== 'string' || row.sha256.toLowerCase() !== communityHash(text)) {
        this.#skip(path, 'sha256 does not match the community manifest');
        continue;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        this.#skip(path, 'hygiene: unparsable JSON');
        continue;
      }
      if (forbiddenKeysIn(parsed).length) {
        this.#skip(path, 'hygiene: secret-bearing keys');
        continue;
      }
      const entry = this.#parse('community', dir, name, text);
      if (entry) out.push(entry);
    }
    return out;
  }
}
