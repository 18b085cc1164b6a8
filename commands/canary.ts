// `occam canary selftest|vectors|smoke|serve` (trust.md §2.12): protocol self-checks, the published vector file,
// a live probe-host smoke test and a standalone probe host. Markers on stdout (with --json: one JSON document
// carrying the same marker), diagnostics on stderr; exit 0 ok · 1 failed check · 2 usage (unknown subverb, missing file).
import { InvalidArgumentError, type Command } from 'commander';
import { request } from 'node:http';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { replaceFileExclusive } from '../src/runtime/files.ts';
import { CanaryAuthority } from '../src/trust/canary/authority.ts';
import { canaryOptionsFromEnv } from '../src/trust/canary/options.ts';
import { startProbeHost, type ProbeHost } from '../src/trust/canary/probe-host.ts';
import { runCanarySelftest } from '../src/trust/canary/selftest.ts';
import { generateSessionId } from '../src/trust/canary/sentinel.ts';
import { checkVectorFile, emitVectorFile } from '../src/trust/canary/vectors.ts';
import { OccamError } from '../src/contract/failures.ts';
import { EXIT, emitMarker } from './output.ts';
import { jsonOf, registerTrustVerb, runTrustVerb, type TrustIo, type TrustVerbDefinition } from './trust-io.ts';

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
const MAX_PORT = 65_535;

const DESCRIPTION = 'proof-of-read canary: selftest, published vectors, smoke test, standalone probe host';
const EXIT_CODES = '\nExit codes: 0 ok · 1 failed check · 2 usage or missing file.';

export interface CanaryRunOptions {
  /** Resolves when `serve` should stop (default: SIGINT or SIGTERM). */
  untilStopped?: () => Promise<void>;
}

function selftest(io: TrustIo, json: boolean): number {
  const { failed } = runCanarySelftest();
  for (const name of failed) io.err(`canary selftest: FAILED ${name}`);
  return failed.length === 0
    ? emit(io, json, true, CANARY_MARKERS.selftestOk, json ? { failed: [] } : {})
    : emit(io, json, false, CANARY_MARKERS.selftestFailed, { checksFailed: failed.length, ...(json ? { failed } : {}) });
}

function vectors(opts: { emit?: boolean; out?: string; verify?: string }, io: TrustIo, json: boolean): number {
  if (opts.emit) {
    const text = emitVectorFile();
    if (opts.out) {
      mkdirSync(dirname(opts.out), { recursive: true });
      replaceFileExclusive(opts.out, text, { mode: 0o644 });
      io.err(`canary vectors: wrote ${opts.out}`);
    } else io.out(text);
    return EXIT.ok;
  }
  const path = opts.verify;
  if (path) {
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
  io.err('usage: occam canary vectors --emit [--out PATH] | --verify PATH');
  return EXIT.usage;
}

/** `--port N`: a whole number 0–65535 (0 picks a free port); anything else is a usage error. */
function portOption(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_PORT) throw new InvalidArgumentError('must be an integer 0–65535');
  return Number(raw);
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

async function smoke(port: number, io: TrustIo, json: boolean): Promise<number> {
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

async function serve(port: number, bind: string, io: TrustIo, opts: CanaryRunOptions, json: boolean): Promise<number> {
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

function defineCanary(opts: CanaryRunOptions): TrustVerbDefinition {
  return (cmd, run) => {
    cmd.addHelpText('after', EXIT_CODES);
    cmd
      .command('selftest')
      .description('protocol assertions (vector key, manual clock); no network')
      .option('--json', 'one JSON document with the marker')
      .action((_o: unknown, self: Command) => run.exit(selftest(run.io(), jsonOf(self))));
    cmd
      .command('vectors')
      .description('write the published vector file (byte-exact), or re-derive every vector of one')
      .option('--emit', 'write the published vector file')
      .option('--out <path>', 'with --emit: write to this file instead of stdout')
      .option('--verify <path>', 're-derive every vector of this vector file (- reads stdin)')
      .option('--json', 'one JSON document with the marker')
      .action((o: { emit?: boolean; out?: string; verify?: string }, self: Command) => run.exit(vectors(o, run.io(), jsonOf(self))));
    cmd
      .command('smoke')
      .description('start a probe host, read a probe, verify a truthful and an invented claim')
      .option('--port <n>', 'port of the probe host (0: any free port)', portOption, 0)
      .option('--json', 'one JSON document with the marker')
      .action(async (o: { port: number }, self: Command) => run.exit(await smoke(o.port, run.io(), jsonOf(self))));
    cmd
      .command('serve')
      .description(`run a probe host until SIGINT/SIGTERM (default 127.0.0.1:${DEFAULT_SERVE_PORT})`)
      .option('--port <n>', 'port to listen on', portOption, DEFAULT_SERVE_PORT)
      .option('--bind <addr>', 'loopback address to listen on', '127.0.0.1')
      .option('--json', 'one JSON document once listening')
      .action(async (o: { port: number; bind: string }, self: Command) => run.exit(await serve(o.port, o.bind, run.io(), opts, jsonOf(self))));
  };
}

/** `occam canary …` in-process (tests): the words after `canary`; resolves to the exit code. */
export function runCanary(args: readonly string[], io: TrustIo, opts: CanaryRunOptions = {}): Promise<number> {
  return runTrustVerb('canary', defineCanary(opts), args, io);
}

export function register(program: Command): void {
  registerTrustVerb(program, 'canary', DESCRIPTION, defineCanary({}));
}
