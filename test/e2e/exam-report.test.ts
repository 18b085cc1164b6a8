// `occam exam report` (H3, ADR-0016) over 200 generated sessions — behaviour records with self-reports and JSON-RPC
// transcripts with live calls — of mixed strengths and model names: the tables' counts match a direct computation
// here, and the self-contained HTML report opens in Chromium and holds its chart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { processExamIo, runExam, type ExamIo } from '../../commands/exam.ts';
import { CompetenceTracker, observationOf } from '../../src/exam/tracker.ts';
import { subjectOf } from '../../src/exam/record.ts';

type Tier = 'weak' | 'medium' | 'strong';
const RANK: Record<Tier, number> = { weak: 0, medium: 1, strong: 2 };
const tierOf = (score: number): Tier => (score <= 1 ? 'weak' : score <= 3 ? 'medium' : 'strong');
/** Model names with the static map's answer written out by hand (exam.md §10), quirks included. */
const MODELS: Array<[string, Tier]> = [
  ['mock-weak-7b', 'weak'],
  ['gpt-4o-mini', 'weak'],
  ['gemini-2.5-pro', 'weak'],
  ['llama-3.1-70b', 'medium'],
  ['claude-sonnet-4-5', 'strong'],
  ['gpt-5', 'strong'],
  ['northwind-large', 'medium'],
  ['', 'medium'],
];
const SELF: Array<Tier | null> = ['weak', 'medium', 'strong', null];

/** A small deterministic PRNG so the 200 sessions are the same on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Truth {
  behavioural: Tier;
  staticMap: Tier;
  selfReport: Tier | null;
  oscillations: number | null;
}

const HASH = 'sha256:' + 'ab'.repeat(32);

function recordFile(pass: boolean[], model: string, self: Tier | null, i: number): string {
  return JSON.stringify({
    clientInfo: `gen/${i}`,
    modelHint: model,
    sessionId: `s-${i}`,
    ...(self ? { selfReportTier: self } : {}),
    canaryVerdict: pass[0] ? 'READ_VERIFIED' : 'READ_STALE',
    basicCallArguments: { url: pass[1] ? 'https://a.example/' : '/relative' },
    focusBudgetArguments: pass[2] ? { focus_query: 'q', max_tokens: 800 } : { focus_query: 'q', max_tokens: 999_999_999 },
    chain: { calls: [{ url: 'https://a.example/' }, { url: 'https://a.example/', if_none_match: pass[3] ? HASH : 'sha256:00' }], producedValue: HASH },
  });
}

/** A JSON-RPC transcript of the exam calls plus `extra` live calls (`bad` ones fail with invalid_arguments). */
function transcriptFile(pass: boolean[], model: string, i: number, extra: boolean[]): { text: string; live: Array<string | null> } {
  const lines: object[] = [{ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'gen-host', version: String(i) } } }];
  const live: Array<string | null> = [];
  let id = 1;
  const call = (name: string, args: object, result: Record<string, unknown>) => {
    lines.push({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
    lines.push({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(result) }], isError: result.ok === false } });
    id++;
    live.push(result.ok === false ? ((result.failure as { code: string } | undefined)?.code ?? (result.failureCode as string)) : null);
  };
  if (model) call('occam_client_capabilities', { model_id: model }, { ok: true });
  call('occam_canary_issue', {}, { ok: true, url: 'http://127.0.0.1:9/probe/canary/p1', sessionId: 'p1' });
  call('occam_canary_verify', { session_id: 'p1', sentinel: 'x'.repeat(43) }, { ok: pass[0], verdict: pass[0] ? 'READ_VERIFIED' : 'HALLUCINATED' });
  call('occam_transcode', { url: pass[1] ? 'https://a.example/' : '/relative' }, { ok: true, contentHash: HASH.slice(7) });
  call('occam_transcode', pass[2] ? { url: 'https://a.example/', focus_query: 'q', max_tokens: 800 } : { url: 'https://a.example/', max_tokens: 800 }, { ok: true, contentHash: 'cd'.repeat(32) });
  call('occam_transcode', { url: 'https://a.example/', if_none_match: pass[3] ? HASH.slice(7) : 'ef'.repeat(32) }, { ok: true, unchanged: pass[3] });
  for (const good of extra) {
    call('occam_transcode', { url: 'https://a.example/more' }, good ? { ok: true, contentHash: '12'.repeat(32) } : { ok: false, failure: { code: 'invalid_arguments', message: 'x' } });
  }
  return { text: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', live };
}

test('`occam exam report` over 200 generated sessions: counts match a direct computation; the HTML opens in Chromium with its chart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-h3-'));
  const rand = prng(18);
  const truths: Truth[] = [];
  for (let i = 0; i < 200; i++) {
    const pass = [0, 1, 2, 3].map(() => rand() < 0.6 + (i % 3) * 0.15);
    const score = pass.filter(Boolean).length;
    const [model, staticMap] = MODELS[Math.floor(rand() * MODELS.length)];
    const behavioural = tierOf(score);
    if (i % 5 < 3) {
      const self = SELF[Math.floor(rand() * SELF.length)];
      writeFileSync(join(dir, `r${String(i).padStart(3, '0')}.json`), recordFile(pass, model, self, i));
      truths.push({ behavioural, staticMap, selfReport: self, oscillations: null });
    } else {
      // Live calls after the exam: a run of good ones, or a run of bad ones, long enough to move the tracker.
      const extra = Array.from({ length: Math.floor(rand() * 14) }, () => (i % 2 === 0 ? rand() < 0.9 : rand() < 0.2));
      const { text, live } = transcriptFile(pass, model, i, extra);
      writeFileSync(join(dir, `t${String(i).padStart(3, '0')}.jsonl`), text);
      const tracker = new CompetenceTracker();
      const subject = subjectOf({ clientInfo: `gen-host/${i}` });
      let osc = 0;
      for (const code of live) osc = tracker.record(subject, observationOf('occam_transcode', true, code), behavioural).oscillations;
      truths.push({ behavioural, staticMap, selfReport: null, oscillations: osc });
    }
  }

  let stdout = '';
  let stderr = '';
  const io: ExamIo = { ...processExamIo(), out: (t) => (stdout += t), err: (t) => (stderr += t) };
  const html = join(dir, 'out', 'h3.html');
  assert.equal(await runExam(['report', dir, '--json', '--html', html], io), 0, stderr);
  const doc = JSON.parse(stdout);
  assert.equal(doc.protocol, 'occam-exam-h3-v1');
  assert.equal(doc.sessions, 200);
  assert.deepEqual(doc.rejected, []);

  // Direct computation of every table from the generator's own truth.
  const count = (f: (t: Truth) => boolean) => truths.filter(f).length;
  for (const b of ['weak', 'medium', 'strong'] as const) assert.equal(doc.behaviouralTiers[b], count((t) => t.behavioural === b));
  for (const [arm, pick] of [['staticMap', (t: Truth) => t.staticMap], ['selfReport', (t: Truth) => t.selfReport]] as const) {
    const got = doc.arms[arm];
    const has = truths.filter((t) => pick(t) !== null);
    assert.equal(got.compared, has.length, arm);
    assert.equal(got.absent, 200 - has.length);
    assert.equal(got.agree, has.filter((t) => pick(t) === t.behavioural).length, `${arm} agree`);
    assert.equal(got.overTrusted, has.filter((t) => RANK[pick(t)!] > RANK[t.behavioural]).length, `${arm} over`);
    assert.equal(got.underTrusted, has.filter((t) => RANK[pick(t)!] < RANK[t.behavioural]).length, `${arm} under`);
    assert.equal(got.overTrustShare, Math.round((got.overTrusted / has.length) * 10_000) / 10_000);
    for (const a of ['weak', 'medium', 'strong'] as const) {
      for (const b of ['weak', 'medium', 'strong'] as const) {
        assert.equal(got.confusion[a][b], has.filter((t) => pick(t) === a && t.behavioural === b).length, `${arm} confusion ${a}×${b}`);
      }
    }
  }
  const both = truths.filter((t) => t.selfReport !== null);
  assert.deepEqual(doc.armsAgree, { compared: both.length, agree: both.filter((t) => t.selfReport === t.staticMap).length });
  const tracked = truths.filter((t) => t.oscillations !== null);
  assert.equal(doc.tracker.sessionsWithObservations, tracked.length);
  assert.equal(doc.tracker.oscillations, tracked.reduce((n, t) => n + t.oscillations!, 0));
  assert.equal(doc.tracker.sessionsThatOscillated, tracked.filter((t) => t.oscillations! > 0).length);
  assert.ok(doc.tracker.oscillations > 0, 'the generated live calls do move the tracker');
  assert.equal(doc.rows.length, 200);

  // The text form carries the same counts.
  stdout = '';
  assert.equal(await runExam(['report', dir], io), 0);
  assert.match(stdout, new RegExp(`static model-name map\\s+200\\s+0\\s+${doc.arms.staticMap.agree} `));

  // The HTML: self-contained, opens in Chromium, holds the chart with one bar per arm × series.
  const page = readFileSync(html, 'utf8');
  assert.equal(/<script|src="http|href="http/.test(page), false, 'no scripts, no external assets');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const tab = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await tab.goto(`file://${html}`);
    assert.equal(await tab.title(), 'Occam exam — H3 report');
    const bars = await tab.$$eval('#h3-chart rect.bar', (els) => els.map((e) => [e.getAttribute('data-arm'), e.getAttribute('data-series'), Number(e.getAttribute('data-value'))]));
    assert.equal(bars.length, 6);
    const staticAgree = bars.find((b) => b[0] === 'staticMap' && b[1] === 'agree');
    assert.equal(staticAgree?.[2], doc.arms.staticMap.agreementShare);
    const box = await tab.locator('#h3-chart').boundingBox();
    assert.ok(box && box.width > 400 && box.height > 200, 'the chart is laid out');
    const sessionRows = await tab.$$eval('table.sessions tbody tr', (r) => r.length);
    assert.equal(sessionRows, 200);
    const shot = join(dir, 'h3.png');
    await tab.screenshot({ path: shot, fullPage: false });
    assert.ok(statSync(shot).size > 10_000, 'a real screenshot');
  } finally {
    await browser.close();
  }
});
