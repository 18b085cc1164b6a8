// Documentation pages: Sphinx (¶ header links, py:function signatures, highlight-<lang> wrappers), MkDocs
// Material, Docusaurus, Javadoc-like reference, a GitHub README and a REST API reference. The main content is the
// page's text, headings, signatures, lists, tables and code; sidebars, tables of contents, version pickers,
// "Edit this page", previous/next links, copy buttons and ¶ / # permalink markers are chrome.
import { BASE_CSS, cookieBanner, jsonLd, scripts, styleBlock } from './chrome.ts';
import { doc, esc, expectedBody, hashed, parseBlocks, plainInline, renderBlocks, seeded, slug, type PageSpec, type Theme } from './lib.ts';

interface DocPage {
  id: string;
  lang: 'en' | 'de' | 'fr' | 'es';
  site: string;
  title: string;
  body: string;
  /** Sidebar entries (chrome). */
  nav: string[];
}

const expectedOf = (d: DocPage): string => `# ${d.title}\n\n${expectedBody(d.body)}\n`;

/** One pass over the escaped code, so a later rule never rewrites the markup an earlier one inserted. */
const TOKEN = /(&quot;[^&\n]*&quot;|'[^'\n]*')|\b(def|return|import|from|class|if|else|for|in|with|as|None|True|False|const|let|await|async|function|new|public|private|static|void|int|long|throws)\b|(#[^\n]*$)/gm;
function tokens(code: string): string {
  return esc(code).replace(TOKEN, (_m, str?: string, kw?: string, comment?: string) =>
    str ? `<span class="s2">${str}</span>` : kw ? `<span class="k">${kw}</span>` : `<span class="c1">${comment}</span>`,
  );
}

function headerlinkHeading(title: string): Theme['heading'] {
  return (l, h, t) => `<h${l} id="${slug(t)}">${h}<a class="headerlink" href="#${slug(t)}" title="${title}">¶</a></h${l}>`;
}

function sphinxSig(sig: string, body: string): string {
  const m = sig.match(/^([\w.]*\.)?(\w+)\((.*)\)(.*)$/);
  if (!m) return `<dl class="py data"><dt class="sig sig-object py"><span class="sig-name descname"><span class="pre">${esc(sig)}</span></span></dt><dd>${body}</dd></dl>`;
  const [, pre = '', name, params, rest] = m;
  const id = `${pre}${name}`;
  const ps = params
    .split(/,\s*/)
    .filter(Boolean)
    .map((p) => (p === '*' || p === '/' ? `<span class="o"><span class="pre">${p}</span></span>` : `<em class="sig-param"><span class="n"><span class="pre">${esc(p)}</span></span></em>`))
    .join(', ');
  return `<dl class="py ${pre ? 'function' : 'method'}"><dt class="sig sig-object py" id="${esc(id)}">${pre ? `<span class="sig-prename descclassname"><span class="pre">${esc(pre)}</span></span>` : ''}<span class="sig-name descname"><span class="pre">${esc(name)}</span></span><span class="sig-paren">(</span>${ps}<span class="sig-paren">)</span>${esc(rest)}<a class="headerlink" href="#${esc(id)}" title="Link to this definition">¶</a></dt><dd>${body}</dd></dl>`;
}

const admonition = (h: string): string => {
  const m = h.match(/^<strong>([^<:]+):?<\/strong>:?\s*(.*)$/s);
  return m ? `<div class="admonition ${slug(m[1])}"><p class="admonition-title">${m[1]}</p><p>${m[2]}</p></div>` : `<blockquote><div><p>${h}</p></div></blockquote>`;
};

function sphinx(d: DocPage, flavour: 'furo' | 'rtd'): string {
  const r = seeded(71);
  const theme: Theme = {
    heading: headerlinkHeading('Link to this heading'),
    code: (lang, code) => `<div class="highlight-${lang || 'default'} notranslate"><div class="highlight"><pre><span></span>${tokens(code)}</pre></div></div>`,
    sig: sphinxSig,
    quote: admonition,
    table: (hd, rows) => `<table class="docutils align-default"><thead><tr class="row-odd">${hd.map((x) => `<th class="head"><p>${x}</p></th>`).join('')}</tr></thead><tbody>${rows.map((row, i) => `<tr class="row-${i % 2 ? 'odd' : 'even'}">${row.map((x) => `<td><p>${x}</p></td>`).join('')}</tr>`).join('')}</tbody></table>`,
  };
  const content = `<section id="${slug(d.title)}"><h1>${esc(d.title)}<a class="headerlink" href="#${slug(d.title)}" title="Link to this heading">¶</a></h1>\n${renderBlocks(parseBlocks(d.body), theme)}\n</section>`;
  const toc = parseBlocks(d.body)
    .filter((b) => b.kind === 'heading')
    .map((b) => (b.kind === 'heading' ? `<li><a class="reference internal" href="#${slug(b.text)}">${esc(plainInline(b.text))}</a></li>` : ''))
    .join('');
  const navList = d.nav.map((x, i) => `<li class="toctree-l1${x === d.title ? ' current current-page' : ''}"><a class="reference internal" href="${slug(x)}.html">${esc(x)}</a>${i === 1 ? '<ul><li class="toctree-l2"><a href="#">Overview</a></li><li class="toctree-l2"><a href="#">Examples</a></li></ul>' : ''}</li>`).join('');
  const [prevL, nextL, srcL, searchL] = d.lang === 'fr' ? ['Précédent', 'Suivant', 'Afficher la source', 'Recherche rapide'] : ['Previous', 'Next', 'Show Source', 'Quick search'];
  const body =
    flavour === 'furo'
      ? `<div class="page"><aside class="sidebar-drawer"><div class="sidebar-container"><div class="sidebar-sticky"><a class="sidebar-brand" href="index.html"><span class="sidebar-brand-text">${esc(d.site)}</span></a><form class="sidebar-search-container" method="get" action="search.html" role="search"><input class="sidebar-search" placeholder="Search" name="q" aria-label="Search"></form><div class="sidebar-scroll"><div class="sidebar-tree"><p class="caption" role="heading"><span class="caption-text">Reference</span></p><ul class="current">${navList}</ul></div></div></div></div></aside>
<div class="main"><div class="content"><div class="article-container"><a href="#" class="back-to-top muted-link"><span>Back to top</span></a><div class="content-icon-container"><div class="edit-this-page"><a class="muted-link" href="https://git.example/edit/main/docs/${d.id}.rst" title="Edit this page">Edit this page</a></div><div class="view-this-page"><a class="muted-link" href="_sources/${d.id}.rst.txt" title="View this page">View this page</a></div></div>
<article role="main" id="furo-main-content">
${content}
</article></div>
<footer><div class="related-pages"><a class="next-page" href="next.html"><div class="page-info"><div class="context"><span>${nextL}</span></div><div class="title">${esc(d.nav[d.nav.length - 1])}</div></div></a><a class="prev-page" href="prev.html"><div class="page-info"><div class="context"><span>${prevL}</span></div><div class="title">${esc(d.nav[0])}</div></div></a></div><div class="bottom-of-page"><div class="left-details"><div class="copyright">Copyright &#169; 2025, ${esc(d.site)} contributors</div>Made with <a href="https://www.sphinx-doc.org/">Sphinx</a> and <a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>'s <a href="https://github.com/pradyunsg/furo">Furo</a></div></div></footer></div>
<aside class="toc-drawer"><div class="toc-sticky toc-scroll"><div class="toc-title-container"><span class="toc-title">On this page</span></div><div class="toc-tree-container"><div class="toc-tree"><ul><li><a class="reference internal" href="#">${esc(d.title)}</a><ul>${toc}</ul></li></ul></div></div></div></aside></div></div>`
      : `<div class="wy-grid-for-nav"><nav data-toggle="wy-nav-shift" class="wy-nav-side"><div class="wy-side-scroll"><div class="wy-side-nav-search"><a href="index.html" class="icon icon-home">${esc(d.site)}</a><div class="version">2.4</div><div role="search"><form id="rtd-search-form" class="wy-form" action="search.html" method="get"><input type="text" name="q" placeholder="${searchL}" aria-label="${searchL}"></form></div></div><div class="wy-menu wy-menu-vertical" data-spy="affix" role="navigation" aria-label="Navigation menu"><p class="caption" role="heading"><span class="caption-text">Contents</span></p><ul class="current">${navList}</ul></div></div></nav>
<section data-toggle="wy-nav-shift" class="wy-nav-content-wrap"><nav class="wy-nav-top" aria-label="Mobile navigation menu"><i data-toggle="wy-nav-top" class="fa fa-bars"></i><a href="index.html">${esc(d.site)}</a></nav><div class="wy-nav-content"><div class="rst-content"><div role="navigation" aria-label="Page navigation"><ul class="wy-breadcrumbs"><li><a href="index.html" class="icon icon-home" aria-label="Home"></a></li><li class="breadcrumb-item active">${esc(d.title)}</li><li class="wy-breadcrumbs-aside"><a href="_sources/${d.id}.rst.txt" rel="nofollow"> ${srcL}</a></li></ul><hr></div>
<div role="main" class="document" itemscope="itemscope" itemtype="http://schema.org/Article"><div itemprop="articleBody">
${content}
</div></div>
<footer><div class="rst-footer-buttons" role="navigation" aria-label="Footer"><a href="prev.html" class="btn btn-neutral float-left" title="${esc(d.nav[0])}" accesskey="p" rel="prev"><span class="fa fa-arrow-circle-left" aria-hidden="true"></span> ${prevL}</a><a href="next.html" class="btn btn-neutral float-right" title="${esc(d.nav[d.nav.length - 1])}" accesskey="n" rel="next">${nextL} <span class="fa fa-arrow-circle-right" aria-hidden="true"></span></a></div><hr><div role="contentinfo"><p>&#169; Copyright 2025, ${esc(d.site)}.</p></div>Built with <a href="https://www.sphinx-doc.org/">Sphinx</a> using a <a href="https://github.com/readthedocs/sphinx_rtd_theme">theme</a> provided by <a href="https://readthedocs.org">Read the Docs</a>.</footer></div></div></section></div>`;
  return doc({ lang: d.lang, title: `${d.title} — ${d.site} documentation`, head: `${styleBlock(BASE_CSS)}<meta name="generator" content="Sphinx 8.1.3">${scripts(r)}`, bodyAttrs: flavour === 'rtd' ? 'class="wy-body-for-nav"' : '', body });
}

function mkdocsMaterial(d: DocPage): string {
  const r = seeded(72);
  let block = 0;
  const theme: Theme = {
    heading: headerlinkHeading('Permanent link'),
    quote: admonition,
    code: (lang, code) => {
      const n = block++;
      return `<div class="language-${lang || 'text'} highlight"><pre><span></span><code>${code
        .split('\n')
        .map((l, i) => `<span id="__span-${n}-${i + 1}"><a id="__codelineno-${n}-${i + 1}" name="__codelineno-${n}-${i + 1}" href="#__codelineno-${n}-${i + 1}"></a>${tokens(l)}\n</span>`)
        .join('')}</code></pre></div>`;
    },
  };
  const toc = parseBlocks(d.body)
    .filter((b) => b.kind === 'heading')
    .map((b) => (b.kind === 'heading' ? `<li class="md-nav__item"><a href="#${slug(b.text)}" class="md-nav__link"><span class="md-ellipsis">${esc(plainInline(b.text))}</span></a></li>` : ''))
    .join('');
  const [tocL, prevL, nextL] = d.lang === 'de' ? ['Inhaltsverzeichnis', 'Zurück', 'Weiter'] : ['Table of contents', 'Previous', 'Next'];
  const body = `<input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off"><input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off"><label class="md-overlay" for="__drawer"></label><div data-md-component="skip"><a href="#${slug(d.title)}" class="md-skip">${d.lang === 'de' ? 'Zum Inhalt' : 'Skip to content'}</a></div>
<header class="md-header md-header--shadow" data-md-component="header"><nav class="md-header__inner md-grid" aria-label="Header"><a href="." title="${esc(d.site)}" class="md-header__button md-logo" aria-label="${esc(d.site)}" data-md-component="logo"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 8a3 3 0 0 0 3-3 3 3 0 0 0-3-3 3 3 0 0 0-3 3 3 3 0 0 0 3 3"></path></svg></a><div class="md-header__title" data-md-component="header-title"><div class="md-header__ellipsis"><div class="md-header__topic"><span class="md-ellipsis">${esc(d.site)}</span></div><div class="md-header__topic" data-md-component="header-topic"><span class="md-ellipsis">${esc(d.title)}</span></div></div></div><form class="md-header__option" data-md-component="palette"><input class="md-option" data-md-color-media="" data-md-color-scheme="default" type="radio" name="__palette" id="__palette_0"><label class="md-header__button md-icon" title="Switch to dark mode" for="__palette_1"></label></form><div class="md-search" data-md-component="search" role="dialog"><label class="md-search__overlay" for="__search"></label><div class="md-search__inner" role="search"><form class="md-search__form" name="search"><input type="text" class="md-search__input" name="query" aria-label="Search" placeholder="Search" autocapitalize="off" autocorrect="off" autocomplete="off" spellcheck="false" data-md-component="search-query" required></form></div></div><div class="md-header__source"><a href="https://git.example/${slug(d.site)}" title="Go to repository" class="md-source" data-md-component="source"><div class="md-source__repository">${slug(d.site)}/${slug(d.site)}</div></a></div></nav></header>
<div class="md-container" data-md-component="container"><nav class="md-tabs" aria-label="Tabs" data-md-component="tabs"><div class="md-grid"><ul class="md-tabs__list">${d.nav.slice(0, 4).map((x) => `<li class="md-tabs__item"><a href="${slug(x)}/" class="md-tabs__link">${esc(x)}</a></li>`).join('')}</ul></div></nav>
<main class="md-main" data-md-component="main"><div class="md-main__inner md-grid"><div class="md-sidebar md-sidebar--primary" data-md-component="sidebar" data-md-type="navigation"><div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner"><nav class="md-nav md-nav--primary" aria-label="Navigation" data-md-level="0"><label class="md-nav__title" for="__drawer">${esc(d.site)}</label><ul class="md-nav__list" data-md-scrollfix>${d.nav.map((x) => `<li class="md-nav__item${x === d.title ? ' md-nav__item--active' : ''}"><a href="${slug(x)}/" class="md-nav__link"><span class="md-ellipsis">${esc(x)}</span></a></li>`).join('')}</ul></nav></div></div></div>
<div class="md-sidebar md-sidebar--secondary" data-md-component="sidebar" data-md-type="toc"><div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner"><nav class="md-nav md-nav--secondary" aria-label="${tocL}"><label class="md-nav__title" for="__toc"><span class="md-nav__icon md-icon"></span>${tocL}</label><ul class="md-nav__list" data-md-component="toc" data-md-scrollfix>${toc}</ul></nav></div></div></div>
<div class="md-content" data-md-component="content"><article class="md-content__inner md-typeset"><a href="https://git.example/${slug(d.site)}/edit/main/docs/${d.id}.md" title="${d.lang === 'de' ? 'Seite bearbeiten' : 'Edit this page'}" class="md-content__button md-icon"><svg viewBox="0 0 24 24"></svg></a>
<h1 id="${slug(d.title)}">${esc(d.title)}<a class="headerlink" href="#${slug(d.title)}" title="Permanent link">¶</a></h1>
${renderBlocks(parseBlocks(d.body), theme)}
<aside class="md-source-file"><span class="md-source-file__fact"><span class="md-icon" title="${d.lang === 'de' ? 'Letztes Update' : 'Last update'}"></span><span class="git-revision-date-localized-plugin git-revision-date-localized-plugin-date">${d.lang === 'de' ? '12. Mai 2025' : 'May 12, 2025'}</span></span></aside>
<form class="md-feedback" name="feedback" hidden><fieldset><legend class="md-feedback__title">${d.lang === 'de' ? 'War diese Seite hilfreich?' : 'Was this page helpful?'}</legend><div class="md-feedback__inner"><div class="md-feedback__list"><button class="md-feedback__icon md-icon" type="submit" title="Yes" data-md-value="1"></button><button class="md-feedback__icon md-icon" type="submit" title="No" data-md-value="0"></button></div></div></fieldset></form></article></div></div>
<button type="button" class="md-top md-icon" data-md-component="top" hidden>${d.lang === 'de' ? 'Zurück zum Seitenanfang' : 'Back to top'}</button></main>
<footer class="md-footer"><nav class="md-footer__inner md-grid" aria-label="Footer"><a href="../" class="md-footer__link md-footer__link--prev" aria-label="${prevL}: ${esc(d.nav[0])}"><div class="md-footer__title"><span class="md-footer__direction">${prevL}</span><div class="md-ellipsis">${esc(d.nav[0])}</div></div></a><a href="../next/" class="md-footer__link md-footer__link--next" aria-label="${nextL}: ${esc(d.nav[d.nav.length - 1])}"><div class="md-footer__title"><span class="md-footer__direction">${nextL}</span><div class="md-ellipsis">${esc(d.nav[d.nav.length - 1])}</div></div></a></nav><div class="md-footer-meta md-typeset"><div class="md-footer-meta__inner md-grid"><div class="md-copyright">Made with <a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">Material for MkDocs</a></div></div></div></footer></div>`;
  return doc({ lang: d.lang, title: `${d.title} - ${d.site}`, head: `${styleBlock(BASE_CSS)}<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.40">${scripts(r)}`, bodyAttrs: 'dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo"', body });
}

function docusaurus(d: DocPage): string {
  const r = seeded(73);
  const theme: Theme = {
    heading: (l, h, t) => `<h${l} class="anchor anchorWithStickyNavbar_LWe7" id="${slug(t)}">${h}<a href="#${slug(t)}" class="hash-link" aria-label="Direct link to ${esc(t)}" title="Direct link to ${esc(t)}">&#8203;</a></h${l}>`,
    code: (lang, code) => `<div class="language-${lang} codeBlockContainer_Ckt0 theme-code-block" style="--prism-color:#393A34;--prism-background-color:#f6f8fa"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-${lang} codeBlock_bY9V thin-scrollbar" style="color:#393A34;background-color:#f6f8fa"><code class="codeBlockLines_e6Vv">${esc(code)
      .split('\n')
      .map((l) => `<span class="token-line" style="color:#393A34"><span class="token plain">${l}</span><br></span>`)
      .join('')}</code></pre><div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn"><span class="copyButtonIcons_eSgA" aria-hidden="true"><svg viewBox="0 0 24 24" class="copyButtonIcon_y97N"></svg></span></button></div></div></div>`,
    quote: (h) => {
      const m = h.match(/^<strong>([^<:]+):?<\/strong>:?\s*(.*)$/s);
      return `<div class="theme-admonition theme-admonition-${m ? slug(m[1]) : 'note'} admonition_xJq3 alert alert--info"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg viewBox="0 0 14 16"></svg></span>${m ? m[1] : 'note'}</div><div class="admonitionContent_BuS1"><p>${m ? m[2] : h}</p></div></div>`;
    },
    table: (hd, rows) => `<table><thead><tr>${hd.map((x) => `<th>${x}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map((x) => `<td>${x}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
  };
  const toc = parseBlocks(d.body)
    .filter((b) => b.kind === 'heading')
    .map((b) => (b.kind === 'heading' ? `<li><a href="#${slug(b.text)}" class="table-of-contents__link toc-highlight">${esc(plainInline(b.text))}</a></li>` : ''))
    .join('');
  const [editL, prevL, nextL, onPage] = d.lang === 'es' ? ['Editar esta página', 'Anterior', 'Siguiente', 'En esta página'] : ['Edit this page', 'Previous', 'Next', 'On this page'];
  const body = `<div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><a class="navbar__brand" href="/"><b class="navbar__title text--truncate">${esc(d.site)}</b></a><a aria-current="page" class="navbar__item navbar__link navbar__link--active" href="/docs/intro">Docs</a><a class="navbar__item navbar__link" href="/blog">Blog</a><div class="navbar__item dropdown dropdown--hoverable"><a class="navbar__link" aria-haspopup="true" aria-expanded="false" role="button" href="/docs/intro">v3.2</a><ul class="dropdown__menu"><li><a class="dropdown__link" href="/docs/next/intro">Next</a></li><li><a class="dropdown__link" href="/docs/3.1/intro">3.1</a></li></ul></div></div><div class="navbar__items navbar__items--right"><a href="https://git.example/${slug(d.site)}" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link">GitHub</a><div class="navbarSearchContainer_Bca1"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search"><span class="DocSearch-Button-Placeholder">Search</span><span class="DocSearch-Button-Keys"><kbd class="DocSearch-Button-Key">⌘</kbd><kbd class="DocSearch-Button-Key">K</kbd></span></button></div></div></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><div class="docRoot_UBD9"><aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><div class="sidebar_njMd"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">${d.nav.map((x) => `<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-1 menu__list-item"><a class="menu__link${x === d.title ? ' menu__link--active' : ''}" href="/docs/${slug(x)}">${esc(x)}</a></li>`).join('')}</ul></nav></div></div></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs" itemscope itemtype="https://schema.org/BreadcrumbList"><li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/">🏠</a></li><li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link" itemprop="name">${esc(d.title)}</span></li></ul></nav>
<div class="tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">${onPage}</button></div>
<div class="theme-doc-markdown markdown"><header><h1>${esc(d.title)}</h1></header>
${renderBlocks(parseBlocks(d.body), theme)}
</div>
<footer class="theme-doc-footer docusaurus-mt-lg"><div class="row margin-top--sm theme-doc-footer-edit-meta-row"><div class="col"><a href="https://git.example/${slug(d.site)}/edit/main/docs/${d.id}.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page"><svg fill="currentColor" height="20" width="20" viewBox="0 0 40 40" class="iconEdit_Z9Sw" aria-hidden="true"></svg>${editL}</a></div><div class="col lastUpdated_JAkA"><span class="theme-last-updated">Last updated on <b><time datetime="2025-05-02T00:00:00.000Z">May 2, 2025</time></b></span></div></div></footer></article>
<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link pagination-nav__link--prev" href="/docs/${slug(d.nav[0])}"><div class="pagination-nav__sublabel">${prevL}</div><div class="pagination-nav__label">${esc(d.nav[0])}</div></a><a class="pagination-nav__link pagination-nav__link--next" href="/docs/${slug(d.nav[d.nav.length - 1])}"><div class="pagination-nav__sublabel">${nextL}</div><div class="pagination-nav__label">${esc(d.nav[d.nav.length - 1])}</div></a></nav></div></div>
<div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border">${toc}</ul></div></div></div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="row footer__links"><div class="col footer__col"><div class="footer__title">Docs</div><ul class="footer__items clean-list"><li class="footer__item"><a class="footer__link-item" href="/docs/intro">Tutorial</a></li></ul></div><div class="col footer__col"><div class="footer__title">Community</div><ul class="footer__items clean-list"><li class="footer__item"><a href="https://chat.example" class="footer__link-item">Discord</a></li><li class="footer__item"><a href="https://forum.example" class="footer__link-item">Forum</a></li></ul></div></div><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2025 ${esc(d.site)}. Built with Docusaurus.</div></div></div></footer></div>`;
  return doc({ lang: d.lang, title: `${d.title} | ${d.site}`, head: `${styleBlock(BASE_CSS)}<meta name="generator" content="Docusaurus v3.7.0">${scripts(r)}`, bodyAttrs: 'class="navigation-with-keyboard"', body });
}

function javadoc(d: DocPage): string {
  const r = seeded(74);
  const theme: Theme = {
    sig: (sig, body) => {
      const name = sig.match(/(\w+)\(/)?.[1] ?? sig;
      return `<section class="detail" id="${esc(name)}(int)"><h3>${esc(name)}</h3><div class="member-signature"><span class="modifiers">${esc(sig.replace(/\s*\w+\(.*$/, '').replace(/\s\S+$/, ''))}</span>&nbsp;<span class="return-type">${esc(sig.match(/(\S+)\s+\w+\(/)?.[1] ?? '')}</span>&nbsp;<span class="element-name">${esc(name)}</span><wbr><span class="parameters">${esc(sig.slice(sig.indexOf('(')))}</span></div>${body.replace(/<p>/g, '<div class="block">').replace(/<\/p>/g, '</div>')}</section>`;
    },
    heading: (l, h, t) => `<h${l} id="${slug(t)}">${h}</h${l}>`,
    code: (_l, code) => `<pre><code>${esc(code)}</code></pre>`,
    table: (hd, rows) => `<div class="summary-table three-column-summary">${hd.map((x, i) => `<div class="table-header col-${['first', 'second', 'last'][i] ?? 'last'}">${x}</div>`).join('')}${rows.map((row, j) => row.map((x, i) => `<div class="col-${['first', 'second', 'last'][i] ?? 'last'} ${j % 2 ? 'odd' : 'even'}-row-color method-summary-table">${i === 1 ? `<code>${x}</code>` : x}</div>`).join('')).join('')}</div>`,
  };
  const body = `<div class="flex-box"><header role="banner" class="flex-header"><nav role="navigation"><div class="top-nav" id="navbar-top"><div class="skip-nav"><a href="#skip-navbar-top" title="Skip navigation links">Skip navigation links</a></div><ul id="navbar-top-firstrow" class="nav-list" title="Navigation"><li><a href="../../../index.html">Overview</a></li><li><a href="package-summary.html">Package</a></li><li class="nav-bar-cell1-rev">Class</li><li><a href="class-use/RateLimiter.html">Use</a></li><li><a href="package-tree.html">Tree</a></li><li><a href="../../../deprecated-list.html">Deprecated</a></li><li><a href="../../../index-all.html">Index</a></li><li><a href="../../../help-doc.html#class">Help</a></li></ul></div><div class="sub-nav"><div><ul class="sub-nav-list"><li>Summary:&nbsp;</li><li>Nested&nbsp;|&nbsp;</li><li>Field&nbsp;|&nbsp;</li><li><a href="#constructor-summary">Constr</a>&nbsp;|&nbsp;</li><li><a href="#method-summary">Method</a></li></ul><ul class="sub-nav-list"><li>Detail:&nbsp;</li><li>Field&nbsp;|&nbsp;</li><li><a href="#constructor-detail">Constr</a>&nbsp;|&nbsp;</li><li><a href="#method-detail">Method</a></li></ul></div><div class="nav-list-search"><label for="search-input">SEARCH:</label><input type="text" id="search-input" value="search" disabled="disabled"><input type="reset" id="reset-button" value="reset" disabled="disabled"></div></div><span class="skip-nav" id="skip-navbar-top"></span></nav></header>
<div class="flex-content"><main role="main"><div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;<a href="package-summary.html">org.tidewater.throttle</a></div><h1 title="Class RateLimiter" class="title">${esc(d.title)}</h1></div>
<div class="inheritance" title="Inheritance Tree"><a href="https://docs.example/java/lang/Object.html" class="external-link">java.lang.Object</a><div class="inheritance">org.tidewater.throttle.RateLimiter</div></div>
<section class="class-description" id="class-description"><dl class="notes"><dt>All Implemented Interfaces:</dt><dd><code>AutoCloseable</code></dd></dl><hr><div class="type-signature"><span class="modifiers">public final class </span><span class="element-name type-name-label">RateLimiter</span><span class="extends-implements">extends Object implements AutoCloseable</span></div>
${renderBlocks(parseBlocks(d.body), theme)}
</section></main>
<footer role="contentinfo"><hr><p class="legal-copy"><small>Copyright &#169; 2025 Tidewater Labs. All rights reserved. <a href="../../../legal/notice.html">Use is subject to license terms.</a></small></p></footer></div></div>`;
  return doc({ lang: d.lang, title: `RateLimiter (tidewater-throttle 2.1.0 API)`, head: `<meta name="generator" content="javadoc/ClassWriterImpl"><meta name="description" content="declaration: package: org.tidewater.throttle, class: RateLimiter"><link rel="stylesheet" type="text/css" href="../../../stylesheet.css" title="Style"><script type="text/javascript" src="../../../script.js"></script>${scripts(r)}`, bodyAttrs: 'class="class-declaration-page"', body });
}

function githubReadme(d: DocPage): string {
  const r = seeded(75);
  const theme: Theme = {
    heading: (l, h, t) => `<div class="markdown-heading" dir="auto"><h${l} class="heading-element" dir="auto">${h}</h${l}><a id="user-content-${slug(t)}" class="anchor" aria-label="Permalink: ${esc(t)}" href="#${slug(t)}"><svg class="octicon octicon-link" viewBox="0 0 16 16" version="1.1" width="16" height="16" aria-hidden="true"><path d="m7.775 3.275 1.25-1.25a3.5 3.5 0 1 1 4.95 4.95l-2.5 2.5a3.5 3.5 0 0 1-4.95 0"></path></svg></a></div>`,
    code: (lang, code) => `<div class="highlight highlight-source-${lang === 'bash' ? 'shell' : lang} notranslate position-relative overflow-auto" dir="auto"><pre>${tokens(code)}</pre><div class="zeroclipboard-container"><clipboard-copy aria-label="Copy" class="ClipboardButton btn btn-invisible js-clipboard-copy m-2 p-0 d-flex flex-justify-center flex-items-center" data-copy-feedback="Copied!" data-tooltip-direction="w" value="${esc(code)}" tabindex="0" role="button"><svg aria-hidden="true" height="16" viewBox="0 0 16 16" version="1.1" width="16" class="octicon octicon-copy js-clipboard-copy-icon"></svg></clipboard-copy></div></div>`,
    p: (h) => `<p dir="auto">${h}</p>`,
  };
  const files = ['.github', 'docs', 'src', 'tests', '.gitignore', 'CHANGELOG.md', 'LICENSE', 'README.md', 'pyproject.toml'];
  const body = `<div class="logged-out env-production page-responsive"><header class="HeaderMktg header-logged-out js-details-container js-header Details position-relative f4 py-3" role="banner"><div class="container-xl d-flex flex-column flex-lg-row flex-items-center p-responsive height-full position-relative z-1"><a class="mr-lg-3 color-fg-inherit flex-order-2" href="/" aria-label="Homepage">CodeHost</a><nav aria-label="Global"><ul class="d-lg-flex list-style-none">${['Product', 'Solutions', 'Resources', 'Open Source', 'Enterprise', 'Pricing'].map((x) => `<li class="HeaderMenu-item position-relative flex-wrap flex-justify-between flex-items-center d-block d-lg-flex flex-lg-nowrap flex-lg-items-center js-details-container js-header-menu-item"><button type="button" class="HeaderMenu-link border-0 width-full width-lg-auto px-0 px-lg-2 py-lg-2 no-wrap d-flex flex-items-center flex-justify-between js-details-target" aria-expanded="false">${x}</button></li>`).join('')}</ul></nav><div class="d-lg-flex flex-items-center mr-lg-3"><a href="/login" class="HeaderMenu-link HeaderMenu-link--sign-in HeaderMenu-button flex-shrink-0 no-underline d-none d-lg-inline-flex border border-lg-0 rounded px-2 py-1">Sign in</a><a href="/signup" class="HeaderMenu-link HeaderMenu-link--sign-up HeaderMenu-button flex-shrink-0 d-flex d-lg-inline-flex no-underline border color-border-default rounded px-2 py-1">Sign up</a></div></div></header>
<main id="js-repo-pjax-container"><div id="repository-container-header" class="pt-3 hide-full-screen" style="background-color: var(--page-header-bgColor, var(--color-page-header-bg));"><div class="d-flex flex-nowrap flex-justify-end mb-3 px-3 px-lg-5" style="gap: 1rem;"><div class="flex-auto min-width-0 width-fit"><div class="d-flex flex-wrap flex-items-center wb-break-word f3 text-normal"><span class="author flex-self-stretch" itemprop="author"><a class="url fn" rel="author" href="/tidewater">tidewater</a></span><span class="mx-1 flex-self-stretch color-fg-muted">/</span><strong itemprop="name" class="mr-2 flex-self-stretch"><a href="/tidewater/tidepool">tidepool</a></strong><span class="Label Label--secondary v-align-middle mr-1">Public</span></div></div><ul class="pagehead-actions flex-shrink-0 d-none d-md-inline" style="padding: 2px 0;"><li><a href="/login?return_to=%2Ftidewater%2Ftidepool" class="tooltipped tooltipped-s btn-sm btn" aria-label="You must be signed in to change notification settings" rel="nofollow">Notifications</a></li><li><a class="btn-sm btn" href="/login">Fork <span id="repo-network-counter" class="Counter">212</span></a></li><li><a class="btn-sm btn" href="/login">Star <span id="repo-stars-counter-star" class="Counter js-social-count">3.4k</span></a></li></ul></div>
<nav data-pjax="#js-repo-pjax-container" aria-label="Repository" class="js-repo-nav js-sidenav-container-pjax js-responsive-underlinenav overflow-hidden UnderlineNav px-3 px-md-4 px-lg-5"><ul class="UnderlineNav-body list-style-none">${['Code', 'Issues 38', 'Pull requests 6', 'Actions', 'Projects', 'Security', 'Insights'].map((x) => `<li class="d-inline-flex"><a class="UnderlineNav-item" href="#">${x}</a></li>`).join('')}</ul></nav></div>
<div class="repository-content"><div class="Layout Layout--flowRow-until-md Layout--sidebarPosition-end Layout--sidebarPosition-flowRow-end"><div class="Layout-main"><div class="react-directory-filename-column"><table aria-labelledby="folders-and-files" class="Table-module__Box__dMQCa"><thead><tr><th>Name</th><th>Last commit message</th><th>Last commit date</th></tr></thead><tbody>${files.map((f) => `<tr class="react-directory-row"><td class="react-directory-row-name-cell-large-screen"><div class="react-directory-filename-cell"><a title="${f}" aria-label="${f}, (File)" class="Link--primary" href="/tidewater/tidepool/blob/main/${f}">${f}</a></div></td><td class="react-directory-row-commit-cell"><a class="Link--secondary" href="/commit/${Math.floor(r() * 1e9).toString(16)}">${['ci: pin actions', 'docs: fix typo', 'fix: handle empty pools', 'release 1.8.0'][Math.floor(r() * 4)]}</a></td><td><relative-time datetime="2025-05-0${Math.floor(r() * 9) + 1}T10:00:00Z" class="sc-aXZVg">last week</relative-time></td></tr>`).join('')}</tbody></table></div>
<div id="readme" class="Box MD js-code-block-container js-code-nav-container js-tagsearch-file Box--responsive" data-tagsearch-path="README.md" data-tagsearch-lang="Markdown"><div class="Box-header d-flex border-bottom-0 flex-items-center flex-justify-between color-bg-default rounded-top-2"><h2 class="Box-title">README</h2></div><div data-target="readme-toc.content" class="Box-body px-5 pb-5"><article class="markdown-body entry-content container-lg" itemprop="text"><div class="markdown-heading" dir="auto"><h1 class="heading-element" dir="auto">${esc(d.title)}</h1><a id="user-content-${slug(d.title)}" class="anchor" aria-label="Permalink: ${esc(d.title)}" href="#${slug(d.title)}"><svg class="octicon octicon-link" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"></svg></a></div>
<p dir="auto"><a href="https://ci.example/tidewater/tidepool"><img src="https://camo.example/badge-ci.svg" alt="CI" data-canonical-src="https://ci.example/badge.svg" style="max-width: 100%;"></a> <a href="https://pypi.example/project/tidepool"><img src="https://camo.example/badge-pypi.svg" alt="PyPI" style="max-width: 100%;"></a></p>
${renderBlocks(parseBlocks(d.body), theme)}
</article></div></div></div>
<div class="Layout-sidebar"><div class="BorderGrid about-margin" data-pjax><div class="BorderGrid-row"><div class="BorderGrid-cell"><h2 class="mb-3 h4">About</h2><p class="f4 my-3">Connection pools for asyncio that tell you when they are the bottleneck.</p><div class="my-3 d-flex flex-items-center"><a href="https://tidepool.example" class="text-bold">tidepool.example</a></div><div class="f6"><a href="/topics/asyncio" class="topic-tag topic-tag-link">asyncio</a> <a href="/topics/postgres" class="topic-tag topic-tag-link">postgres</a> <a href="/topics/connection-pool" class="topic-tag topic-tag-link">connection-pool</a></div><h3 class="sr-only">Resources</h3><div class="mt-2"><a class="Link--muted" href="#readme-ov-file">Readme</a></div><div class="mt-2"><a href="#MIT-1-ov-file" class="Link--muted">MIT license</a></div><div class="mt-2"><a href="/stargazers" class="Link Link--muted"><strong>3.4k</strong> stars</a></div><div class="mt-2"><a href="/watchers" class="Link Link--muted"><strong>41</strong> watching</a></div><div class="mt-2"><a href="/forks" class="Link Link--muted"><strong>212</strong> forks</a></div></div></div>
<div class="BorderGrid-row"><div class="BorderGrid-cell"><h2 class="h4 mb-3"><a href="/releases" class="Link--primary no-underline Link">Releases <span title="24" class="Counter">24</span></a></h2><a href="/releases/tag/v1.8.0" class="Link--primary d-flex no-underline"><div class="ml-2 min-width-0"><div class="d-flex"><span class="css-truncate css-truncate-target text-bold mr-2" style="max-width: none;">v1.8.0</span><span title="Label: Latest" class="Label Label--success flex-shrink-0">Latest</span></div><div class="text-small color-fg-muted"><relative-time datetime="2025-05-01T10:00:00Z" class="no-wrap">May 1, 2025</relative-time></div></div></a></div></div>
<div class="BorderGrid-row"><div class="BorderGrid-cell"><h2 class="h4 mb-3">Languages</h2><ul class="list-style-none"><li class="d-inline"><span class="color-fg-default text-bold mr-1">Python</span><span>97.2%</span></li><li class="d-inline"><span class="color-fg-default text-bold mr-1">Shell</span><span>2.8%</span></li></ul></div></div></div></div></div></div></main>
<footer class="footer pt-8 pb-6 f6 color-fg-muted p-responsive" role="contentinfo"><h2 class="sr-only">Footer</h2><div class="d-flex flex-justify-center flex-items-center flex-column-reverse flex-lg-row flex-wrap flex-lg-nowrap"><span>© 2025 CodeHost, Inc.</span><nav aria-label="Footer"><ul class="list-style-none d-flex flex-justify-center flex-wrap mb-2 mb-lg-0">${['Terms', 'Privacy', 'Security', 'Status', 'Docs', 'Contact'].map((x) => `<li class="mx-2"><a href="/${slug(x)}" class="Link--secondary Link">${x}</a></li>`).join('')}</ul></nav></div></footer></div>`;
  return doc({ lang: d.lang, title: `tidewater/tidepool: Connection pools for asyncio that tell you when they are the bottleneck`, head: `${jsonLd({ '@type': 'SoftwareSourceCode', name: 'tidepool' })}${scripts(r)}`, bodyAttrs: 'class="logged-out env-production page-responsive"', body });
}

function apiReference(d: DocPage): string {
  const r = seeded(76);
  const k = (p: string): string => hashed('ApiRef', p);
  const theme: Theme = {
    cls: { p: 'my-4 text-slate-700', h2: 'mt-12 text-xl font-semibold', h3: 'mt-8 font-semibold', ul: 'my-4 list-disc pl-6' },
    code: (lang, code) => `<div class="${k('codePanel')} rounded-xl bg-slate-900"><div class="${k('codeTabs')} flex gap-4 border-b border-slate-700 px-4 text-xs"><button class="${k('tabActive')} py-2 text-sky-300">${lang === 'bash' ? 'cURL' : lang === 'json' ? 'Response' : lang}</button>${lang === 'bash' ? '<button class="py-2 text-slate-400">Python</button><button class="py-2 text-slate-400">Node.js</button><button class="py-2 text-slate-400">Go</button>' : '<span class="ml-auto py-2 text-emerald-400">200 OK</span>'}<button class="ml-auto py-2 text-slate-400" aria-label="Copy">Copy</button></div><pre class="overflow-x-auto p-4 text-sm text-slate-100"><code class="language-${lang}">${esc(code)}</code></pre></div>`,
    table: (hd, rows) => `<div class="${k('params')} divide-y rounded-lg border">${rows.map((row) => `<div class="grid grid-cols-[180px_1fr] gap-4 p-4"><div><code class="font-mono text-sm font-semibold">${row[0]}</code><div class="text-xs text-slate-500">${row[1]}</div></div><div class="text-sm text-slate-700">${row[2] ?? ''}</div></div>`).join('')}</div>`.replace('<div class', `<div data-head="${hd.join(' ')}" class`),
  };
  const body = `${cookieBanner('en', 'utility')}
<div class="flex min-h-screen"><aside class="w-72 shrink-0 border-r bg-slate-50 p-6"><a href="/" class="font-bold">${esc(d.site)} API</a><div class="mt-2"><select class="rounded border text-sm"><option>API version 2025-04-01</option><option>2024-10-01</option></select></div><nav class="mt-6 space-y-6 text-sm">${['Invoices', 'Customers', 'Payments', 'Webhooks'].map((g) => `<div><p class="font-semibold uppercase text-slate-400">${g}</p><ul class="mt-2 space-y-1">${['List', 'Create', 'Retrieve', 'Update', 'Delete'].map((x) => `<li><a class="${x === 'Retrieve' && g === 'Invoices' ? 'font-semibold text-sky-700' : 'text-slate-600'}" href="/api/${slug(g)}/${slug(x)}"><span class="mr-2 rounded bg-slate-200 px-1 font-mono text-[10px]">${x === 'List' || x === 'Retrieve' ? 'GET' : x === 'Create' ? 'POST' : x === 'Update' ? 'PATCH' : 'DEL'}</span>${x} ${g.toLowerCase().replace(/s$/, '')}</a></li>`).join('')}</ul></div>`).join('')}</nav></aside>
<div class="flex-1"><header class="flex items-center justify-between border-b px-10 py-4"><form class="w-96"><input class="w-full rounded border px-3 py-1.5 text-sm" placeholder="Search the API reference… ⌘K"></form><nav class="flex gap-6 text-sm"><a href="/docs">Guides</a><a href="/api">API reference</a><a href="/changelog">Changelog</a><a href="/dashboard" class="rounded bg-sky-600 px-3 py-1.5 text-white">Dashboard</a></nav></header>
<main class="mx-auto max-w-4xl px-10 py-10"><p class="text-sm font-semibold text-sky-700">Invoices</p><h1 class="mt-2 text-3xl font-bold">${esc(d.title)}</h1>
${renderBlocks(parseBlocks(d.body), theme)}
<div class="mt-16 flex items-center justify-between border-t pt-6 text-sm"><span>Was this page helpful?</span><div class="flex gap-2"><button class="rounded border px-3 py-1">👍 Yes</button><button class="rounded border px-3 py-1">👎 No</button></div></div>
<nav class="mt-8 flex justify-between text-sm"><a href="/api/invoices/create">← Create an invoice</a><a href="/api/invoices/update">Update an invoice →</a></nav></main></div></div>`;
  return doc({ lang: d.lang, title: `${d.title} | ${d.site} API Reference`, head: `${styleBlock(BASE_CSS)}${scripts(r)}`, body });
}

const DOCS: Array<[DocPage, (d: DocPage) => string, string]> = [
  [
    {
      id: 'sphinx-furo-tidewater-parse',
      lang: 'en',
      site: 'tidewater',
      title: 'tidewater.parse — Reading tide tables',
      nav: ['Installation', 'Tutorial', 'tidewater.parse — Reading tide tables', 'tidewater.predict', 'Changelog'],
      body: `**Source code:** [src/tidewater/parse.py](https://git.example/tidewater/blob/main/src/tidewater/parse.py)

This module reads tide tables published by harbour authorities and turns them into a list of \`Tide\` records. It understands the three common layouts: one line per tide, one line per day, and the fixed-width format used by older almanacs.

## Functions

@sig tidewater.parse.load(source, *, layout=None, tz='UTC')
Read a tide table from *source*, a path or an open text file, and return a list of \`Tide\` records in time order.

When *layout* is \`None\` the layout is guessed from the first twenty lines. Pass \`"per-tide"\`, \`"per-day"\` or \`"fixed"\` to skip the guess.

Raises \`TableFormatError\` when a line cannot be read; the error carries the line number.
@end

@sig tidewater.parse.loads(text, *, layout=None, tz='UTC')
Like \`load()\`, but reads from a string.
@end

@sig tidewater.parse.guess_layout(lines)
Return the name of the layout that best fits *lines*, or \`None\` when no layout fits at least eighty percent of them.
@end

## Example

\`\`\`python
from tidewater import parse

tides = parse.load("keld-2025.txt", tz="Europe/London")
for tide in tides[:4]:
    print(tide.time, tide.kind, tide.height_m)
\`\`\`

## Layouts

| Layout | Example line | Notes |
|---|---|---|
| per-tide | \`2025-03-01 04:12 HW 5.2\` | One tide per line |
| per-day | \`01 04:12 5.2 10:31 0.9 16:40 5.0\` | Up to four tides per line |
| fixed | \`250301041205.2H\` | Column positions, no separators |

> **Note:** Heights are always converted to metres. Tables in feet are detected from their header and converted on load.`,
    },
    (d) => sphinx(d, 'furo'),
    'a Sphinx (Furo theme) module reference: ¶ headerlinks on every heading and definition, dl.py.function > dt.sig.sig-object signatures built from sig-prename/sig-name/sig-param spans, div.highlight-python > pre code, a docutils table, a note admonition, sidebar tree, "On this page" TOC, edit/view links and prev/next footer',
  ],
  [
    {
      id: 'sphinx-rtd-tutorial',
      lang: 'en',
      site: 'Pebble Queue',
      title: 'Your first worker',
      nav: ['Installation', 'Your first worker', 'Retries and backoff', 'Configuration', 'API reference'],
      body: `In this tutorial you will write a worker that takes jobs from a queue, processes them and reports the result. It takes about fifteen minutes.

## Before you start

You need Python 3.10 or later and a running Redis server. Install Pebble Queue with pip:

\`\`\`console
$ pip install pebble-queue
\`\`\`

## Define a task

A task is a plain function decorated with \`@queue.task\`. Its arguments must be serialisable as JSON.

\`\`\`python
from pebble import Queue

queue = Queue("redis://localhost:6379/0")

@queue.task(retries=3)
def resize_image(path, width):
    ...
    return {"path": path, "width": width}
\`\`\`

## Start the worker

Run the worker from the directory that contains your module:

\`\`\`console
$ pebble worker tasks --concurrency 4
\`\`\`

The worker prints one line per job it finishes. Press Ctrl+C once to let running jobs finish, twice to stop immediately.

## Enqueue a job

\`\`\`python
job = resize_image.delay("photos/cat.jpg", width=800)
print(job.wait(timeout=30))
\`\`\`

> **Warning:** \`job.wait()\` blocks the caller. Do not call it inside a web request handler; store the job id and poll instead.

## What next

- Learn how failed jobs are retried in *Retries and backoff*.
- Read about every setting in *Configuration*.`,
    },
    (d) => sphinx(d, 'rtd'),
    'a Sphinx page in the Read the Docs theme: wy-nav-side navigation with version and search, breadcrumbs with "View page source", ¶ headerlinks, div.highlight-console and highlight-python blocks, a warning admonition and Previous/Next footer buttons',
  ],
  [
    {
      id: 'mkdocs-material-config',
      lang: 'en',
      site: 'Lantern CLI',
      title: 'Configuration file',
      nav: ['Getting started', 'Configuration file', 'Commands', 'Plugins', 'FAQ'],
      body: `Lantern reads its settings from \`lantern.yml\` in the root of your project. Every setting also has a command-line flag, and flags always win over the file.

## Minimal example

\`\`\`yaml
site_name: My notes
source: docs/
output: build/
\`\`\`

## Settings

| Setting | Default | Description |
|---|---|---|
| \`site_name\` | folder name | Shown in the page title and header |
| \`source\` | \`docs/\` | Where Markdown files are read from |
| \`output\` | \`site/\` | Where HTML is written |
| \`watch\` | \`false\` | Rebuild when a source file changes |

> **Tip:** Run \`lantern config --show\` to print the settings Lantern actually uses, with the source of each value.

## Environment variables

Values in the file can refer to environment variables with \`\${VAR}\`. An unset variable is an error unless you give a default, as in \`\${VAR:-fallback}\`.

\`\`\`yaml
output: \${LANTERN_OUT:-site/}
\`\`\`

## Several configurations

Pass \`--config\` to use another file. A common pattern is one file for local previews and one for the published site:

1. Keep shared settings in \`lantern.yml\`.
2. Put overrides in \`lantern.prod.yml\` with \`inherit: lantern.yml\` at the top.
3. Build with \`lantern build --config lantern.prod.yml\`.`,
    },
    mkdocsMaterial,
    'an MkDocs Material page: header with palette toggle, search and repository link, tabs, primary navigation and secondary "Table of contents", ¶ headerlinks, code blocks with per-line __codelineno anchors, a tip admonition, last-update date, hidden feedback form and prev/next footer',
  ],
  [
    {
      id: 'docusaurus-webhooks',
      lang: 'en',
      site: 'Relaybox',
      title: 'Verifying webhook signatures',
      nav: ['Introduction', 'Sending events', 'Verifying webhook signatures', 'Retries', 'Limits'],
      body: `Every webhook Relaybox sends carries a signature in the \`Relaybox-Signature\` header. Check it before you trust the payload: anyone can send a POST request to your endpoint.

## How the signature is made

The header has two parts, a timestamp and an HMAC-SHA256 digest, separated by a comma:

\`\`\`text
Relaybox-Signature: t=1746192000,v1=5f2b9c…
\`\`\`

The digest is computed over the timestamp, a dot and the raw request body, with your endpoint's signing secret as the key.

## Verify in Node.js

\`\`\`js
import crypto from "node:crypto";

export function verify(rawBody, header, secret) {
  const [t, v1] = header.split(",").map((p) => p.split("=")[1]);
  const expected = crypto.createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  return crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}
\`\`\`

> **Caution:** Use the raw body exactly as received. Parsing the JSON and serialising it again changes whitespace and breaks the signature.

## Reject old events

Compare the timestamp with your clock and reject events older than five minutes. This stops an attacker from replaying a request they captured earlier.

## Rotating secrets

You can have two active secrets per endpoint during a rotation. Relaybox then sends two \`v1\` values; accept the event if either matches.`,
    },
    docusaurus,
    'a Docusaurus v3 docs page with hashed class suffixes: navbar with version dropdown and DocSearch button, docs sidebar, breadcrumbs, headings with zero-width hash-links, prism code blocks split into token-line spans with a copy button, a caution admonition, "Edit this page", last-updated, pagination and a TOC column',
  ],
  [
    {
      id: 'javadoc-rate-limiter',
      lang: 'en',
      site: 'tidewater-throttle',
      title: 'Class RateLimiter',
      nav: ['Overview'],
      body: `A token-bucket rate limiter that is safe to share between threads. Permits are added at a fixed rate; a caller that asks for more permits than are available waits until enough have accumulated.

Instances are created with \`create(double)\` and should be reused: each one keeps its own bucket.

## Method Summary

| Modifier and Type | Method | Description |
|---|---|---|
| static RateLimiter | create(double permitsPerSecond) | Creates a limiter with the given stable rate. |
| double | acquire(int permits) | Waits until the permits are available and returns the time spent waiting. |
| boolean | tryAcquire(int permits) | Takes the permits if they are available now, without waiting. |
| void | close() | Releases the limiter's timer thread. |

## Method Details

@sig public static RateLimiter create(double permitsPerSecond)
Creates a limiter that hands out *permitsPerSecond* permits every second, spread evenly.

Throws \`IllegalArgumentException\` if the rate is zero, negative or not a number.
@end

@sig public double acquire(int permits)
Waits until *permits* permits are available, takes them, and returns the number of seconds spent waiting.
@end

@sig public boolean tryAcquire(int permits)
Takes *permits* permits if they are available immediately. Returns \`false\` without waiting otherwise.
@end`,
    },
    javadoc,
    'a Javadoc (JDK 17+ standard doclet) class page: top navigation with "Skip navigation links", sub-nav summary/detail links and disabled search, package label, inheritance tree, type signature, a div-grid method summary table and method details with member-signature spans',
  ],
  [
    {
      id: 'github-readme-tidepool',
      lang: 'en',
      site: 'CodeHost',
      title: 'tidepool',
      nav: [],
      body: `Connection pools for asyncio that tell you when they are the bottleneck.

Most pool libraries hide waiting time. When every connection is busy, requests queue up silently and you see only slow responses. tidepool measures how long each caller waited for a connection and warns when the pool, not the database, is what is slow.

## Installation

\`\`\`bash
pip install tidepool
\`\`\`

## Quick start

\`\`\`python
import tidepool

pool = tidepool.Pool(dsn="postgresql://localhost/app", size=10)

async with pool.connection() as conn:
    rows = await conn.fetch("SELECT id, name FROM users LIMIT 5")
\`\`\`

## Features

- Wait-time histograms per pool, exported as Prometheus metrics.
- A warning in the log when the 95th percentile wait exceeds a threshold.
- Connections are checked with a cheap ping before they are handed out.
- Works with any driver that offers an async connect function.

## Configuration

| Option | Default | Meaning |
|---|---|---|
| \`size\` | 10 | Maximum open connections |
| \`min_idle\` | 2 | Connections kept open when idle |
| \`warn_wait_ms\` | 50 | Wait time that triggers a warning |

## Contributing

Issues and pull requests are welcome. Please run \`make test\` before opening a pull request; the test suite starts its own PostgreSQL in a temporary directory.

## License

MIT`,
    },
    githubReadme,
    'a GitHub-like repository page: global header, repo header with notification/fork/star buttons, repository tabs, file table with commit messages, README article.markdown-body with markdown-heading + octicon anchor links, badges, highlight-source-* code with clipboard-copy, and About/Releases/Languages sidebar',
  ],
  [
    {
      id: 'mkdocs-de-sicherung',
      lang: 'de',
      site: 'Archivar',
      title: 'Sicherungen planen',
      nav: ['Erste Schritte', 'Sicherungen planen', 'Wiederherstellung', 'Speicherziele', 'Häufige Fragen'],
      body: `Archivar kann Sicherungen automatisch in festen Abständen erstellen. Die Zeitpläne stehen in der Datei \`archivar.toml\` und werden beim Start des Dienstes eingelesen.

## Einen Zeitplan anlegen

Ein Zeitplan besteht aus einem Namen, den zu sichernden Ordnern und einem Intervall:

\`\`\`toml
[[plan]]
name = "dokumente"
pfade = ["/home/anna/Dokumente", "/home/anna/Bilder"]
intervall = "täglich 02:30"
aufbewahren = 30
\`\`\`

## Intervalle

| Angabe | Bedeutung |
|---|---|
| \`stündlich\` | Zu jeder vollen Stunde |
| \`täglich 02:30\` | Jeden Tag um 2:30 Uhr |
| \`wöchentlich So 04:00\` | Sonntags um 4 Uhr |

> **Hinweis:** Verpasste Sicherungen, etwa weil der Rechner ausgeschaltet war, werden beim nächsten Start nachgeholt.

## Alte Sicherungen löschen

Mit \`aufbewahren\` legen Sie fest, wie viele Sicherungen eines Plans erhalten bleiben. Ältere werden nach jeder erfolgreichen Sicherung entfernt. Eine Sicherung, die gerade wiederhergestellt wird, löscht Archivar nie.

## Zeitplan prüfen

Der Befehl \`archivar plan --prüfen\` zeigt für jeden Plan die nächsten fünf Ausführungszeiten an, ohne etwas zu sichern.`,
    },
    mkdocsMaterial,
    'a German MkDocs Material page: header, tabs, navigation and Inhaltsverzeichnis sidebars, ¶ headerlinks, code blocks with __codelineno line anchors, a Hinweis admonition, a table, last-update date, hidden feedback form and Zurück/Weiter footer',
  ],
  [
    {
      id: 'sphinx-fr-geodesie',
      lang: 'fr',
      site: 'géodésie-py',
      title: 'Calcul de distances',
      nav: ['Installation', 'Prise en main', 'Calcul de distances', 'Projections', 'Référence'],
      body: `Le module \`geodesie.distance\` calcule la distance entre deux points donnés en latitude et longitude. Deux méthodes sont disponibles : la formule de haversine, rapide et suffisante pour la plupart des usages, et la méthode de Vincenty, plus précise sur l’ellipsoïde.

## Fonctions

@sig geodesie.distance.haversine(a, b, rayon=6371.0088)
Renvoie la distance en kilomètres entre les points *a* et *b*, chacun donné sous la forme d’un couple \`(latitude, longitude)\` en degrés.

L’erreur peut atteindre 0,5 % car la Terre est traitée comme une sphère.
@end

@sig geodesie.distance.vincenty(a, b, *, iterations=200)
Renvoie la distance en kilomètres sur l’ellipsoïde WGS 84. Lève \`ConvergenceError\` si le calcul ne converge pas, ce qui peut arriver pour des points presque antipodaux.
@end

## Exemple

\`\`\`python
from geodesie.distance import haversine, vincenty

paris = (48.8566, 2.3522)
lyon = (45.7640, 4.8357)
print(round(haversine(paris, lyon), 1))
print(round(vincenty(paris, lyon), 1))
\`\`\`

## Quelle méthode choisir ?

- Pour afficher une distance à un utilisateur, haversine suffit.
- Pour du relevé ou de la navigation, préférez vincenty.
- Pour des millions de paires, vectorisez avec \`haversine_tableau()\`.

> **Note :** Les deux fonctions acceptent aussi des objets \`Point\` du module \`geodesie.types\`.`,
    },
    (d) => sphinx(d, 'rtd'),
    'a French Sphinx page in the Read the Docs theme: French navigation labels, ¶ headerlinks, dl.py.function signatures with sig-prename/sig-name/sig-param spans, a highlight-python block, a note admonition and Précédent/Suivant buttons',
  ],
  [
    {
      id: 'api-reference-retrieve-invoice',
      lang: 'en',
      site: 'Ledgerline',
      title: 'Retrieve an invoice',
      nav: [],
      body: `Retrieves an invoice by its id. Draft invoices are returned too, but only to API keys with the \`invoices:read_drafts\` scope.

\`GET /v2/invoices/{invoice_id}\`

## Path parameters

| Name | Type | Description |
|---|---|---|
| invoice_id | string, required | The id of the invoice, starting with \`inv_\`. |

## Query parameters

| Name | Type | Description |
|---|---|---|
| expand | array of strings | Related objects to include in full, for example \`customer\` or \`lines\`. |
| locale | string | Formats amounts and dates in the response for this locale. |

## Request

\`\`\`bash
curl https://api.ledgerline.example/v2/invoices/inv_8Hq2Lx \\
  -H "Authorization: Bearer sk_test_..." \\
  -G -d "expand[]=customer"
\`\`\`

## Response

\`\`\`json
{
  "id": "inv_8Hq2Lx",
  "status": "open",
  "currency": "eur",
  "amount_due": 12900,
  "due_date": "2025-05-31",
  "customer": { "id": "cus_41", "name": "Harbour Café" }
}
\`\`\`

## Errors

- \`404 invoice_not_found\` when no invoice has this id in your account.
- \`403 insufficient_scope\` when the invoice is a draft and the key cannot read drafts.`,
    },
    apiReference,
    'a REST API reference page with utility classes and hashed component names: API version select, endpoint sidebar with method badges, parameter lists as div grids, code panels with language tabs (only one rendered), a Copy button and status badge, a helpful-vote row, prev/next links and a cookie banner',
  ],
  [
    {
      id: 'docusaurus-es-despliegue',
      lang: 'es',
      site: 'Velero Static',
      title: 'Desplegar en un servidor propio',
      nav: ['Introducción', 'Instalación', 'Desplegar en un servidor propio', 'Dominios', 'Preguntas frecuentes'],
      body: `Velero genera un sitio estático en la carpeta \`dist/\`. Puedes publicarlo en cualquier servidor web que sirva archivos, sin necesidad de Node.js en producción.

## Generar el sitio

\`\`\`bash
npx velero build --base-url https://docs.ejemplo.es/
\`\`\`

La opción \`--base-url\` es importante si el sitio no está en la raíz del dominio: todas las rutas se generan a partir de ella.

## Configurar nginx

\`\`\`nginx
server {
  server_name docs.ejemplo.es;
  root /var/www/velero/dist;
  location / {
    try_files $uri $uri/ $uri.html =404;
  }
}
\`\`\`

> **Consejo:** Activa la compresión gzip o brotli para los archivos \`.js\` y \`.css\`; el tamaño de transferencia baja en torno a un 70 %.

## Publicar con rsync

Para actualizar el servidor basta con copiar la carpeta. La opción \`--delete\` elimina archivos que ya no existen en la nueva versión:

\`\`\`bash
rsync -avz --delete dist/ usuario@servidor:/var/www/velero/dist/
\`\`\`

## Comprobaciones

1. Abre una página interna directamente por su URL y comprueba que no da error 404.
2. Revisa que las imágenes cargan con la URL base correcta.
3. Comprueba que la búsqueda funciona; el índice está en \`dist/search-index.json\`.`,
    },
    docusaurus,
    'a Spanish Docusaurus v3 page: navbar with version dropdown and search button, docs sidebar, breadcrumbs, zero-width hash-links on headings, prism token-line code blocks with copy buttons, a Consejo admonition, "Editar esta página", pagination and TOC',
  ],
];

export const pages: PageSpec[] = DOCS.map(([d, tpl, reproduces]) => ({ type: 'documentation', id: d.id, lang: d.lang, reproduces, html: tpl(d), expected: expectedOf(d) }));


