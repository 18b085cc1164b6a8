// The host signing key (trust.md §4): one P-256 key per install, PKCS#8 PEM at `<keys>/signing-key.pem`, minted
// on first need. Minting is race-safe and atomic: the key is written to a private temp file and hard-linked
// into place (link fails if another process won), so no reader ever sees a half-written key. Retired public
// keys stay under `<keys>/retired/` after a rotation, so receipts signed before it remain verifiable.
// Key material is never logged.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { readBoundedText } from '../runtime/bounded-input.ts';
import { join } from 'node:path';
import type { RuntimeContext } from '../runtime/context.ts';
import { occamPaths } from '../config/paths.ts';
import { OccamError } from '../contract/failures.ts';
import { defineService } from '../runtime/services.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE, writeExclusiveTemp } from '../runtime/files.ts';
import { keyIdOf, parsePublicKeyPem, publicKeyPemOf, signerFromPrivateKey, type Signer } from './receipts/sign.ts';

export const SIGNING_KEY_FILE = 'signing-key.pem';
export const RETIRED_DIR = 'retired';

export interface KnownKey {
  keyId: string;
  publicKeyPem: string;
  current: boolean;
}

export interface KeyStore {
  dir: string;
  path: string;
  /** True when this process minted the key (it has never signed anything before). */
  created: boolean;
  signer: Signer;
  /** The public key for a keyId this install has signed with (current or retired), else null. */
  publicKeyFor: (keyId: string) => KeyObject | null;
  knownKeys: () => KnownKey[];
}

function readPrivateKey(path: string): KeyObject {
  const pem = readBoundedText(path, 'key', { allowStdin: false });
  try {
    const key = createPrivateKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('not P-256');
    return key;
  } catch {
    // The message names the file, never its contents.
    throw new OccamError('invalid_arguments', `signing key ${path} is not a P-256 PKCS#8/SEC1 PEM private key; move it aside to mint a new one`);
  }
}

function freshPrivatePem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function writePrivateTemp(dir: string, pem: string): string {
  return writeExclusiveTemp(dir, pem, PRIVATE_FILE_MODE, KEY_TEMP_SUFFIX);
}

/** Creates the key file exclusively; false when another process created it first. */
function mintExclusive(dir: string, path: string): boolean {
  const tmp = writePrivateTemp(dir, freshPrivatePem());
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS') {
      // File systems without hard links: exclusive create of the final name.
      try {
        writeFileSync(path, readFileSync(tmp), { flag: 'wx', mode: 0o600 });
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e;
      }
    }
    throw err;
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
  }
}

function loadRetired(dir: string): Map<string, { key: KeyObject; pem: string }> {
  const out = new Map<string, { key: KeyObject; pem: string }>();
  let names: string[] = [];
  try {
    names = readdirSync(join(dir, RETIRED_DIR));
  } catch {
    return out;
  }
  for (const name of names.filter((n) => n.endsWith('.pub.pem')).sort()) {
    const pem = readBoundedText(join(dir, RETIRED_DIR, name), 'key', { allowStdin: false });
    const key = parsePublicKeyPem(pem);
    if (key) out.set(keyIdOf(key), { key, pem });
  }
  return out;
}

/** Loads the install's signing key, minting it on first need. */
export function openKeyStore(dir: string): KeyStore {
  ensurePrivateDir(dir, 'signing-key directory', 'set OCCAM_KEYS_ROOT to a directory of your own');
  const path = join(dir, SIGNING_KEY_FILE);
  let created = false;
  let privateKey: KeyObject;
  try {
    privateKey = readPrivateKey(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    created = mintExclusive(dir, path);
    privateKey = readPrivateKey(path); // ours, or the winner's on EEXIST
  }
  const signer = signerFromPrivateKey(privateKey);
  const current = createPublicKey(privateKey);
  const retired = loadRetired(dir);
  return {
    dir,
    path,
    created,
    signer,
    publicKeyFor: (keyId) => (keyId === signer.keyId ? current : (retired.get(keyId)?.key ?? null)),
    knownKeys: () => [
      { keyId: signer.keyId, publicKeyPem: signer.publicKeyPem, current: true },
      ...[...retired.entries()].filter(([id]) => id !== signer.keyId).map(([keyId, r]) => ({ keyId, publicKeyPem: r.pem, current: false })),
    ],
  };
}

/**
 * Retires the current key (its public half is kept under retired/) and installs a fresh one. Receipts signed
 * by the retired key keep verifying through `publicKeyFor`; only the new key signs from now on.
 */
export function rotateSigningKey(dir: string): { retiredKeyId: string; keyId: string } {
  const old = openKeyStore(dir);
  mkdirSync(join(dir, RETIRED_DIR), { recursive: true, mode: 0o700 });
  const retiredPath = join(dir, RETIRED_DIR, `${old.signer.keyId.replace(/^k1:/, '')}.pub.pem`);
  try {
    writeFileSync(retiredPath, old.signer.publicKeyPem, { flag: 'wx', mode: 0o644 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const tmp = writePrivateTemp(dir, freshPrivatePem());
  renameSync(tmp, join(dir, SIGNING_KEY_FILE));
  const fresh = openKeyStore(dir);
  return { retiredKeyId: old.signer.keyId, keyId: fresh.signer.keyId };
}

/** A minted key waiting for its final name keeps a recognisable name if the process dies meanwhile. */
const KEY_TEMP_SUFFIX = '.key.tmp';

export function keysDirOf(runtime: Pick<RuntimeContext, 'env' | 'platform' | 'homeDir' | 'tmpDir'>): string {
  return occamPaths(runtime).keysDir;
}

/** The signing key of this host process: created on first use, shared by every connection. */
export const signingKeyService = defineService<KeyStore>({
  id: 'trust.signing-key',
  create: (runtime) => openKeyStore(keysDirOf(runtime)),
});

export { publicKeyPemOf };
