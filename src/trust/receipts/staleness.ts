// Chunk staleness for live verification (trust.md §3.11): which of the caller's source chunk hashes are no
// longer among the live page's leaves.

export interface ChunkStaleness {
  total: number;
  present: number;
  stale: number;
  staleChunks: string[];
}

/** Undefined for an empty source set (the field is then omitted). Hashes compare case-insensitively. */
export function chunkStaleness(source: readonly string[], live: readonly string[]): ChunkStaleness | undefined {
  if (source.length === 0) return undefined;
  const liveSet = new Set(live.map((h) => h.toLowerCase()));
  const staleChunks = source.filter((h) => !liveSet.has(h.toLowerCase()));
  return { total: source.length, present: source.length - staleChunks.length, stale: staleChunks.length, staleChunks };
}

/** Parses the `chunks` argument: a JSON array of strings; anything else counts as absent. */
export function parseChunkList(text: string | null | undefined): string[] | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  } catch {
    return null;
  }
}
