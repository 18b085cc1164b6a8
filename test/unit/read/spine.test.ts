// The read spine (issue 29, src/read/transcode.ts + src/read/stages/): stages run in order over one context, each
// keeps its contract — a failing acquire short-circuits with its typed failure before extract, a Halt from extract
// stops before the budget, the budget loop is src/budget/ceiling.ts fitToCeiling (also without a budget), the
// response is assembled per detail level in one place, and the receipt stage logs the signed receipt below `full`.
// Pages come from deps.source (in memory, as the reading bench reads them); no browser, no network.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { transcode, type TranscodeDeps } from '../../../src/read/transcode.ts';
import { READ_STAGES, type ReadStageName } from '../../../src/read/stages/context.ts';
import { assembleRead } from '../../../src/read/stages/assemble.ts';
import { fitToCeiling, type Fitted } from '../../../src/budget/ceiling.ts';
import type { PlanResult } from '../../../src/budget/plan.ts';
import { OccamError } from '../../../src/contract/failures.ts';
import type { AcquiredDocument } from '../../../src/fetch/acquire.ts';

const home = mkdtempSync(join(tmpdir(), 'occam-spine-'));
after(() => rmSync(home, { recursive: true, force: true }));
const runtime = testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_CACHE_DIR: join(home, 'cache') }, homeDir: home, tmpDir: home });
const services = new Services(runtime);
after(() => services.disposeAll());

const para = (n: number) => `<p>Paragraph ${n} of the spine page explains one step of the pipeline in plain words an agent can quote.</p>`;
const ARTICLE = `<!doctype html><html><head><title>Spine page</title></head><body><main><article><h1>Spine page</h1>
<h2>First part</h2>${[1, 2, 3, 4].map(para).join('')}<h2>Second part</h2>${[5, 6, 7, 8].map(para).join('')}
<h2>Third part</h2>${[9, 10, 11, 12].map(para).join('')}</article></main></body></html>`;

const page = (url: string, body = ARTICLE, status = 200): AcquiredDocument =>
  ({
    kind: 'html',
    text: body,
    bytes: Buffer.from(body),
    charset: 'utf-8',
    finalUrl: url,
    requestedUrl: url,
    statusCode: status,
    contentType: 'text/html; charset=utf-8',
    headers: {},
    session: null,
    truncated: false,
    timings: { totalMs: 1 },
  }) as unknown as AcquiredDocument;

/** A read whose stages are recorded as the spine enters them. */
async function traced(args: Parameters<typeof transcode>[0], over: Partial<TranscodeDeps> = {}) {
  const seen: ReadStageName[] = [];
  const result = (await transcode(args, { runtime, services, resolveMaxTokens: (e) => e, browser: null, trace: (s) => seen.push(s), ...over })) as Record<string, any>;
  return { result, seen };
}
const distinct = (stages: ReadStageName[]) => stages.filter((s, i) => s !== stages[i - 1]);

test('spine: a successful read runs options → acquire → extract → budget → assemble → receipt, in that order', async () => {
  const { result, seen } = await traced({ url: 'https://spine.example/a', detail: 'lean' }, { source: async (u) => page(u) });
  assert.equal(result.ok, true, JSON.stringify(result.failure));
  assert.deepEqual(distinct(seen), [...READ_STAGES]);
  assert.match(result.markdown, /^# Spine page/);
});

test('spine: under a budget the budget stage assembles several candidates, and the result fits', async () => {
  const { result, seen } = await traced({ url: 'https://spine.example/b', detail: 'full', max_tokens: 300 }, { source: async (u) => page(u) });
  assert.equal(result.ok, true, JSON.stringify(result.failure));
  assert.ok(seen.filter((s) => s === 'assemble').length > 1, `assemble ran ${seen.filter((s) => s === 'assemble').length}×`);
  assert.deepEqual(distinct(seen), [...READ_STAGES]);
  assert.equal(result.partial, true);
  assert.ok(result.compile.tokensEstimated <= 300, `whole response ${result.compile.tokensEstimated} ≤ 300`);
});

test('spine: a failure in acquire short-circuits with the typed failure — no extract, budget or assemble', async () => {
  const { result, seen } = await traced(
    { url: 'https://spine.example/gone', detail: 'full' },
    { source: async () => { throw new OccamError('http_404', 'Not found.', { statusCode: 404 }); } },
  );
  assert.equal(result.ok, false);
  assert.equal(result.failure.code, 'http_404');
  assert.equal(typeof result.failure.message, 'string');
  assert.deepEqual(distinct(seen), ['options', 'acquire', 'receipt']);
  assert.deepEqual(result.agentMeta.decisions[0].action, 'stop');
});

test('spine: a bad option halts in the options stage before anything is fetched', async () => {
  let fetched = 0;
  const { result, seen } = await traced({ url: 'https://spine.example/c', detail: 'lean', content_selectors: '[1,2]' }, {
    source: async (u) => {
      fetched++;
      return page(u);
    },
  });
  assert.equal(result.ok, false);
  assert.equal(result.failure.code, 'invalid_arguments');
  assert.equal(fetched, 0);
  assert.deepEqual(distinct(seen), ['options', 'receipt']);
});

test('spine: a Halt in extract (selectors that match nothing) stops before the budget', async () => {
  const { result, seen } = await traced({ url: 'https://spine.example/d', detail: 'full', content_selectors: 'No such heading' }, { source: async (u) => page(u) });
  assert.equal(result.ok, false);
  assert.equal(result.failure.code, 'content_selectors_miss');
  assert.deepEqual(distinct(seen), ['options', 'acquire', 'extract', 'receipt']);
});

test('spine: a cache hit is an early answer of acquire (no extract), byte for byte the stored response plus its age', async () => {
  // A public-looking host read from memory: private destinations are never cached.
  let fetched = 0;
  const source = async (u: string) => {
    fetched++;
    return page(u);
  };
  const args = { url: 'https://spine.example/cached', detail: 'full', cache_ttl_s: 600 };
  const first = await traced(args, { source });
  assert.equal(first.result.ok, true);
  assert.deepEqual(distinct(first.seen), [...READ_STAGES]);
  const second = await traced(args, { source });
  assert.equal(second.result.cached, true);
  assert.equal(fetched, 1);
  assert.deepEqual(distinct(second.seen), ['options', 'acquire', 'receipt']);
  const { cached: _c, cacheAgeS: _a, ...rest } = second.result;
  assert.deepEqual(rest, first.result);
});

test('spine: the receipt stage logs a lean read\'s signed receipt; the lean response carries only its id', async () => {
  const { result } = await traced({ url: 'https://spine.example/e', detail: 'lean' }, { source: async (u) => page(u) });
  assert.match(result.receipt, /^[0-9a-f]{16}$/);
  const logged = JSON.parse(readFileSync(join(home, '.occam', 'receipts', `${result.receipt}.json`), 'utf8'));
  assert.equal(typeof logged.receipt.signed.sig, 'string');
  assert.equal(logged.url, 'https://spine.example/e');
  assert.equal(result.timings, undefined);
});

test('spine: assemble is the one place per level — lean and standard are projections of the same full response', async () => {
  const { result: full } = await traced({ url: 'https://spine.example/f', detail: 'full' }, { source: async (u) => page(u) });
  const lean = assembleRead(full as { ok: boolean }, 'lean');
  const standard = assembleRead(full as { ok: boolean }, 'standard');
  assert.equal(assembleRead(full as { ok: boolean }, 'full'), full);
  for (const field of ['timings', 'quality', 'recovery', 'access']) assert.equal(lean[field], undefined, field);
  assert.equal(lean.markdown, full.markdown);
  assert.equal(lean.contentHash, full.contentHash.slice(0, 12));
  assert.equal(standard.contentHash, full.contentHash);
  assert.equal(standard.backend, full.backend);
  assert.deepEqual(standard.receipt, { id: lean.receipt, keyId: full.receipt.signed.keyId });
});

test('spine: the budget stage calls the one ceiling function — without a budget it plans and builds once, unmeasured', async () => {
  const plans: Array<number | null> = [];
  let measured = 0;
  const fake = (kept: number) => ({ markdownTokens: kept, truncated: false, budget: { total: kept }, sidecars: {}, omitted: undefined }) as unknown as PlanResult;
  const unbudgeted = await fitToCeiling({
    max: null,
    levels: 3,
    sections: 2,
    plan: async (m): Promise<Fitted> => {
      plans.push(m);
      return { plan: fake(500), reserve: 0 };
    },
    build: async (f, level) => ({ tokens: f.plan.markdownTokens, level }),
    measure: (r) => {
      measured++;
      return r.tokens;
    },
  });
  assert.ok(unbudgeted.ok);
  assert.deepEqual(plans, [null]);
  assert.equal(measured, 0);
  assert.equal(unbudgeted.whole, null);
  assert.deepEqual(unbudgeted.response, { tokens: 500, level: 0 });
  // With a budget the target leaves room for the caller's wrapper: the whole fits max − overhead.
  const budgeted = await fitToCeiling({
    max: 400,
    overhead: 100,
    levels: 1,
    sections: 2,
    plan: async (m): Promise<Fitted> => ({ plan: fake(Math.min(1000, Math.max(0, m ?? 1000))), reserve: 0 }),
    build: async (f) => ({ tokens: f.plan.markdownTokens + 20 }),
    measure: (r) => r.tokens,
  });
  assert.ok(budgeted.ok && budgeted.whole !== null && budgeted.whole <= 300, JSON.stringify(budgeted.ok && budgeted.whole));
});

test('spine: transcode.ts stays a runner of named stages (≤ 150 lines) and only the budget stage fits to the ceiling', () => {
  const root = join(import.meta.dirname, '..', '..', '..', 'src', 'read');
  const spine = readFileSync(join(root, 'transcode.ts'), 'utf8');
  assert.ok(spine.split('\n').length <= 150, `transcode.ts has ${spine.split('\n').length} lines`);
  for (const stage of ['context', 'failure', 'acquire', 'extract', 'budget', 'assemble', 'receipt']) {
    const text = readFileSync(join(root, 'stages', `${stage}.ts`), 'utf8');
    // Each stage states its contract at the top: what it takes and what it gives.
    const head = text.split('\nimport')[0];
    assert.match(head, /\bin:|— in:/, `${stage}.ts states its input`);
    assert.match(head, /\bout:|; out:/, `${stage}.ts states its output`);
    assert.equal(text.includes('fitToCeiling('), stage === 'budget', `${stage}.ts ${stage === 'budget' ? 'calls' : 'does not call'} fitToCeiling`);
  }
  assert.ok(!spine.includes('fitToCeiling('));
});
