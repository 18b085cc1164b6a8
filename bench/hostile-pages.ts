// CPU-hostile pages (issue 30): what a page built to hold the reader's CPU costs, beside an ordinary page of the
// same size in the same run.
//   1. Extraction of 1,500 paragraphs that reuse a few unpunctuated sentences (test/helpers/cpu-hostile-pages.ts)
//      beside as many distinct unpunctuated paragraphs, padded to the same size. Linear work makes the ratio ≈ 1;
//      before the fix the repeated page took minutes.
//   2. occam_map's anchor scan of 50,000 links in one parent (cut at the homepage cap, as the map fetches it) beside
//      a page of 5,000 links in list items: the anchor cap and the streaming scan keep the ratio ≈ 1.
// Writes bench/out/hostile-pages.json. Direct use: `node bench/hostile-pages.ts`.
import { extractDocument } from '../src/extract/index.ts';
import { anchorsOf } from '../src/read/map.ts';
import { linkFloodPage, repeatedParagraphsPage } from '../test/helpers/cpu-hostile-pages.ts';
import { fmt, interleaved, median, writeResult } from './util.ts';
import type { BenchModule } from './run.ts';

const ROUNDS = 5;
/** The bytes of a homepage the map reads (src/read/map.ts HOMEPAGE_MAX_BYTES). */
const HOMEPAGE_BYTES = 512 * 1024;

/** Paragraphs of words that never repeat across paragraphs, unpunctuated like the hostile page, to `chars`. */
function distinctParagraphsPage(chars: number): string {
  const head = '<!doctype html><html><head><title>Annual operations report</title></head><body><main><article><h1>Annual operations report</h1>\n';
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < chars; i++) {
    const words = Array.from({ length: 60 }, (_, j) => `w${(i * 60 + j).toString(36)}`);
    const p = `<p>${words.join(' ')}</p>\n`;
    parts.push(p);
    size += p.length;
  }
  return `${parts.join('')}</article></main></body></html>`;
}

function navPage(links: number): string {
  const items = Array.from({ length: links }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a> with a short note</li>`);
  return `<!doctype html><html><head><title>Site</title></head><body><nav><ul>${items.join('')}</ul></nav></body></html>`;
}

const timed = async (fn: () => unknown | Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

async function run(): Promise<void> {
  const repeated = repeatedParagraphsPage();
  const distinct = distinctParagraphsPage(repeated.length);
  const read = (html: string) => () => extractDocument({ html, url: 'https://example.test/report' });
  const extraction = await interleaved(ROUNDS, { repeated: () => timed(read(repeated)), distinct: () => timed(read(distinct)) });
  const ex = { repeatedMs: median(extraction.repeated), distinctMs: median(extraction.distinct) };
  console.log(
    `extract ${(repeated.length / 1024).toFixed(0)} KB: repeated paragraphs ${fmt(ex.repeatedMs, 0)} ms   distinct ${fmt(ex.distinctMs, 0)} ms   ratio ${fmt(ex.repeatedMs / ex.distinctMs, 2)}×`,
  );

  const flood = linkFloodPage().slice(0, HOMEPAGE_BYTES);
  const nav = navPage(5000);
  const scan = (html: string) => () => anchorsOf(html, 'https://example.test/');
  const mapping = await interleaved(ROUNDS, { flood: () => timed(scan(flood)), nav: () => timed(scan(nav)) });
  const mp = { floodMs: median(mapping.flood), navMs: median(mapping.nav) };
  console.log(`map anchor scan: 50,000-link flood ${fmt(mp.floodMs, 0)} ms   5,000-link navigation ${fmt(mp.navMs, 0)} ms   ratio ${fmt(mp.floodMs / mp.navMs, 2)}×`);

  writeResult('hostile-pages', {
    extraction: { pageChars: repeated.length, ...ex, ratio: ex.repeatedMs / ex.distinctMs },
    mapScan: { floodChars: flood.length, navChars: nav.length, ...mp, ratio: mp.floodMs / mp.navMs },
  });
}

const mod: BenchModule = { name: 'hostile-pages', run };
export default mod;

if (import.meta.url === `file://${process.argv[1]}`) await run();
