// Lexicons of product pages (shop.ts): prices, shop chrome labels, buy-box lines, option placeholders.
import { lexicon } from './lexicon.ts';

export const PRICE = lexicon({
  id: 'shop.price',
  reason: 'A price as shops print it: a currency sign or code before or after the amount ("$30", "$ 599", "€132.34", "USD 60.00", "599,00 €", "1.299 kr").',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(?:[$€£¥₹₩]|\\b(?:%TERMS%))\\s?\\d[\\d.,]*|\\b\\d[\\d.,]*\\s?(?:€|£|EUR|USD|zł|kr|Kč|CHF|Ft|lei)(?![\\p{L}])', flags: 'giu', terms: [
    'USD', 'EUR', 'GBP', 'CHF', 'AUD', 'CAD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'JPY', 'AED', 'Rs\\.?', 'R\\$',
  ] },
  example: 'USD 60.00',
  counterExample: 'Model 6000',
});

export const PRODUCT_CHROME_LABEL = lexicon({
  id: 'shop.chrome-label',
  reason: 'Labels that open a block every product page of a shop repeats — shipping and returns terms, recommendation carousels, the shop\'s FAQ, a back-in-stock sign-up form — rather than this product\'s facts. Whole-label matches only ("Shipping weight: 2 lb" is a spec).',
  appliesTo: ['product'],
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*([:.!?]|…|\\.\\.\\.)?$', flags: 'i', terms: [
    '(free )?(shipping|delivery|returns?|exchanges?)( ?(&|and|\\+|,) ?(free )?(shipping|delivery|returns?|exchanges?|warranty|payment))*( (info|information|policy|policies|options|details|times?))?',
    'free (shipping|delivery|returns)( (on|over|for) .{0,40})?', 'how do you want your item',
    '(customers|people|shoppers) (who (bought|viewed) this item )?(also )?(bought|viewed|liked|purchased|searched|loved)( .{0,40})?',
    'frequently bought together',
    '(you|we think you)( may| might| will| could)?( also)? (like|love|enjoy|want)( these| this| .{0,20})?( too)?',
    'we know you\'?ll love these( too)?', 'complete (your|the) (order|look|set|routine)',
    '(similar|related|recommended|featured|popular|complementary|suggested) (items|products|styles|accessories|picks)( .{0,40})?',
    '(most popular )?accessories (&|and) related items', 'explore (related|similar|more) (items|products)',
    'often (viewed|bought) (together|with each other)', 'consider these( available)? (items|products|alternatives)',
    'frequently asked questions', 'faqs?',
    '(notify me|get notified|email me|let me know) when (it\'?s |it is |this item is )?(back in stock|available|restocked)',
  ] },
  example: 'Shipping & Returns',
  counterExample: 'Shipping weight: 2 lb',
});

export const BUY_BOX_LINE = lexicon({
  id: 'shop.buy-box-line',
  reason: 'The buy box\'s own lines, which a product page prints around the product\'s facts for the shopper to act on: stock, scarcity and delivery estimates, the shop\'s delivery and returns terms, cart prompts and counters, rating and fit summaries, social-proof and loyalty counters, instalment offers, the seller\'s line, tax notes, protection-plan offers, option pickers, "show more" toggles and "Loading…" lines. Whole-line matches of short lines only ("In stock" is chrome, "Ships in a padded box that keeps the mug in stock condition" is not).',
  appliesTo: ['product'],
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:.!…]*$', flags: 'i', terms: [
    'in stock', 'out of stock', '(low in stock,? )?only \\d+ left( in stock)?',
    'notify me( when (it\'?s |it is )?(back )?in stock| when available)?',
    '(arrives|delivered|get it) (by|on|between|today|tomorrow)( .{0,30})?', 'order within .{1,30}',
    'free \\d+-day returns', '(this item is )?gift eligible',
    '(discontinued )?this (product|item) is no longer available', 'no (featured )?offers available',
    'just a few left([.!] order soon)?', 'ready to ship',
    '(same|next)[- ]day (shipping|delivery|dispatch) (if|when) ordered (by|before) .{1,30}',
    '(shipping|delivery|pickup),? arrives (today|tomorrow|in .{1,20}|by .{1,30})',
    'import (fees|duties|charges) may apply( on delivery)?',
    'free (standard |express )?(delivery|shipping) (for|on) orders (over|above) .{1,20}', 'also available at checkout',
    'add to (cart|bag|basket|wishlist|watchlist|list|favorites|favourites)', 'quantity:?',
    'in \\d[\\d,.]*\\+? (people\'?s |other people\'?s )?(carts?|baskets?)',
    '(rated )?\\d([.,]\\d+)? (out of|\\/) ?5( stars?)?[,.]?( based on| from)? ?\\d[\\d,.]*\\+? (customer |user |verified |product )?(ratings?|reviews?|votes?|total votes)',
    '\\d([.,]\\d+)? stars? (out of|from|on|based on) \\d[\\d,.]*\\+? (customer |user )?(ratings?|reviews?)',
    '(on average )?(\\d[\\d,.]* )?(customers|reviewers|shoppers|buyers) say (it |this product |this item |product )?(fits|runs|is) [\\w -]{2,20}(\\. we recommend [^.]{0,60})?',
    '.{0,40} fits true[ -]to[ -]size for most (customers|people|shoppers)',
    '\\d[\\d,.]*\\+? (people|others|shoppers|customers) (are )?(viewing|looking at|watching) (this|it)( (item|product))?( right now)?',
    '\\d[\\d,.]*[km+]* (happy |satisfied )?(customers|sales|orders sold|sold)',
    '(members|you\'?ll|you will|you) (earn|get|receive) (an est\\. |up to )?.{1,20} (points|rewards?|cash ?back)( on this( and every eligible .{0,30})? (purchase|order|item))?',
    '(or|pay in) \\d+ (interest[- ]free )?(payments|installments|instalments) of( .{1,20})?',
    'sold and shipped by .{1,40}', 'final sale items? (cannot|can\'?t) be returned.{0,40}',
    'returns (&|and) exchanges (not )?accepted',
    '(vat|tax|taxes|gst) (included|incl\\.?)( \\(where applicable\\))?(,? plus shipping)?',
    'price when purchased online', 'current price( is)? .{1,20}', '.{0,40}protection plan( by .{1,30})?',
    '(select|choose) (a|an|your) (size|colou?r|option|style|variant|model|product|add-ons?|quantity)', 'loading',
    'see (more|less)', 'learn more', '(see|view|show|browse) all( \\d[\\d,]*)?( [\\w-]+){0,4}',
    'read (more|less)( read (more|less))?', 'prev(ious)?', 'next', 'share( me| this( item| product)?)?:?',
  ] },
  example: 'In stock',
  counterExample: 'Ships in a padded box that keeps the mug in stock condition',
});

export const OPTION_PLACEHOLDER = lexicon({
  id: 'shop.option-placeholder',
  reason: 'A select\'s entry that asks instead of offering ("Select a size", "Choose an option", "--").',
  appliesTo: ['product'],
  match: { kind: 'pattern', shape: '^(%TERMS%)\\b', flags: 'i', terms: [
    '-+', 'select', 'choose', 'pick', 'please (select|choose)',
  ] },
  example: 'Select a size',
  counterExample: 'Selected works',
});
