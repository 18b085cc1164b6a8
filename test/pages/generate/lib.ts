// Building blocks of the page-corpus generator: a seeded RNG, HTML escaping, and a small Markdown dialect rendered
// to HTML through a per-engine theme. A page's main content is written once, in Markdown; the same text becomes the
// page's `expected.md` and, through the theme, the markup a real engine (Sphinx, WordPress, Shopify, …) would emit.
//
// Dialect: `#`…`######` headings, paragraphs, `-`/`1.` lists (one level), ``` fences with a language, pipe tables,
// `>` quotes, inline **strong**, *em*, `code`, [text](href); and one block of our own for reference docs:
//   @sig json.dump(obj, fp, *, skipkeys=False)
//   description paragraphs …
//   @end
// which expected.md keeps as the signature in backticks followed by its description.

import { rng } from '../../helpers/rng.ts';

export type Rand = () => number;

/** The project's deterministic PRNG (mulberry32), shared with the property tests. */
export const seeded: (seed: number) => Rand = rng;

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export function shuffle<T>(r: Rand, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const slug = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** A hashed CSS-module style class name: `Article_body__x7Kq2`. */
export function hashed(component: string, part: string): string {
  const h = seedOf(component + part).toString(36).slice(0, 5);
  return `${component}_${part}__${h}`;
}

export function inline(md: string): string {
  let s = esc(md);
  s = s.replace(/`([^`]+)`/g, (_, c: string) => `<code>${c}</code>`);
  s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, t: string, h: string) => `<a href="${h}">${t}</a>`);
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  s = s.replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s).,;:!?]|$)/g, '$1<em>$2</em>');
  return s;
}

/** Plain words of an inline span (no markup), for ids and titles. */
export const plainInline = (md: string): string => md.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*`]/g, '');

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; lang: string; code: string }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'quote'; text: string }
  | { kind: 'sig'; sig: string; body: Block[] };

export function parseBlocks(md: string): Block[] {
  const lines = md.replace(/\r/g, '').split('\n');
  const out: Block[] = [];
  let i = 0;
  const cells = (l: string): string[] => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    let m: RegExpMatchArray | null;
    if ((m = line.match(/^(#{1,6})\s+(.*)$/))) {
      out.push({ kind: 'heading', level: m[1].length, text: m[2] });
      i++;
    } else if ((m = line.match(/^```(\w*)/))) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].startsWith('```')) body.push(lines[i++]);
      i++;
      out.push({ kind: 'code', lang: m[1], code: body.join('\n') });
    } else if (line.startsWith('@sig ')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && lines[i].trim() !== '@end') body.push(lines[i++]);
      i++;
      out.push({ kind: 'sig', sig: line.slice(5).trim(), body: parseBlocks(body.join('\n')) });
    } else if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) {
        if (!/^\|?[\s:|-]+\|?$/.test(lines[i].trim())) rows.push(cells(lines[i]));
        i++;
      }
      out.push({ kind: 'table', head: rows[0], rows: rows.slice(1) });
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i])) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.)\s+/, '');
        i++;
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*([-*]|\d+\.)\s+/.test(lines[i])) item += ' ' + lines[i++].trim();
        items.push(item);
      }
      out.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('>')) {
      const body: string[] = [];
      while (i < lines.length && lines[i].startsWith('>')) body.push(lines[i++].replace(/^>\s?/, ''));
      out.push({ kind: 'quote', text: body.join(' ') });
    } else {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|```|@sig |\||>|\s*([-*]|\d+\.)\s+)/.test(lines[i])) body.push(lines[i++].trim());
      out.push({ kind: 'p', text: body.join(' ') });
    }
  }
  return out;
}

/** How one engine writes each block; every hook is optional and falls back to plain HTML5. */
export interface Theme {
  heading?: (level: number, html: string, text: string) => string;
  p?: (html: string) => string;
  list?: (ordered: boolean, items: string[]) => string;
  code?: (lang: string, code: string) => string;
  table?: (head: string[], rows: string[][]) => string;
  quote?: (html: string, text: string) => string;
  sig?: (sig: string, body: string) => string;
  /** Class attribute per plain element (utility-CSS themes). */
  cls?: Partial<Record<'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'ul' | 'ol' | 'li' | 'table' | 'pre' | 'blockquote', string>>;
}

export function renderBlocks(blocks: Block[], theme: Theme = {}): string {
  const c = (tag: keyof NonNullable<Theme['cls']>): string => (theme.cls?.[tag] ? ` class="${theme.cls[tag]}"` : '');
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading': {
        const html = inline(b.text);
        out.push(theme.heading ? theme.heading(b.level, html, plainInline(b.text)) : `<h${b.level}${c(`h${Math.min(b.level, 4)}` as 'h2')} id="${slug(plainInline(b.text))}">${html}</h${b.level}>`);
        break;
      }
      case 'p':
        out.push(theme.p ? theme.p(inline(b.text)) : `<p${c('p')}>${inline(b.text)}</p>`);
        break;
      case 'list':
        out.push(
          theme.list
            ? theme.list(b.ordered, b.items.map(inline))
            : `<${b.ordered ? 'ol' : 'ul'}${c(b.ordered ? 'ol' : 'ul')}>${b.items.map((x) => `<li${c('li')}>${inline(x)}</li>`).join('')}</${b.ordered ? 'ol' : 'ul'}>`,
        );
        break;
      case 'code':
        out.push(theme.code ? theme.code(b.lang, b.code) : `<pre${c('pre')}><code${b.lang ? ` class="language-${b.lang}"` : ''}>${esc(b.code)}</code></pre>`);
        break;
      case 'table':
        out.push(
          theme.table
            ? theme.table(b.head.map(inline), b.rows.map((r) => r.map(inline)))
            : `<table${c('table')}><thead><tr>${b.head.map((h) => `<th>${inline(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
                .map((r) => `<tr>${r.map((x) => `<td>${inline(x)}</td>`).join('')}</tr>`)
                .join('')}</tbody></table>`,
        );
        break;
      case 'quote':
        out.push(theme.quote ? theme.quote(inline(b.text), b.text) : `<blockquote${c('blockquote')}><p>${inline(b.text)}</p></blockquote>`);
        break;
      case 'sig': {
        const body = renderBlocks(b.body, theme);
        out.push(theme.sig ? theme.sig(b.sig, body) : `<h4><code>${esc(b.sig)}</code></h4>\n${body}`);
        break;
      }
    }
  }
  return out.join('\n');
}

export const md2html = (md: string, theme?: Theme): string => renderBlocks(parseBlocks(md), theme);

/** The Markdown a reader should get for a body written in the dialect: `@sig` becomes a code span line. */
export function expectedBody(md: string): string {
  return md
    .replace(/^@sig (.*)$/gm, (_, s: string) => `\`${s.trim()}\`\n`)
    .replace(/^@end\s*$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One generated page: where it goes, what it reproduces, its HTML and the Markdown a reader should get. */
export interface PageSpec {
  type: 'article' | 'forum' | 'product' | 'collection' | 'listing' | 'documentation' | 'service';
  id: string;
  lang: string;
  /** One sentence: the engine or site family and the traps the page carries. */
  reproduces: string;
  html: string;
  expected: string;
}

export function doc(o: { lang: string; title: string; head?: string; bodyAttrs?: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)}</title>
${o.head ?? ''}
</head>
<body${o.bodyAttrs ? ' ' + o.bodyAttrs : ''}>
${o.body}
</body>
</html>
`;
}
