// Pages whose main content is a run of items: collections (category pages, blog archives) and listings (search
// results, job boards, directories, property and event listings). The main content is the page heading, its intro
// and every item — name, the facts shown with it (price, place, date, salary) and its one-line description.
// Facet filters with counts, sort bars, pagination, "save this search" boxes, banners and footers are chrome.
import { BASE_CSS, cookieBanner, footer, jsonLd, scripts, simpleNav, styleBlock, topBar, words, type Lang, type Scheme } from './chrome.ts';
import { doc, esc, hashed, inline, md2html, seeded, slug, type PageSpec, type Rand } from './lib.ts';

/** name, facts (joined by " · " in expected.md), one-line description (may be empty). */
export type Item = [string, string, string];

export interface ItemPage {
  id: string;
  lang: Lang;
  site: string;
  title: string;
  intro: string;
  items: Item[];
}

export type Layout = 'cards' | 'list' | 'table' | 'articles' | 'soup';

export interface ItemPageStyle {
  scheme: Scheme;
  layout: Layout;
  nav: string[];
  /** Filter groups in a sidebar: [group, values]. Counts are generated. */
  facets?: Array<[string, string[]]>;
  /** Class names of a named engine for the item and list wrapper (override the scheme's). */
  itemClass?: string;
  listClass?: string;
  /** Base path of item links. */
  path: string;
  cookie?: boolean;
  /** Extra chrome placed between the intro and the items (a promo banner) and after them. */
  promo?: string;
  after?: string;
  bodyAttrs?: string;
  resultCount?: string;
}

export function expectedOfItems(p: ItemPage): string {
  const items = p.items.map(([name, facts, line]) => [`### ${name}`, facts, line].filter(Boolean).join('\n\n'));
  return [`# ${p.title}`, p.intro.trim(), ...items].filter(Boolean).join('\n\n') + '\n';
}

const PAGINATION: Record<Lang, [string, string]> = { en: ['Previous', 'Next'], de: ['Zurück', 'Weiter'], fr: ['Précédent', 'Suivant'], es: ['Anterior', 'Siguiente'] };
const SORT: Record<Lang, string> = { en: 'Sort by', de: 'Sortieren nach', fr: 'Trier par', es: 'Ordenar por' };
const FILTER: Record<Lang, string> = { en: 'Filter', de: 'Filtern', fr: 'Filtrer', es: 'Filtrar' };

function c(s: ItemPageStyle, block: string, el: string, utility: string): string {
  switch (s.scheme) {
    case 'bem':
      return ` class="${block}__${el}"`;
    case 'utility':
      return ` class="${utility}"`;
    case 'hashed':
      return ` class="${hashed(block.replace(/(^|-)(\w)/g, (_, __, x: string) => x.toUpperCase()), el)}"`;
    case 'bare':
      return '';
  }
}

function itemHtml(s: ItemPageStyle, lang: Lang, [name, facts, line]: Item, i: number): string {
  const href = `${s.path}${slug(name)}${s.path.endsWith('=') ? '' : '/'}`;
  const ic = s.itemClass ? ` class="${s.itemClass}"` : c(s, 'result', 'item', 'group relative rounded-lg border p-4 hover:shadow');
  const factHtml = facts
    .split(' · ')
    .map((f) => `<span${c(s, 'result', 'fact', 'text-sm text-gray-600')}>${esc(f)}</span>`)
    .join(s.scheme === 'bare' ? ' | ' : '\n');
  const img = `<img src="/media/${slug(name).slice(0, 24)}.jpg" alt="" loading="lazy" width="320" height="240"${c(s, 'result', 'image', 'aspect-[4/3] w-full object-cover')}>`;
  const save = `<button type="button" aria-label="Save"${c(s, 'result', 'save', 'absolute right-3 top-3')}>♡</button>`;
  switch (s.layout) {
    case 'cards':
      return `<li${ic} data-position="${i + 1}"><a href="${href}"${c(s, 'result', 'link', 'block')}>${img}<h3${c(s, 'result', 'title', 'mt-3 font-semibold')}>${esc(name)}</h3></a><div${c(s, 'result', 'facts', 'mt-1 flex gap-2')}>${factHtml}</div>${line ? `<p${c(s, 'result', 'description', 'mt-2 text-sm')}>${inline(line)}</p>` : ''}${save}</li>`;
    case 'list':
      return `<li${ic}><div${c(s, 'result', 'body', 'flex-1')}><h2${c(s, 'result', 'title', 'text-lg font-semibold text-blue-800')}><a href="${href}">${esc(name)}</a></h2><div${c(s, 'result', 'facts', 'flex flex-wrap gap-3')}>${factHtml}</div>${line ? `<p${c(s, 'result', 'description', 'mt-1 text-gray-700')}>${inline(line)}</p>` : ''}</div>${save}</li>`;
    case 'articles':
      return `<article${ic}><header><h2${c(s, 'result', 'title', 'text-2xl font-bold')}><a href="${href}" rel="bookmark">${esc(name)}</a></h2><div${c(s, 'result', 'meta', 'text-sm text-gray-500')}>${factHtml}</div></header>${line ? `<div${c(s, 'result', 'excerpt', 'prose')}><p>${inline(line)}</p></div>` : ''}<a href="${href}"${c(s, 'result', 'more', 'text-sm')}>${esc(words(lang).readMore)}<span class="screen-reader-text"> "${esc(name)}"</span></a></article>`;
    case 'table':
      return `<tr${ic}><td><a href="${href}"><b>${esc(name)}</b></a>${line ? `<br><small>${inline(line)}</small>` : ''}</td>${facts
        .split(' · ')
        .map((f) => `<td>${esc(f)}</td>`)
        .join('')}</tr>`;
    case 'soup':
      return `<div${ic}><div><a href="${href}"><span style="font-weight:bold">${esc(name)}</span></a></div><div>${factHtml}</div>${line ? `<div>${inline(line)}</div>` : ''}</div>`;
  }
}

function facetsHtml(r: Rand, p: ItemPage, s: ItemPageStyle): string {
  if (!s.facets) return '';
  return `<aside${c(s, 'filters', 'root', 'w-64 shrink-0')} aria-label="${FILTER[p.lang]}"><h2${c(s, 'filters', 'title', 'font-semibold')}>${FILTER[p.lang]}</h2>${s.facets
    .map(
      ([g, vs]) =>
        `<details open${c(s, 'filters', 'group', 'border-b py-4')}><summary>${esc(g)}</summary><ul>${vs
          .map((v) => `<li><label><input type="checkbox" name="${slug(g)}" value="${slug(v)}"> <a href="?${slug(g)}=${slug(v)}" rel="nofollow">${esc(v)}</a> <span${c(s, 'filters', 'count', 'text-gray-400')}>(${Math.floor(r() * 60 + 1)})</span></label></li>`)
          .join('')}</ul></details>`,
    )
    .join('')}</aside>`;
}

export function itemPage(p: ItemPage, s: ItemPageStyle, seed: number): string {
  const r = seeded(seed);
  const items = p.items.map((it, i) => itemHtml(s, p.lang, it, i)).join('\n');
  const lc = s.listClass ? ` class="${s.listClass}"` : c(s, 'results', 'list', s.layout === 'cards' ? 'grid grid-cols-2 gap-6 lg:grid-cols-3' : 'divide-y');
  const listing =
    s.layout === 'table'
      ? `<table${lc}><tbody>\n${items}\n</tbody></table>`
      : s.layout === 'articles' || s.layout === 'soup'
        ? `<div${lc}>\n${items}\n</div>`
        : `<ul${lc}>\n${items}\n</ul>`;
  const [prev, next] = PAGINATION[p.lang];
  const pager = `<nav${c(s, 'pagination', 'root', 'mt-10 flex justify-center gap-2')} aria-label="Pagination"><a href="?page=1" rel="prev">${prev}</a>${[1, 2, 3, 4, 5].map((n) => (n === 1 ? `<span aria-current="page">1</span>` : `<a href="?page=${n}">${n}</a>`)).join('')}<span>…</span><a href="?page=12">12</a><a href="?page=2" rel="next">${next}</a></nav>`;
  const toolbar = `<div${c(s, 'toolbar', 'root', 'flex items-center justify-between border-b pb-3')}><p${c(s, 'toolbar', 'count', 'text-sm')}>${esc(s.resultCount ?? `1–${p.items.length} / ${p.items.length * 11}`)}</p><label>${SORT[p.lang]} <select><option>${p.lang === 'en' ? 'Relevance' : p.lang === 'de' ? 'Relevanz' : p.lang === 'fr' ? 'Pertinence' : 'Relevancia'}</option><option>${p.lang === 'en' ? 'Newest' : p.lang === 'de' ? 'Neueste' : p.lang === 'fr' ? 'Plus récents' : 'Más recientes'}</option></select></label></div>`;
  const main = `<main${c(s, 'page', 'main', 'mx-auto max-w-7xl px-4 py-8')} id="main"><nav${c(s, 'breadcrumb', 'root', 'text-sm text-gray-500')} aria-label="Breadcrumb"><a href="/">${p.lang === 'en' ? 'Home' : p.lang === 'de' ? 'Startseite' : p.lang === 'fr' ? 'Accueil' : 'Inicio'}</a> / <span>${esc(p.title)}</span></nav>
<h1${c(s, 'page', 'title', 'mt-4 text-3xl font-bold')}>${esc(p.title)}</h1>
${p.intro ? `<div${c(s, 'page', 'intro', 'mt-3 max-w-3xl text-gray-700')}>${md2html(p.intro)}</div>` : ''}
${s.promo ?? ''}
<div${c(s, 'page', 'layout', 'mt-8 flex gap-10')}>${facetsHtml(r, p, s)}<div${c(s, 'page', 'results', 'flex-1')}>${toolbar}
${listing}
${pager}</div></div>
${s.after ?? ''}
</main>`;
  const body = `${s.cookie ? cookieBanner(p.lang, s.scheme) : ''}
${topBar(r, p.lang, s.scheme, p.site)}
${simpleNav(s.nav, s.scheme)}
${main}
${footer(r, p.lang, s.scheme, p.site, 'site')}`;
  const head = `${styleBlock(BASE_CSS)}${jsonLd({ '@type': 'CollectionPage', name: p.title, mainEntity: { '@type': 'ItemList', numberOfItems: p.items.length } })}${scripts(r)}`;
  return doc({ lang: p.lang, title: `${p.title} | ${p.site}`, head, bodyAttrs: s.bodyAttrs, body });
}

export function itemPages(type: 'collection' | 'listing', defs: Array<[ItemPage, ItemPageStyle, string]>): PageSpec[] {
  return defs.map(([p, s, reproduces], i) => ({ type, id: p.id, lang: p.lang, reproduces, html: itemPage(p, s, 60 + i + (type === 'listing' ? 20 : 0)), expected: expectedOfItems(p) }));
}
