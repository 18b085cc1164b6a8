// Options of `occam mcp` (tools.md §8, operator.md §5) → one transport plan, or the one startup failure kind.
// commander parses the command line (commands/mcp.ts); this gets the options it found, in the order given
// (`['--mcp-server', '--port', '9000']`), because order matters: the last mode wins and --remote/--batch-server
// reset the port. Pure: options and env in, a plan or a kind out; the file-existence check is injected.
import { isIP } from 'node:net';
import type { EnvMap } from '../../runtime/context.ts';
import { inspectEnv, readEnv } from '../../config/env.ts';

export type TransportMode = 'stdio' | 'ws' | 'remote' | 'batch' | 'http';

/** Per-mode defaults of tools.md §8; `flag` is the canonical spelling shown in help and errors. */
export const TRANSPORT_MODES: Readonly<Record<TransportMode, { flags: readonly string[]; port: number | null; what: string }>> = {
  stdio: { flags: [], port: null, what: 'MCP over stdin/stdout (default)' },
  ws: { flags: ['--mcp-server'], port: 5050, what: 'local WebSocket MCP on ws://127.0.0.1:5050/ (loopback only)' },
  http: {
    flags: ['--mcp-http', '--streamable-http'],
    port: 5050,
    what: 'stateless Streamable HTTP MCP on http://127.0.0.1:5050/mcp (loopback only)',
  },
  remote: { flags: ['--remote'], port: 8443, what: 'remote WSS MCP on wss://<bind>:8443/mcp (TLS + JWT bearer)' },
  batch: { flags: ['--batch-server'], port: 5051, what: 'loopback batch REST API on http://127.0.0.1:5051/v1/ (not MCP)' },
};

export const LOOPBACK_BIND = '127.0.0.1';

/** Failure kinds printed as `invalid_arguments: <kind>` (operator.md §5), in the order the checks run. */
export type StartupFailureKind =
  | 'invalid_arguments'
  | 'remote_requires_tls_cert'
  | 'tls_cert_not_found'
  | 'invalid_jwt_metadata_uri'
  | 'remote_requires_jwt_metadata';

export interface RemoteAuthOptions {
  tlsCertPath: string;
  tlsPassword: string | null;
  jwtIssuer: string;
  jwtAudience: string;
  /** https URL of the OIDC metadata document (explicit, or `<issuer>/.well-known/openid-configuration`). */
  jwtMetadataUri: string;
}

export interface TransportPlan {
  mode: TransportMode;
  port: number;
  bind: string;
  maxMessageBytes: number;
  remote: RemoteAuthOptions | null;
}

export type ParseOutcome =
  | { kind: 'plan'; plan: TransportPlan }
  | { kind: 'error'; failure: StartupFailureKind; detail: string };

const VALUE_FLAGS = new Set([
  '--port',
  '--bind',
  '--tls-cert',
  '--tls-password',
  '--jwt-issuer',
  '--jwt-audience',
  '--jwt-metadata-uri',
  '--jwt-jwks-uri',
]);

const MODE_BY_FLAG = new Map<string, TransportMode>(
  (Object.entries(TRANSPORT_MODES) as Array<[TransportMode, { flags: readonly string[] }]>).flatMap(([mode, m]) =>
    m.flags.map((f) => [f, mode] as [string, TransportMode]),
  ),
);

const fail = (failure: StartupFailureKind, detail: string): ParseOutcome => ({ kind: 'error', failure, detail });

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Plans the transport from the options given, in order (`--name` or `--name value`). Flags override env. The last
 * mode flag wins; `--batch-server` and `--remote` reset the port to their own default (a `--port` after them
 * still applies).
 */
export function planTransport(args: readonly string[], env: EnvMap, fileExists: (path: string) => boolean): ParseOutcome {
  let mode: TransportMode = 'stdio';
  let port: number | null = null;
  const values = new Map<string, string>();

  for (let i = 0; i < args.length; i++) {
    const raw = args[i];
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    const modeFlag = MODE_BY_FLAG.get(name);
    if (modeFlag) {
      if (eq > 0) return fail('invalid_arguments', `${name} takes no value`);
      mode = modeFlag;
      if (modeFlag === 'batch' || modeFlag === 'remote') port = null;
      continue;
    }
    if (!VALUE_FLAGS.has(name)) return fail('invalid_arguments', `unknown option ${JSON.stringify(name)}`);
    let value: string | undefined;
    if (eq > 0) value = raw.slice(eq + 1);
    else {
      value = args[i + 1];
      i += 1;
    }
    if (value === undefined || (eq < 0 && value.startsWith('--'))) return fail('invalid_arguments', `${name} needs a value`);
    if (name === '--port') {
      if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > 65535) {
        return fail('invalid_arguments', `--port must be an integer 1–65535 (got ${JSON.stringify(value)})`);
      }
      port = Number(value);
      continue;
    }
    values.set(name === '--jwt-jwks-uri' ? '--jwt-metadata-uri' : name, value.trim());
  }

  if (mode === 'batch' && port === null) port = readEnv<number>('OCCAM_BATCH_PORT', env);
  if (mode === 'batch') {
    // A deployment's per-job limit is honoured as written or refused at start — never clamped behind its back
    // (compose files once asked for 5000 and silently got 256).
    const maxUrls = inspectEnv<number>('OCCAM_BATCH_MAX_URLS', env);
    const off = maxUrls.problem ?? maxUrls.note;
    if (off) {
      return fail(
        'invalid_arguments',
        `OCCAM_BATCH_MAX_URLS=${JSON.stringify(maxUrls.raw)} is ${maxUrls.problem ? 'invalid' : 'out of range'} (${off}); set it within the range — \`occam batch submit\` splits a longer list into several jobs`,
      );
    }
  }
  const bind = values.get('--bind') ?? LOOPBACK_BIND;
  if (mode === 'remote') {
    if (isIP(bind) === 0) return fail('invalid_arguments', `--bind for --remote must be a numeric IP address (got ${JSON.stringify(bind)})`);
  } else if (mode !== 'stdio' && bind !== LOOPBACK_BIND) {
    // The shared HTTP surfaces may listen beyond loopback once every request must carry a bearer token
    // (OCCAM_HTTP_TOKENS_FILE or OCCAM_HTTP_JWT=1; src/mcp/transports/http-auth.ts); never without.
    const authenticated = Boolean(readEnv<string | null>('OCCAM_HTTP_TOKENS_FILE', env) || readEnv<boolean>('OCCAM_HTTP_JWT', env));
    if (!((mode === 'http' || mode === 'batch') && authenticated)) {
      const why = mode === 'http' || mode === 'batch' ? ' unless authentication is configured (OCCAM_HTTP_TOKENS_FILE or OCCAM_HTTP_JWT=1)' : '';
      return fail('invalid_arguments', `${TRANSPORT_MODES[mode].flags[0]} binds only to ${LOOPBACK_BIND}${why} (got ${JSON.stringify(bind)})`);
    }
    if (isIP(bind) === 0) return fail('invalid_arguments', `--bind must be a numeric IP address (got ${JSON.stringify(bind)})`);
  }

  const plan: TransportPlan = {
    mode,
    port: port ?? TRANSPORT_MODES[mode].port ?? 0,
    bind,
    maxMessageBytes: readEnv<number>('OCCAM_MCP_MAX_MESSAGE_BYTES', env),
    remote: null,
  };
  if (mode !== 'remote') return { kind: 'plan', plan };

  // Remote startup checks, in the order of tools.md §8.
  const certPath = values.get('--tls-cert') || readEnv<string | null>('OCCAM_TLS_CERT_PATH', env);
  if (!certPath) return fail('remote_requires_tls_cert', '--remote needs --tls-cert or OCCAM_TLS_CERT_PATH (PEM or PFX)');
  if (!fileExists(certPath)) return fail('tls_cert_not_found', `certificate file not found: ${certPath}`);
  const issuer = values.get('--jwt-issuer') || readEnv<string>('OCCAM_JWT_ISSUER', env);
  const audience = values.get('--jwt-audience') || readEnv<string>('OCCAM_JWT_AUDIENCE', env);
  const explicitMetadata = values.get('--jwt-metadata-uri') || inspectEnv<string | null>('OCCAM_JWT_METADATA_URI', env).value;
  if (explicitMetadata && !isHttpsUrl(explicitMetadata)) {
    return fail('invalid_jwt_metadata_uri', 'the JWT metadata URI must be an https URL');
  }
  let metadataUri = explicitMetadata;
  if (!metadataUri) {
    if (!isHttpsUrl(issuer)) {
      return fail('remote_requires_jwt_metadata', 'set --jwt-metadata-uri (https) or use an https issuer for OIDC discovery');
    }
    metadataUri = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  }
  plan.remote = {
    tlsCertPath: certPath,
    tlsPassword: values.get('--tls-password') || readEnv<string | null>('OCCAM_TLS_CERT_PASSWORD', env),
    jwtIssuer: issuer,
    jwtAudience: audience,
    jwtMetadataUri: metadataUri,
  };
  return { kind: 'plan', plan };
}
