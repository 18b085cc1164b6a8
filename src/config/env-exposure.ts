// Variables that shape what the MCP host exposes (tools.md §9, seeds).
import { define, flag, int, text, bad, ok } from './env-spec.ts';
import { DEFAULT_PROFILE, PROFILES, parseProfile, type ProfileId } from '../contract/profiles.ts';

const gate = (name: string, tools: string) =>
  define({
    name,
    area: 'exposure',
    description: `Opt-in gate: \`1\`/\`true\` registers ${tools} on every profile.`,
    default: false,
    defaultText: 'off',
    parse: flag(),
  });

export const exposureVars = [
  define<ProfileId>({
    name: 'OCCAM_PROFILE',
    area: 'exposure',
    description: 'Boot profile of the tool surface (not a lock). Invalid values fall back to reader with one warning.',
    default: DEFAULT_PROFILE,
    defaultText: 'reader',
    range: PROFILES.join(' | '),
    parse: (raw) => {
      if (raw.trim() === '') return ok(DEFAULT_PROFILE);
      const p = parseProfile(raw);
      return p ? ok(p) : bad(`unknown profile; valid: ${PROFILES.join(', ')}; using reader`);
    },
  }),
  define({
    name: 'OCCAM_PROFILE_LOCK',
    area: 'exposure',
    description: '`1`/`true` freezes the boot surface: neither `profile=` nor an exam grade can change it.',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define<number | null>({
    name: 'OCCAM_CLIENT_CONTEXT_TOKENS',
    area: 'exposure',
    description: 'Operator bootstrap of the client context window; reads inherit 20 % of it as their budget.',
    default: null,
    defaultText: 'unset',
    range: '1024–2000000',
    parse: (raw) => {
      const t = raw.trim();
      if (t === '') return ok(null);
      // tools.md §5.2: a non-integer is ignored silently, an out-of-range integer with one warning.
      if (!/^[+-]?\d+$/.test(t)) return bad('not an integer', true);
      return int(1024, 2_000_000)(t);
    },
  }),
  define({
    name: 'OCCAM_CLIENT_MODEL_ID',
    area: 'exposure',
    description: 'Label reported with the env bootstrap of the context window.',
    default: null,
    defaultText: 'unset',
    parse: text(),
  }),
  gate('OCCAM_EXAM_MCP', '`occam_exam_submit` and switches the host into dynamic-surface mode'),
  gate('OCCAM_BATCH_MCP', '`occam_batch_submit`, `occam_batch_status`, `occam_batch_results`'),
  gate('OCCAM_WATCH_MCP', '`occam_watch`'),
  gate('OCCAM_CONSENSUS_MCP', '`occam_crosscheck`'),
  gate('OCCAM_ATLAS_MCP', '`occam_failure_atlas`'),
  gate('OCCAM_BROWSER_ACTIONS_MCP', '`occam_browser_interact`'),
  define({
    name: 'OCCAM_BANNER',
    area: 'exposure',
    description: '`0` suppresses the one-line start-up banner on stderr.',
    default: true,
    defaultText: 'on',
    aliases: ['WT_OCCAM_BANNER'],
    parse: (raw) => ok(raw.trim() !== '0'),
  }),
  ...(
    [
      ['OCCAM_RUNTIME_ID', '`rt-` + 32 hex, generated per host run', 'Identity stamp of this host run (set by `occam mcp` unless provided).'],
      ['OCCAM_SESSION_ID', '`sess-` + 32 hex, generated', 'Identity stamp of this MCP session (set by `occam mcp` unless provided).'],
      ['OCCAM_PARENT_PID', 'the launching process id', 'Identity stamp: the process that launched the host.'],
      ['OCCAM_PARENT_LABEL', '`occam-mcp`', 'Identity stamp: a label for the launcher.'],
    ] as const
  ).map(([name, defaultText, description]) =>
    define<string | null>({ name, area: 'exposure', description, default: null, defaultText, parse: text() }),
  ),
  define<string | null>({
    name: 'OCCAM_RECORD',
    area: 'exam',
    description:
      'Record every MCP session as JSONL (what `occam mcp --record` sets): a directory gets one `<time>-<session>.jsonl` per ' +
      'session, any other path is one file all sessions append to. Secrets are redacted; `occam exam record|grade` read it.',
    default: null,
    defaultText: 'off',
    parse: text(),
  }),
  define<number>({
    name: 'OCCAM_EXAM_MAX_BYTES',
    area: 'exam',
    description:
      'Largest input `occam exam grade|record|report` reads from one file or stdin; transcripts are streamed line by line ' +
      'under it (memory stays bounded), a larger input is refused with `exam_input_too_large`.',
    default: 1024 * 1024 * 1024,
    defaultText: '1073741824 (1 GiB)',
    range: '1024–17179869184',
    parse: int(1024, 16 * 1024 * 1024 * 1024),
  }),
  define<number>({
    name: 'OCCAM_RECORD_MAX_BYTES',
    area: 'exam',
    description: 'Size bound of one recorded session; the transcript ends with a `truncated` marker line when it is reached.',
    default: 8 * 1024 * 1024,
    defaultText: '8388608 (8 MiB)',
    range: '4096–1073741824',
    parse: int(4096, 1_073_741_824),
  }),
  define({
    name: 'OCCAM_LOG',
    area: 'exposure',
    description: '`1`/`true` prints diagnostic lines (timings, decisions) on stderr.',
    default: false,
    defaultText: 'off',
    aliases: ['WT_OCCAM_LOG'],
    parse: flag(),
  }),
];
