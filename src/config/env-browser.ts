// Browser backend variables (reading.md §6.3, §8; operator.md §3).
import { define, int, oneOf, text } from './env-spec.ts';

export const browserVars = [
  define({
    name: 'OCCAM_BROWSER_TIMEOUT_MS',
    area: 'browser',
    description: 'Per-extract browser budget (navigation, settle, snapshot).',
    default: 60_000,
    defaultText: '60000',
    range: '15000–180000',
    parse: int(15_000, 180_000, { clamp: true }),
  }),
  define({
    name: 'OCCAM_BROWSER_MAX_PARALLEL',
    area: 'browser',
    description: 'How many pages the shared browser renders at once; further reads wait for a slot.',
    default: 2,
    defaultText: '2',
    range: '1–16',
    parse: int(1, 16),
  }),
  define<string | null>({
    name: 'OCCAM_BROWSER_EXECUTABLE_PATH',
    area: 'browser',
    description: 'Path of the Chromium-family browser to drive (skips discovery).',
    default: null,
    defaultText: 'discovered',
    aliases: ['OCCAM_CHROME_PATH'],
    parse: text(),
  }),
  define({
    name: 'OCCAM_BROWSER_CHANNEL',
    area: 'browser',
    description: 'Which installed browser discovery looks for first.',
    default: 'chromium' as const,
    defaultText: 'chromium',
    range: 'chromium | chrome | msedge | chrome-beta | msedge-beta',
    parse: oneOf(['chromium', 'chrome', 'msedge', 'chrome-beta', 'msedge-beta'] as const),
  }),
];
