import { parseHtml, SelectorIndex } from '../../src/extract/dom.ts';
import { removeHiddenText } from '../../src/extract/visibility.ts';
import { readPageHtml } from '../../bench/reading-score.ts';
const f = process.argv[2] ?? '2218';
const html = readPageHtml(`/work/shared/corpus/wcxb-dev/html/${f}.html.gz`);
for (let k = 0; k < 5; k++) {
  const doc = parseHtml(html);
  const sel = new SelectorIndex(doc);
  const t = performance.now();
  const r = removeHiddenText(doc, { pageType: 'article', selectors: sel });
  console.log((performance.now() - t).toFixed(1), r.removedElements, r.samples.map((x) => x.reason + ':' + x.text.slice(0, 50)));
}
