// Merkle tree over content blocks (trust.md §3.7): leaf = SHA-256(text ‖ NUL ‖ selector), parent = SHA-256 of
// the two raw digests, an odd level duplicates its last node, a single leaf is its own root.
import { digestFromHex, sha256 } from '../bytes.ts';

export interface ContentBlock {
  text: string;
  /** Where the block came from (CSS-like selector); null/absent hashes like "". */
  selector?: string | null;
}

export interface ProofStep {
  /** Sibling digest, lowercase hex. */
  hash: string;
  /** True when the sibling sits to the right of the running hash. */
  siblingIsRight: boolean;
}

export function blockLeaf(text: string, selector?: string | null): Buffer {
  return sha256(`${text}\u0000${selector ?? ''}`);
}

export function blockLeafHex(text: string, selector?: string | null): string {
  return blockLeaf(text, selector).toString('hex');
}

function parent(left: Buffer, right: Buffer): Buffer {
  return sha256(Buffer.concat([left, right], 64));
}

function nextLevel(level: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < level.length; i += 2) out.push(parent(level[i], level[i + 1] ?? level[i]));
  return out;
}

/** Root digest of ordered leaves; null for no leaves. */
export function merkleRoot(leaves: readonly Buffer[]): Buffer | null {
  if (leaves.length === 0) return null;
  let level: readonly Buffer[] = leaves;
  while (level.length > 1) level = nextLevel(level);
  return level[0];
}

export function merkleRootPrefixed(leaves: readonly Buffer[]): string | null {
  const root = merkleRoot(leaves);
  return root ? `sha256:${root.toString('hex')}` : null;
}

/** Leaves from hex strings; null if any is malformed. */
export function leavesFromHex(hexes: readonly unknown[]): Buffer[] | null {
  const out: Buffer[] = [];
  for (const h of hexes) {
    const d = digestFromHex(h);
    if (!d) return null;
    out.push(d);
  }
  return out;
}

/** Membership proof for leaf `index`; an out-of-range index yields an empty proof. */
export function merkleProof(leaves: readonly Buffer[], index: number): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) return [];
  const proof: ProofStep[] = [];
  let level: readonly Buffer[] = leaves;
  let i = index;
  while (level.length > 1) {
    const odd = i % 2 === 1;
    const sibling = odd ? i - 1 : Math.min(i + 1, level.length - 1);
    proof.push({ hash: level[sibling].toString('hex'), siblingIsRight: !odd });
    level = nextLevel(level);
    i = Math.floor(i / 2);
  }
  return proof;
}

/** Every proof of a tree in one pass over the levels (O(n log n) total instead of rebuilding per leaf). */
export function allMerkleProofs(leaves: readonly Buffer[]): ProofStep[][] {
  const proofs: ProofStep[][] = leaves.map(() => []);
  const position = leaves.map((_, i) => i);
  let level: readonly Buffer[] = leaves;
  while (level.length > 1) {
    for (let leaf = 0; leaf < leaves.length; leaf++) {
      const i = position[leaf];
      const odd = i % 2 === 1;
      const sibling = odd ? i - 1 : Math.min(i + 1, level.length - 1);
      proofs[leaf].push({ hash: level[sibling].toString('hex'), siblingIsRight: !odd });
      position[leaf] = Math.floor(i / 2);
    }
    level = nextLevel(level);
  }
  return proofs;
}

/**
 * True iff folding the proof over `leaf` yields `root` (`sha256:<hex>`, compared ordinally). Malformed hex,
 * malformed steps or a malformed leaf give false, never an exception.
 */
export function verifyMerkleProof(leaf: Buffer | string, proof: unknown, root: string): boolean {
  let cur = typeof leaf === 'string' ? digestFromHex(leaf) : leaf;
  if (!cur || cur.length !== 32 || !Array.isArray(proof)) return false;
  for (const step of proof) {
    if (!step || typeof step !== 'object') return false;
    const { hash, siblingIsRight } = step as Record<string, unknown>;
    const sibling = digestFromHex(hash);
    if (!sibling || typeof siblingIsRight !== 'boolean') return false;
    cur = siblingIsRight ? parent(cur, sibling) : parent(sibling, cur);
  }
  return `sha256:${cur.toString('hex')}` === root;
}

/** Parses a proof given as JSON text; null when it is not an array of well-formed steps. */
export function parseProof(text: string): ProofStep[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const steps: ProofStep[] = [];
  for (const s of value) {
    if (!s || typeof s !== 'object') return null;
    const { hash, siblingIsRight } = s as Record<string, unknown>;
    if (typeof hash !== 'string' || typeof siblingIsRight !== 'boolean') return null;
    steps.push({ hash, siblingIsRight });
  }
  return steps;
}
