// Search provider variables (reading.md §17.2). Providers are operator-configured endpoints: the private-address
// guard does not apply to them (a SearXNG on 127.0.0.1 is legal).
import { define, httpUrl, int, ok, text } from './env-spec.ts';

export const SEARCH_PROVIDERS = ['searxng', 'brave', 'tavily'] as const;
export type SearchProviderId = (typeof SEARCH_PROVIDERS)[number];

export const searchVars = [
  define<SearchProviderId | null>({
    name: 'OCCAM_SEARCH_PROVIDER',
    area: 'reading',
    description: 'Search backend for occam_search; unset, `off`, `none` or unknown → search_unconfigured.',
    default: null,
    defaultText: 'unset (off)',
    range: 'searxng | brave | tavily | off',
    parse: (raw) => {
      const v = raw.trim().toLowerCase();
      return ok((SEARCH_PROVIDERS as readonly string[]).includes(v) ? (v as SearchProviderId) : null);
    },
  }),
  define({
    name: 'OCCAM_SEARCH_URL',
    area: 'reading',
    description: 'Base URL of the search backend (required for SearXNG; optional override for Brave and Tavily).',
    default: null,
    defaultText: 'unset',
    parse: httpUrl(),
  }),
  define({
    name: 'OCCAM_SEARCH_API_KEY',
    area: 'reading',
    description: 'API key (required for Brave and Tavily; optional Bearer token for SearXNG). Never logged.',
    default: null,
    defaultText: 'unset',
    secret: true,
    parse: text(),
  }),
  define({
    name: 'OCCAM_SEARCH_TIMEOUT_MS',
    area: 'reading',
    description: 'Timeout of one search request.',
    default: 20_000,
    defaultText: '20000',
    range: '1000–120000',
    parse: int(1000, 120_000),
  }),
];
