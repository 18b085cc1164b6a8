// occam_watch (playbooks.md §13.2, trust.md §3.12): stateful change detection. Each call reads the URL with
// json_blocks (no token budget) and compares it with the stored baseline; a first sight or a change appends an
// entry to the URL's signed, hash-linked history (last 64 kept). The store — one SQLite file (node:sqlite) by default,
// the shared PostgreSQL store with OCCAM_STORE_URL (watch-store-postgres.ts) — keeps baselines and histories across
// restarts; each update reads the record and writes its successor under a per-URL lock (across processes), so
// calls from several instances extend one chain instead of forking it. A failed read leaves the record untouched.
// No daemon: the agent polls.
import { preparePrivateDbFile } from '../runtime/files.ts';
import { DatabaseSync } from 'node:sqlite';
import type { RuntimeContext } from '../runtime/context.ts';
import { occamPaths } from '../config/paths.ts';
import { nestedFailure, type FailureCode, type NestedFailureInfo } from '../contract/failures.ts';
import { defineService, type Services } from '../runtime/services.ts';
import { storeSelection } from '../store/index.ts';
import type { WireBlock } from '../read/sidecars.ts';
import { appendHistoryEntry, type HistoryEntry } from '../trust/receipts/history.ts';

export const WATCH_HISTORY_MAX = 64;

export interface WatchRecord {
  url: string;
  content_hash: string;
  block_hashes: string[];
  first_seen_at: string;
  last_seen_at: string;
  last_changed_at: string | null;
  history: HistoryEntry[];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS watch_records (
  url TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL,
  block_hashes TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  last_changed_at TEXT,
  history TEXT NOT NULL
)`;

export interface WatchStore {
  get(url: string): Promise<WatchRecord | null>;
  /**
   * Reads `url`'s record under a lock held across processes, lets `next` build its successor (synchronously, from
   * exactly that record) and writes it before anyone else may read it.
   */
  update<T>(url: string, next: (prior: WatchRecord | null) => { record: WatchRecord; value: T }): Promise<T>;
  close(): Promise<void>;
}

export class SqliteWatchStore implements WatchStore {
  readonly path: string;
  readonly #db: DatabaseSync;

  constructor(path: string) {
    this.path = path;
    if (path !== ':memory:') preparePrivateDbFile(path, 'watch store directory', 'set OCCAM_WATCH_DB_PATH to a file in a directory of your own');
    this.#db = new DatabaseSync(path);
    this.#db.exec('PRAGMA journal_mode=WAL; PRAGMA busy_timeout=5000;');
    this.#db.exec(SCHEMA);
  }

  async get(url: string): Promise<WatchRecord | null> {
    return this.#get(url);
  }

  #get(url: string): WatchRecord | null {
    const row = this.#db.prepare('SELECT * FROM watch_records WHERE url = ?').get(url) as Record<string, string | null> | undefined;
    if (!row) return null;
    try {
      return {
        url: String(row.url),
        content_hash: String(row.content_hash),
        block_hashes: JSON.parse(String(row.block_hashes)) as string[],
        first_seen_at: String(row.first_seen_at),
        last_seen_at: String(row.last_seen_at),
        last_changed_at: row.last_changed_at ?? null,
        history: JSON.parse(String(row.history)) as HistoryEntry[],
      };
    } catch {
      return null; // a corrupt row reads as no baseline
    }
  }

  async update<T>(url: string, next: (prior: WatchRecord | null) => { record: WatchRecord; value: T }): Promise<T> {
    // BEGIN IMMEDIATE takes the write lock first; everything up to COMMIT is synchronous, so neither another
    // process nor another call of this one can slip in between the read and the write.
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const { record, value } = next(this.#get(url));
      this.#put(record);
      this.#db.exec('COMMIT');
      return value;
    } catch (err) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw err;
    }
  }

  #put(r: WatchRecord): void {
    this.#db
      .prepare(
        `INSERT INTO watch_records (url, content_hash, block_hashes, first_seen_at, last_seen_at, last_changed_at, history)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(url) DO UPDATE SET content_hash = excluded.content_hash, block_hashes = excluded.block_hashes,
           first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at,
           last_changed_at = excluded.last_changed_at, history = excluded.history`,
      )
      .run(r.url, r.content_hash, JSON.stringify(r.block_hashes), r.first_seen_at, r.last_seen_at, r.last_changed_at, JSON.stringify(r.history));
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}

export const watchStoreService = defineService<WatchStore>({
  id: 'jobs.watch-store',
  create: async (runtime, services) => {
    if (storeSelection(runtime).kind === 'embedded') return new SqliteWatchStore(occamPaths(runtime).watchDb);
    const { PostgresWatchStore } = await import('./watch-store-postgres.ts');
    return PostgresWatchStore.open(services);
  },
  dispose: (store) => store.close(),
});

export interface WatchArgs {
  url: string;
  backend_policy?: string | null;
  focus_query?: string | null;
  session_profile?: string | null;
  playbook_policy?: string | null;
  include_diff?: boolean | null;
  reset?: boolean | null;
  include_history?: boolean | null;
}

export interface WatchDeps {
  runtime: RuntimeContext;
  services: Services;
  signal?: AbortSignal;
}

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export async function watch(args: WatchArgs, deps: WatchDeps): Promise<{ ok: boolean } & Record<string, unknown>> {
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  if (!url) return nestedFailure({ code: 'invalid_arguments', message: 'url is required.' }, { url });
  const [{ transcode }, { loadBudgetCost }, { blockLeaf, merkleRootPrefixed }, { receiptsEnabled }, { signingKeyService }] = await Promise.all([
    import('../read/transcode.ts'),
    import('../budget/tokens.ts'),
    import('../trust/receipts/merkle.ts'),
    import('../trust/receipts/read-receipt.ts'),
    import('../trust/keys.ts'),
  ]);
  const focus = args.focus_query?.trim() || null;
  const read = await transcode(
    {
      url,
      backend_policy: args.backend_policy ?? null,
      focus_query: focus,
      fit_markdown: Boolean(focus),
      session_profile: args.session_profile ?? null,
      playbook_policy: args.playbook_policy ?? null,
      json_blocks: true,
    },
    { runtime: deps.runtime, services: deps.services, signal: deps.signal, resolveMaxTokens: () => null },
  );
  if (!read.ok) {
    const f = (read.failure ?? {}) as Partial<NestedFailureInfo>;
    return nestedFailure(
      { code: (f.code ?? 'transcode_failed') as FailureCode, message: f.message ?? 'The read failed.', ...(f.statusCode ? { statusCode: f.statusCode } : {}) },
      { url },
    );
  }
  const blocks = (read.blocks ?? []) as WireBlock[];
  const contentHash = String(read.contentHash);
  const hashes = blocks.map((b) => b.hash);
  const now = iso(deps.runtime.now());
  // Everything asynchronous is settled before the store's lock is taken: the successor is built synchronously.
  const [cost, signer, store] = await Promise.all([
    loadBudgetCost(),
    receiptsEnabled(deps.runtime) ? deps.services.use(signingKeyService).then((k) => k.signer) : Promise.resolve(null),
    deps.services.use(watchStoreService),
  ]);
  const root = merkleRootPrefixed(blocks.map((b) => blockLeaf(b.text, b.sourceSelector)));
  const { record, firstSeen, changed, diff, contentDeltaTokens, latestEntry } = await store.update(url, (stored) => {
    const prior = args.reset ? null : stored;
    const firstSeen = prior === null;
    const changed = !firstSeen && prior.content_hash !== contentHash;
    let diff: Record<string, unknown> | undefined;
    let contentDeltaTokens: number | undefined;
    if (!firstSeen) {
      contentDeltaTokens = 0;
      if (changed) {
        const before = new Set(prior.block_hashes);
        const current = new Set(hashes);
        const added = blocks.filter((b) => !before.has(b.hash));
        contentDeltaTokens = added.reduce((n, b) => n + cost(b.text), 0);
        diff = {
          addedBlocks: added.map((b) => ({ hash: b.hash, type: b.type, text: b.text, sourceSelector: b.sourceSelector })),
          removedHashes: [...new Set(prior.block_hashes)].filter((h) => !current.has(h)),
          blockHashes: hashes,
        };
      }
    }
    let history = firstSeen ? [] : prior.history;
    let latestEntry: HistoryEntry | undefined;
    if (firstSeen || changed) {
      latestEntry = appendHistoryEntry(
        history.at(-1) ?? null,
        {
          observedAt: now,
          event: firstSeen ? 'first_seen' : 'changed',
          contentHash: `sha256:${contentHash}`,
          ...(root ? { blockMerkleRoot: root } : {}),
          ...(changed ? { contentDeltaTokens } : {}),
        },
        signer,
      );
      history = [...history, latestEntry].slice(-WATCH_HISTORY_MAX);
    }
    const record: WatchRecord = {
      url,
      content_hash: contentHash,
      block_hashes: hashes,
      first_seen_at: firstSeen ? now : prior.first_seen_at,
      last_seen_at: now,
      last_changed_at: changed ? now : firstSeen ? null : prior.last_changed_at,
      history,
    };
    return { record, value: { record, firstSeen, changed, diff, contentDeltaTokens, latestEntry } };
  });
  const history = record.history;
  return {
    ok: true,
    url,
    firstSeen,
    changed,
    contentHash,
    blockCount: blocks.length,
    firstSeenAt: record.first_seen_at,
    lastSeenAt: record.last_seen_at,
    ...(record.last_changed_at ? { lastChangedAt: record.last_changed_at } : {}),
    ...(diff && args.include_diff !== false ? { diff } : {}),
    ...(typeof read.backend === 'string' ? { backend: read.backend } : {}),
    ...(contentDeltaTokens !== undefined ? { contentDeltaTokens } : {}),
    historyLength: history.length,
    ...(latestEntry ? { latestEntry } : {}),
    ...(args.include_history ? { history } : {}),
  };
}
