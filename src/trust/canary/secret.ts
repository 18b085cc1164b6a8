// The canary root secret (trust.md §2.1): 32 random bytes per process, never persisted, logged, serialised or
// returned. Only the two HKDF subkeys are kept; the root buffer is zeroed right after derivation.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const SENTINEL_MAC_INFO = 'occam-canary-v1/sentinel-mac';
export const IDENTIFIER_PEPPER_INFO = 'occam-canary-v1/identifier-pepper';

const REDACTED = '[CanarySecret redacted]';

export class CanarySecret {
  #sentinelKey: Buffer | null;
  #pepperKey: Buffer | null;

  private constructor(root: Buffer) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), Buffer.from(info, 'ascii'), 32));
    this.#sentinelKey = derive(SENTINEL_MAC_INFO);
    this.#pepperKey = derive(IDENTIFIER_PEPPER_INFO);
  }

  /** A fresh process-local secret. */
  static generate(): CanarySecret {
    const root = randomBytes(32);
    try {
      return new CanarySecret(root);
    } finally {
      root.fill(0);
    }
  }

  /** Test vectors and the selftest only: an explicit 32-byte root (copied, the copy zeroed). */
  static fromRootKeyForTests(root: Uint8Array): CanarySecret {
    if (!(root instanceof Uint8Array) || root.length !== 32) throw new RangeError('canary root key must be exactly 32 bytes');
    const copy = Buffer.from(root);
    try {
      return new CanarySecret(copy);
    } finally {
      copy.fill(0);
    }
  }

  get disposed(): boolean {
    return this.#sentinelKey === null;
  }

  /** HMAC-SHA256 under the sentinel subkey. */
  macSentinel(input: Uint8Array): Buffer {
    if (!this.#sentinelKey) throw new Error('canary secret disposed');
    return createHmac('sha256', this.#sentinelKey).update(input).digest();
  }

  /** HMAC-SHA256 under the identifier pepper. */
  macIdentifier(input: Uint8Array): Buffer {
    if (!this.#pepperKey) throw new Error('canary secret disposed');
    return createHmac('sha256', this.#pepperKey).update(input).digest();
  }

  /** Test-only view of the derived subkeys (to check the published derivations). */
  subkeysForTests(): { sentinelKeyHex: string; pepperKeyHex: string } {
    if (!this.#sentinelKey || !this.#pepperKey) throw new Error('canary secret disposed');
    return { sentinelKeyHex: this.#sentinelKey.toString('hex'), pepperKeyHex: this.#pepperKey.toString('hex') };
  }

  dispose(): void {
    this.#sentinelKey?.fill(0);
    this.#pepperKey?.fill(0);
    this.#sentinelKey = null;
    this.#pepperKey = null;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return REDACTED;
  }
}
