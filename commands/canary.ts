// `occam canary selftest|vectors|smoke|serve` (trust.md §2.12): protocol self-checks, the published vector file,
// a live probe-host smoke test and a standalone probe host. Markers on stdout (with --json: one JSON document
// carrying the same marker), diagnostics on stderr; exit 0 ok · 1 failed check · 2 usage (unknown subverb, missing file).
import type { Command } from 'commander';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { replaceFileExclusive } from '../src/runtime/files.ts';
import { CanaryAuthority } from '../src/trust/canary/authority.ts';
import { canaryOptionsFromEnv } from '../src/trust/canary/options.ts';
import { startProbeHost, type ProbeHost } from '../src/trust/canary/probe-host.ts';
import { runCanarySelftest } from '../src/trust/canary/selftest.ts';
import { generateSessionId } from '../src/trust/canary/sentinel.ts';
import { checkVectorFile, emitVectorFile } from '../src/trust/canary/vectors.ts';
import { OccamError } from '../src/contract/failures.ts';
import { EXIT, emitMarker } from './output.ts';
import { parseFlags, rawArgsVerb, type TrustIo } from './trust-io.ts';

const emit = (io: TrustIo, json: boolean, ok: boolean, marker: string, fields: Record<string, unknown> = {}) =>
  emitMarker((t) => io.out(t), json, ok, marker, fields);

export const CANARY_MARKERS = {
  selftestOk: 'CANARY_SELFTEST_OK',
  selftestFailed: 'CANARY_SELFTEST_FAILED',
  vectorsOk: 'CANARY_VECTORS_OK',
  vectorsFailed: 'CANARY_VECTORS_FAILED',
  smokeOk: 'CANARY_SMOKE_OK',
  smokeFailed: 'CANARY_SMOKE_FAILED',
} as const;

const DEFAULT_SERVE_PORT = 8971;

const USAGE = [
  'usage: occam canary <subverb>',
  '  selftest                        protocol assertions (vector key, manual clock); no network',
  '  vectors --emit [--out PATH]     write the published vector file (byte-exact)',
  '  vectors --verify PATH           re-derive every vector of a vector file',
  '  smoke [--port N]                start a probe host, read a probe, verify truthful and invented claims',
  `  serve [--port N] [--bind ADDR]  run a probe host until SIGINT/SIGTERM (default 127.0.0.1:${DEFAULT_SERVE_PORT})`,
  'exit codes: 0 ok · 1 failed check · 2 usage or missing file',
].join('\n');

export interface CanaryRunOptions {
  /** Resolves when `serve` should stop (default: SIGINT or SIGTERM). */
  untilStopped?: () => Promise<void>;
}

export async function runCanary(args: readonly string[], io: TrustIo, opts: CanaryRunOptions = {}): Promise<number> {
  const [sub, ...rest] = args;
  const { flags } = parseFlags(rest);
  const json = flags.get('json') === 'true' || args.includes('--json');
  switch (sub) {
    case 'selftest': {
      const { failed } = runCanarySelftest();
      for (const name of failed) io.err(`canary selftest: FAILED ${name}`);
      return failed.length === 0
        ? emit(io, json, true, CANARY_MARKERS.selftestOk, json ? { failed: [] } : {})
        : emit(io, json, false, CANARY_MARKERS.selftestFailed, { checksFailed: failed.length, ...(json ? { failed } : {}) });
    }
    case 'vectors':
      return vectors(flags, io, json);
    case 'smoke':
      return smoke(flags, io, json);
    case 'serve':
      return serve(flags, io, opts, json);
    case '--help':
    case '-h':
    case 'help':
      io.out(`${USAGE}\n`);
      return EXIT.ok;
    default:
      io.err(`usage: ${sub === undefined ? 'missing subverb' : `unknown subverb ${JSON.stringify(sub)}`}\n${USAGE}`);
      return EXIT.usage;
  }
}

function vectors(flags: Map<string, string>, io: TrustIo, json: boolean): number {
  if (flags.get('emit') === 'true') {
    const text = emitVectorFile();
    const out = flags.get('out');
    if (out && out !== 'true') {
      replaceFileExclusive(out, text, { mode: 0o644 });
      io.err(`canary vectors: wrote ${out}`);
    } else io.out(text);
    return EXIT.ok;
  }
  const path = flags.get('verify');
  if (path && path !== 'true') {
    let text: string;
    try {
      if (path !== '-' && !existsSync(path)) throw new Error('missing');
      text = io.readText(path);
    } catch (err) {
      io.err(err instanceof OccamError ? `usage: ${err.code}: ${err.message}` : `usage: vector file not found or unreadable: ${path}`);
      return EXIT.usage;
    }
    const r = checkVectorFile(text);
    if (r.status === 'ok') return emit(io, json, true, CANARY_MARKERS.vectorsOk, { checked: r.checked });
    if (r.reason) io.err(`canary vectors: ${r.reason}`);
    return emit(io, json, false, CANARY_MARKERS.vectorsFailed, { mismatches: r.mismatches, ...(json && r.reason ? { reason: r.reason } : {}) });
  }
  io.err(`usage: occam canary vectors --emit [--out PATH] | --verify PATH\n${USAGE}`);
  return EXIT.usage;
}

function portFlag(flags: Map<string, string>, fallback: number): number | null {
  const raw = flags.get('port');
  if (raw === undefined) return fallback;
  return /^\d+$/.test(raw) && Number(raw) <= 65_535 ? Number(raw) : null;
}

function httpGet(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { 'User-Agent': 'occam-canary-smoke' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function authorityFromEnv(io: TrustIo): CanaryAuthority | null {
  try {
    return new CanaryAuthority({ options: canaryOptionsFromEnv(io.runtime), now: io.runtime.now });
  } catch (err) {
    io.err(`canary: ${(err as Error).message}`);
    return null;
  }
}

async function smoke(flags: Map<string, string>, io: TrustIo, json: boolean): Promise<number> {
  const port = portFlag(flags, 0);
  if (port === null) {
    io.err('usage: --port must be an integer 0–65535');
    return EXIT.usage;
  }
  const authority = authorityFromEnv(io);
  if (!authority) return emit(io, json, false, CANARY_MARKERS.smokeFailed, { reason: 'invalid_options' });
  let host: ProbeHost | null = null;
  const fail = (reason: string) => emit(io, json, false, CANARY_MARKERS.smokeFailed, { reason });
  try {
    host = await startProbeHost({ authority, port });
    const sid = generateSessionId();
    const probe = await httpGet(host.probeUrl(sid));
    if (probe.status !== 200) return fail(`probe_status_${probe.status}`);
    if (!String(probe.headers['cache-control'] ?? '').includes('no-store')) return fail('probe_cacheable');
    const sentinel = /name="occam-sentinel" content="([^"]+)"/.exec(probe.body)?.[1];
    if (!sentinel) return fail('meta_sentinel_missing');
    if (probe.body.split(sentinel).length < 4) return fail('sentinel_not_in_body');
    const verdictOf = async (claim: string) =>
      JSON.parse((await httpGet(`${host!.probeUrl(sid)}/verify?sentinel=${encodeURIComponent(claim)}`)).body).verdict as string;
    const truthful = await verdictOf(sentinel);
    if (truthful !== 'READ_VERIFIED') return fail(`truthful_claim_${truthful}`);
    const invented = await verdictOf('A'.repeat(43));
    if (invented !== 'HALLUCINATED') return fail(`invented_claim_${invented}`);
    io.err(`canary smoke: probe host ${host.listenUrl} ok`);
    return emit(io, json, true, CANARY_MARKERS.smokeOk, json ? { listenUrl: host.listenUrl } : {});
  } catch (err) {
    return fail(`error:${(err as NodeJS.ErrnoException).code ?? 'unexpected'}`);
  } finally {
    await host?.close();
    authority.dispose();
  }
}

const LOOPBACK_BIND = /^(127(\.\d{1,3}){3}|::1|localhost)$/i;

function processStopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function serve(flags: Map<string, string>, io: TrustIo, opts: CanaryRunOptions, json: boolean): Promise<number> {
  const port = portFlag(flags, DEFAULT_SERVE_PORT);
  const bind = flags.get('bind') ?? '127.0.0.1';
  if (port === null || bind === 'true') {
    io.err('usage: occam canary serve [--port N] [--bind ADDR]');
    return EXIT.usage;
  }
  if (!LOOPBACK_BIND.test(bind)) {
    // The sentinel is a bearer token for its bucket: remote exposure needs TLS, which this host does not terminate.
    io.err(`usage: --bind ${bind} is not loopback; expose the probe host remotely only behind a TLS-terminating proxy`);
    return EXIT.usage;
  }
  const authority = authorityFromEnv(io);
  if (!authority) return EXIT.failed;
  let host: ProbeHost;
  try {
    host = await startProbeHost({ authority, port, bind });
  } catch (err) {
    io.err(`canary serve: cannot listen on ${bind}:${port}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    authority.dispose();
    return EXIT.failed;
  }
  io.err(`canary_probe_listening: ${host.listenUrl}`);
  io.err(`canary_probe_example: ${host.probeUrl(generateSessionId())}`);
  // With --json, one document once listening (the host then runs until stopped).
  if (json) io.out(`${JSON.stringify({ ok: true, listenUrl: host.listenUrl, probeExample: host.probeUrl(generateSessionId()) }, null, 2)}\n`);
  await (opts.untilStopped ?? processStopSignal)();
  await host.close();
  authority.dispose();
  return EXIT.ok;
}

export function register(program: Command): void {
  rawArgsVerb(program, 'canary', 'proof-of-read canary: selftest, published vectors, smoke test, standalone probe host', (args, io) => runCanary(args, io));
}
