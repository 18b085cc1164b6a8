// Many-page reading variables (reading.md §16.2).
import { define, int, ok } from './env-spec.ts';

export const digestVars = [
  define({
    name: 'OCCAM_DIGEST_PARALLEL',
    area: 'reading',
    description: '`0` reads digest URLs one after another; anything else reads them in parallel.',
    default: true,
    defaultText: 'parallel',
    parse: (raw) => ok(raw.trim() !== '0'),
  }),
  define({
    name: 'OCCAM_DIGEST_MAX_PARALLEL',
    area: 'reading',
    description: 'How many digest URLs are read at once (browser escalations are further bounded by OCCAM_BROWSER_MAX_PARALLEL).',
    default: 20,
    defaultText: '20',
    range: '1–32',
    parse: int(1, 32),
  }),
];
