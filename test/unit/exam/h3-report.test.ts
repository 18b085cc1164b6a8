// `occam exam report` as an H3 study (issue 31): outcomes after sizing, two arms, de-duplication by content, n and a
// seeded bootstrap interval on every figure, "insufficient data" below 30 per arm, missing model names excluded from
// the static arm, tier variance per model name. Generated transcripts in a temporary directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processExamIo, runExam, type ExamIo } from '../../../commands/exam.ts';
import { TRANSCRIPT_FORMAT } from '../../../src/exam/transcript/formats.ts';
import { MIN_SESSIONS_PER_ARM } from '../../../src/exam/h3-study.ts';

const NOW = () => Date.UTC(2027, 0, 15, 8, 0, 0);

/** One session: declares its model, sits the exam as `skill`, submits, then does its task (marked by the harness). */
function session(i: number, model: string | null, skill: 'strong' | 'weak'): Array<Record<string, unknown>> {
  const page = `https://docs.example.org/p${i}`;
  const calls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [];
  if (model) calls.push(['occam_client_capabilities', { context_tokens: 200000, model_id: model }, { ok: true }]);
  calls.push(['occam_canary_verify', { session_id: `c${i}`, sentinel: 's' }, { ok: true, verdict: skill === 'strong' ? 'READ_VERIFIED' : 'HALLUCINATED' }]);
  if (skill === 'strong') {
    calls.push(['occam', { url: page }, { ok: true, contentHash: `h${i}` }]);
    calls.push(['occam', { url: page, task: 'limits', budget: 800 }, { ok: true }]);
    calls.push(['occam', { url: page, if_none_match: `h${i}` }, { ok: true }]);
  } else {
    calls.push(['occam', { url: `p${i}` }, { ok: false, failure: { code: 'invalid_url' } }]);
  }
  calls.push(['occam_exam_submit', { submission: '{}' }, { ok: true }]);
  for (let k = 0; k < 3; k++) {
    calls.push(skill === 'strong' ? ['occam', { url: `${page}/${k}` }, { ok: true }] : ['occam', { url: `bad${k}` }, { ok: false, failure: { code: 'invalid_url' } }]);
  }
  const out: Array<Record<string, unknown>> = [{ jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'agent', version: '1' } } }];
  calls.forEach(([name, args, result], k) => {
    out.push({ jsonrpc: '2.0', id: k + 1, method: 'tools/call', params: { name, arguments: args } });
    out.push({ jsonrpc: '2.0', id: k + 1, result: { structuredContent: result } });
  });
  out.push({ occamTask: { completed: skill === 'strong', neededTools: ['occam'] } });
  return out;
}
const jsonl = (lines: Array<Record<string, unknown>>) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

function corpus(plan: Array<{ model: string | null; skill: 'strong' | 'weak'; n: number }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'occam-h3-'));
  let i = 0;
  for (const p of plan) for (let k = 0; k < p.n; k++, i++) writeFileSync(join(dir, `s${i}.jsonl`), jsonl(session(i, p.model, p.skill)));
  return dir;
}

async function report(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: ExamIo = { ...processExamIo(), out: (t) => (stdout += t), err: (t) => (stderr += t), now: NOW };
  const code = await runExam(['report', ...args], io);
  return { code, stdout, stderr };
}

test('H3 report: arms on outcomes with n and seeded 95 % intervals; missing model names leave the static arm; tier variance per name', async () => {
  // "mock-strong-beta" fronts strong and weak agents alike: the static map calls every one of them strong.
  const dir = corpus([
    { model: 'mock-medium-alpha', skill: 'strong', n: 20 },
    { model: 'mock-strong-beta', skill: 'strong', n: 20 },
    { model: 'mock-strong-beta', skill: 'weak', n: 20 },
    { model: null, skill: 'weak', n: 5 },
  ]);
  const r = await report(dir, '--json', '--seed', '7');
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.sessions, 65);
  assert.deepEqual([doc.arms.behavioural.n, doc.arms.static.n, doc.staticExcludedNoModel], [65, 60, 5], 'no model name → not in the static arm');
  for (const arm of ['behavioural', 'static']) {
    const e = doc.arms[arm].missized;
    assert.ok(e.n >= MIN_SESSIONS_PER_ARM && e.low <= e.value && e.value <= e.high, `${arm}: ${JSON.stringify(e)}`);
  }
  assert.equal(doc.arms.behavioural.missized.value, 0, 'each session sized by what it did in the exam');
  assert.ok(doc.arms.static.missized.value > 0.3, 'the static map gave the weak beta sessions a wide surface');
  assert.ok(doc.difference.high < 0);
  assert.match(doc.verdict, /^H3 supported/);
  const beta = doc.models.find((m: { modelHint: string }) => m.modelHint === 'mock-strong-beta');
  assert.deepEqual([beta.n, beta.behaviouralTiers.weak, beta.behaviouralTiers.strong, beta.staticTier], [40, 20, 20, 'strong']);
  assert.ok(beta.variance > 0);
  assert.equal(doc.models.find((m: { modelHint: string }) => m.modelHint === 'mock-medium-alpha').variance, 0);
  // Seeded: the same seed gives the same intervals.
  assert.deepEqual(JSON.parse((await report(dir, '--json', '--seed', '7')).stdout).arms, doc.arms);
});

test('H3 report: the same session in two formats, and a directory passed twice, count once', async () => {
  const dir = corpus([{ model: 'mock-medium-alpha', skill: 'strong', n: 3 }]);
  // Session 0 again, as an Occam recording would hold it.
  const lines = session(0, 'mock-medium-alpha', 'strong');
  const occam = [{ kind: 'header', format: TRANSCRIPT_FORMAT, session: 'rec-0' }, ...lines.map((msg) => ('occamTask' in msg ? { session: 'rec-0', ...msg } : { kind: 'message', session: 'rec-0', dir: 'method' in msg ? 'in' : 'out', msg }))];
  writeFileSync(join(dir, 'again.jsonl'), jsonl(occam));
  const r = await report(dir, dir, '--json');
  const doc = JSON.parse(r.stdout);
  assert.deepEqual([doc.sessions, doc.duplicatesDropped], [3, 1]);
  const row = doc.rows.find((x: { duplicates: string[] }) => x.duplicates.length > 0);
  assert.deepEqual([row.source, ...row.duplicates].map((f: string) => f.split('/').pop()).sort(), ['again.jsonl', 's0.jsonl'], 'one row names both copies');
});

test('H3 report: below 30 sessions per arm every figure reads "insufficient data", never a percentage; Markdown and SVG are written', async () => {
  const dir = corpus([{ model: 'mock-strong-beta', skill: 'strong', n: 2 }, { model: 'mock-strong-beta', skill: 'weak', n: 1 }]);
  const md = join(mkdtempSync(join(tmpdir(), 'occam-h3-md-')), 'h3.md');
  const r = await report(dir, '--markdown', md);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /insufficient data \(n=3\)/);
  assert.doesNotMatch(r.stdout, /33\.3/);
  assert.match(r.stdout, /Verdict: insufficient data/);
  const text = readFileSync(md, 'utf8');
  assert.match(text, /!\[mis-sized share per arm\]\(h3\.svg\)/);
  const svg = readFileSync(md.replace(/\.md$/, '.svg'), 'utf8');
  assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /class="insufficient"/);
  const json = await report(dir, '--json');
  assert.equal(JSON.parse(json.stdout).arms.static.missized.value, null);
});

test('H3 report: an editable model map (--model-map) sizes the static arm; a bad map is a typed error', async () => {
  const dir = corpus([{ model: 'house-model-1', skill: 'weak', n: 2 }]);
  const mapDir = mkdtempSync(join(tmpdir(), 'occam-h3-map-'));
  writeFileSync(join(mapDir, 'map.json'), JSON.stringify({ rules: [{ tier: 'weak', markers: ['house-model'] }], otherwise: 'strong' }));
  const doc = JSON.parse((await report(dir, '--json', '--model-map', join(mapDir, 'map.json'))).stdout);
  assert.equal(doc.rows[0].tiers.static, 'weak');
  writeFileSync(join(mapDir, 'bad.json'), JSON.stringify({ rules: [{ tier: 'huge', markers: [] }] }));
  const bad = await report(dir, '--json', '--model-map', join(mapDir, 'bad.json'));
  assert.deepEqual([bad.code, JSON.parse(bad.stdout).code], [1, 'invalid_arguments']);
});
