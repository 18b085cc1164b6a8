// Robots and per-host throttle (reading.md §4). Both are opt-in: with OCCAM_RESPECT_ROBOTS and
// OCCAM_HOST_THROTTLE_MS unset, no robots.txt is requested and no fetch waits.
// One Politeness instance per process (a service) holds the robots cache and the throttle queue.
import { defineService } from '../runtime/services.ts';

export interface RobotsRules {
  /** Non-empty Disallow prefixes of the `User-agent: *` group. */
  disallow: string[];
  /** Largest positive Crawl-delay of that group, in seconds. */
  crawlDelaySec: number | null;
  /** `Sitemap:` lines (any group) — used by map/digest discovery. */
  sitemaps: string[];
}

export const ALLOW_ALL: RobotsRules = Object.freeze({ disallow: [], crawlDelaySec: null, sitemaps: [] }) as RobotsRules;

/** Parses robots.txt: only the `*` group's Disallow and Crawl-delay count; consecutive User-agent lines form one group. */
export function parseRobots(text: string): RobotsRules {
  const disallow: string[] = [];
  const sitemaps: string[] = [];
  let crawlDelaySec: number | null = null;
  let groupAgents: string[] = [];
  let inAgentRun = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!inAgentRun) groupAgents = [];
      groupAgents.push(value.toLowerCase());
      inAgentRun = true;
      continue;
    }
    inAgentRun = false;
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (!groupAgents.includes('*')) continue;
    if (field === 'disallow' && value) disallow.push(value);
    if (field === 'crawl-delay') {
      const n = Number(value);
      if (Number.isFinite(n) && n > 0) crawlDelaySec = Math.max(crawlDelaySec ?? 0, n);
    }
  }
  return { disallow, crawlDelaySec, sitemaps };
}

/** True when `pathAndQuery` starts with any Disallow prefix (`Allow` is not modelled). */
export function robotsDisallows(rules: RobotsRules, pathAndQuery: string): boolean {
  return rules.disallow.some((prefix) => pathAndQuery.startsWith(prefix));
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (ms <= 0) return resolve();
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export class Politeness {
  readonly #robots = new Map<string, Promise<RobotsRules>>();
  readonly #nextSlot = new Map<string, number>();
  readonly #now: () => number;
  readonly #sleep: Sleep;

  constructor(now: () => number = Date.now, sleep: Sleep = realSleep) {
    this.#now = now;
    this.#sleep = sleep;
  }

  /** Robots rules of one authority, fetched once per process; a failed fetch means allow-all (fail open). */
  robotsFor(origin: string, fetchRobots: () => Promise<string | null>): Promise<RobotsRules> {
    let entry = this.#robots.get(origin);
    if (!entry) {
      entry = fetchRobots().then(
        (text) => (text === null ? ALLOW_ALL : parseRobots(text)),
        () => ALLOW_ALL,
      );
      this.#robots.set(origin, entry);
    }
    return entry;
  }

  /**
   * Reserves the next fetch slot for an authority and waits for it. Reservation is synchronous, so parallel
   * callers queue in call order, each `intervalMs` after the previous one.
   */
  async waitForSlot(authority: string, intervalMs: number, signal?: AbortSignal): Promise<void> {
    if (intervalMs <= 0) return;
    const now = this.#now();
    const slot = Math.max(now, this.#nextSlot.get(authority) ?? now);
    this.#nextSlot.set(authority, slot + intervalMs);
    await this.#sleep(slot - now, signal);
  }
}

export const politenessService = defineService({
  id: 'fetch.politeness',
  create: (runtime) => new Politeness(runtime.now),
});
