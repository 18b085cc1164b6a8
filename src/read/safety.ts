// Safe reading (issue 34): what a read tells the agent about the page's intentions towards it. One `safety`
// object travels on every reading response (occam, occam_transcode, occam_digest items, `occam read --json`):
//   hidden         how many hidden text blocks the extraction removed (src/extract/visibility.ts)
//   hiddenSamples  up to 5 {reason, text, selector} of them (standard and full detail only)
//   instructions   the visible sentences that address an AI reader or try to steer one, {text, reason, blockIndex}
//                  (src/extract/instructions.ts); they stay in the Markdown unless the operator strips them
//   stripped       OCCAM_SAFETY=strip: how many of those sentences were removed from the Markdown
//   verdict        instructions_present | hidden_text_removed (`clean` reads carry no safety object at all)
// The operator policy OCCAM_SAFETY: `report` (default) lists; `strip` also removes the flagged sentences; `refuse`
// fails the read with `unsafe_content` when instructions are present.
import { findInstructions, type InstructionHit } from '../extract/instructions.ts';
import { markdownToPlainText } from '../extract/markdown.ts';
import type { HiddenSample, VisibilityReport } from '../extract/visibility.ts';
import { parseDocument, splitBlocks } from '../budget/sections.ts';

export type SafetyPolicy = 'report' | 'strip' | 'refuse';
export type SafetyVerdict = 'clean' | 'hidden_text_removed' | 'instructions_present';

export interface SafetyReport {
  hidden?: number;
  hiddenSamples?: HiddenSample[];
  instructions?: InstructionHit[];
  stripped?: number;
  verdict: SafetyVerdict;
}

export interface SafeRead {
  /** The Markdown to return (flagged sentences removed under `strip`). */
  markdown: string;
  /** Absent when there is nothing to say (a clean read costs no tokens). */
  safety?: SafetyReport;
  /** Set under `refuse` when instructions are present: the read fails with this. */
  refusal?: { code: 'unsafe_content'; message: string };
}

/** Instructions listed per read at most (a page that is nothing but injections says so in a few). */
const INSTRUCTIONS_MAX = 10;

/** Runs the instruction detector on the materialised Markdown, applies the policy and builds the safety object. */
export function readSafely(input: { markdown: string; hidden?: Pick<VisibilityReport, 'hidden' | 'samples'>; policy: SafetyPolicy }): SafeRead {
  const blocks = parseDocument(input.markdown).blocks.map((b) => ({ kind: b.kind, text: b.kind === 'code' ? b.text : markdownToPlainText(b.text) }));
  const found = findInstructions(blocks);
  const hidden = input.hidden?.hidden ?? 0;
  if (found.length === 0 && hidden === 0) return { markdown: input.markdown };
  const instructions = found.slice(0, INSTRUCTIONS_MAX);
  const verdict: SafetyVerdict = found.length > 0 ? 'instructions_present' : 'hidden_text_removed';
  const safety: SafetyReport = {
    ...(hidden > 0 ? { hidden, hiddenSamples: input.hidden?.samples ?? [] } : {}),
    ...(instructions.length ? { instructions } : {}),
    verdict,
  };
  if (found.length > 0 && input.policy === 'refuse') {
    return {
      markdown: input.markdown,
      safety,
      refusal: {
        code: 'unsafe_content',
        message: `The page addresses the AI reader (${found.length} sentence(s), e.g. "${found[0].text.slice(0, 80)}"); OCCAM_SAFETY=refuse withholds it.`,
      },
    };
  }
  if (found.length > 0 && input.policy === 'strip') {
    const { markdown, stripped } = stripSentences(input.markdown, found);
    return { markdown, safety: { ...safety, stripped } };
  }
  return { markdown: input.markdown, safety };
}

/** Removes each flagged sentence from its block; a block left with no words goes whole. */
function stripSentences(markdown: string, hits: readonly InstructionHit[]): { markdown: string; stripped: number } {
  const texts = splitBlocks(markdown);
  const byBlock = new Map<number, InstructionHit[]>();
  for (const h of hits) byBlock.set(h.blockIndex, [...(byBlock.get(h.blockIndex) ?? []), h]);
  let stripped = 0;
  const kept: string[] = [];
  texts.forEach((text, i) => {
    const mine = byBlock.get(i);
    if (!mine) {
      kept.push(text);
      return;
    }
    let rest = text;
    for (const h of mine) {
      const sentence = h.text.replace(/…$/, '');
      const at = rest.indexOf(sentence);
      stripped++;
      // The sentence as printed (Markdown marks may sit inside it): when it cannot be found verbatim the block goes.
      rest = at >= 0 ? `${rest.slice(0, at)}${rest.slice(at + sentence.length)}` : '';
    }
    if (/[\p{L}\p{N}]/u.test(markdownToPlainText(rest))) kept.push(rest.replace(/[ \t]{2,}/g, ' ').trim());
  });
  return { markdown: kept.join('\n\n'), stripped };
}

/** The safety object at a detail level: lean drops the samples (the count and the instructions stay). */
export function safetyAt(safety: SafetyReport | undefined, detail: 'lean' | 'standard' | 'full'): SafetyReport | undefined {
  if (!safety) return undefined;
  if (detail !== 'lean') return safety;
  const { hiddenSamples: _samples, ...lean } = safety;
  return lean;
}

/**
 * The safety verdict as a receipt records it: an unsigned companion beside the signed envelope (the v1 canonical
 * bytes are unchanged), so a verifier of the signature is unaffected and a reader of the receipt log sees it. A
 * clean read's receipt carries none (absence is `clean`), so it stays byte for byte what it was.
 */
export function receiptCompanion(safety: unknown): { verdict: SafetyVerdict; hidden?: number; instructions?: number } {
  const s = (safety ?? {}) as Partial<SafetyReport>;
  return {
    verdict: s.verdict ?? 'clean',
    ...(s.hidden ? { hidden: s.hidden } : {}),
    ...(s.instructions?.length ? { instructions: s.instructions.length } : {}),
  };
}
