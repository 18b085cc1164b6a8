// Digest discovery from a source_url (reading.md §16.2): without focus, sitemap links then homepage links; with
// focus, homepage map (with hub expansion) ∪ sitemap, de-duplicated and ranked. Nothing found → invalid_urls.
import { OccamError } from '../contract/failures.ts';
import { mapSite, type MapRequest } from './map.ts';
import type { TranscodeDeps } from './transcode.ts';

const DISCOVERY_TIMEOUT_MS = 15_000;

export async function discoverForDigest(sourceUrl: string, maxLinks: number, focusQuery: string | null, deps: TranscodeDeps): Promise<string[]> {
  const base: Omit<MapRequest, 'source'> = {
    url: sourceUrl,
    maxLinks: focusQuery ? Math.min(64, Math.max(8 * maxLinks, 32)) : maxLinks,
    sameDomain: true,
    filterNonsense: true,
    focusQuery,
    timeoutMs: DISCOVERY_TIMEOUT_MS,
    sessionProfile: null,
  };
  const mapDeps = { runtime: deps.runtime, signal: deps.signal, allowance: deps.allowance, resolve: deps.resolve, dial: deps.dial };
  const found: string[] = [];
  const add = (urls: string[]) => {
    for (const u of urls) if (!found.some((f) => f.toLowerCase() === u.toLowerCase())) found.push(u);
  };
  const attempt = async (source: MapRequest['source']) => {
    try {
      add((await mapSite({ ...base, source }, mapDeps)).links.map((l) => l.url));
    } catch (err) {
      if (err instanceof OccamError && (err.code === 'private_url_blocked' || err.code === 'invalid_url')) throw err;
    }
  };
  if (focusQuery) {
    await attempt('homepage');
    await attempt('sitemap');
  } else {
    await attempt('sitemap');
    if (found.length < maxLinks) await attempt('homepage');
  }
  if (found.length === 0) throw new OccamError('invalid_urls', `No links could be discovered from ${sourceUrl}.`);
  return found.slice(0, maxLinks);
}
