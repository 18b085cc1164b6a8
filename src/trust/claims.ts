// occam_claim_check and occam_attest (trust.md §5.2–5.3): which extracted blocks are lexically relevant to a
// claim (BM25, each with a Merkle membership proof against a signed receipt), and a fail-closed heuristic
// classifier on top. Retrieval never judges support (claim_check's verdict is always `not_evaluated`); attest's
// statuses are an unsigned heuristic, never a cryptographic attestation. Page reads come in through `ReadPage`.
import type { RuntimeContext } from '../runtime/context.ts';
import { nestedFailure, nowIso, type FailureCode } from '../contract/failures.ts';
import type { Services } from '../runtime/services.ts';
import { blockLeaf, merkleProof, merkleRootPrefixed, type ProofStep } from './receipts/merkle.ts';
import { signReadReceipt } from './receipts/read-receipt.ts';
import { receiptCompanion } from '../read/safety.ts';

// ——— BM25 (deterministic, pure) ———

const K1 = 1.2;
const B = 0.75;
const tokensOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];

export interface RankedBlock {
  blockIndex: number;
  score: number;
  matchedTerms: number;
}

/** Blocks clearing the lexical floor, best first (score desc, then index asc). */
export function rankBlocksForClaim(claim: string, blockTexts: readonly string[]): RankedBlock[] {
  const terms = [...new Set(tokensOf(claim))];
  const floor = Math.max(1, Math.ceil(0.4 * terms.length));
  const blocks = blockTexts.map((text) => ({ tokens: tokensOf(text), lower: text.toLowerCase() }));
  const n = blocks.length;
  if (n === 0 || terms.length === 0) return [];
  const avgdl = blocks.reduce((sum, b) => sum + Math.max(1, b.tokens.length), 0) / n;
  const df = new Map<string, number>();
  for (const term of terms) df.set(term, blocks.filter((b) => b.tokens.includes(term)).length);
  const ranked: RankedBlock[] = [];
  blocks.forEach((b, blockIndex) => {
    const dl = Math.max(1, b.tokens.length);
    let score = 0;
    let matchedTerms = 0;
    for (const term of terms) {
      let tf = 0;
      for (const t of b.tokens) {
        if (t === term || (t.length >= 4 && term.startsWith(t)) || (term.length >= 4 && t.startsWith(term))) tf++;
      }
      if (tf === 0 && b.lower.includes(term)) tf = 1;
      if (tf === 0) continue;
      matchedTerms++;
      const d = df.get(term) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * dl) / avgdl));
    }
    if (matchedTerms >= floor) ranked.push({ blockIndex, score, matchedTerms });
  });
  return ranked.sort((a, b) => b.score - a.score || a.blockIndex - b.blockIndex);
}

// ——— semantic classifier (fail-closed) ———

export type ClaimStatus = 'supported' | 'contradicted' | 'related' | 'unsupported' | 'unknown';
type BlockJudgement = 'supported' | 'contradicted' | 'related' | 'unknown';

export function normaliseClaimText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\bisn['’]t\b/g, 'is not')
    .replace(/\baren['’]t\b/g, 'are not')
    .replace(/\bdoesn['’]t\b/g, 'does not')
    .replace(/[^a-z0-9/]+/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

interface ParsedClaim {
  shape: 'isa' | 'uses';
  subject: string;
  object: string;
}

export function parseClaimShape(claim: string): ParsedClaim | null {
  const c = normaliseClaimText(claim);
  const isa = /^(?<subj>.+?)\s+is\s+(?:(?:a|an|the)\s+)?(?<obj>.+)$/.exec(c);
  if (isa?.groups) return { shape: 'isa', subject: isa.groups.subj, object: isa.groups.obj };
  const uses = /^(?<subj>.+?)\s+(?:uses|using|utilizes|utilise|utilising)\s+(?<obj>.+)$/.exec(c);
  if (uses?.groups) return { shape: 'uses', subject: uses.groups.subj, object: uses.groups.obj };
  return null;
}

const DATA_HEADS = new Set(['database', 'db', 'sql', 'engine', 'rdbms', 'orm', 'datastore', 'store']);
const SOFT_HEADS = new Set(['library', 'module', 'framework', 'package', 'api', 'toolkit', 'runtime']);

/** Words of already-normalised text. */
const wordsOf = (text: string) => text.split(' ').filter(Boolean);

const objectTokens = (object: string) => (object.match(/[a-z0-9]+(?:\/[a-z0-9]+)?/g) ?? []).filter((t) => t.length >= 2);

function hasPhrase(text: string, phrase: string): boolean {
  return text.includes(phrase) || (phrase.includes('/') && text.includes(phrase.replace(/\//g, ' ')));
}

/** Object phrase, or at least 60 % of its tokens of length ≥ 3. */
function objectNear(window: string, object: string): boolean {
  if (hasPhrase(window, object)) return true;
  const long = objectTokens(object).filter((t) => t.length >= 3);
  if (long.length === 0) return false;
  const hits = long.filter((t) => hasPhrase(window, t)).length;
  return hits / long.length >= 0.6;
}

function* matchesOf(re: RegExp, text: string): Generator<{ start: number; end: number }> {
  const g = new RegExp(re.source, 'g');
  for (let m = g.exec(text); m; m = g.exec(text)) {
    yield { start: m.index, end: m.index + m[0].length };
    if (m[0].length === 0) g.lastIndex++;
  }
}

const negatedBefore = (text: string, at: number, words: RegExp) => {
  const before = text.slice(Math.max(0, at - 12), at);
  return words.test(before) || /not\s*$/.test(before);
};

function judgeIsA(text: string, claim: ParsedClaim): BlockJudgement {
  for (const m of matchesOf(/\b(?:is|are|was|were)\s+not\b/, text)) {
    if (hasPhrase(text.slice(Math.max(0, m.start - 80), m.start), claim.subject) && objectNear(text.slice(m.end, m.end + 120), claim.object)) {
      return 'contradicted';
    }
  }
  const copulas = [...matchesOf(/\b(?:is|are|was|were)\b/, text)].filter((m) => hasPhrase(text.slice(Math.max(0, m.start - 80), m.start), claim.subject));
  for (const m of copulas) {
    if (objectNear(text.slice(m.end, m.end + 120), claim.object) && !negatedBefore(text, m.start, / not|nt /)) return 'supported';
  }
  const claimTokens = objectTokens(claim.object);
  const claimData = claimTokens.some((t) => DATA_HEADS.has(t));
  const claimSoft = claimTokens.some((t) => SOFT_HEADS.has(t));
  for (const m of copulas) {
    const after = wordsOf(text.slice(m.end, m.end + 80));
    const data = after.some((t) => DATA_HEADS.has(t));
    const soft = after.some((t) => SOFT_HEADS.has(t));
    if ((claimData && soft && !data) || (claimSoft && data && !soft)) return 'contradicted';
  }
  return 'related';
}

function judgeUses(text: string, claim: ParsedClaim): BlockJudgement {
  for (const m of matchesOf(/\b(?:does\s+not\s+use|do\s+not\s+use|never\s+uses|never\s+use)\b/, text)) {
    if (hasPhrase(text.slice(Math.max(0, m.start - 80), m.start), claim.subject) && hasPhrase(text.slice(m.end, m.end + 100), claim.object)) {
      return 'contradicted';
    }
  }
  const words = objectTokens(claim.object).filter((t) => t.length >= 3);
  for (const m of matchesOf(/\b(?:uses|using|utilizes|utilise|utilising)\b/, text)) {
    if (!hasPhrase(text.slice(Math.max(0, m.start - 80), m.start), claim.subject)) continue;
    const after = text.slice(m.end, m.end + 100);
    const objectThere = hasPhrase(after, claim.object) || (words.length > 0 && words.every((w) => hasPhrase(after, w)));
    if (objectThere && !negatedBefore(text, m.start, / not|never/)) return 'supported';
  }
  return 'related';
}

function judgeBlock(rawText: string, claim: ParsedClaim): BlockJudgement {
  const text = normaliseClaimText(rawText);
  const subject = hasPhrase(text, claim.subject);
  const object = hasPhrase(text, claim.object);
  if (!subject && !object) return 'unknown';
  if (!subject) return 'related';
  return claim.shape === 'isa' ? judgeIsA(text, claim) : judgeUses(text, claim);
}

/** Classifies a claim against retrieved block texts (fail-closed). */
export function classifyClaim(claim: string, retrievedTexts: readonly string[], retrievalComplete: boolean): ClaimStatus {
  const parsed = parseClaimShape(claim);
  if (retrievedTexts.length === 0) return parsed === null ? 'unknown' : retrievalComplete ? 'unsupported' : 'unknown';
  if (parsed === null) return 'unknown';
  const judgements = retrievedTexts.map((t) => judgeBlock(t, parsed));
  if (judgements.includes('contradicted')) return 'contradicted';
  if (judgements.includes('supported')) return 'supported';
  return 'unsupported';
}

// ——— claim check (a read + ranking + proofs + receipt) ———

export type ReadPage = (
  url: string,
  opts: { backendPolicy: string; sessionProfile: string | null },
) => Promise<{ ok: boolean } & Record<string, unknown>>;

export interface ClaimCheckDeps {
  runtime: RuntimeContext;
  services: Services;
  read: ReadPage;
}

export interface ClaimMatch {
  blockIndex: number;
  text: string;
  sourceSelector?: string;
  score: number;
  leaf: string;
  proof: ProofStep[];
}

interface WireBlockLike {
  text: string;
  sourceSelector?: string;
}

/** Runs the §5.2 flow for validated inputs; the result is the tool's response object. */
export async function claimCheck(
  input: { claim: string; url: string; backendPolicy: string; sessionProfile: string | null; maxMatches: number },
  deps: ClaimCheckDeps,
): Promise<{ ok: boolean } & Record<string, unknown>> {
  const timestamp = () => nowIso(deps.runtime.now);
  const { claim, url } = input;
  const read = await deps.read(url, { backendPolicy: input.backendPolicy, sessionProfile: input.sessionProfile });
  if (!read.ok) {
    const f = (read.failure ?? {}) as { code?: string; message?: string };
    const negative = (read.receipt as Record<string, unknown> | undefined)?.signed ? read.receipt : undefined;
    return nestedFailure(
      { code: (f.code ?? 'extraction_failed') as FailureCode, message: f.message ?? 'The page could not be read.' },
      { url, claim, ...(negative ? { receipt: negative } : {}), timestamp: timestamp() },
    );
  }
  const blocks: WireBlockLike[] = Array.isArray(read.blocks) ? (read.blocks as WireBlockLike[]) : [];
  const truncated = Boolean((read.compile as { truncated?: boolean } | undefined)?.truncated);
  const leafSetComplete = blocks.length > 0 && !truncated;
  const leaves = blocks.map((b) => blockLeaf(b.text, b.sourceSelector ?? ''));
  const finalUrl = (read.url as { finalUrl?: string } | undefined)?.finalUrl ?? url;
  const bundle = await signReadReceipt(
    {
      kind: 'extraction', url, finalUrl, backend: read.backend as string, markdown: read.markdown as string,
      contentHash: read.contentHash as string, blocks, leafSetComplete,
      confidence: typeof read.confidence === 'number' ? read.confidence : null,
    },
    deps,
  );
  // The read's safety verdict travels as an unsigned companion of the receipt (issue 34).
  const receipt = bundle && read.safety ? { ...bundle, safety: receiptCompanion(read.safety) } : bundle;
  const signed = receipt?.signed as { keyId?: string; blockMerkleRoot?: string } | undefined;
  const root = signed?.blockMerkleRoot ?? merkleRootPrefixed(leaves) ?? undefined;
  const base = {
    ok: true as const, url, claim,
  };
  if (blocks.length === 0) {
    return { ...base, found: false, retrieved: false, verdict: 'not_evaluated', ...(signed?.keyId ? { keyId: signed.keyId } : {}), matches: [], ...(receipt ? { receipt } : {}), timestamp: timestamp(), proven: false };
  }
  const ranked = rankBlocksForClaim(claim, blocks.map((b) => b.text)).slice(0, input.maxMatches);
  const matches: ClaimMatch[] = ranked.map((r) => ({
    blockIndex: r.blockIndex,
    text: blocks[r.blockIndex].text,
    ...(blocks[r.blockIndex].sourceSelector ? { sourceSelector: blocks[r.blockIndex].sourceSelector } : {}),
    score: Math.round(r.score * 10_000) / 10_000,
    leaf: leaves[r.blockIndex].toString('hex'),
    proof: merkleProof(leaves, r.blockIndex),
  }));
  const found = matches.length > 0;
  return {
    ...base,
    found,
    retrieved: found,
    verdict: 'not_evaluated',
    ...(root ? { blockMerkleRoot: root } : {}),
    ...(signed?.keyId ? { keyId: signed.keyId } : {}),
    matches,
    ...(receipt ? { receipt } : {}),
    timestamp: timestamp(),
    ...(found ? {} : { proven: leafSetComplete }),
  };
}

// ——— attest ———

export const ATTEST_MAX_ROWS = 50;

const REASON: Record<ClaimStatus, string | null> = {
  supported: null,
  contradicted: 'contradicted_by_source',
  related: 'related_not_supported',
  unsupported: 'no_semantic_support',
  unknown: 'insufficient_confidence',
};

export type AttestRows = Array<{ claim: string; sourceUrl: string }>;

/** Parses the `claims` argument; a string message on failure. */
export function parseAttestClaims(text: string): AttestRows | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'claims must be a JSON array of {"claim","sourceUrl"}';
  }
  if (!Array.isArray(value)) return 'claims must be a JSON array of {"claim","sourceUrl"}';
  if (value.length === 0) return 'claims must contain at least one row';
  if (value.length > ATTEST_MAX_ROWS) return `claims has ${value.length} rows; at most ${ATTEST_MAX_ROWS}`;
  return value.map((row) => {
    const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
    return { claim: typeof r.claim === 'string' ? r.claim : '', sourceUrl: typeof r.sourceUrl === 'string' ? r.sourceUrl : '' };
  });
}

export async function attest(
  rows: AttestRows,
  opts: { backendPolicy: string; sessionProfile: string | null },
  deps: ClaimCheckDeps,
): Promise<{ ok: true } & Record<string, unknown>> {
  const counts: Record<ClaimStatus, number> = { supported: 0, contradicted: 0, related: 0, unsupported: 0, unknown: 0 };
  const perClaim: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    const claim = row.claim.trim();
    const sourceUrl = row.sourceUrl.trim();
    const entry: Record<string, unknown> = { claim: row.claim, sourceUrl: row.sourceUrl };
    let status: ClaimStatus;
    if (claim === '' || sourceUrl === '') {
      status = 'unknown';
      entry.reason = 'invalid_arguments';
    } else {
      const check: { ok: boolean } & Record<string, unknown> = /^https?:\/\//i.test(sourceUrl)
        ? await claimCheck({ claim, url: sourceUrl, backendPolicy: opts.backendPolicy, sessionProfile: opts.sessionProfile, maxMatches: 3 }, deps)
        : nestedFailure({ code: 'invalid_url', message: 'sourceUrl must be an absolute http(s) URL' }, {});
      if (!check.ok) {
        status = 'unknown';
        entry.reason = (check.failure as { code: string }).code;
        if (check.receipt) entry.receipt = check.receipt;
      } else {
        const matches = check.matches as ClaimMatch[];
        const retrievalComplete = matches.length > 0 || check.proven !== false;
        status = classifyClaim(claim, matches.map((m) => m.text), retrievalComplete);
        const top = matches[0];
        if (top) Object.assign(entry, { blockIndex: top.blockIndex, text: top.text, score: top.score, leaf: top.leaf, proof: top.proof });
        if (check.blockMerkleRoot) entry.blockMerkleRoot = check.blockMerkleRoot;
        if (check.receipt) entry.receipt = check.receipt;
        // What the source page hid or said to the reader, beside the heuristic status (never signed).
        const safety = (check.receipt as { safety?: { verdict?: string } } | undefined)?.safety;
        if (safety) entry.safety = safety;
        const reason = status === 'unsupported' && matches.length === 0 ? 'no_matching_block' : REASON[status];
        if (reason) entry.reason = reason;
      }
    }
    counts[status]++;
    perClaim.push({ claim: entry.claim, sourceUrl: entry.sourceUrl, status, grounded: status === 'supported', ...without(entry, ['claim', 'sourceUrl']) });
  }
  return {
    ok: true,
    claimsTotal: rows.length,
    ...counts,
    grounded: counts.supported,
    unsupportedTotal: counts.contradicted + counts.related + counts.unsupported + counts.unknown,
    perClaim,
    timestamp: nowIso(deps.runtime.now),
  };
}

function without(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
}

