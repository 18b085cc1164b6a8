// Shop pages (product and collection/listing types): what tells a shop's own content from its chrome.
//   - prices: a category page's content is a list of product cards, a short name and a price each, which the prose
//     rules read as labels (meta.ts detects such pages, precision.ts keeps such a run at the end of a generic page);
//   - product-page chrome: shipping and returns terms, recommendation carousels and the shop's FAQ sit beside the
//     product's own facts (name, price, description, specs) on every product of the shop (precision.ts drops the
//     block such a label opens).
import { Element, Text, attr, collapse, findAll, findFirst, textOf, type ParentNode } from './dom.ts';
import { OPTION_GROUP_MAX, OPTION_GROUP_MIN } from './rules/product.ts';
import { patternOf } from './rules/lexicon.ts';
import {
  PRICE as PRICE_ROW,
  PRODUCT_CHROME_LABEL as PRODUCT_CHROME_LABEL_ROW,
  BUY_BOX_LINE as BUY_BOX_LINE_ROW,
  OPTION_PLACEHOLDER as OPTION_PLACEHOLDER_ROW,
} from './rules/shop.ts';

const PRICE = patternOf(PRICE_ROW);

/** Prices in a text, up to `max` (the callers only ask whether there are a few). */
export function countPrices(text: string, max = Infinity): number {
  let n = 0;
  PRICE.lastIndex = 0;
  while (n < max && PRICE.exec(text)) n++;
  return n;
}

/** Prices that make a run of blocks (or a set of cards) a shop's product list rather than a price mention. */
export const PRICE_GRID_MIN = 4;

/** Rendered blocks that carry at least PRICE_GRID_MIN prices: a product grid's cards. */
export function isPricedRun(blocks: ReadonlyArray<{ text: string }>): boolean {
  let n = 0;
  for (const b of blocks) if ((n += countPrices(b.text, PRICE_GRID_MIN - n)) >= PRICE_GRID_MIN) return true;
  return false;
}

export const PRODUCT_CHROME_LABEL = patternOf(PRODUCT_CHROME_LABEL_ROW);

/**
 * Whether a label opens shop chrome. A label ending in a colon outside a heading is a field name of this item
 * ("Shipping: US $15.47", "Returns: 30 days"): the item's own terms, kept.
 */
export function isProductChromeLabel(text: string, heading: boolean): boolean {
  return PRODUCT_CHROME_LABEL.test(text) && (heading || !/:\s*$/.test(text));
}

/**
 * The shop's FAQ in FAQ microdata (schema.org FAQPage / Question items) rather than under a label: its answers
 * (delivery, what the brand's ingredient is) are the same under every product, like the "Frequently asked
 * questions" block (PRODUCT_CHROME_LABEL).
 */
export function isFaqSection(el: Element): boolean {
  return /schema\.org\/(FAQPage|Question)\b/i.test(attr(el, 'itemtype') ?? '');
}

/** Elements that name a product page's sections besides headings: accordion summaries, tab buttons, term titles. */
const LABEL_TAGS = new Set(['summary', 'dt', 'button', 'label', 'legend', 'p', 'span', 'div', 'strong', 'b', 'a', 'li']);
/** A label is a line, not a paragraph. */
const LABEL_MAX_CHARS = 80;

/** The text of `el` when it is a short section label (no block children), else ''. */
export function labelText(el: Element): string {
  if (!LABEL_TAGS.has(el.name)) return '';
  for (const c of el.children) if (c instanceof Element && !INLINE.has(c.name)) return '';
  const t = textOf(el);
  return t.length <= LABEL_MAX_CHARS ? t : '';
}

const INLINE = new Set(['a', 'b', 'strong', 'i', 'em', 'span', 'small', 'sup', 'sub', 'u', 'br', 'img', 'svg', 'font', 'mark']);

/**
 * What a product's own facts are marked with: the name (the page's h1) and schema.org product properties. A block
 * holding one of them is the product, whatever label sits inside it.
 */
export function holdsProductFacts(el: Element): boolean {
  return findFirst(el, (e) => e.name === 'h1' || /^(name|price|offers|description|sku|brand|priceCurrency)$/.test(attr(e, 'itemprop') ?? '')) !== undefined;
}

/** A product card is short: a name, a price or two, a rating, a shipping line. */
const CARD_MAX_CHARS = 400;
/** A product's name: a few words beside the price (a variant swatch is "S", "Blue" or "10–49 items"). */
const CARD_NAME_MIN_CHARS = 20;

/**
 * Another product's card: short, with a price, a name of its own beside the price, and a link or a picture (the
 * way to that product). `chars` is the card's text length.
 */
export function isProductCard(card: Element, chars: number): boolean {
  if (chars > CARD_MAX_CHARS) return false;
  const text = textOf(card);
  if (countPrices(text, 1) === 0) return false;
  PRICE.lastIndex = 0;
  if (text.replace(PRICE, '').replace(/[\s\d.,:+()%/-]+/g, ' ').trim().length < CARD_NAME_MIN_CHARS) return false;
  return findFirst(card, (e) => (e.name === 'a' && e.attribs.href !== undefined) || e.name === 'img' || e.name === 'picture') !== undefined;
}

const BUY_BOX_LINE = patternOf(BUY_BOX_LINE_ROW);

/** Whether every line of a short block is such a line. */
export function isBuyBoxBlock(text: string): boolean {
  return text.length <= 160 && blockLines(text).every((l) => BUY_BOX_LINE.test(l));
}

/** A block's lines, each trimmed and without a list bullet. */
function blockLines(text: string): string[] {
  return text.split('\n').map((l) => l.trim().replace(/^[*-]\s+/, ''));
}

/** A currency picker's option: an ISO currency code and the price in it ("AED: 549.56AED", "GBP: £110.82"). */
const CURRENCY_OPTION = /^[A-Z]{3}\s*[:-]?\s*[$€£¥₹]?\s?\d[\d.,]*\s?([A-Z]{3}|[$€£¥₹])?$/;
/** Options that make a list a currency picker rather than one price beside another. */
const CURRENCY_PICKER_MIN = 3;

/** A currency switcher's list: the same price in each currency the shop sells in, not a fact of the product. */
export function isCurrencyPicker(text: string): boolean {
  const lines = blockLines(text).filter(Boolean);
  return lines.length >= CURRENCY_PICKER_MIN && lines.every((l) => CURRENCY_OPTION.test(l));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Hidden spans a scrambled label carries at least (a word's letters need a few decoys between them). */
const SOUP_MIN_DECOYS = 3;

/**
 * A scrambled label: a marketplace prints "Sponsored" on its ad cards as single letters between decoy spans that
 * hold random UUIDs, which a stylesheet hides, so that the label cannot be read off the markup. Without the
 * stylesheet the label reads as a run of UUIDs; the element holding it is never content. Decoy spans must be most
 * of its children (a table cell showing one UUID is data).
 */
export function isTokenSoup(el: Element): boolean {
  let decoys = 0;
  let kids = 0;
  for (const c of el.children) {
    if (!(c instanceof Element)) continue;
    kids++;
    if (c.name === 'span' && UUID.test(textOf(c))) decoys++;
  }
  return decoys >= SOUP_MIN_DECOYS && decoys * 2 >= kids;
}

const OPTION_PLACEHOLDER = patternOf(OPTION_PLACEHOLDER_ROW);

/**
 * On a product page the variants are facts of the product: a `<select>` of sizes or colours is spelled out as its
 * offers ("S, M, L, XL") where it stands, so the option group does not collapse to its label ("Size Color"). A select
 * with one real option says nothing; one with dozens is a country or quantity picker, not the product's variants.
 */
export function spellOptionGroups(doc: ParentNode): void {
  for (const select of findAll(doc, (e) => e.name === 'select')) {
    const options: string[] = [];
    for (const o of findAll(select, (e) => e.name === 'option')) {
      const t = collapse(textOf(o));
      if (!t || (attr(o, 'value') ?? 'x') === '' || OPTION_PLACEHOLDER.test(t) || options.includes(t)) continue;
      options.push(t);
    }
    if (options.length < OPTION_GROUP_MIN.value || options.length > OPTION_GROUP_MAX.value) continue;
    const spelled = new Text(` ${options.join(', ')} `);
    const parent = select.parent;
    if (!parent) continue;
    const i = parent.children.indexOf(select);
    spelled.parent = parent;
    spelled.prev = select.prev;
    spelled.next = select.next;
    if (select.prev) select.prev.next = spelled;
    if (select.next) select.next.prev = spelled;
    parent.children[i] = spelled;
  }
}
