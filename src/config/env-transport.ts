// Variables of the network transports and the batch job store (tools.md §8–9, playbooks.md §13.1).
// Flags of `occam mcp` override these; the startup checks (remote_requires_tls_cert, …) run on the merged values.
import { define, int, text } from './env-spec.ts';

export const MESSAGE_BYTES = { default: 4_194_304, min: 65_536, max: 16_777_216 } as const;
export const REMOTE_SESSIONS = { default: 4, min: 1, max: 32 } as const;
export const BATCH_MAX_URLS = { default: 64, min: 1, max: 256 } as const;
export const BATCH_PARALLEL = { default: 4, min: 1, max: 16 } as const;
export const DEFAULT_JWT_NAME = 'occam-mcp';

export const transportVars = [
  define<string | null>({
    name: 'OCCAM_TLS_CERT_PATH',
    area: 'transport',
    description: 'Certificate of `occam mcp --remote`: a PEM file (certificate + private key) or a PFX/PKCS#12 file.',
    default: null,
    defaultText: 'unset',
    parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_TLS_CERT_PASSWORD',
    area: 'transport',
    description: 'Password of the PFX file or the encrypted PEM key (prefer this over `--tls-password`).',
    default: null,
    defaultText: 'unset',
    secret: true,
    parse: text(),
  }),
  define<string>({
    name: 'OCCAM_JWT_ISSUER',
    area: 'transport',
    description: 'Exact `iss` a remote bearer token must carry; an https issuer also enables OIDC discovery.',
    default: DEFAULT_JWT_NAME,
    defaultText: DEFAULT_JWT_NAME,
    parse: (raw) => ({ ok: true, value: raw.trim() === '' ? DEFAULT_JWT_NAME : raw.trim() }),
  }),
  define<string>({
    name: 'OCCAM_JWT_AUDIENCE',
    area: 'transport',
    description: 'Exact `aud` a remote bearer token must carry.',
    default: DEFAULT_JWT_NAME,
    defaultText: DEFAULT_JWT_NAME,
    parse: (raw) => ({ ok: true, value: raw.trim() === '' ? DEFAULT_JWT_NAME : raw.trim() }),
  }),
  define<string | null>({
    name: 'OCCAM_JWT_METADATA_URI',
    area: 'transport',
    description:
      'https URL of the OIDC metadata document whose `jwks_uri` holds the token signing keys (fetched again on rotation). ' +
      '`OCCAM_JWT_JWKS_URI` is a deprecated alias and still names a metadata document, not a raw JWKS.',
    default: null,
    defaultText: 'unset (derived from an https issuer)',
    aliases: ['OCCAM_JWT_JWKS_URI'],
    // Not validated here: a non-https value is the startup failure `invalid_jwt_metadata_uri`, not a silent default.
    parse: text(),
  }),
  define<number>({
    name: 'OCCAM_REMOTE_MAX_SESSIONS',
    area: 'transport',
    description: 'Concurrent remote WSS sessions; one more is refused with 503 `remote_capacity_exceeded`.',
    default: REMOTE_SESSIONS.default,
    defaultText: String(REMOTE_SESSIONS.default),
    range: `${REMOTE_SESSIONS.min}–${REMOTE_SESSIONS.max}`,
    parse: int(REMOTE_SESSIONS.min, REMOTE_SESSIONS.max, { clamp: true }),
  }),
  define<number>({
    name: 'OCCAM_MCP_MAX_MESSAGE_BYTES',
    area: 'transport',
    description: 'Largest WebSocket message (all fragments together) the local and remote WS transports accept.',
    default: MESSAGE_BYTES.default,
    defaultText: String(MESSAGE_BYTES.default),
    range: `${MESSAGE_BYTES.min}–${MESSAGE_BYTES.max}`,
    parse: int(MESSAGE_BYTES.min, MESSAGE_BYTES.max),
  }),
  define<number>({
    name: 'OCCAM_BATCH_PORT',
    area: 'jobs',
    description: 'Port of `occam mcp --batch-server` (loopback REST, not MCP).',
    default: 5051,
    defaultText: '5051',
    range: '1–65535',
    parse: int(1, 65535),
  }),
  define<string | null>({
    name: 'OCCAM_BATCH_DB_PATH',
    area: 'jobs',
    description: 'Batch job store (SQLite file), shared by the batch MCP tools and `--batch-server`.',
    default: null,
    defaultText: '~/.occam/jobs/jobs.db',
    parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_BATCH_TOKEN',
    area: 'jobs',
    description:
      'Bearer token of `occam mcp --batch-server`: when set, every `/v1/batch/*` request needs `Authorization: Bearer <token>` (401 otherwise) and `occam batch --server` sends it; when unset, jobs naming a `session_profile` are refused (403), since any local user could reach the port.',
    default: null,
    defaultText: 'unset',
    secret: true,
    parse: text(),
  }),
  define<number>({
    name: 'OCCAM_BATCH_MAX_URLS',
    area: 'jobs',
    description: 'Most URLs one batch job accepts; more is `invalid_request`.',
    default: BATCH_MAX_URLS.default,
    defaultText: String(BATCH_MAX_URLS.default),
    range: `${BATCH_MAX_URLS.min}–${BATCH_MAX_URLS.max}`,
    parse: int(BATCH_MAX_URLS.min, BATCH_MAX_URLS.max, { clamp: true }),
  }),
  define<number>({
    name: 'OCCAM_BATCH_PARALLEL',
    area: 'jobs',
    description: 'Batch items read at the same time by one process.',
    default: BATCH_PARALLEL.default,
    defaultText: String(BATCH_PARALLEL.default),
    range: `${BATCH_PARALLEL.min}–${BATCH_PARALLEL.max}`,
    parse: int(BATCH_PARALLEL.min, BATCH_PARALLEL.max, { clamp: true }),
  }),
];
