import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG, OPT_IN_GATES, coreToolsOf } from '../../../src/contract/catalog.ts';
import { instructionsFor, toolsMentioned } from '../../../src/contract/instructions.ts';
import { PROFILES } from '../../../src/contract/profiles.ts';
import { exposedToolNames, readHostConfig, registeredTools } from '../../../src/mcp/server.ts';
import { testContext } from '../../../src/runtime/context.ts';
import { rng } from '../../helpers/rng.ts';

/** Every subset of the six opt-in gates. */
function gateCombos(): string[][] {
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << OPT_IN_GATES.length; mask++) {
    out.push(OPT_IN_GATES.filter((_, i) => mask & (1 << i)));
  }
  return out;
}

function contractExposure(profile: (typeof PROFILES)[number], gates: string[]): Set<string> {
  const names = coreToolsOf(profile).map((t) => t.name);
  for (const t of CATALOG) if (t.gate && gates.includes(t.gate)) names.push(t.name);
  return new Set(names);
}

test('tools.md #7 (I1): for every profile × gate combination, instructions name only exposed tools (full contract)', () => {
  for (const profile of PROFILES) {
    for (const gates of gateCombos()) {
      const exposed = contractExposure(profile, gates);
      const text = instructionsFor(profile, exposed);
      for (const t of toolsMentioned(text)) assert.ok(exposed.has(t), `${profile} [${gates}] names hidden ${t}`);
    }
  }
});

test('tools.md #7 (I1): the same holds for the tools this build actually registers', () => {
  for (const profile of PROFILES) {
    for (const gates of gateCombos()) {
      const env = Object.fromEntries([['OCCAM_PROFILE', profile], ...gates.map((g) => [g, '1'])]);
      const config = readHostConfig(testContext({ env }));
      const exposed = new Set(exposedToolNames(registeredTools(config), config.bootProfile));
      const text = instructionsFor(profile, exposed);
      for (const t of toolsMentioned(text)) assert.ok(exposed.has(t), `${profile} [${gates}] names hidden ${t}`);
    }
  }
});

test('tools.md #8 (I2, I4): narrow profiles name no menu tools; every text keeps TRUST RULE and ok:false', () => {
  for (const profile of PROFILES) {
    const text = instructionsFor(profile, contractExposure(profile, OPT_IN_GATES as string[]));
    assert.ok(text.includes('TRUST RULE'), profile);
    assert.ok(text.includes('ok:false'), profile);
    if (profile === 'minimal' || profile === 'basic') {
      assert.ok(!text.includes('occam_client_capabilities'), profile);
      assert.ok(!text.includes('occam_transcode'), profile);
    }
  }
});

test('tools.md #8: full instructions mention occam_watch iff OCCAM_WATCH_MCP is on', () => {
  assert.ok(instructionsFor('full', contractExposure('full', ['OCCAM_WATCH_MCP'])).includes('occam_watch'));
  assert.ok(!instructionsFor('full', contractExposure('full', [])).includes('occam_watch'));
});

test('whole-token matching: env names and longer identifiers are not tool mentions', () => {
  assert.deepEqual([...toolsMentioned('set OCCAM_CLIENT_CONTEXT_TOKENS then occam(url)')], ['occam']);
  assert.deepEqual([...toolsMentioned('occam_transcode_extra and xoccam')], []);
});

/**
 * An independent tokenizer of the text, sharing nothing with the implementation's tool regex: every lower-case
 * `occam` / `occam_…` word, whatever follows it (a period, a parenthesis, an arrow, the end of the line).
 */
function occamWords(text: string): string[] {
  return (text.match(/\boccam(?:_[a-z_]+)?/g) ?? []).map((w) => w.replace(/_+$/, ''));
}

test('tools.md #7 (I1), independent tokenizer: random exposed subsets — every occam word left in the text is an exposed catalog tool', () => {
  const names = CATALOG.map((t) => t.name);
  for (const profile of PROFILES) {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed * 31 + profile.length);
      const exposed = new Set(names.filter(() => r() < 0.5));
      const text = instructionsFor(profile, exposed);
      for (const w of occamWords(text)) {
        assert.ok(names.includes(w), `${profile} seed ${seed}: "${w}" is not a catalog tool`);
        assert.ok(exposed.has(w), `${profile} seed ${seed}: names hidden ${w} in ${JSON.stringify(text.split('\n').find((l) => occamWords(l).includes(w)))}`);
      }
    }
  }
});

test('the independent tokenizer sees names before punctuation, and the menu really names tools that way', () => {
  assert.deepEqual(occamWords('call occam_digest. Then occam(url), occam_map; occam_probe→ and OCCAM_PROFILE'), ['occam_digest', 'occam', 'occam_map', 'occam_probe']);
  // With every tool exposed, the full text carries names directly followed by a period: the case the filter
  // must treat like any other mention.
  const everything = new Set(CATALOG.map((t) => t.name));
  assert.match(instructionsFor('full', everything), /\boccam_[a-z_]+\./);
});
