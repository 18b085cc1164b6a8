// Variables of the transcode materialisation step (reading.md §14.1, §15): chunk size and the response cache.
import { define, flag, int, choice, text } from './env-spec.ts';

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
  define<boolean>({
    name: 'OCCAM_CACHE_SESSION_READS',
    area: 'reading',
    description:
      'Cache reads made with a `session_profile` too (`cache_ttl_s`), as private entries: visible only to the tenant that read them, with the same profile and the same credentials in it, on the file cache and on the shared PostgreSQL store alike. Off: such reads are never cached (reading.md §15; docs/spec-deviations.md).',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define({
    name: 'OCCAM_RESPONSE_DETAIL',
    area: 'reading',
    description:
      'Default `detail` of the reading tools and verbs when a call names none: `lean` (the page, its final URL, title, what was cut and a receipt reference; the signed receipt goes to the local receipt log), `standard` (lean + backend, meta, agentHints, quality.verdict) or `full` (every field, receipt inline).',
    ...choice(['lean', 'standard', 'full'] as const, 'lean'),
  }),
  define({
    name: 'OCCAM_SAFETY',
    area: 'reading',
    description:
      'What a read does with page text that addresses the AI reader (docs/security.md, safe reading): `report` lists the sentences in the response\'s `safety.instructions` and leaves them in the Markdown; `strip` also removes them from the Markdown and says so (`safety.stripped`); `refuse` fails the read with `unsafe_content`. Hidden text is removed and counted under every policy.',
    ...choice(['report', 'strip', 'refuse'] as const, 'report'),
  }),
];
