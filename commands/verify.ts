// `occam verify` (operator.md §15, trust.md §6): offline verification of receipts, capsules, citations, dataset
// manifests and watch histories against a pinned public key — no network, no server. One JSON line on stdout
// (`ok` mirrors the exit code); exit 0 verified · 1 parsed but not verified · 2 usage/IO (stderr `usage: …`).
// `--release DIR` hands over to the release verifier (commands/verify-release.ts).
import type { Command } from 'commander';
import { parseHistory, inspectHistory } from '../src/trust/receipts/history.ts';
import { verifyDatasetExport } from '../src/trust/receipts/manifest.ts';
import { blockLeaf, parseProof, verifyMerkleProof } from '../src/trust/receipts/merkle.ts';
import { parsePublicKeyPem } from '../src/trust/receipts/sign.ts';
import { looksLikeCapsule } from '../src/trust/receipts/capsule.ts';
import { readReceiptMaterial, verifyReceiptOffline } from '../src/trust/receipts/verify.ts';
import { OccamError } from '../src/contract/failures.ts';
import { EXIT } from './output.ts';
import { jsonOf, registerTrustVerb, runTrustVerb, type TrustIo, type TrustVerbDefinition } from './trust-io.ts';
import { runVerifyRelease } from './verify-release.ts';
import { readLoggedReceipt } from '../src/store/receipt-log.ts';

export const CLI_VERIFY_MODES = ['receipt', 'citation', 'manifest', 'history'] as const;
type CliMode = (typeof CLI_VERIFY_MODES)[number];
const VERIFIED = new Set(['verified', 'citation_verified', 'manifest_verified', 'history_verified']);

const DESCRIPTION = 'verify a receipt, capsule, citation, dataset manifest or watch history offline against a pinned key';
const USAGE = 'usage: occam verify --pubkey PEM [--mode receipt|citation|manifest|history] … [FILE] (occam verify --help)';
const MODES_HELP = [
  '',
  'Modes:',
  '  occam verify --id ID [--pubkey PEM] [--markdown FILE]          a lean read\'s receipt.id, from the local receipt log (default key: this install\'s)',
  '  receipt  (default): --receipt FILE|- [--markdown FILE]        receipt, bare envelope or occam://capsule/…',
  '  citation:           --receipt FILE|- --block-text TEXT --proof FILE [--block-selector SEL]',
  '  manifest:           --input FILE|-                            an occam_dataset_export response',
  '  history:            --input FILE|-                            entries array or {history:[…]}',
  '  occam verify FILE --pubkey PEM                                 mode detected from the file',
  '  occam verify --release DIR --pubkey RELEASE_KEY.pem            a downloaded release (docs/release.md)',
  '',
  'Exit codes: 0 verified · 1 parsed but not verified · 2 usage or unreadable input.',
].join('\n');

/** The options of `occam verify` (commander's camel-cased names). */
export interface VerifyOptions {
  pubkey?: string;
  id?: string;
  mode?: string;
  receipt?: string;
  markdown?: string;
  blockText?: string;
  proof?: string;
  blockSelector?: string;
  input?: string;
  release?: string;
}

class UsageError extends Error {
  /** The taxonomy code of an input refused by its cap or type (input_too_large, input_not_regular_file). */
  readonly failureCode: string | undefined;
  constructor(message: string, failureCode?: string) {
    super(message);
    this.failureCode = failureCode;
  }
}

type Report = { ok?: boolean; mode: CliMode; verdict: string } & Record<string, unknown>;

/** Report member order of trust.md §6; undefined members are omitted. */
function render(r: Report): string {
  const order = ['ok', 'mode', 'verdict', 'signatureValid', 'contentHashMatch', 'keyId', 'timeAnchorValid', 'timeAnchorGenTime', 'message', 'chainIntegrity', 'signatureStatus'];
  const out: Record<string, unknown> = {};
  for (const k of order) if (r[k] !== undefined && r[k] !== null) out[k] = r[k];
  return `${JSON.stringify(out)}\n`;
}

function readOrUsage(io: TrustIo, path: string | undefined, what: string): string {
  if (path === undefined) throw new UsageError(`${what} is required`);
  try {
    return io.readText(path);
  } catch (err) {
    if (err instanceof OccamError) throw new UsageError(`cannot read ${what} ${path}: ${err.code}: ${err.message}`, err.code);
    throw new UsageError(`cannot read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

function detectMode(text: string): CliMode {
  if (looksLikeCapsule(text)) return 'receipt';
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (Array.isArray(v) || (v && typeof v === 'object' && Array.isArray(v.history))) return 'history';
    if (v && typeof v === 'object' && v.manifest && Array.isArray(v.rows)) return 'manifest';
  } catch {
    /* not JSON: the receipt reader reports it */
  }
  return 'receipt';
}

function receiptMode(opts: VerifyOptions, io: TrustIo, pem: string, receiptText: string): Report {
  const markdown = opts.markdown !== undefined ? readOrUsage(io, opts.markdown, '--markdown') : null;
  const parsed = readReceiptMaterial(receiptText);
  if (!parsed.ok) return { mode: 'receipt', verdict: 'invalid_receipt', message: parsed.reason };
  const r = verifyReceiptOffline(parsed.material, parsePublicKeyPem(pem), markdown);
  const anchor = r.timeAnchor;
  let verdict: string = r.verdict === 'content_mismatch' ? 'content_hash_mismatch' : r.verdict;
  let message = r.message;
  if (verdict === 'verified' && anchor?.status === 'invalid') {
    verdict = 'time_anchor_invalid';
    message = anchor.message;
  } else if (verdict === 'verified' && anchor) message = anchor.message;
  return {
    mode: 'receipt', verdict, signatureValid: r.signatureValid, contentHashMatch: r.contentHashMatch, keyId: r.keyId,
    ...(anchor ? { timeAnchorValid: anchor.valid, timeAnchorGenTime: anchor.genTime } : {}), message,
  };
}

function citationMode(opts: VerifyOptions, io: TrustIo, pem: string, receiptText: string): Report {
  const text = opts.blockText;
  if (text === undefined) throw new UsageError('--block-text is required in citation mode');
  const proofText = readOrUsage(io, opts.proof, '--proof');
  const parsed = readReceiptMaterial(receiptText);
  if (!parsed.ok) return { mode: 'citation', verdict: 'invalid_receipt', message: parsed.reason };
  const env = parsed.material.envelope;
  if (!env.blockMerkleRoot) return { mode: 'citation', verdict: 'invalid_receipt', keyId: env.keyId, message: 'the receipt commits to no blocks (no blockMerkleRoot)' };
  const r = verifyReceiptOffline(parsed.material, parsePublicKeyPem(pem));
  if (r.verdict !== 'verified') return { mode: 'citation', verdict: r.verdict, signatureValid: r.signatureValid, keyId: env.keyId, message: r.message };
  const proof = parseProof(proofText);
  const leaf = blockLeaf(text, opts.blockSelector ?? '');
  const ok = proof !== null && verifyMerkleProof(leaf, proof, env.blockMerkleRoot);
  return {
    mode: 'citation', verdict: ok ? 'citation_verified' : 'citation_invalid', signatureValid: true, keyId: env.keyId,
    ...(proof === null ? { message: 'proof is not a JSON array of {hash, siblingIsRight}' } : ok ? {} : { message: 'block is not a member of the signed extract under this proof' }),
  };
}

function manifestMode(pem: string, inputText: string): Report {
  let doc: unknown;
  try {
    doc = JSON.parse(inputText);
  } catch {
    return { mode: 'manifest', verdict: 'invalid_input', message: 'input is not JSON' };
  }
  const key = parsePublicKeyPem(pem);
  if (!key) return { mode: 'manifest', verdict: 'manifest_invalid', message: 'public key is not a P-256 PEM' };
  const r = verifyDatasetExport(doc, key);
  return { mode: 'manifest', verdict: r.verdict, signatureValid: r.signatureValid, keyId: r.keyId, message: r.message };
}

function historyMode(pem: string, inputText: string): Report {
  const entries = parseHistory(inputText);
  if (!entries) return { mode: 'history', verdict: 'invalid_input', message: 'expected an entries array or {history:[…]}' };
  const r = inspectHistory(entries, parsePublicKeyPem(pem));
  return {
    mode: 'history', verdict: r.verdict, signatureValid: r.signatureStatus === 'verified', keyId: r.keyId || undefined,
    message: `${r.entriesTotal} entries`, chainIntegrity: r.chainIntegrity, signatureStatus: r.signatureStatus,
  };
}

async function verifyAction(positionals: readonly string[], opts: VerifyOptions, io: TrustIo, json: boolean): Promise<number> {
  if (opts.release !== undefined) return runVerifyRelease(opts, io);
  try {
    if (positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
    const modeFlag = opts.mode;
    if (modeFlag !== undefined && !(CLI_VERIFY_MODES as readonly string[]).includes(modeFlag.toLowerCase())) {
      throw new UsageError(`unknown mode ${JSON.stringify(modeFlag)} (receipt, citation, manifest, history)`);
    }
    if (opts.id !== undefined) {
      const logged = await readLoggedReceipt(io.runtime, opts.id);
      if (!logged) {
        const report: Report = { mode: 'receipt', verdict: 'receipt_not_found', message: `no receipt ${opts.id} in this install's receipt log` };
        io.out(render({ ...report, ok: false }));
        return EXIT.failed;
      }
      const text = JSON.stringify(logged.receipt);
      const pem = opts.pubkey !== undefined ? readOrUsage(io, opts.pubkey, '--pubkey') : await localPublicKeyPem(io, text);
      const report = receiptMode(opts, io, pem, text);
      io.out(render({ ...report, ok: VERIFIED.has(report.verdict) }));
      return VERIFIED.has(report.verdict) ? EXIT.ok : EXIT.failed;
    }
    if (opts.pubkey === undefined) throw new UsageError('--pubkey is required (a PEM from `occam keys export`, pinned out of band)');
    const pem = readOrUsage(io, opts.pubkey, '--pubkey');
    const positional = positionals[0];
    const positionalText = positional !== undefined ? readOrUsage(io, positional, 'input file') : undefined;
    // Without --mode, a positional file or a bare --input is classified by its content; otherwise receipt.
    const detectFrom = positionalText ?? (opts.input !== undefined && opts.receipt === undefined ? readOrUsage(io, opts.input, '--input') : undefined);
    const mode: CliMode = (modeFlag?.toLowerCase() as CliMode | undefined) ?? (detectFrom !== undefined ? detectMode(detectFrom) : 'receipt');
    const inputText = opts.input !== undefined && detectFrom !== undefined && positionalText === undefined ? detectFrom : undefined;
    const source = (flag: 'receipt' | 'input') =>
      flag === 'input' && inputText !== undefined ? inputText
        : opts[flag] !== undefined ? readOrUsage(io, opts[flag], `--${flag}`) : positionalText ?? readOrUsage(io, undefined, `--${flag}`);
    const report =
      mode === 'receipt' ? receiptMode(opts, io, pem, source('receipt'))
        : mode === 'citation' ? citationMode(opts, io, pem, source('receipt'))
          : mode === 'manifest' ? manifestMode(pem, source('input'))
            : historyMode(pem, source('input'));
    const verified = VERIFIED.has(report.verdict);
    io.out(render({ ...report, ok: verified }));
    if (!json) io.err(`occam verify: ${report.verdict}${report.keyId ? ` (${report.keyId})` : ''}`);
    return verified ? EXIT.ok : EXIT.failed;
  } catch (err) {
    if (err instanceof UsageError) {
      // With --json the error is that one document alone.
      if (json) io.out(`${JSON.stringify({ ok: false, verdict: 'usage_error', ...(err.failureCode ? { failureCode: err.failureCode } : {}), error: err.message }, null, 2)}\n`);
      else io.err(`usage: ${err.message}\n${USAGE}`);
      return EXIT.usage;
    }
    throw err;
  }
}

/** This install's key that signed a logged receipt (keys it rotated out still count), as PEM. */
async function localPublicKeyPem(io: TrustIo, receiptText: string): Promise<string> {
  const { Services } = await import('../src/runtime/services.ts');
  const { signingKeyService } = await import('../src/trust/keys.ts');
  const services = new Services(io.runtime);
  try {
    const store = await services.use(signingKeyService);
    const parsed = readReceiptMaterial(receiptText);
    const key = parsed.ok ? store.publicKeyFor(parsed.material.envelope.keyId) : null;
    return key ? String(key.export({ type: 'spki', format: 'pem' })) : store.signer.publicKeyPem;
  } finally {
    await services.disposeAll();
  }
}

const defineVerify: TrustVerbDefinition = (cmd, run) => {
  cmd
    .argument('[file...]', 'a receipt, capsule, dataset export or watch history (mode detected from its content)')
    .option('--pubkey <pem>', 'the pinned public key (PEM from `occam keys export`, or the release key)')
    .option('--id <id>', 'a lean read\'s receipt.id: verify that receipt from the local receipt log (default key: this install\'s)')
    .option('--mode <mode>', `${CLI_VERIFY_MODES.join(' | ')} (default: detected from FILE / --input, else receipt)`)
    .option('--receipt <file>', 'receipt, bare envelope or capsule (- reads stdin)')
    .option('--markdown <file>', 'receipt mode: the Markdown the receipt signs (checks the content hash)')
    .option('--block-text <text>', 'citation mode: the cited block\'s text')
    .option('--proof <file>', 'citation mode: the Merkle proof (JSON array)')
    .option('--block-selector <sel>', 'citation mode: the cited block\'s selector')
    .option('--input <file>', 'manifest / history mode input (- reads stdin)')
    .option('--release <dir>', 'verify a downloaded release directory (with --pubkey RELEASE_KEY.pem)')
    .option('--json', 'no human note on stderr (the report is JSON either way)')
    .addHelpText('after', MODES_HELP)
    .action(async (positionals: string[], opts: VerifyOptions, self: Command) => run.exit(await verifyAction(positionals, opts, run.io(), jsonOf(self))));
};

/** `occam verify …` in-process (tests): the words after `verify`; resolves to the exit code. */
export function runVerifyCli(args: readonly string[], io: TrustIo): Promise<number> {
  return runTrustVerb('verify', defineVerify, args, io);
}

export function register(program: Command): void {
  registerTrustVerb(program, 'verify', DESCRIPTION, defineVerify);
}
