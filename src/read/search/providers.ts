// Search providers (reading.md §17.2) as data: how to build the request and where the hits are in the answer.
// Adding a provider is one entry here.
import type { SearchProviderId } from '../../config/env-search.ts';

export interface RawHit {
  title?: unknown;
  url?: unknown;
  snippet?: unknown;
}

export interface ProviderConfig {
  baseUrl: string | null;
  apiKey: string | null;
}

export interface ProviderSpec {
  id: SearchProviderId;
  /** Which settings must be present; the failure message names the missing variables. */
  requires: Array<'baseUrl' | 'apiKey'>;
  defaultBase: string | null;
  request: (base: string, query: string, maxResults: number, apiKey: string | null) => { url: string; init: RequestInit };
  hits: (body: any) => RawHit[];
}

const trimBase = (base: string) => base.replace(/\/+$/, '');

export const PROVIDERS: Record<SearchProviderId, ProviderSpec> = {
  searxng: {
    id: 'searxng',
    requires: ['baseUrl'],
    defaultBase: null,
    request: (base, query, _n, apiKey) => ({
      url: `${trimBase(base)}/search?q=${encodeURIComponent(query)}&format=json`,
      init: {
        method: 'GET',
        headers: { Accept: 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
      },
    }),
    hits: (body) => (Array.isArray(body?.results) ? body.results.map((r: any) => ({ title: r?.title, url: r?.url, snippet: r?.content })) : []),
  },
  brave: {
    id: 'brave',
    requires: ['apiKey'],
    defaultBase: 'https://api.search.brave.com',
    request: (base, query, n, apiKey) => ({
      url: `${trimBase(base)}/res/v1/web/search?q=${encodeURIComponent(query)}&count=${n}`,
      init: { method: 'GET', headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey ?? '' } },
    }),
    hits: (body) =>
      Array.isArray(body?.web?.results) ? body.web.results.map((r: any) => ({ title: r?.title, url: r?.url, snippet: r?.description })) : [],
  },
  tavily: {
    id: 'tavily',
    requires: ['apiKey'],
    defaultBase: 'https://api.tavily.com',
    request: (base, query, n, apiKey) => ({
      url: `${trimBase(base)}/search`,
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${apiKey ?? ''}` },
        body: JSON.stringify({ query, max_results: n }),
      },
    }),
    hits: (body) => (Array.isArray(body?.results) ? body.results.map((r: any) => ({ title: r?.title, url: r?.url, snippet: r?.content })) : []),
  },
};

const ENV_NAME = { baseUrl: 'OCCAM_SEARCH_URL', apiKey: 'OCCAM_SEARCH_API_KEY' } as const;

/** The env variables a provider still needs, or [] when its configuration is complete. */
export function missingSettings(spec: ProviderSpec, config: ProviderConfig): string[] {
  return spec.requires.filter((k) => !config[k]).map((k) => ENV_NAME[k]);
}

const clean = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.replace(/\s*\n+\s*/g, ' ').trim();
  return t === '' ? null : t;
};

/** Normalises hits: drop empty URLs, collapse newlines, trim, omit empty snippets, take maxResults. */
export function normaliseHits(hits: RawHit[], maxResults: number): Array<{ title: string; url: string; snippet?: string }> {
  const out: Array<{ title: string; url: string; snippet?: string }> = [];
  for (const h of hits) {
    const url = clean(h.url);
    if (!url) continue;
    const snippet = clean(h.snippet);
    out.push({ title: clean(h.title) ?? url, url, ...(snippet ? { snippet } : {}) });
    if (out.length >= maxResults) break;
  }
  return out;
}
