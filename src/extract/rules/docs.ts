// Rows for documentation pages (markdown.ts): what a docs generator adds to headings and code blocks.
import { rule } from './index.ts';

export const PERMALINK_MARK = rule({
  id: 'docs.permalink-mark',
  reason: 'Docs generators (Sphinx, MkDocs, Docusaurus, Hugo themes) append a link to the heading itself, shown as a glyph; it is no text of the page.',
  appliesTo: 'all',
  value: /^([¶§#]|🔗|⚓|link|permalink)$/i,
  example: '<h2>Basic usage<a class="headerlink" href="#basic-usage">¶</a></h2>',
  counterExample: '<h2><a href="#install">Install</a></h2> (a linked heading: its words are the heading)',
});

export const CODE_WRAPPER_LEVELS = rule({
  id: 'docs.code-wrapper-levels',
  reason: 'Highlighters wrap a code block in a few divs and put the language class on the outer one (Sphinx `div.highlight-python > div.highlight > pre`).',
  appliesTo: 'all',
  value: 2,
  example: '<div class="highlight-python"><div class="highlight"><pre>import json</pre></div></div> → ```python',
  counterExample: '<article lang="de"><div><pre>…</pre></div></article> (a human language is no code language)',
});
