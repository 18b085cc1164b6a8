// Server instructions (tools.md §6): per-profile text composed from blocks. Every sentence is kept only when
// every tool it names is actually exposed on that surface, so invariant I1 ("no profile's instructions name a
// tool it does not expose") holds by construction — for any profile, any env gates, and any set of tools
// implemented so far.
import { ALL_TOOL_NAMES } from './catalog.ts';
import type { ProfileId } from './profiles.ts';

const TOOL_TOKEN = new RegExp(
  `(?<![A-Za-z0-9_])(${[...ALL_TOOL_NAMES].sort((a, b) => b.length - a.length).join('|')})(?![A-Za-z0-9_])`,
  'g',
);

/** Whole-token, case-sensitive tool names mentioned in a text (env names like OCCAM_X never match). */
export function toolsMentioned(text: string): Set<string> {
  return new Set([...text.matchAll(TOOL_TOKEN)].map((m) => m[1]));
}

type Block = readonly string[];

const TRUST_DEFAULT: Block = [
  'Occam returns the real, current page as compact Markdown, or a typed refusal: prefer it to a generic fetch or to memory.',
  'TRUST RULE: ok:false means the content is unknown. Act on the failure code and agentMeta.decisions; never fill the gap from memory.',
  'thin_extract means the extraction failed; a complete short page is ok:true with quality.verdict=short_quality (do not heal or escalate because a page is short).',
  'Budget: call occam_client_capabilities once with your context window (or the operator sets OCCAM_CLIENT_CONTEXT_TOKENS); reads that omit a token limit then default to about 20% of it.',
  'Default: one page → occam(url) or occam_transcode(url); several pages → one occam_digest call.',
];

const NARROW_TRUST: Block = [
  'This server reads the real, current web page as compact Markdown, or refuses with a typed failure.',
  'TRUST RULE: ok:false means the content is unknown. Act on the failure code; never fill the gap from memory.',
  'thin_extract means the extraction failed; a complete short page is ok:true with quality.verdict=short_quality.',
  'A default read budget can only be set by the operator (OCCAM_CLIENT_CONTEXT_TOKENS).',
];

const READER_MENU: Block = [
  'At session start → occam_client_capabilities with your context window.',
  'One page → occam or occam_transcode.',
  'Unsure a page is worth fetching → occam_probe and read recommendation.extractability.',
  'Several pages for one question → occam_digest.',
  'Links of a site → occam_map.',
  'No URLs yet → occam_search (needs a configured search provider); pass a result handle or url; S1… aliases refer to the latest search only.',
  'Typed fields from a page with a known playbook → occam_extract_knowledge.',
  'Prove a read → occam_canary_issue, then occam_transcode on its url, then occam_canary_verify quoting only what was fetched.',
];

const RESEARCHER_EXTRA: Block = [
  'Does a page back a claim → occam_claim_check (found:false is a retrieval result, not a refutation).',
  'Prove a prior result → occam_verify.',
];

const AUDITOR_EXTRA: Block = [
  'Before shipping a report → occam_attest and gate on each row\'s status.',
  'An auditable corpus → occam_dataset_export.',
  'Check a playbook offline → occam_playbook_lint.',
];

const FULL_MENU: Block = [
  ...READER_MENU,
  ...RESEARCHER_EXTRA,
  ...AUDITOR_EXTRA,
  'Which recipe applies to a site → occam_playbook_resolve.',
  'Authoring loop, only when writing a site recipe (never after short_quality): occam_playbook_heal → occam_playbook_lint → occam_playbook_save.',
];

const SIGNALS: Block = [
  'Signals: extractability (before a fetch) predicts yield; confidence and quality (after) judge the extract; a playbook verify.score (0–100) is the save gate.',
  'Change scope: if_none_match or diff_against on a read, occam_verify in live mode with chunks for drift.',
  'Watch a page for changes → occam_watch.',
];

const TRANSCODE_OPT_INS: Block = [
  'occam_transcode options: max_tokens caps the whole response; fit_markdown with focus_query keeps what answers the question; compact_links / compact_block_links drop link URLs; include_media_refs lists media; json_tables, json_feed and json_blocks (+ rank_blocks) return structure; if_none_match / diff_against skip unchanged content; prefer_llms_txt uses a site\'s llms.txt; session_profile sends operator-configured headers. Occam never solves CAPTCHAs.',
];

const RECEIPTS: Block = [
  'receipt.signed is optional proof for a later occam_verify; plain reading does not need it.',
];

const MINIMAL_SURFACE: Block = [
  'You have exactly one tool: occam(url). Optional: task (what you need from the page) and budget (max tokens). There is nothing to choose.',
  'The operator can widen the surface (OCCAM_PROFILE).',
];

const BASIC_MENU: Block = [
  'Three tools: one page → occam(url); several pages → one occam_digest call; no URLs yet → occam_search (needs a configured search provider).',
  'Large page → pass budget or task to occam.',
];

function blocksFor(profile: ProfileId): Block[] {
  switch (profile) {
    case 'minimal':
      return [NARROW_TRUST, MINIMAL_SURFACE];
    case 'basic':
      return [NARROW_TRUST, BASIC_MENU];
    case 'reader':
      return [TRUST_DEFAULT, READER_MENU, TRANSCODE_OPT_INS, RECEIPTS];
    case 'researcher':
      return [TRUST_DEFAULT, READER_MENU, RESEARCHER_EXTRA, TRANSCODE_OPT_INS, RECEIPTS];
    case 'auditor':
      return [TRUST_DEFAULT, READER_MENU, RESEARCHER_EXTRA, AUDITOR_EXTRA, TRANSCODE_OPT_INS, RECEIPTS];
    case 'full':
      return [TRUST_DEFAULT, FULL_MENU, TRANSCODE_OPT_INS, SIGNALS, RECEIPTS];
  }
}

/**
 * The instructions for a profile, given the tool names actually exposed (tools/list). A sentence naming any
 * tool outside `exposed` is dropped whole; the trust sentences name no tool and always survive.
 */
export function instructionsFor(profile: ProfileId, exposed: ReadonlySet<string>): string {
  const lines: string[] = [];
  for (const block of blocksFor(profile)) {
    for (const sentence of block) {
      const named = toolsMentioned(sentence);
      if ([...named].every((t) => exposed.has(t))) lines.push(sentence);
    }
  }
  return lines.join('\n');
}
