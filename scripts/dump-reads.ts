// Writes Occam's read of every development and corpus page to a directory, one file per page, so two versions of
// the extraction code can be compared byte for byte (`diff -r before/ after/`) when a change is meant to be a pure
// restructuring, or page by page when it is not.
//
//   node scripts/dump-reads.ts <out-dir> [--sets=wcxb-dev,wcxb-dev-sample,trafilatura-eval,pages]
//
// Each file holds one header line (page-state verdict, page type, strategy, chosen candidate, agreement) and then
// the Markdown exactly as extracted. Sets absent from ../shared/corpus (or OCCAM_DATASETS_DIR) are skipped with the
// benches' message; `pages` is the repository's own corpus (test/pages).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findDataset, skipMessage } from '../bench/datasets.ts';
import { loadCorpus, readPage } from '../bench/reading-corpus.ts';
import { loadTrafilatura, loadWcxb, readPageHtml, type SetName } from '../bench/reading-score.ts';
import { extractDocument } from '../src/extract/index.ts';

const DEV_SETS: readonly SetName[] = ['wcxb-dev', 'wcxb-dev-sample', 'trafilatura-eval'];
const ALL_SETS = [...DEV_SETS, 'pages'] as const;

interface DumpPage {
  name: string;
  url: string;
  html: () => string;
}

function pagesOf(set: (typeof ALL_SETS)[number]): DumpPage[] | undefined {
  if (set === 'pages') return loadCorpus().map((p) => ({ name: `pages-${p.type}-${p.id}`, url: p.url, html: () => readPage(p).html }));
  const dir = findDataset(set);
  if (!dir) {
    console.log(skipMessage(set));
    return undefined;
  }
  const refs = set === 'trafilatura-eval' ? loadTrafilatura(dir) : loadWcxb(dir, set);
  return refs.map((r) => ({ name: `${set}-${r.id.replace(/[^\w.-]/g, '_')}`, url: r.url, html: () => readPageHtml(r.file) }));
}

function dumpOne(page: DumpPage): string {
  const r = extractDocument({ html: page.html(), url: page.url });
  const verdict = r.state.ok ? 'ok' : `failed:${r.state.code}`;
  return `<!-- ${verdict} type=${r.pageType} strategy=${r.strategy} candidate=${r.candidate} agreement=${r.agreement.toFixed(4)} -->\n${r.markdown}\n`;
}

const [outDir, ...flags] = process.argv.slice(2);
if (!outDir || outDir.startsWith('--')) {
  console.error('usage: node scripts/dump-reads.ts <out-dir> [--sets=a,b]');
  process.exit(2);
}
const setsFlag = flags.find((f) => f.startsWith('--sets='))?.slice('--sets='.length);
const sets = setsFlag ? ALL_SETS.filter((s) => setsFlag.split(',').includes(s)) : ALL_SETS;
mkdirSync(outDir, { recursive: true });
for (const set of sets) {
  const pages = pagesOf(set);
  if (!pages) continue;
  for (const page of pages) writeFileSync(join(outDir, `${page.name}.md`), dumpOne(page));
  console.log(`${set}: ${pages.length} pages`);
}
