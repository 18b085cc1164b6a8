// Parse workers (issue 14, src/read/extract-worker.ts): a large page is extracted off the main thread with the same
// result as in-process, a worker that reaches its heap limit yields a typed `response_too_large`, an aborted parse
// terminates its worker and rejects with the abort's reason, shutdown ends running workers, and the pipeline
// routes pages by size (small ones stay in-process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { OccamError } from '../../../src/contract/failures.ts';
import { ExtractWorkers, OFF_THREAD_MIN_CHARS } from '../../../src/read/extract-worker.ts';
import { markdownOf, slimExtract } from '../../../src/read/read-extract.ts';
import { extractAcquired } from '../../../src/read/extraction.ts';

function article(chars: number): string {
  const parts = ['<!doctype html><html><head><title>Worker page</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>Worker page</h1>'];
  let size = parts[0].length;
  for (let i = 0; size < chars; i++) {
    const p = `${i % 30 === 0 ? `<h2>Part ${i / 30}</h2>` : ''}<p>Paragraph ${i} says one plain thing with a <a href="/r/${i}">link</a> and <em>emphasis</em>.</p>\n`;
    parts.push(p);
    size += p.length;
  }
  return parts.join('') + '</article></main></body></html>';
}

const input = (html: string) => ({ html, url: 'https://example.test/page', statusCode: 200 });

test('issue 14: a worker extracts the same blocks, state and Markdown as the in-process extractor', async () => {
  const html = article(300_000);
  const workers = new ExtractWorkers();
  const off = await workers.extract(input(html), {});
  const inline = extractDocument(input(html), {});
  assert.deepEqual(off, slimExtract(inline));
  assert.equal(markdownOf(off), inline.markdown);
  assert.ok(off.blocks.length > 100);
  assert.equal(workers.size, 0, 'the worker has ended');
});

test('issue 14: a worker that reaches its heap limit yields response_too_large, not a crash', async () => {
  const workers = new ExtractWorkers({ oldFactor: 0, oldFloorMb: 4 });
  await assert.rejects(workers.extract(input(article(2_000_000)), {}), (err: unknown) => {
    assert.ok(err instanceof OccamError);
    assert.equal(err.code, 'response_too_large');
    assert.match(err.message, /limit \(4 MB\)/);
    return true;
  });
  assert.equal(workers.size, 0);
  // The process is fine and the next parse works.
  const ok = await new ExtractWorkers().extract(input(article(20_000)), {});
  assert.equal(ok.state.ok, true);
});

test('issue 14: an aborted parse terminates its worker and rejects with the signal reason', async () => {
  const workers = new ExtractWorkers();
  const controller = new AbortController();
  const reason = new OccamError('timeout', 'The read exceeded its deadline.');
  const pending = workers.extract(input(article(3_000_000)), {}, controller.signal);
  assert.equal(workers.size, 1);
  setTimeout(() => controller.abort(reason), 50);
  await assert.rejects(pending, (err) => err === reason);
  for (let i = 0; i < 100 && workers.size > 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(workers.size, 0, 'the terminated worker is gone');
  await assert.rejects(workers.extract(input('<p>x</p>'), {}, controller.signal), (err) => err === reason, 'an already-aborted signal starts nothing');
  assert.equal(workers.size, 0);
});

test('issue 14: shutdown ends running workers and their parses fail typed', async () => {
  const workers = new ExtractWorkers();
  const pending = workers.extract(input(article(3_000_000)), {});
  await workers.close();
  await assert.rejects(pending, (err: unknown) => err instanceof OccamError && err.code === 'extraction_failed');
  assert.equal(workers.size, 0);
});

test('issue 14: the read pipeline parses pages from OFF_THREAD_MIN_CHARS off-thread and smaller ones in-process', async () => {
  const workers = new ExtractWorkers({ oldFactor: 0, oldFloorMb: 4 });
  const body = (html: string) => ({ kind: 'html' as const, text: html, finalUrl: 'https://example.test/page', requestedUrl: 'https://example.test/page', statusCode: 200, contentType: 'text/html', headers: {} });
  const opts = { jsonFeed: false, sessionBound: false, workers };
  // A 4 MB heap cannot hold a large page's tree: only a worker with that limit fails, so the failure shows the route.
  await assert.rejects(extractAcquired(body(article(OFF_THREAD_MIN_CHARS + 1_500_000)), opts), (err: unknown) => err instanceof OccamError && err.code === 'response_too_large');
  const small = await extractAcquired(body(article(OFF_THREAD_MIN_CHARS - 10_000)), opts);
  assert.equal(small.state.ok, true);
  assert.ok(small.markdown.startsWith('# Worker page'));
});
