// Writes the generated part of the page corpus: test/pages/<type>/<id>/{page.html, expected.md, PROVENANCE.md}.
//
//   node test/pages/generate/generate.ts           write every generated page
//   node test/pages/generate/generate.ts --check   exit 1 when a committed page differs from what would be written
//
// Deterministic (seeded RNG, no clock): running it twice writes the same bytes. Hand-written page folders (no
// `generated:` line in their PROVENANCE.md) are never touched.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageSpec } from './lib.ts';
import { pages as articles } from './articles.ts';
import { pages as forums } from './forums.ts';
import { pages as products } from './products.ts';
import { pages as collections } from './collections.ts';
import { pages as listings } from './listings.ts';
import { pages as docs } from './docs.ts';
import { pages as services } from './services.ts';

export const PAGES_DIR = join(import.meta.dirname, '..');
/** A page outside this size range is not realistic for its kind (the corpus README states it). */
export const PAGE_BYTES_MIN = 5_000;
export const PAGE_BYTES_MAX = 60_000;

export const ALL_PAGES: PageSpec[] = [...articles, ...forums, ...products, ...collections, ...listings, ...docs, ...services];

const LANGUAGE: Record<string, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish' };

function provenance(p: PageSpec): string {
  return `# ${p.type}/${p.id}

- **what it reproduces:** ${p.reproduces}
- **language:** ${LANGUAGE[p.lang] ?? p.lang}
- **provenance:** written for the Occam project. The main content is original text written for this corpus (no
  real site's text is copied); the markup follows common real-world patterns of the engine or site family named
  above; menus, rails, cards and footers are generated from phrase lists.
- **generated:** \`test/pages/generate/generate.ts\` — edit the source there and regenerate, never this folder by hand.
- **expected.md:** the main content a careful human reader keeps, as Markdown.
- **licence:** MIT, as the rest of the repository.
`;
}

export function filesOf(p: PageSpec): Record<string, string> {
  return { 'page.html': p.html, 'expected.md': p.expected, 'PROVENANCE.md': provenance(p) };
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of ALL_PAGES) {
    const key = `${p.type}/${p.id}`;
    if (seen.has(key)) problems.push(`${key}: duplicate id`);
    seen.add(key);
    const bytes = Buffer.byteLength(p.html);
    if (bytes < PAGE_BYTES_MIN || bytes > PAGE_BYTES_MAX) problems.push(`${key}: page.html is ${bytes} bytes, outside ${PAGE_BYTES_MIN}–${PAGE_BYTES_MAX}`);
    const dir = join(PAGES_DIR, p.type, p.id);
    for (const [name, text] of Object.entries(filesOf(p))) {
      const file = join(dir, name);
      if (check) {
        if (!existsSync(file) || readFileSync(file, 'utf8') !== text) problems.push(`${key}/${name}: differs from the generator's output`);
      } else {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, text);
      }
    }
  }
  for (const x of problems) console.error(x);
  if (!check) console.log(`wrote ${ALL_PAGES.length} pages under ${PAGES_DIR}`);
  process.exit(problems.length ? 1 : 0);
}
