// Variables of the trust layer (trust.md §2.13, §7): receipts, the signing-key directory, time anchors and the
// nine OCCAM_CANARY_* knobs. Canary integers follow trust.md §2.13: unset/blank → default; non-integer → default
// with one warning; out of range → clamped with one warning.
import { adjusted, bad, define, ok, text, httpUrl, type Parsed } from './env-spec.ts';

/** Integer clamped into [min, max] with a note (the canary rule), unlike env-spec's silent `int(..., {clamp})`. */
function clampedInt(min: number, max: number): (raw: string) => Parsed<number> {
  return (raw) => {
    const t = raw.trim();
    if (!/^[+-]?\d+$/.test(t)) return bad(`not an integer (expected ${min}–${max}); using the default`);
    const n = Number(t);
    if (n < min) return adjusted(min, `out of range ${min}–${max}; clamped to ${min}`);
    if (n > max) return adjusted(max, `out of range ${min}–${max}; clamped to ${max}`);
    return ok(n);
  };
}

/** One row of the canary table: the default and range are data, read by the canary options loader. */
export interface CanaryEnvRow {
  name: string;
  option:
    | 'bucketSeconds'
    | 'freshTolerance'
    | 'staleHorizon'
    | 'sentinelBytes'
    | 'issueLogHours'
    | 'issueLogCapacity'
    | 'rateLimit'
    | 'rateWindowSeconds'
    | 'mcpPort';
  default: number;
  min: number;
  max: number;
  description: string;
}

export const CANARY_ENV_ROWS: readonly CanaryEnvRow[] = [
  { name: 'OCCAM_CANARY_BUCKET_SECONDS', option: 'bucketSeconds', default: 300, min: 30, max: 3600, description: 'Canary time-bucket width in seconds.' },
  { name: 'OCCAM_CANARY_FRESH_TOLERANCE', option: 'freshTolerance', default: 1, min: 0, max: 8, description: 'Buckets either side of now still adjudicated READ_VERIFIED.' },
  { name: 'OCCAM_CANARY_STALE_HORIZON', option: 'staleHorizon', default: 24, min: 1, max: 512, description: 'Oldest bucket distance still recognised (READ_STALE); must exceed the fresh tolerance.' },
  { name: 'OCCAM_CANARY_SENTINEL_BYTES', option: 'sentinelBytes', default: 32, min: 16, max: 32, description: 'Tag bytes published in a sentinel (32 → 43 chars, 16 → 22 chars).' },
  { name: 'OCCAM_CANARY_ISSUE_LOG_HOURS', option: 'issueLogHours', default: 24, min: 1, max: 168, description: 'Retention of the in-memory canary issue log, in hours.' },
  { name: 'OCCAM_CANARY_ISSUE_LOG_CAPACITY', option: 'issueLogCapacity', default: 8192, min: 256, max: 1_048_576, description: 'Maximum number of canary issue records kept.' },
  { name: 'OCCAM_CANARY_RATE_LIMIT', option: 'rateLimit', default: 30, min: 1, max: 10_000, description: 'Probe-host requests allowed per session+client key per window.' },
  { name: 'OCCAM_CANARY_RATE_WINDOW_SECONDS', option: 'rateWindowSeconds', default: 60, min: 1, max: 3600, description: 'Probe-host rate-limit window in seconds.' },
  { name: 'OCCAM_CANARY_MCP_PORT', option: 'mcpPort', default: 0, min: 0, max: 65_535, description: 'Port of the probe host started by the MCP canary tools (0 = ephemeral).' },
];

/** OCCAM_RECEIPTS: on unless `off`/`0`/`false` (any case) — trust.md §3.8, one predicate for every tool. */
export function receiptsSwitch(raw: string): Parsed<boolean> {
  return ok(!/^(off|0|false)$/i.test(raw.trim()));
}

export const trustVars = [
  define<boolean>({
    name: 'OCCAM_RECEIPTS',
    area: 'trust',
    description:
      'Receipt signing on reads. `off`/`0`/`false` stops emitting signed receipts; the signing key is still minted.',
    default: true,
    defaultText: 'on',
    range: 'on | off | 0 | false',
    parse: receiptsSwitch,
  }),
  define<string | null>({
    name: 'OCCAM_KEYS_ROOT',
    area: 'trust',
    description: 'Directory of the receipt-signing key (`signing-key.pem`, PKCS#8 P-256, mode 0600).',
    default: null,
    defaultText: '~/.occam/keys',
    parse: text(),
  }),
  define<boolean>({
    name: 'OCCAM_TIME_ANCHOR',
    area: 'trust',
    description: 'RFC 3161 time anchors on read receipts (`1`/`true`/`on`, needs OCCAM_TSA_URL). Fails open: a TSA that is down, private or wrong leaves the receipt without an anchor.',
    default: false,
    defaultText: 'off',
    parse: (raw) => ok(/^(1|true|on)$/i.test(raw.trim())),
  }),
  define<string | null>({
    name: 'OCCAM_TSA_URL',
    area: 'trust',
    description: 'RFC 3161 time-stamp authority (http/https; private and loopback hosts are refused) used when OCCAM_TIME_ANCHOR is on.',
    default: null,
    defaultText: 'unset',
    parse: httpUrl(),
  }),
  define<number>({
    name: 'OCCAM_TSA_TIMEOUT_MS',
    area: 'trust',
    description: 'Timeout of one time-stamp request in milliseconds.',
    default: 3000,
    defaultText: '3000',
    range: '500–15000',
    parse: clampedInt(500, 15_000),
  }),
  ...CANARY_ENV_ROWS.map((row) =>
    define<number>({
      name: row.name,
      area: 'trust',
      description: row.description,
      default: row.default,
      defaultText: String(row.default),
      range: `${row.min}–${row.max}`,
      parse: clampedInt(row.min, row.max),
    }),
  ),
];
