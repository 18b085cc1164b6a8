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
import { EXIT } from './output.ts';
import { parseFlags, rawArgsVerb, type TrustIo } from './trust-io.ts';
import { runVerifyRelease } from './verify-release.ts';
import { readLoggedReceipt } from '../src/store/receipt-log.ts';

export const CLI_VERIFY_MODES = ['receipt', 'citation', 'manifest', 'history'] as const;
type CliMode = (typeof CLI_VERIFY_MODES)[number];
const VERIFIED = new Set(['verified', 'citation_verified', 'manifest_verified', 'history_verified']);

const USAGE = [
  'usage: occam verify --pubkey PEM [--mode receipt|citation|manifest|history] …',
  '  occam verify --id ID [--pubkey PEM] [--markdown FILE]          a lean read\'s receipt.id, from the local receipt log (default key: this install\'s)',
  '  receipt  (default): --receipt FILE|- [--markdown FILE]        receipt, bare envelope or occam://capsule/…',
  '  citation:           --receipt FILE|- --block-text TEXT --proof FILE [--block-selector SEL]',
  '  manifest:           --input FILE|-                            an occam_dataset_export response',
  '  history:            --input FILE|-                            entries array or {history:[…]}',
  '  occam verify FILE --pubkey PEM                                 mode detected from the file',
  '  occam verify --release DIR --pubkey RELEASE_KEY.pem            a downloaded release (docs/release.md)',
  'exit codes: 0 verified · 1 parsed but not verified · 2 usage or unreadable input',
].join('\n');

class UsageError extends Error {}

type Report = { ok?: boolean; mode: CliMode; verdict: string } & Record<string, unknown>;

/** Report member order of trust.md §6; undefined members are omitted. */
function render(r: Report): string {
  const order = ['ok', 'mode', 'verdict', 'signatureValid', 'contentHashMatch', 'keyId', 'timeAnchorValid', 'timeAnchorGenTime', 'message', 'chainIntegrity', 'signatureStatus'];
  const out: Record<string, unknown> = {};
  for (const k of order) if (r[k] !== undefined && r[k] !== null) out[k] = r[k];
  return `${JSON.stringify(out)}\n`;
}

function readOrUsage(io: TrustIo, path: string | undefined, what: string): string {
  if (path === undefined || path === 'true') throw new UsageError(`${what} is required`);
  try {
    return io.readText(path);
  } catch (err) {
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

function receiptMode(flags: Map<string, string>, io: TrustIo, pem: string, receiptText: string): Report {
  const markdown = flags.has('markdown') ? readOrUsage(io, flags.get('markdown'), '--markdown') : null;
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

function citationMode(flags: Map<string, string>, io: TrustIo, pem: string, receiptText: string): Report {
  const text = flags.get('block-text');
  if (text === undefined || text === 'true') throw new UsageError('--block-text is required in citation mode');
  const proofText = readOrUsage(io, flags.get('proof'), '--proof');
  const parsed = readReceiptMaterial(receiptText);
  if (!parsed.ok) return { mode: 'citation', verdict: 'invalid_receipt', message: parsed.reason };
  const env = parsed.material.envelope;
  if (!env.blockMerkleRoot) return { mode: 'citation', verdict: 'invalid_receipt', keyId: env.keyId, message: 'the receipt commits to no blocks (no blockMerkleRoot)' };
  const r = verifyReceiptOffline(parsed.material, parsePublicKeyPem(pem));
  if (r.verdict !== 'verified') return { mode: 'citation', verdict: r.verdict, signatureValid: r.signatureValid, keyId: env.keyId, message: r.message };
  const proof = parseProof(proofText);
  const selector = flags.get('block-selector');
  const leaf = blockLeaf(text, selector === undefined || selector === 'true' ? '' : selector);
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

export async function runVerifyCli(args: readonly string[], io: TrustIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${USAGE}\n`);
    return EXIT.ok;
  }
  const { flags, positionals } = parseFlags(args);
  if (flags.has('release')) return runVerifyRelease(flags, io);
  try {
    if (positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
    const modeFlag = flags.get('mode');
    if (modeFlag !== undefined && !(CLI_VERIFY_MODES as readonly string[]).includes(modeFlag.toLowerCase())) {
      throw new UsageError(`unknown mode ${JSON.stringify(modeFlag)} (receipt, citation, manifest, history)`);
    }
    const pubkey = flags.get('pubkey');
    const id = flags.get('id');
    if (id !== undefined) {
      if (id === 'true') throw new UsageError('--id needs a receipt id (the receipt.id of a lean read)');
      const logged = await readLoggedReceipt(io.runtime, id);
      if (!logged) {
        const report: Report = { mode: 'receipt', verdict: 'receipt_not_found', message: `no receipt ${id} in this install's receipt log` };
        io.out(render({ ...report, ok: false }));
        return EXIT.failed;
      }
      const text = JSON.stringify(logged.receipt);
      const pem = pubkey !== undefined && pubkey !== 'true' ? readOrUsage(io, pubkey, '--pubkey') : await localPublicKeyPem(io, text);
      const report = receiptMode(flags, io, pem, text);
      io.out(render({ ...report, ok: VERIFIED.has(report.verdict) }));
      return VERIFIED.has(report.verdict) ? EXIT.ok : EXIT.failed;
    }
    if (pubkey === undefined || pubkey === 'true') throw new UsageError('--pubkey is required (a PEM from `occam keys export`, pinned out of band)');
    const pem = readOrUsage(io, pubkey, '--pubkey');
    const positional = positionals[0];
    const positionalText = positional !== undefined ? readOrUsage(io, positional, 'input file') : undefined;
    // Without --mode, a positional file or a bare --input is classified by its content; otherwise receipt.
    const detectFrom = positionalText ?? (flags.has('input') && !flags.has('receipt') ? readOrUsage(io, flags.get('input'), '--input') : undefined);
    const mode: CliMode = (modeFlag?.toLowerCase() as CliMode | undefined) ?? (detectFrom !== undefined ? detectMode(detectFrom) : 'receipt');
    const inputText = flags.has('input') && detectFrom !== undefined && positionalText === undefined ? detectFrom : undefined;
    const source = (flag: 'receipt' | 'input') =>
      flag === 'input' && inputText !== undefined ? inputText
        : flags.has(flag) ? readOrUsage(io, flags.get(flag), `--${flag}`) : positionalText ?? readOrUsage(io, undefined, `--${flag}`);
    const report =
      mode === 'receipt' ? receiptMode(flags, io, pem, source('receipt'))
        : mode === 'citation' ? citationMode(flags, io, pem, source('receipt'))
          : mode === 'manifest' ? manifestMode(pem, source('input'))
            : historyMode(pem, source('input'));
    const verified = VERIFIED.has(report.verdict);
    io.out(render({ ...report, ok: verified }));
    if (flags.get('json') !== 'true') io.err(`occam verify: ${report.verdict}${report.keyId ? ` (${report.keyId})` : ''}`);
    return verified ? EXIT.ok : EXIT.failed;
  } catch (err) {
    if (err instanceof UsageError) {
      if (flags.get('json') === 'true') io.out(`${JSON.stringify({ ok: false, verdict: 'usage_error', error: err.message }, null, 2)}\n`);
      io.err(`usage: ${err.message}\n${USAGE}`);
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

export function register(program: Command): void {
  rawArgsVerb(program, 'verify', 'verify a receipt, capsule, citation, dataset manifest or watch history offline against a pinned key', runVerifyCli);
}
