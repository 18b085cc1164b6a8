// Variables of the transcode materialisation step (reading.md §14.1, §15): chunk size and the response cache.
import { define, int, text } from './env-spec.ts';

export const transcodeVars = [
  define({
    name: 'OCCAM_CHUNK_SIZE',
    area: 'reading',
    description: 'Maximum characters per `chunks[]` entry when `semantic_chunking` is on (a single larger block stays whole).',
    default: 2000,
    defaultText: '2000',
    range: '200–100000',
    parse: int(200, 100_000),
  }),
  define<string | null>({
    name: 'OCCAM_CACHE_DIR',
    area: 'reading',
    description:
      'Directory of the opt-in response cache (`cache_ttl_s`); one `<key>.json` per cached response. Created 0700; one owned by another user or writable by group/other is refused (`state_dir_unsafe`).',
    default: null,
    defaultText: '`$XDG_CACHE_HOME/occam` (`~/.cache/occam`; `~/Library/Caches/occam`; `%LOCALAPPDATA%\\occam\\cache`)',
    parse: text(),
  }),
];
