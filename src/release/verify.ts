// `occam verify --release <dir>`: checks a release directory offline against a pinned release public key.
// Chain: pinned key → SHA256SUMS.sig → SHA256SUMS → every listed file (archives, external manifests, staged
// executables) → each external manifest's `sha256` equals its archive's listed hash and its policy is known.
// A tampered executable fails at the checksum step; a checksum file edited to match fails at the signature.
import { statSync } from 'node:fs';
import { readBoundedFile, readBoundedText } from '../runtime/bounded-input.ts';
import { join } from 'node:path';
import {
  CHECKSUMS_FILE,
  CHECKSUMS_SIGNATURE_FILE,
  RELEASE_KEY_FILE,
  parseChecksums,
  readSignaturePolicy,
  sha256File,
  type ChecksumEntry,
} from './artifacts.ts';
import { keyIdOf, parsePublicKeyPem, releaseSignatureValid } from './signature.ts';

export const RELEASE_VERDICTS = [
  'release_verified',
  'wrong_key',
  'signature_invalid',
  'checksum_mismatch',
  'missing_file',
  'manifest_invalid',
  'invalid_release',
] as const;
export type ReleaseVerdict = (typeof RELEASE_VERDICTS)[number];

export interface ReleaseFileCheck {
  name: string;
  ok: boolean;
  expected: string;
  /** Absent when the file is missing (verdict JSON omits nulls, like the other verify modes). */
  actual?: string;
}

export interface ReleaseReport {
  ok: boolean;
  mode: 'release';
  verdict: ReleaseVerdict;
  signatureValid: boolean;
  keyId: string;
  files: ReleaseFileCheck[];
  message: string;
}

function readOrNull(path: string): Buffer | null {
  try {
    return readBoundedFile(path, 'key', { allowStdin: false });
  } catch {
    return null;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Throws only for usage problems (unreadable or non-P-256 pinned key); everything else is a verdict. */
export async function verifyReleaseDir(dir: string, pinnedKeyPem: string): Promise<ReleaseReport> {
  const publicKey = parsePublicKeyPem(pinnedKeyPem);
  if (!publicKey) throw new Error('the --pubkey file is not a P-256 public key PEM');
  const keyId = keyIdOf(publicKey);
  const report = (verdict: ReleaseVerdict, message: string, extra: Partial<ReleaseReport> = {}): ReleaseReport => ({
    ok: verdict === 'release_verified',
    mode: 'release',
    verdict,
    signatureValid: false,
    keyId,
    files: [],
    message,
    ...extra,
  });

  const sums = readOrNull(join(dir, CHECKSUMS_FILE));
  const signature = readOrNull(join(dir, CHECKSUMS_SIGNATURE_FILE));
  if (!sums || !signature) {
    return report('invalid_release', `${dir} has no ${!sums ? CHECKSUMS_FILE : CHECKSUMS_SIGNATURE_FILE}`);
  }
  if (!releaseSignatureValid(publicKey, sums, signature)) {
    // Distinguish "signed by another key" (the directory's own published key verifies) from tampering.
    const published = parsePublicKeyPem(readOrNull(join(dir, RELEASE_KEY_FILE))?.toString('utf8'));
    if (published && keyIdOf(published) !== keyId && releaseSignatureValid(published, sums, signature)) {
      return report('wrong_key', `${CHECKSUMS_FILE} is signed by ${keyIdOf(published)}, not by the pinned key ${keyId}`);
    }
    return report('signature_invalid', `${CHECKSUMS_SIGNATURE_FILE} does not verify ${CHECKSUMS_FILE} under ${keyId}`);
  }
  const entries = parseChecksums(sums.toString('utf8'));
  if (!entries || entries.length === 0) {
    return report('invalid_release', `${CHECKSUMS_FILE} is empty or malformed`, { signatureValid: true });
  }

  const files: ReleaseFileCheck[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const actual = isFile(path) ? await sha256File(path) : null;
    files.push({ name: entry.name, ok: actual === entry.sha256, expected: entry.sha256, ...(actual ? { actual } : {}) });
  }
  const missing = files.filter((f) => f.actual === undefined);
  const mismatched = files.filter((f) => f.actual !== undefined && !f.ok);
  if (mismatched.length) {
    const f = mismatched[0];
    return report('checksum_mismatch', `${f.name}: expected sha256 ${f.expected}, actual ${f.actual}`, { signatureValid: true, files });
  }
  if (missing.length) {
    return report('missing_file', `listed in ${CHECKSUMS_FILE} but absent: ${missing.map((f) => f.name).join(', ')}`, { signatureValid: true, files });
  }

  const manifestProblem = checkManifests(dir, entries);
  if (manifestProblem) return report('manifest_invalid', manifestProblem, { signatureValid: true, files });
  return report('release_verified', `${files.length} files match ${CHECKSUMS_FILE}, signed by ${keyId}`, { signatureValid: true, files });
}

/** Every listed external manifest must be well-formed and agree with the signed hash of its archive. */
function checkManifests(dir: string, entries: readonly ChecksumEntry[]): string | null {
  const byName = new Map(entries.map((e) => [e.name, e.sha256]));
  for (const entry of entries.filter((e) => e.name.endsWith('-manifest.json'))) {
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(readBoundedText(join(dir, entry.name), 'key', { allowStdin: false }));
    } catch {
      return `${entry.name} is not JSON`;
    }
    for (const field of ['version', 'rid', 'sha256', 'tarball']) {
      if (typeof manifest[field] !== 'string' || manifest[field] === '') return `${entry.name} lacks "${field}"`;
    }
    const policy = readSignaturePolicy(manifest);
    if (!policy.ok) return `${entry.name}: ${policy.error}`;
    const listed = byName.get(manifest.tarball as string);
    if (!listed) return `${entry.name} names ${manifest.tarball}, which ${CHECKSUMS_FILE} does not list`;
    if (listed !== (manifest.sha256 as string).toLowerCase()) {
      return `${entry.name}: sha256 ${manifest.sha256} differs from the signed ${listed} of ${manifest.tarball}`;
    }
  }
  return null;
}
