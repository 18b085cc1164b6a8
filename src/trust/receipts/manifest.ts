// Dataset manifest (trust.md §3.13): one detached signature binds every row, in order, through a Merkle root
// over row leaves. Dropping, adding or reordering a row changes the root.
import type { KeyObject } from 'node:crypto';
import { sha256Hex } from '../bytes.ts';
import { canonicalObject } from './canonical.ts';
import { RECEIPT_ALG } from './envelope.ts';
import { merkleRootPrefixed } from './merkle.ts';
import { keyIdOf, verifyDetached, type Signer } from './sign.ts';

export interface DatasetRowFacts {
  url: string;
  finalUrl: string;
  ok: boolean;
  contentHash?: string | null;
  blockMerkleRoot?: string | null;
  failureCode?: string | null;
}

export interface DatasetManifest {
  v: number;
  createdAt: string;
  rowCount: number;
  manifestRoot?: string;
  keyId?: string;
  alg: string;
  sig?: string;
}

export function rowLeafHex(row: DatasetRowFacts): string {
  return sha256Hex(
    [row.url, row.finalUrl, row.ok ? '1' : '0', row.contentHash ?? '', row.blockMerkleRoot ?? '', row.failureCode ?? ''].join('\n'),
  );
}

export function manifestRootOf(rows: readonly DatasetRowFacts[]): string | undefined {
  return merkleRootPrefixed(rows.map((r) => Buffer.from(rowLeafHex(r), 'hex'))) ?? undefined;
}

export function manifestSigningBytes(m: DatasetManifest): Buffer {
  return Buffer.from(
    canonicalObject([
      ['v', m.v],
      ['createdAt', m.createdAt],
      ['rowCount', m.rowCount],
      ['manifestRoot', m.manifestRoot],
      ['keyId', m.keyId ?? ''],
      ['alg', m.alg],
    ]),
    'utf8',
  );
}

/** Builds the manifest for `rows`; signed when a signer is given. */
export function buildManifest(rows: readonly DatasetRowFacts[], createdAt: string, signer?: Signer | null): DatasetManifest {
  const m: DatasetManifest = { v: 1, createdAt, rowCount: rows.length, alg: RECEIPT_ALG };
  const root = manifestRootOf(rows);
  if (root) m.manifestRoot = root;
  if (signer) {
    m.keyId = signer.keyId;
    m.sig = signer.sign(manifestSigningBytes(m));
  }
  return m;
}

export type ManifestVerdict = 'invalid_input' | 'unsigned' | 'manifest_verified' | 'manifest_invalid';

export interface ManifestReport {
  verdict: ManifestVerdict;
  message: string;
  keyId?: string;
  signatureValid?: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const optStr = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/** Verifies an `occam_dataset_export` response (`{manifest, rows}`) against a public key. */
export function verifyDatasetExport(doc: unknown, publicKey: KeyObject): ManifestReport {
  if (!isObj(doc) || !isObj(doc.manifest) || !Array.isArray(doc.rows)) {
    return { verdict: 'invalid_input', message: 'expected an occam_dataset_export response with manifest and rows' };
  }
  const mf = doc.manifest;
  if (!Number.isSafeInteger(mf.v) || typeof mf.createdAt !== 'string' || !Number.isSafeInteger(mf.rowCount) || !optStr(mf.manifestRoot)) {
    return { verdict: 'invalid_input', message: 'manifest members missing or mistyped' };
  }
  const rows: DatasetRowFacts[] = [];
  for (const r of doc.rows) {
    if (!isObj(r) || typeof r.url !== 'string' || typeof r.finalUrl !== 'string' || typeof r.ok !== 'boolean') {
      return { verdict: 'invalid_input', message: 'a row is missing url, finalUrl or ok' };
    }
    rows.push({
      url: r.url, finalUrl: r.finalUrl, ok: r.ok,
      contentHash: r.contentHash as string | null, blockMerkleRoot: r.blockMerkleRoot as string | null,
      failureCode: r.failureCode as string | null,
    });
  }
  if (typeof mf.sig !== 'string' || mf.sig === '') return { verdict: 'unsigned', message: 'manifest carries no signature' };
  const manifest: DatasetManifest = {
    v: mf.v as number, createdAt: mf.createdAt, rowCount: mf.rowCount as number, alg: String(mf.alg ?? ''),
    ...(typeof mf.manifestRoot === 'string' ? { manifestRoot: mf.manifestRoot } : {}),
    ...(typeof mf.keyId === 'string' ? { keyId: mf.keyId } : {}), sig: mf.sig,
  };
  const keyId = manifest.keyId;
  const fail = (message: string, signatureValid?: boolean): ManifestReport => ({
    verdict: 'manifest_invalid', message, ...(keyId ? { keyId } : {}), ...(signatureValid !== undefined ? { signatureValid } : {}),
  });
  if (manifest.v !== 1 || manifest.alg !== RECEIPT_ALG) return fail('unsupported manifest version or alg');
  if (keyId !== keyIdOf(publicKey)) return fail('manifest was signed by another key', false);
  const sigOk = verifyDetached(publicKey, manifestSigningBytes(manifest), manifest.sig);
  if (!sigOk) return fail('manifest signature does not verify', false);
  if (manifest.rowCount !== rows.length) return fail(`rowCount ${manifest.rowCount} but ${rows.length} rows present`, true);
  if (manifestRootOf(rows) !== manifest.manifestRoot) return fail('rows do not rebuild the signed manifest root', true);
  const leafMismatch = (doc.rows as Record<string, unknown>[]).findIndex((r, i) => r.rowLeaf !== undefined && r.rowLeaf !== rowLeafHex(rows[i]));
  if (leafMismatch >= 0) return fail(`row ${leafMismatch} carries a rowLeaf that does not match its fields`, true);
  return { verdict: 'manifest_verified', message: `${rows.length} rows bound under the signed root`, ...(keyId ? { keyId } : {}), signatureValid: true };
}
