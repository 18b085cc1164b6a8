// Shop pages (product and collection/listing types): what tells a shop's own content from its chrome.
//   - prices: a category page's content is a list of product cards, a short name and a price each, which the prose
//     rules read as labels (meta.ts detects such pages, precision.ts keeps such a run at the end of a generic page);
//   - product-page chrome: shipping and returns terms, recommendation carousels and the shop's FAQ sit beside the
//     product's own facts (name, price, description, specs) on every product of the shop (precision.ts drops the
//     block such a label opens).
import { Element, Text, attr, collapse, findAll, findFirst, textOf, type ParentNode } from './dom.ts';
import { OPTION_GROUP_MAX, OPTION_GROUP_MIN } from './rules/product.ts';

/**
 * A price as shops print it: a currency sign or code before or after the amount ("$30", "$ 599", "€132.34",
 * "USD 60.00", "599,00 €", "1.299 kr").
 */
const PRICE = /(?:[$€£¥₹₩]|\b(?:USD|EUR|GBP|CHF|AUD|CAD|NZD|SEK|NOK|DKK|PLN|INR|JPY|AED|Rs\.?|R\$))\s?\d[\d.,]*|\b\d[\d.,]*\s?(?:€|£|EUR|USD|zł|kr|Kč|CHF|Ft|lei)(?![\p{L}])/giu;

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

/**
 * Labels that open a block every product page of a shop repeats — shipping and returns terms, recommendation
 * carousels, the shop's FAQ, a back-in-stock sign-up form — rather than this product's facts. Whole-label matches
 * only ("Shipping weight: 2 lb" is a spec).
 */
export const PRODUCT_CHROME_LABEL = new RegExp(
  '^(' +
    [
      // shipping, delivery, returns
      '(free )?(shipping|delivery|returns?|exchanges?)( ?(&|and|\\+|,) ?(free )?(shipping|delivery|returns?|exchanges?|warranty|payment))*( (info|information|policy|policies|options|details|times?))?',
      'free (shipping|delivery|returns)( (on|over|for) .{0,40})?', 'how do you want your item', 'delivery options?',
      // recommendations and cross-sells
      '(customers|people|shoppers) (who (bought|viewed) this item )?(also )?(bought|viewed|liked|purchased|searched|loved)( .{0,40})?',
      'frequently bought together', '(you|we think you)( may| might| will| could)?( also)? (like|love|enjoy|want)( these| this| .{0,20})?( too)?',
      'we know you\'?ll love these( too)?', 'recently viewed( items| products)?', 'complete (your|the) (order|look|set|routine)',
      '(similar|related|recommended|featured|popular|complementary|suggested) (items|products|styles|accessories|picks)( .{0,40})?',
      '(most popular )?accessories (&|and) related items', '(sponsored|related) products( related to this item)?',
      'compare (with )?similar (items|products)', 'shop the (look|collection)', 'pairs? (well )?with( .{0,30})?', 'goes (well )?with',
      'buy it with', 'bundle and save', 'explore (related|similar|more) (items|products)', 'often (viewed|bought) (together|with each other)',
      'consider these( available)? (items|products|alternatives)', 'sponsored (items|products)( .{0,30})?', 'more (from|by) (this|the) (shop|seller|brand|designer|store)( .{0,40})?',
      // the shop's FAQ
      'frequently asked questions', 'faqs?', 'common questions',
      // a back-in-stock sign-up form (its pitch and consent line)
      '(notify me|get notified|email me|let me know) when (it\'?s |it is |this item is )?(back in stock|available|restocked)',
    ].join('|') +
    ')\\s*([:.!?]|…|\\.\\.\\.)?$',
  'i',
);

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

/**
 * The buy box's own lines, which a product page prints around the product's facts for the shopper to act on:
 * stock, scarcity and delivery estimates, the shop's delivery and returns terms, cart prompts and counters, rating
 * and fit summaries, social-proof and loyalty counters, instalment offers, the seller's line, tax notes,
 * protection-plan offers, option pickers, "show more" toggles and "Loading…" lines. Whole-line matches of short
 * lines only ("In stock" is chrome, "Ships in a padded box that keeps the mug in stock condition" is not).
 */
const BUY_BOX_LINE = new RegExp(
  '^(' +
    [
      // stock and delivery estimates
      'in stock', 'out of stock', 'sold out', '(low in stock,? )?only \\d+ left( in stock)?', 'low in stock', '\\d+ in stock',
      'notify me( when (it\'?s |it is )?(back )?in stock| when available)?', '(arrives|delivered|get it) (by|on|between|today|tomorrow)( .{0,30})?',
      'order within .{1,30}', 'free \\d+-day returns', '(this item is )?gift eligible',
      // unavailability, scarcity and dispatch lines; delivery terms the shop prints under every product
      '(discontinued )?this (product|item) is no longer available', 'no (featured )?offers available', 'just a few left([.!] order soon)?',
      'ready to ship', '(same|next)[- ]day (shipping|delivery|dispatch) (if|when) ordered (by|before) .{1,30}',
      '(shipping|delivery|pickup),? arrives (today|tomorrow|in .{1,20}|by .{1,30})', 'import (fees|duties|charges) may apply( on delivery)?',
      'free (standard |express )?(delivery|shipping) (for|on) orders (over|above) .{1,20}', 'also available at checkout',
      // cart and wishlist prompts, counters
      'add to (cart|bag|basket|wishlist|watchlist|list|favorites|favourites)', 'buy (it )?now', 'quantity:?', 'qty:?',
      'in \\d[\\d,.]*\\+? (people\'?s |other people\'?s )?(carts?|baskets?)', 'ask a question', 'write a review',
      // the rating summary beside the name ("4.6 out of 5 stars, 1,664 ratings", "Rated 4.76 out of 5 based on 29
      // customer ratings", "4.4 stars out of 1935 reviews") and the fit summary drawn from the reviews ("Customers
      // say it fits true to size"): the reviews' figures, which go with the reviews
      '(rated )?\\d([.,]\\d+)? (out of|/) ?5( stars?)?[,.]?( based on| from)? ?\\d[\\d,.]*\\+? (customer |user |verified |product )?(ratings?|reviews?|votes?|total votes)',
      '\\d([.,]\\d+)? stars? (out of|from|on|based on) \\d[\\d,.]*\\+? (customer |user )?(ratings?|reviews?)',
      '(on average )?(\\d[\\d,.]* )?(customers|reviewers|shoppers|buyers) say (it |this product |this item |product )?(fits|runs|is) [\\w -]{2,20}(\\. we recommend [^.]{0,60})?',
      '.{0,40} fits true[ -]to[ -]size for most (customers|people|shoppers)',
      // social proof and loyalty counters, instalment offers, the seller's line, the shop's returns terms
      '\\d[\\d,.]*\\+? (people|others|shoppers|customers) (are )?(viewing|looking at|watching) (this|it)( (item|product))?( right now)?',
      '\\d[\\d,.]*[km+]* (happy |satisfied )?(customers|sales|orders sold|sold)',
      '(members|you\'?ll|you will|you) (earn|get|receive) (an est\\. |up to )?.{1,20} (points|rewards?|cash ?back)( on this( and every eligible .{0,30})? (purchase|order|item))?',
      '(or|pay in) \\d+ (interest[- ]free )?(payments|installments|instalments) of( .{1,20})?', 'sold and shipped by .{1,40}',
      'final sale items? (cannot|can\'?t) be returned.{0,40}', 'returns (&|and) exchanges (not )?accepted',
      // tax and price notes
      '(vat|tax|taxes|gst) (included|incl\\.?)( \\(where applicable\\))?(,? plus shipping)?', 'shipping calculated at checkout',
      'price when purchased online', 'current price( is)? .{1,20}', '.{0,40}protection plan( by .{1,30})?',
      // option pickers, toggles, a gallery's arrows, the share label, loading lines
      '(select|choose) (a|an|your) (size|colou?r|option|style|variant|model|product|add-ons?|quantity)', 'loading', 'see (more|less)',
      'show (more|less)', 'learn more', 'view (more|less)', '(see|view|show|browse) all( \\d[\\d,]*)?( [\\w-]+){0,4}',
      'read (more|less)( read (more|less))?', 'prev(ious)?', 'next', 'share( me| this( item| product)?)?:?',
    ].join('|') +
    ')\\s*[:.!…]*$',
  'i',
);

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

/** A select's entry that asks instead of offering ("Select a size", "Choose an option", "--"). */
const OPTION_PLACEHOLDER = /^(-+|select|choose|pick|please (select|choose)|wähle|bitte wählen|sélectionne[rz]?|choisi(r|ssez)|elige|selecciona)\b/i;

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
