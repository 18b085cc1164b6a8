// The transport planner of `occam mcp` (tools.md §8, operator.md §5) as a pure function over the options commander
// parsed, in order; test/e2e/transport-cli.test.ts
// checks the same outcomes through the real executable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planTransport } from '../../../src/mcp/transports/options.ts';

const CERT = '/certs/server.pem';
const exists = (p: string) => p === CERT;
const parse = (args: string[], env: Record<string, string> = {}) => planTransport(args, env, exists);
const failureOf = (args: string[], env: Record<string, string> = {}) => {
  const r = parse(args, env);
  return r.kind === 'error' ? r.failure : r.kind;
};
const planOf = (args: string[], env: Record<string, string> = {}) => {
  const r = parse(args, env);
  assert.equal(r.kind, 'plan', JSON.stringify(r));
  return (r as Extract<typeof r, { kind: 'plan' }>).plan;
};

test('tools.md #29: invalid binds, ports and flags → invalid_arguments', () => {
  for (const args of [
    ['--mcp-server', '--bind', '0.0.0.0'],
    ['--mcp-http', '--bind', '0.0.0.0'],
    ['--streamable-http', '--bind=::1'],
    ['--batch-server', '--bind', 'localhost'],
    ['--port', '70000'],
    ['--port', '0'],
    ['--mcp-server', '--port', 'abc'],
    ['--mcp-server', '--port'],
    ['--port', '--mcp-server'],
    ['--carrier-pigeon'],
    ['--mcp-server=yes'],
    ['--remote', '--bind', 'example.com', '--tls-cert', CERT],
  ]) {
    assert.equal(failureOf(args), 'invalid_arguments', args.join(' '));
  }
});

test('tools.md #29: remote startup checks run in the specified order', () => {
  const httpMeta = { OCCAM_JWT_METADATA_URI: 'http://idp.example/meta' };
  assert.equal(failureOf(['--remote'], httpMeta), 'remote_requires_tls_cert');
  assert.equal(failureOf(['--remote', '--tls-cert', '/certs/missing.pem'], httpMeta), 'tls_cert_not_found');
  assert.equal(failureOf(['--remote'], { ...httpMeta, OCCAM_TLS_CERT_PATH: '/certs/missing.pfx' }), 'tls_cert_not_found');
  assert.equal(failureOf(['--remote', '--tls-cert', CERT], httpMeta), 'invalid_jwt_metadata_uri');
  assert.equal(failureOf(['--remote', '--tls-cert', CERT], { OCCAM_JWT_JWKS_URI: 'http://idp.example/meta' }), 'invalid_jwt_metadata_uri');
  assert.equal(failureOf(['--remote', '--tls-cert', CERT, '--jwt-jwks-uri', 'ftp://idp.example/meta']), 'invalid_jwt_metadata_uri');
  assert.equal(failureOf(['--remote', '--tls-cert', CERT], { OCCAM_JWT_ISSUER: 'occam-mcp' }), 'remote_requires_jwt_metadata');
  assert.equal(failureOf(['--remote', '--tls-cert', CERT, '--jwt-issuer', 'http://idp.example']), 'remote_requires_jwt_metadata');
});

test('tools.md §8: defaults per mode, last mode wins, --remote/--batch-server reset the port, flags beat env', () => {
  assert.deepEqual(planOf([]), { mode: 'stdio', port: 0, bind: '127.0.0.1', maxMessageBytes: 4194304, remote: null });
  assert.equal(planOf(['--mcp-server']).port, 5050);
  assert.equal(planOf(['--mcp-http']).port, 5050);
  assert.equal(planOf(['--streamable-http']).mode, 'http');
  assert.equal(planOf(['--batch-server']).port, 5051);
  assert.equal(planOf(['--batch-server'], { OCCAM_BATCH_PORT: '6001' }).port, 6001);
  assert.equal(planOf(['--mcp-server', '--mcp-http']).mode, 'http');
  assert.equal(planOf(['--port', '9000', '--batch-server']).port, 5051, '--batch-server resets an earlier --port');
  assert.equal(planOf(['--batch-server', '--port', '9000']).port, 9000);
  assert.equal(planOf(['--mcp-server', '--port=7001']).port, 7001);
  assert.equal(planOf(['--mcp-server'], { OCCAM_MCP_MAX_MESSAGE_BYTES: '65536' }).maxMessageBytes, 65536);

  const remote = planOf(['--port', '9000', '--remote', '--tls-cert', CERT, '--bind', '0.0.0.0'], { OCCAM_JWT_ISSUER: 'https://idp.example/realm/' });
  assert.equal(remote.port, 8443, '--remote resets an earlier --port');
  assert.equal(remote.bind, '0.0.0.0');
  assert.deepEqual(remote.remote, {
    tlsCertPath: CERT,
    tlsPassword: null,
    jwtIssuer: 'https://idp.example/realm/',
    jwtAudience: 'occam-mcp',
    jwtMetadataUri: 'https://idp.example/realm/.well-known/openid-configuration',
  });
  const explicit = planOf(['--remote', '--jwt-audience', 'aud1', '--jwt-metadata-uri', 'https://idp.example/m'], {
    OCCAM_TLS_CERT_PATH: CERT,
    OCCAM_TLS_CERT_PASSWORD: 'pw',
    OCCAM_JWT_AUDIENCE: 'from-env',
  });
  assert.equal(explicit.remote?.jwtAudience, 'aud1');
  assert.equal(explicit.remote?.tlsPassword, 'pw');
  assert.equal(explicit.remote?.jwtMetadataUri, 'https://idp.example/m');
});
