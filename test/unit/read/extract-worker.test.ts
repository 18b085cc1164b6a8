// Parse workers (issue 14, src/read/extract-worker.ts): a large page is extracted off the main thread with the same
// result as in-process (sent as its text, or as its bytes that the worker decodes), a worker that reaches its heap
// limit yields a typed `response_too_large`, an aborted parse terminates its worker and rejects with the abort's
// reason, shutdown ends running workers (the spare too), the pipeline routes pages by size (small ones stay
// in-process), and the spare worker of a long-lived host serves one page each, is replaced outside reads, and never
// keeps a process alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBody } from '../../../src/fetch/content.ts';
import { processContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { extractDocument } from '../../../src/extract/index.ts';
import { OccamError } from '../../../src/contract/failures.ts';
import { ExtractWorkers, extractWorkersService, OFF_THREAD_MIN_CHARS, SERVING_OFF_THREAD_MIN_CHARS, workerHeapLimitMb } from '../../../src/read/extract-worker.ts';
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
  const workers = new ExtractWorkers({ limits: { oldFactor: 0, oldFloorMb: 4 } });
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
  const workers = new ExtractWorkers({ limits: { oldFactor: 0, oldFloorMb: 4 } });
  const body = (html: string) => ({ kind: 'html' as const, text: html, finalUrl: 'https://example.test/page', requestedUrl: 'https://example.test/page', statusCode: 200, contentType: 'text/html', headers: {} });
  const opts = { jsonFeed: false, sessionBound: false, workers };
  // A 4 MB heap cannot hold a large page's tree: only a worker with that limit fails, so the failure shows the route.
  await assert.rejects(extractAcquired(body(article(OFF_THREAD_MIN_CHARS + 1_500_000)), opts), (err: unknown) => err instanceof OccamError && err.code === 'response_too_large');
  const small = await extractAcquired(body(article(OFF_THREAD_MIN_CHARS - 10_000)), opts);
  assert.equal(small.state.ok, true);
  assert.ok(small.markdown.startsWith('# Worker page'));
});

test('issue 30: a long-lived host (keepSpare) parses pages from SERVING_OFF_THREAD_MIN_CHARS off-thread, so its main thread stays free', async () => {
  const workers = new ExtractWorkers({ limits: { oldFactor: 0, oldFloorMb: 4 } });
  const body = (html: string) => ({ kind: 'html' as const, text: html, finalUrl: 'https://example.test/page', requestedUrl: 'https://example.test/page', statusCode: 200, contentType: 'text/html', headers: {} });
  const opts = { jsonFeed: false, sessionBound: false, workers };
  const page = article(SERVING_OFF_THREAD_MIN_CHARS + 200_000);
  assert.ok(page.length < OFF_THREAD_MIN_CHARS);
  assert.equal((await extractAcquired(body(page), opts)).state.ok, true, 'a one-shot command parses it in-process');
  workers.keepSpare(); // no spareChars: no spare is started, the host's threshold applies all the same
  try {
    // The 4 MB heap of a worker cannot hold it: the failure shows that the page went to a worker.
    await assert.rejects(extractAcquired(body(page), opts), (err: unknown) => err instanceof OccamError && err.code === 'response_too_large');
    assert.equal((await extractAcquired(body(article(SERVING_OFF_THREAD_MIN_CHARS - 10_000)), opts)).state.ok, true, 'a smaller page stays in-process');
  } finally {
    await workers.close();
  }
});

test('issue 14: a page sent as its bytes is decoded by the worker exactly as acquire decoded it, and the bytes move', async () => {
  const html = article(60_000).replace('Worker page</h1>', 'Wörker pâge — “quoted”</h1>');
  const utf8 = Buffer.from(html, 'utf8');
  const cases = [
    { name: 'UTF-8 with a byte-order mark', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), header: null },
    { name: 'UTF-8 declared by the header', bytes: Buffer.concat([utf8]), header: 'utf-8' },
    { name: 'UTF-16LE with a byte-order mark', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, 'utf16le')]), header: null },
    { name: 'windows-1252', bytes: Buffer.concat([Buffer.from(html.replace(/[—“”]/g, '-'), 'latin1')]), header: 'windows-1252' },
  ];
  const workers = new ExtractWorkers();
  for (const c of cases) {
    const decoded = decodeBody(c.bytes, c.header, 'html');
    const off = await workers.extract(input(decoded.text), {}, undefined, { bytes: c.bytes, charset: decoded.charset });
    assert.deepEqual(off, slimExtract(extractDocument(input(decoded.text), {})), c.name);
    assert.match(off.blocks[0].markdown, /W.rker p.ge/, c.name);
    assert.equal(c.bytes.length, 0, `${c.name}: the bytes moved to the worker`);
  }
  // A Buffer that is a view into a larger ArrayBuffer is not moved: the page goes as its text.
  const whole = Buffer.concat([utf8, Buffer.from('trailing bytes of something else')]);
  const view = whole.subarray(0, utf8.length);
  const off = await workers.extract(input(html), {}, undefined, { bytes: view, charset: 'utf-8' });
  assert.deepEqual(off, slimExtract(extractDocument(input(html), {})));
  assert.equal(view.length, utf8.length, 'a view is left as it was');
  assert.equal(workers.size, 0);
});

/** Waits (bounded) until the pool's idle spare is not `notId`; returns its thread id. */
async function spareOtherThan(workers: ExtractWorkers, notId: number | null): Promise<number> {
  for (let i = 0; i < 500; i++) {
    const id = workers.spareThreadId;
    if (id !== null && id !== notId) return id;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no new spare worker');
}

test('issue 14: a kept spare takes one page and is replaced by a fresh worker; a read in progress holds the replacement off', async () => {
  const workers = new ExtractWorkers({ spareChars: 1_000_000 });
  try {
    workers.keepSpare();
    const first = workers.spareThreadId;
    assert.ok(first !== null, 'a spare started at once');
    assert.equal(workers.size, 1);
    const html = article(200_000);
    const off = await workers.extract(input(html), {});
    assert.deepEqual(off, slimExtract(extractDocument(input(html), {})), 'the spare parses like any worker');
    const second = await spareOtherThan(workers, first);
    assert.equal(workers.size, 1, 'the used spare ended; one fresh spare waits');
    // While a read is marked, the spare it took is not replaced (its start would count in that read's peak).
    const endRead = workers.reading();
    await workers.extract(input(html), {});
    assert.equal(workers.spareThreadId, null);
    assert.equal(workers.size, 0);
    endRead();
    const third = await spareOtherThan(workers, second);
    assert.notEqual(third, first);
  } finally {
    await workers.close();
  }
  assert.equal(workers.size, 0, 'shutdown ends the spare');
  assert.equal(workers.spareThreadId, null);
  workers.keepSpare();
  assert.equal(workers.size, 0, 'nothing starts after shutdown');
});

test('issue 14: a page over the spare\'s heap limit gets a worker of its own and leaves the spare idle', async () => {
  const limits = { oldFactor: 10, oldFloorMb: 32 };
  const workers = new ExtractWorkers({ limits, spareChars: 10_000 });
  try {
    workers.keepSpare();
    const spare = workers.spareThreadId;
    const html = article(300_000);
    assert.ok(workerHeapLimitMb(html.length, limits) > workerHeapLimitMb(10_000, limits));
    const pending = workers.extract(input(html), {});
    assert.equal(workers.size, 2, 'its own worker beside the spare');
    assert.equal((await pending).state.ok, true);
    assert.equal(workers.spareThreadId, spare, 'the same spare still waits');
  } finally {
    await workers.close();
  }
});

test('issue 14: the service keeps a spare unless OCCAM_READ_SPARE_WORKER=0; an idle spare does not keep a process alive', async () => {
  for (const [value, expected] of [['0', 0], ['1', 1]] as const) {
    const services = new Services(processContext({ env: { OCCAM_READ_SPARE_WORKER: value } }));
    const workers = await services.use(extractWorkersService);
    workers.keepSpare();
    assert.equal(workers.size, expected, `OCCAM_READ_SPARE_WORKER=${value}`);
    await services.disposeAll();
    assert.equal(workers.size, 0);
  }
  // A process whose only work left is an idle spare ends by itself.
  const dir = mkdtempSync(join(tmpdir(), 'occam-spare-'));
  const script = join(dir, 'idle-spare.ts');
  const module = new URL('../../../src/read/extract-worker.ts', import.meta.url).href;
  writeFileSync(script, `import { ExtractWorkers } from ${JSON.stringify(module)};\nconst w = new ExtractWorkers({ spareChars: 1_000_000 });\nw.keepSpare();\nprocess.stdout.write(String(w.size));\n`);
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.error, undefined, 'the process ended on its own');
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, '1', 'it had a spare');
});
