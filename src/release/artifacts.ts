// Release artifacts (operator.md §16.1) as data: names, the per-RID archive layout, the two manifests, the
// SHA256SUMS file and its detached signature. Shared by the build (release/release.ts), `occam verify --release`
// and the tests, so the names the bootstrap scripts download are written down once.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Platform ids (`linux-arm64` is DEFERRED). */
export const RIDS = ['linux-x64', 'osx-arm64', 'osx-x64', 'win-x64'] as const;
export type Rid = (typeof RIDS)[number];

export const RELEASE_LAYOUT = 'self-contained-v1';
/** Values of the external manifest's `signaturePolicy`; absent means `sha256-only` (legacy). */
export const SIGNATURE_POLICIES = ['sha256-only', 'required-cosign-v1'] as const;
export type SignaturePolicy = (typeof SIGNATURE_POLICIES)[number];

export const CHECKSUMS_FILE = 'SHA256SUMS';
/** Detached ECDSA P-256 / SHA-256 signature over the exact bytes of SHA256SUMS, DER-encoded (what
 * `openssl dgst -verify` and .NET's Rfc3279DerSequence read, so the bootstrap scripts need no custom code). */
export const CHECKSUMS_SIGNATURE_FILE = 'SHA256SUMS.sig';
/** The release public key (SPKI PEM) published beside the assets; users pin it out of band. */
export const RELEASE_KEY_FILE = 'occam-release-key.pem';

export function ridFor(platform: string, arch: string): Rid | null {
  if (platform === 'linux' && arch === 'x64') return 'linux-x64';
  if (platform === 'darwin') return arch === 'arm64' ? 'osx-arm64' : arch === 'x64' ? 'osx-x64' : null;
  if (platform === 'win32' && arch === 'x64') return 'win-x64';
  return null;
}

export const binaryName = (rid: Rid): string => (rid === 'win-x64' ? 'occam.exe' : 'occam');

export function artifactNames(version: string, rid: Rid) {
  const stem = `ff-occam-${version}-${rid}`;
  return {
    /** Top-level directory inside the archive (and the staged tree in release/out). */
    treeDir: stem,
    archive: `${stem}.tar.gz`,
    manifest: `${stem}-manifest.json`,
    /** Path of the executable inside the tree, forward slashes (manifest `files` key). */
    binaryInTree: `bin/${binaryName(rid)}`,
  };
}

/** `release-manifest.json` inside the tree. */
export interface TreeManifest {
  version: string;
  rid: Rid;
  layout: typeof RELEASE_LAYOUT;
  files: Record<string, string>;
}

/** `ff-occam-<ver>-<rid>-manifest.json` beside the archive. */
export interface ExternalManifest {
  version: string;
  rid: Rid;
  sha256: string;
  tarball: string;
  hostBinary: string;
  runtimeLayout: typeof RELEASE_LAYOUT;
  signaturePolicy?: SignaturePolicy;
}

export type PolicyReading = { ok: true; policy: SignaturePolicy } | { ok: false; error: string };

/** Absent → `sha256-only`; a known value → itself; anything else is a hard error (§16.1). */
export function readSignaturePolicy(manifest: { signaturePolicy?: unknown }): PolicyReading {
  const raw = manifest.signaturePolicy;
  if (raw === undefined || raw === null) return { ok: true, policy: 'sha256-only' };
  if (typeof raw === 'string' && (SIGNATURE_POLICIES as readonly string[]).includes(raw)) {
    return { ok: true, policy: raw as SignaturePolicy };
  }
  return { ok: false, error: `unknown signaturePolicy ${JSON.stringify(raw)} (expected one of ${SIGNATURE_POLICIES.join(', ')})` };
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface ChecksumEntry {
  sha256: string;
  name: string;
}

/** GNU coreutils format, text mode: `<lowercase hex>␠␠<name>\n`, sorted by name so rebuilds diff cleanly. */
export function formatChecksums(entries: readonly ChecksumEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => `${e.sha256.toLowerCase()}  ${e.name}\n`)
    .join('');
}

/** Parses `sha256sum`/`shasum -a 256` output (text ` ` or binary `*` marker); null on any malformed line. */
export function parseChecksums(text: string): ChecksumEntry[] | null {
  const entries: ChecksumEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (!m) return null;
    const name = m[2];
    // Names are relative paths inside the release directory; never absolute, never climbing out.
    if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes('..')) return null;
    entries.push({ sha256: m[1].toLowerCase(), name });
  }
  return entries;
}
