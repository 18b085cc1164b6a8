// Bearer authentication of the shared HTTP surfaces (`--mcp-http`, `--batch-server`), as an OAuth 2.1 resource
// server in the MCP authorization spec's sense:
//   - with OCCAM_HTTP_JWT=1, JWTs checked with jose against the issuer's signing keys (OCCAM_JWT_ISSUER,
//     OCCAM_JWT_AUDIENCE, OCCAM_JWT_METADATA_URI — the same settings as `--remote`), audience and expiry enforced;
//     the principal is the token's `iss` + `sub`;
//   - static tokens from a file for small teams (OCCAM_HTTP_TOKENS_FILE: `<principal> <token>` or
//     `<principal> sha256:<hex>` a line; the file must be readable by its owner only, like an ssh key);
//   - a 401 carries `WWW-Authenticate: Bearer resource_metadata="…"` pointing at the protected-resource metadata
//     (RFC 9728) this server publishes at /.well-known/oauth-protected-resource.
// Without either setting nothing changes: the servers stay loopback-only and unauthenticated (the default), and
// every caller is the one local tenant.
import { createHash, timingSafeEqual } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { readEnv } from '../../config/env.ts';
import type { RuntimeContext } from '../../runtime/context.ts';
import { createJwtVerifier } from './remote.ts';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
/** A tokens file larger than this is refused: it is a short list, not a database. */
export const TOKENS_FILE_MAX_BYTES = 1024 * 1024;
const PRINCIPAL = /^[A-Za-z0-9._@:-]{1,128}$/;

export interface Principal {
  /** Stable id: the tokens file's name, or `<iss>#<sub>` of a JWT. Tenancy keys on it. */
  id: string;
  via: 'token' | 'jwt';
}

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | { ok: false; status: 401; body: { ok: false; error: { code: 'unauthorized'; message: string } }; headers: Record<string, string> };

export interface HttpAuth {
  /** How callers authenticate, for the startup line and docs: e.g. "JWT (issuer …) or static tokens". */
  describe: string;
  check: (req: IncomingMessage) => Promise<AuthOutcome>;
  /** RFC 9728 metadata for this resource (`resource` is the server's base URL as the client reached it). */
  metadata: (req: IncomingMessage) => Record<string, unknown>;
}

export class AuthConfigError extends Error {}

/** Reads the static tokens file: owner-only, bounded, one `<principal> <token|sha256:hex>` a line. */
export function loadTokensFile(path: string): Map<string, Buffer> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path}: ${(err as Error).message}`);
  }
  let text: string;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path} is not a regular file`);
    if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) {
      throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path} is readable by others (mode ${(st.mode & 0o777).toString(8)}); run chmod 600 ${path}`);
    }
    if (st.size > TOKENS_FILE_MAX_BYTES) throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path} is over ${TOKENS_FILE_MAX_BYTES} bytes`);
    const buf = Buffer.alloc(st.size);
    readSync(fd, buf, 0, st.size, 0);
    text = buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
  const digests = new Map<string, Buffer>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [name, secret, ...rest] = line.split(/\s+/);
    if (!name || !secret || rest.length || !PRINCIPAL.test(name)) {
      throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path}:${i + 1}: expected "<principal> <token>" or "<principal> sha256:<hex>"`);
    }
    const hashed = /^sha256:([0-9a-f]{64})$/i.exec(secret);
    if (!hashed && secret.length < 16) throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path}:${i + 1}: a token needs at least 16 characters`);
    // Only digests are kept in memory; a token is compared digest to digest in constant time.
    digests.set(name, hashed ? Buffer.from(hashed[1]!.toLowerCase(), 'hex') : sha256(secret));
  });
  if (digests.size === 0) throw new AuthConfigError(`OCCAM_HTTP_TOKENS_FILE ${path} lists no token`);
  return digests;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1]! : null;
}

function baseUrlOf(req: IncomingMessage): string {
  const proto = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return `${proto}://${req.headers.host ?? 'localhost'}`;
}

/** Whether the environment configures authentication for the shared HTTP surfaces (decides the bind rule too). */
export function httpAuthConfigured(env: RuntimeContext['env']): boolean {
  return Boolean(readEnv<string | null>('OCCAM_HTTP_TOKENS_FILE', env) || readEnv<boolean>('OCCAM_HTTP_JWT', env));
}

/** The authentication the environment configures, or null (loopback-only, unauthenticated). Throws AuthConfigError. */
export function httpAuthFromEnv(runtime: RuntimeContext, options: { fetch?: Parameters<typeof createJwtVerifier>[0]['fetch'] } = {}): HttpAuth | null {
  const tokensFile = readEnv<string | null>('OCCAM_HTTP_TOKENS_FILE', runtime.env, runtime.warn);
  const jwtOn = readEnv<boolean>('OCCAM_HTTP_JWT', runtime.env, runtime.warn);
  if (!tokensFile && !jwtOn) return null;
  const issuer = jwtOn ? readEnv<string>('OCCAM_JWT_ISSUER', runtime.env, runtime.warn) : null;
  const tokens = tokensFile ? loadTokensFile(tokensFile) : null;
  let verify: ReturnType<typeof createJwtVerifier> | null = null;
  if (issuer) {
    const audience = readEnv<string>('OCCAM_JWT_AUDIENCE', runtime.env, runtime.warn);
    const metadataUri = readEnv<string | null>('OCCAM_JWT_METADATA_URI', runtime.env, runtime.warn) ?? `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    if (!metadataUri.startsWith('https://')) {
      throw new AuthConfigError(`OCCAM_HTTP_JWT=1 needs the issuer's https OIDC metadata: set OCCAM_JWT_METADATA_URI or an https OCCAM_JWT_ISSUER (got ${metadataUri})`);
    }
    verify = createJwtVerifier({ issuer, audience, metadataUri, fetch: options.fetch });
  }
  const challenge = (req: IncomingMessage, error?: string) => {
    const params = [`resource_metadata="${baseUrlOf(req)}${PROTECTED_RESOURCE_PATH}"`];
    if (error) params.unshift(`error="${error}"`);
    return { 'www-authenticate': `Bearer ${params.join(', ')}` };
  };
  const refuse = (req: IncomingMessage, message: string, error?: string): AuthOutcome => ({
    ok: false,
    status: 401,
    body: { ok: false, error: { code: 'unauthorized', message } },
    headers: challenge(req, error),
  });
  return {
    describe: [verify ? `JWT bearer (issuer ${issuer})` : null, tokens ? `static tokens (${tokens.size})` : null].filter(Boolean).join(' or '),
    metadata: (req) => ({
      resource: baseUrlOf(req),
      ...(issuer ? { authorization_servers: [issuer] } : {}),
      bearer_methods_supported: ['header'],
      resource_name: 'Occam',
    }),
    check: async (req) => {
      const token = bearerOf(req);
      if (!token) return refuse(req, 'Authorization: Bearer <token> required.');
      if (tokens) {
        const digest = sha256(token);
        for (const [name, expected] of tokens) {
          if (timingSafeEqual(digest, expected)) return { ok: true, principal: { id: name, via: 'token' } };
        }
      }
      if (verify) {
        const checked = await verify(token);
        if (checked.ok && typeof checked.claims.sub === 'string' && checked.claims.sub !== '') {
          return { ok: true, principal: { id: `${checked.claims.iss ?? issuer}#${checked.claims.sub}`, via: 'jwt' } };
        }
        return refuse(req, `The bearer token was not accepted (${checked.ok ? 'no sub claim' : checked.reason}).`, 'invalid_token');
      }
      return refuse(req, 'The bearer token was not accepted.', 'invalid_token');
    },
  };
}
