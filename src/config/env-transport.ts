// Variables of the network transports and the batch job store (tools.md §8–9, playbooks.md §13.1).
// Flags of `occam mcp` override these; the startup checks (remote_requires_tls_cert, …) run on the merged values.
import { define, flag, int, text } from './env-spec.ts';

export const MESSAGE_BYTES = { default: 4_194_304, min: 65_536, max: 16_777_216 } as const;
export const REMOTE_SESSIONS = { default: 4, min: 1, max: 32 } as const;
export const BATCH_MAX_URLS = { default: 64, min: 1, max: 256 } as const;
export const BATCH_PARALLEL = { default: 4, min: 1, max: 16 } as const;
/** How long a batch claim is held without renewal (renewed every third of it while the read runs). */
export const BATCH_LEASE_MS = { default: 60_000, min: 5_000, max: 3_600_000 };
/** How long a stopping server lets work in flight finish (batch reads, MCP calls) before it cuts it off. */
/** Unfinished batch items one tenant may have queued; a submit past it is 429. */
export const BATCH_MAX_QUEUED_PER_TENANT = { default: 10_000, min: 1, max: 10_000_000 };
/** MCP requests one `--mcp-http` instance serves at once; more are answered 503 with Retry-After. */
export const HTTP_MAX_CONCURRENT = { default: 512, min: 1, max: 10_000 };
export const DRAIN_GRACE_MS = { default: 10_000, min: 0, max: 600_000 };
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
  define<string | null>({
    name: 'OCCAM_HTTP_TOKENS_FILE',
    area: 'transport',
    description:
      'Static bearer tokens for `--mcp-http` and `--batch-server` (small teams): one `<principal> <token>` or `<principal> sha256:<hex>` a line, the file readable by its owner only. With it (or OCCAM_HTTP_JWT=1) every request needs `Authorization: Bearer …`, jobs and search handles belong to the principal, and the servers may bind a non-loopback address. Unset: loopback only, no authentication.',
    default: null,
    defaultText: 'unset (loopback only, no authentication)',
    parse: text(),
  }),
  define<boolean>({
    name: 'OCCAM_HTTP_JWT',
    area: 'transport',
    description:
      'JWT bearer authentication on `--mcp-http` and `--batch-server`, as an OAuth 2.1 resource server: tokens are checked against the issuer of OCCAM_JWT_ISSUER (signing keys from OCCAM_JWT_METADATA_URI, https), OCCAM_JWT_AUDIENCE and expiry enforced; the principal (tenant) is `iss#sub`. A 401 names the protected-resource metadata (RFC 9728) the server publishes at `/.well-known/oauth-protected-resource`.',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define<number>({
    name: 'OCCAM_BATCH_MAX_QUEUED_PER_TENANT',
    area: 'jobs',
    description: 'Most unfinished batch items one tenant (authenticated principal; `local` without authentication) may have queued across its jobs; a submit that would pass it is answered 429 with `Retry-After`.',
    default: BATCH_MAX_QUEUED_PER_TENANT.default,
    defaultText: String(BATCH_MAX_QUEUED_PER_TENANT.default),
    range: `${BATCH_MAX_QUEUED_PER_TENANT.min}–${BATCH_MAX_QUEUED_PER_TENANT.max}`,
    parse: int(BATCH_MAX_QUEUED_PER_TENANT.min, BATCH_MAX_QUEUED_PER_TENANT.max),
  }),
  define<number>({
    name: 'OCCAM_HTTP_MAX_CONCURRENT',
    area: 'transport',
    description: 'MCP requests one `--mcp-http` instance serves at once; past it a request is answered 503 with `Retry-After: 1` (backpressure for a load balancer to spread).',
    default: HTTP_MAX_CONCURRENT.default,
    defaultText: String(HTTP_MAX_CONCURRENT.default),
    range: `${HTTP_MAX_CONCURRENT.min}–${HTTP_MAX_CONCURRENT.max}`,
    parse: int(HTTP_MAX_CONCURRENT.min, HTTP_MAX_CONCURRENT.max),
  }),
  define<number>({
    name: 'OCCAM_DRAIN_GRACE_MS',
    area: 'transport',
    description:
      'On SIGTERM/SIGINT a network server (`--batch-server`, `--mcp-http`) drains first: `/health` answers 503 and new work is refused at once, a batch worker claims nothing more, and reads or calls in flight may finish for up to this long; what is still running then is cut off (batch claims are handed back). A second signal stops at once. 0 = no drain.',
    default: DRAIN_GRACE_MS.default,
    defaultText: `${DRAIN_GRACE_MS.default} (10 s)`,
    range: `${DRAIN_GRACE_MS.min}–${DRAIN_GRACE_MS.max}`,
    parse: int(DRAIN_GRACE_MS.min, DRAIN_GRACE_MS.max),
  }),
  define<number>({
    name: 'OCCAM_BATCH_LEASE_MS',
    area: 'jobs',
    description:
      "How long a worker's claim on a batch item lasts without renewal. A worker renews its claims every third of it while it reads; a claim whose worker died, hung or lost the store comes back to the queue once its lease has run out, so a shorter lease recovers sooner and a longer one tolerates longer store outages without re-reading.",
    default: BATCH_LEASE_MS.default,
    defaultText: `${BATCH_LEASE_MS.default} (60 s)`,
    range: `${BATCH_LEASE_MS.min}–${BATCH_LEASE_MS.max}`,
    parse: int(BATCH_LEASE_MS.min, BATCH_LEASE_MS.max),
  }),
];
