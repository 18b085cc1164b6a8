// Shop pages (src/extract/shop.ts and its hooks in meta.ts / precision.ts): page-type detection on shops, the chrome
// a product page repeats for every product, and a category page's product list. Pages are written here from the
// markup patterns shops use (Shopify/WooCommerce/BigCommerce accordions, FAQ JSON-LD, card grids).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { countPrices } from '../../../src/extract/shop.ts';

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

const ld = (o: unknown): string => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
const faqLd = ld({
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: [{ '@type': 'Question', name: 'How long does shipping take?', acceptedAnswer: { '@type': 'Answer', text: 'Three to five days.' } }],
});

const DESCRIPTION =
  '<p>The Trail 25 pack keeps the gear of a long day within easy reach: a padded back panel, two stretch side pockets for water bottles and a lid pocket for the small things you reach for on the trail.</p>';
const SPECS = '<h2>Specifications</h2><table><tr><th>Capacity</th><td>25 liters</td></tr><tr><th>Weight</th><td>1 lb 13 oz</td></tr></table>';

/**
 * A product page whose buy box holds `lines` (a <p> each) and whose body adds `extra` after the description: the
 * lines go; the price, the description, the specs and `kept` (from `extra`) stay.
 */
function assertBuyBoxLinesGo(lines: string[], extra = '', kept: string[] = []): void {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = `<div class="buy"><h1>Trail 25 Pack</h1><span>$129.00</span>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`;
  const r = extractDocument({ html: page('Trail 25 Pack', `<main>${buyBox}${DESCRIPTION}${extra}${SPECS}</main>`, productLd), url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const k of ['$129.00', 'padded back panel', '| Capacity | 25 liters |', ...kept]) assert.ok(r.markdown.includes(k), `kept: ${k}\n${r.markdown}`);
  for (const gone of lines) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
}

test('prices: currency signs and codes before or after the amount', () => {
  assert.equal(countPrices('$30 · $ 599 + · €132.34 · USD 60.00 · 599,00 € · 1.299 kr'), 6);
  assert.equal(countPrices('In 2024 we shipped 30 packs to 12 countries.'), 0);
});

test('page type: an FAQPage question does not make a shop or service page a forum; a Q&A page still is one', () => {
  const detect = (head: string, url = 'https://shop.test/products/trail-25') =>
    extractDocument({ html: page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1>${DESCRIPTION}${SPECS}</main>`, head), url }).pageType;
  assert.equal(detect(ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' }) + faqLd), 'product');
  assert.equal(detect(faqLd, 'https://plumber.test/services/drain-cleaning'), 'generic');
  assert.equal(detect(ld({ '@context': 'https://schema.org', '@type': 'QAPage', mainEntity: { '@type': 'Question', name: 'Which pack?' } })), 'forum');
  assert.equal(detect(ld({ '@context': 'https://schema.org', '@type': 'Question', name: 'Which pack?' })), 'forum');
});

test('page type: product cards marked up as priced <article>s make a listing; one <article> is still an article', () => {
  const card = (i: number) => `<article class="product-card"><a href="/products/p${i}"><h3>Camp mug ${i}</h3></a><span class="price">$${10 + i}.00</span></article>`;
  const grid = extractDocument({ html: page('Camp mugs', `<main><h1>Camp mugs</h1><div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>`), url: 'https://shop.test/camp-mugs' });
  assert.equal(grid.pageType, 'listing');
  const story = extractDocument({ html: page('A walk in the hills', `<article><h1>A walk in the hills</h1>${DESCRIPTION}<p>It cost $12.00 to park.</p></article>`), url: 'https://blog.test/walk' });
  assert.equal(story.pageType, 'article');
});

test('product page: shipping/returns accordion, cross-sell carousel and shop FAQ go; name, price, description, specs and the item\'s own terms stay', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span><span class="badge">Free shipping</span></div>';
  const shipping =
    '<details class="accordion"><summary>Shipping &amp; Returns</summary><div><p>Standard shipping is free on orders over $65 and typically arrives in three to six business days.</p><p>Returns are accepted within 30 days of delivery; see our returns policy page.</p></div></details>';
  const tile = (i: number) => `<li><a href="/products/p${i}">Hip belt pouch ${i}</a><p>Clips onto the belt and holds a phone, keys and a snack.</p><span>$${20 + i}.00</span></li>`;
  const carousel = `<section><p class="carousel-title">Customers also bought</p><ul>${[1, 2, 3].map(tile).join('')}</ul></section>`;
  const faq =
    '<section><h2>Frequently asked questions</h2><p>When will my order arrive? All in-stock items are dispatched from our warehouse within one working day of your order.</p></section>';
  // A field label with a colon is this item's own term (a marketplace listing's "Returns: 30 days"), not chrome.
  const terms = '<div class="terms"><div>Returns:</div><div>30 days, the buyer pays for return shipping</div></div>';
  const html = page('Trail 25 Pack', `<main>${buyBox}${DESCRIPTION}${SPECS}${terms}${shipping}${carousel}${faq}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const kept of ['Trail 25 Pack', '$129.00', 'padded back panel', '| Capacity | 25 liters |', 'the buyer pays for return shipping']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['Shipping & Returns', 'typically arrives', 'Customers also bought', 'Hip belt pouch', 'Frequently asked questions', 'dispatched from our warehouse']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
  assert.ok((r.precision.removed.heading ?? 0) >= 3, JSON.stringify(r.precision));
});

test('generic page ending in a priced product list: the product names stay (they are no tail metadata)', () => {
  const intro = '<h1>Dress shoes and socks</h1><p>Our carefully curated collection of dress shoes and socks is designed to finish your formalwear, from classic black leather to bold patterned socks for the wedding party.</p>';
  const item = (name: string, price: string) => `<div class="card"><a href="/p/${encodeURIComponent(name)}"><img src="/i.jpg" alt=""></a><div class="name">${name}</div><div class="price">${price}</div></div>`;
  const items = [['Black Dress Shoes', '$30'], ['Brown Leather Dress Shoes', '$35'], ['Navy Icon Socks', '$14'], ['Gray Icon Socks', '$14'], ['Vintage Mickey Socks', '$20']];
  const r = extractDocument({ html: page('Dress shoes & socks', `<main>${intro}<div class="cards">${items.map(([n, p]) => item(n, p)).join('')}</div></main>`), url: 'https://rent.test/collection/shoes-and-socks' });
  assert.equal(r.pageType, 'generic');
  for (const [name] of items) assert.ok(r.markdown.includes(name), `kept: ${name}\n${r.markdown}`);
  // Without prices the same closing run of short lines is still tail metadata.
  const tail = extractDocument({ html: page('Dress shoes & socks', `<main>${intro}<p>Filed under Weddings</p><p>Tags: shoes</p></main>`), url: 'https://rent.test/blog/shoes' });
  assert.ok(!tail.markdown.includes('Filed under'), tail.markdown);
});

test('product page: other products\' priced cards go whatever their heading; the product\'s own priced options stay; a priced grid that is most of the page stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span></div>';
  // Sizes with their prices: the product's own options (no name or picture of their own).
  const sizes = '<ul class="sizes"><li>S — $119.00</li><li>M — $129.00</li><li>L — $139.00</li></ul>';
  // A carousel of other listings under a heading no lexicon knows: a linked picture, a name, a price and delivery
  // each (mostly unlinked text, so no link-dense list).
  const card = (i: number) =>
    `<li class="carousel-item"><a href="/itm/${i}"><img src="/t${i}.jpg" alt=""></a><h3>Daypack ${i} with padded straps and rain cover</h3><span>Pre-owned</span><span>$${40 + i}.00</span><span>+ $9.95 delivery</span></li>`;
  const carousel = `<section><h2>Explore more</h2><ul class="carousel">${[1, 2, 3, 4, 5].map(card).join('')}</ul></section>`;
  const r = extractDocument({ html: page('Trail 25 Pack', `<main>${buyBox}${sizes}${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'pack')}${SPECS}${carousel}</main>`, productLd), url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const kept of ['$129.00', 'M — $129.00', 'L — $139.00', 'padded back panel', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('Daypack 3'), r.markdown);
  assert.ok((r.precision.removed.teasers ?? 0) >= 1, JSON.stringify(r.precision));
  // A category page that declares a Product: its cards are what it lists.
  const grid = extractDocument({ html: page('Daypacks', `<main><h2>Daypacks</h2><p>Our daypacks.</p><ul class="carousel">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></main>`, productLd), url: 'https://shop.test/daypacks' });
  assert.equal(grid.pageType, 'product');
  assert.ok(grid.markdown.includes('Daypack 3'), grid.markdown);
});

test('product page: collapsed accordion panels and a product-details sheet are the product\'s; hidden drawers and popups are not', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span></div>';
  // Collapsed until opened: an inline display:none wrapper around an ARIA region (Chakra), a Bootstrap collapse.
  const care =
    '<div class="accordion-item"><button aria-expanded="false">Care</button><div style="display:none;height:0px"><div role="region"><p>Wipe the pack clean with a damp cloth and let it dry away from direct heat before storing it.</p></div></div></div>';
  const materials = '<div class="accordion-item"><h3>Materials</h3><div class="collapse" hidden><p>Recycled 210D ripstop nylon body with a PFC-free water-repellent finish and a 420D base.</p></div></div>';
  // The full description opened in an overlay that says it is the product's details.
  const sheet = '<div class="pip-product-details-modal"><h3>Good to know</h3><p>The hip belt is removable and the sternum strap slides to fit every torso length.</p></div>';
  // Hidden chrome stays out: the mini-cart drawer and a newsletter popup.
  const drawer = '<div class="cart-drawer" hidden><p>Your cart is empty. Continue shopping to find the gear for your next trip.</p></div>';
  const popup = '<div class="newsletter-modal"><p>Join our list and get ten percent off your first order of trail gear.</p></div>';
  const html = page('Trail 25 Pack', `<main>${buyBox}${DESCRIPTION}${care}${materials}${sheet}${drawer}${popup}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const kept of ['Wipe the pack clean', 'Recycled 210D ripstop', 'The hip belt is removable']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['Your cart is empty', 'Join our list']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  // On an article the same collapsed panel stays hidden, as before.
  const story = extractDocument({ html: page('A walk', `<article><h1>A walk</h1>${DESCRIPTION}${care}</article>`), url: 'https://blog.test/walk' });
  assert.ok(!story.markdown.includes('Wipe the pack clean'), story.markdown);
});

test('product page: the buy box\'s own lines go (stock, delivery estimate, cart counter, tax note, pickers, "Loading…" lines, "See all …" toggles, gallery arrows, the share label); the same words in a sentence stay', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox =
    '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span><p>VAT included (where applicable), plus shipping</p>' +
    '<p>Low in stock, only 2 left</p><p>Select a size</p><p>Arrives by Mar 17-27</p><p>In 50+ people\'s carts</p><p>Loading...</p><p>See all 16 supported languages</p><p>Previous</p><p>Next</p><p>Share me:</p><p>Read more</p></div>';
  const note = '<p>Ships in a recycled box; if it arrives damaged we send a new pack, no questions asked.</p>';
  const html = page('Trail 25 Pack', `<main>${buyBox}${DESCRIPTION}${note}${SPECS}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'padded back panel', 'if it arrives damaged', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['VAT included', 'only 2 left', 'Select a size', 'Arrives by', "people's carts", 'Loading', 'See all 16', 'Previous', 'Next', 'Share me', 'Read more']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  // On an article the same lines are not the shop's buy box and stay (inside the text: a short label line between
  // the title and the first paragraph is the article header's, which precision.ts drops).
  const walk = '<p>The walk itself took four hours along the ridge, with two long stops for water and a slow descent through the forest on the far side.</p>';
  const story = extractDocument({ html: page('A walk', `<article><h1>A walk</h1>${DESCRIPTION}<p>Select a size</p>${walk}</article>`), url: 'https://blog.test/walk' });
  assert.ok(story.markdown.includes('Select a size'), story.markdown);
});

test('product page: a marketplace\'s review headings ("Top reviews from …", "Be the first to review this item") open the shoppers\' words, which go', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span></div>';
  const review = (who: string) => `<div class="a-section"><span>${who}</span><p>Carried it on a three-day hike and the straps never dug in; the side pockets hold a litre bottle each.</p></div>`;
  const top = `<div><h3>Top reviews from the United States</h3>${['Dana', 'Lee', 'Sam'].map(review).join('')}</div>`;
  const first = '<div><h2>Be the first to review this item</h2><p>No reviews yet. Share what you think of the pack with other shoppers who are deciding.</p></div>';
  const html = page('Trail 25 Pack', `<main>${buyBox}${DESCRIPTION}${SPECS}${top}${first}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'padded back panel', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['Top reviews', 'three-day hike', 'Be the first', 'No reviews yet']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
});

test('product page: an accordion that opens its panel as a side sheet (a non-modal dialog in an <aside>) keeps the panel\'s text', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Arrival Tee' });
  const buyBox = '<div class="product-info"><h1>Arrival Tee</h1><span class="price">$22</span></div>';
  const sheet = (name: string, text: string) =>
    `<section class="accordion-container"><div class="accordion" aria-label="${name}"><button>${name}</button><div class="sheet" role="dialog" aria-modal="false"><aside class="sheet-aside"><h5>${name}</h5><p>${text}</p></aside></div></div></section>`;
  const html = page(
    'Arrival Tee',
    `<main>${buyBox}${sheet('Description', 'A lightweight training tee with sweat-wicking fabric and flatlock seams that move with you through every set.')}${sheet('Size & Fit', 'Slim fit. The model is six foot tall and wears a size medium.')}</main><aside class="sidebar"><p>Sign up for early access to our next drop.</p></aside>`,
    productLd,
  );
  const r = extractDocument({ html, url: 'https://shop.test/products/arrival-tee' });
  for (const kept of ['sweat-wicking fabric', 'wears a size medium']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('early access'), r.markdown);
});

test('product page rendered by script: the JSON-LD Product description is read when the served body holds next to nothing; never twice', () => {
  const described =
    '<h4>DARKER ROAST FOR BOLDER DAYS.</h4>\n<p>A bold and smooth dark roast: arabica beans for flavour and robusta for strength, roasted in small batches and packed the same day so every bag reaches you fresh.</p>\n<p>Certified Fair Trade &amp; Organic.</p>';
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Dark Roast Coffee', description: described });
  const shell = extractDocument({ html: page('Dark Roast Coffee', '<div id="app"></div><p>FREE SHIPPING OVER $50</p>', productLd), url: 'https://coffee.test/products/dark-roast' });
  assert.equal(shell.state.ok, true, shell.markdown);
  for (const kept of ['DARKER ROAST FOR BOLDER DAYS.', 'roasted in small batches', 'Certified Fair Trade & Organic.']) assert.ok(shell.markdown.includes(kept), `kept: ${kept}\n${shell.markdown}`);
  assert.ok(!shell.markdown.includes('<p>'), shell.markdown);
  assert.ok(shell.blocks.some((b) => b.selector === 'script[type="application/ld+json"]'), JSON.stringify(shell.blocks));
  // The body prints the description itself: read once, from the body.
  const served = extractDocument({
    html: page('Dark Roast Coffee', `<main><h1>Dark Roast Coffee</h1><h4>DARKER ROAST FOR BOLDER DAYS.</h4><p>A bold and smooth dark roast: arabica beans for flavour and robusta for strength, roasted in small batches and packed the same day so every bag reaches you fresh.</p></main>`, productLd),
    url: 'https://coffee.test/products/dark-roast',
  });
  assert.equal(served.markdown.split('roasted in small batches').length, 2, served.markdown);
});

test('product page: a cross-sell label ending in an ellipsis ("You may also like…") opens shop chrome too', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const buyBox = '<div class="product-info"><h1>Trail 25 Pack</h1><span class="price">$129.00</span></div>';
  const more = '<section><h2>You may also like…</h2><p>The Trail 40 for longer trips, the Summit hip pack for race days and a rain cover that fits both.</p></section>';
  const body = `${buyBox}${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'pack')}${SPECS}${more}`;
  const r = extractDocument({ html: page('Trail 25 Pack', `<main>${body}</main>`, productLd), url: 'https://shop.test/products/trail-25' });
  assert.ok(r.markdown.includes('padded back panel'), r.markdown);
  assert.ok(!r.markdown.includes('You may also like'), r.markdown);
  assert.ok(!r.markdown.includes('Summit hip pack'), r.markdown);
});

test('page type: a page without product markup whose buy box is one add-to-cart form (a sticky bar may repeat it) is a product; a grid of cart forms is not', () => {
  const buyBox = '<form method="post" id="addToCart" action="/gp/product/handle-buy-box"><input type="hidden" name="asin" value="B0D1"><input type="submit" value="Add to Cart"></form>';
  const one = extractDocument({ html: page('Trail 25 Pack', `<div id="dp"><h1>Trail 25 Pack</h1>${DESCRIPTION}<span>$129.00</span>${buyBox}</div>`), url: 'https://market.test/dp/B0D1' });
  assert.equal(one.pageType, 'product');
  const card = (i: number) => `<li><a href="/p/${i}">Camp mug ${i}</a><span>$${10 + i}.00</span><form action="/cart/add"><button>Add to cart</button></form></li>`;
  const grid = extractDocument({ html: page('Camp mugs', `<div><h1>Camp mugs</h1><p>Enamel mugs for the trail and the table, in six colours and three sizes.</p><ul>${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></div>`), url: 'https://shop.test/camp-mugs' });
  assert.equal(grid.pageType, 'generic');
});

test('product page: when the roots would be its customer-review section (many reviews, a short description), the product is read instead', () => {
  const review = (i: number) =>
    `<div class="review"><span>Shopper ${i}</span><span>5.0 out of 5 stars</span><p>Review number ${i}: I carried this pack on a dozen day hikes this summer and the side pockets held my bottles through every scramble, which I did not expect at this price.</p></div>`;
  const reviews = `<div id="customerReviews"><div class="medley"><h2>Customer reviews</h2><h3>Top reviews from the United States</h3>${Array.from({ length: 12 }, (_, i) => review(i + 1)).join('')}</div></div>`;
  const product = `<div id="centerCol"><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}<ul><li>Padded, ventilated back panel for long days</li><li>Two stretch side pockets that hold a litre bottle each</li></ul></div>`;
  const html = page('Trail 25 Pack', `<div id="dp">${product}</div>${reviews}`, ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' }));
  const r = extractDocument({ html, url: 'https://market.test/dp/B0D1' });
  assert.equal(r.pageType, 'product');
  assert.ok(r.markdown.includes('padded back panel') && r.markdown.includes('$129.00'), r.markdown);
  assert.ok(!r.markdown.includes('Review number'), r.markdown);
});

test('product page: a scrambled ad label (letters between hidden UUID decoy spans) never reaches the Markdown; a UUID in a spec table stays', () => {
  const uuid = (i: number) => `${String(i).repeat(8)}-1d18-4cd6-a8bb-c003e1120f4c`.slice(-36);
  const label = `<div class="lbl">${[...'Sponsored'].map((ch, i) => `<span class="k${i}">${ch}</span><span class="d${i}">${uuid(i + 1)}</span>`).join('')}</div>`;
  const specs = `<table><tr><th>Part number</th><td><span>${uuid(7)}</span></td></tr><tr><th>Weight</th><td>1 lb 13 oz</td></tr></table>`;
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${specs}<section><h2>Explore more</h2>${label}<p>Daypacks picked for you from other sellers in this category.</p></section></main>`, ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' }));
  const r = extractDocument({ html, url: 'https://market.test/itm/1' });
  assert.ok(r.markdown.includes('padded back panel') && r.markdown.includes(uuid(7)), r.markdown);
  assert.ok(!r.markdown.includes(uuid(1)) && !r.markdown.includes(uuid(9)), r.markdown);
});

test('product page: other products\' carousels go even when they outweigh a titled listing\'s own few lines; a category grid of a dozen cards stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const card = (i: number) =>
    `<li class="carousel-item"><a href="/itm/${i}"><img src="/t${i}.jpg" alt=""></a><h3>Daypack ${i} with padded straps and rain cover</h3><span>Pre-owned</span><span>$${40 + i}.00</span><span>+ $9.95 delivery</span><span>Seller 99.4% positive</span></li>`;
  const carousel = (name: string, from: number) => `<section><h2>${name}</h2><ul class="carousel">${[0, 1, 2, 3, 4].map((i) => card(from + i)).join('')}</ul></section>`;
  // An ended listing: a title, a price and a line of terms, then the marketplace's carousels.
  const listing = '<div class="item"><h1>Trail 25 Pack, used twice</h1><span>EUR 55.00</span><p>Condition: used, like new.</p></div>';
  const r = extractDocument({ html: page('Trail 25 Pack', `<main>${listing}${carousel('Explore more', 1)}${carousel('Picked for you', 11)}</main>`, productLd), url: 'https://market.test/itm/1' });
  assert.ok(r.markdown.includes('Trail 25 Pack, used twice') && r.markdown.includes('EUR 55.00'), r.markdown);
  assert.ok(!r.markdown.includes('Daypack 3') && !r.markdown.includes('Daypack 13'), r.markdown);
  const grid = page('Daypacks', `<main><h1>Daypacks</h1><p>Our daypacks.</p><ul class="carousel">${Array.from({ length: 12 }, (_, i) => card(i + 1)).join('')}</ul></main>`, productLd);
  assert.ok(extractDocument({ html: grid, url: 'https://shop.test/daypacks' }).markdown.includes('Daypack 3'));
});

test('product page: the legal fine print in an element named a disclaimer goes (footnoted claims, promotion terms); the product\'s facts stay', () => {
  const fine = `<div class="common-bottom-disclaimer"><ol class="common-bottom-disclaimer__list">${[1, 2, 3].map((i) => `<li>Footnote ${i}: results measured in a lab with preproduction units; actual results vary with use and settings. Offer valid while supplies last, void where prohibited.</li>`).join('')}</ol></div>`;
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}<p>Holds a 3 litre reservoir.<sup>1</sup></p>${SPECS}${fine}</main>`, ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' }));
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['padded back panel', 'Holds a 3 litre reservoir.', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('Footnote 2'), r.markdown);
});

test('product page: a book\'s "About the author" is the product\'s (its author), and stays; on an article the author box still goes', () => {
  const bio = '<p>Jane Ridge has walked the long trails of three continents and writes about gear, maps and the people who make both, from a cabin above the tree line.</p>';
  const book = page('Trails', `<main><h1>Trails: A Field Guide</h1><span>$24.00</span>${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'book, like the pack,')}${SPECS}<h2>About the Author</h2>${bio}</main>`, ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trails' }));
  assert.ok(extractDocument({ html: book, url: 'https://books.test/dp/1' }).markdown.includes('cabin above the tree line'));
  const story = page('A walk', `<article><h1>A walk in the hills</h1>${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'old pack')}<h2>About the Author</h2>${bio}</article>`, ld({ '@context': 'https://schema.org', '@type': 'Article', headline: 'A walk' }));
  assert.ok(!extractDocument({ html: story, url: 'https://blog.test/walk' }).markdown.includes('cabin above the tree line'));
});

test('product page: marketplace cross-sell labels ("Explore related items", "Consider these available items", "Often viewed with each other") open shop chrome', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const block = (label: string, i: number) =>
    `<section><h2>${label}</h2><p>Hip belt pouch ${i} clips onto the belt and holds a phone, keys and a snack, picked by shoppers who looked at this pack.</p></section>`;
  const labels = ['Explore related items', 'Consider these available items', 'Often viewed with each other'];
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'pack')}${SPECS}${labels.map(block).join('')}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://market.test/itm/1' });
  assert.ok(r.markdown.includes('padded back panel'), r.markdown);
  for (let i = 0; i < labels.length; i++) assert.ok(!r.markdown.includes(`Hip belt pouch ${i}`), `${labels[i]}\n${r.markdown}`);
});

test('product page: the shop\'s FAQ in schema.org FAQPage / Question microdata goes; the product stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const qa = (i: number) =>
    `<dl itemscope itemprop="mainEntity" itemtype="https://schema.org/Question"><dt itemprop="name">Question ${i}: how long does delivery take?</dt><dd itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><p itemprop="text">Answer ${i}: every in-stock order leaves our warehouse within one working day and arrives in three to five days with tracking.</p></dd></dl>`;
  const faq = `<div itemscope itemtype="https://schema.org/FAQPage">${Array.from({ length: 4 }, (_, i) => qa(i + 1)).join('')}</div>`;
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${SPECS}${faq}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const kept of ['Trail 25 Pack', '$129.00', 'padded back panel', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('Answer 1:') && !r.markdown.includes('Question 4'), r.markdown);
});

test('product page: a block printed once per variant (price, stock line, spec label) is kept once; repeated headings and dated lines stay', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const variant = (colour: string) =>
    `<div class="variant"><h3>Dimensions</h3><p>Colour ${colour}: 52 × 30 × 20 cm</p><p>$98.00 was $130.00</p><p>Coming soon, please check back later for this colour.</p><p>Offer expires 01/01/26</p></div>`;
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1>${DESCRIPTION}${SPECS}${['Black', 'Moss', 'Rust'].map(variant).join('')}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const once of ['$98.00 was $130.00', 'Coming soon, please check back later for this colour.']) assert.equal(r.markdown.split(once).length - 1, 1, `${once}\n${r.markdown}`);
  for (const colour of ['Black', 'Moss', 'Rust']) assert.ok(r.markdown.includes(`Colour ${colour}`), r.markdown);
  assert.equal(r.markdown.split('### Dimensions').length - 1, 3, r.markdown);
  // Each offer card states its own expiry.
  assert.equal(r.markdown.split('Offer expires 01/01/26').length - 1, 3, r.markdown);
});

test('product page: the rating summary ("4.6 out of 5 stars, 1,664 ratings") and the reviews\' fit summary ("Customers say it fits true to size") go; a fit note in the description stays', () => {
  const lines = ['4.6 out of 5 stars, 1,664 ratings', 'Rated 4.76 out of 5 based on 29 customer ratings', '4.4 stars out of 1935 reviews', 'Customers say it fits true to size', 'On average 279 reviewers say this product is true to size.'];
  const fit = '<p>The hip belt fits true to size for waists from 28 to 44 inches and tightens with one pull.</p>';
  assertBuyBoxLinesGo(lines, fit, ['The hip belt fits true to size']);
});

test('product page: sign-in prompts for the account\'s features ("Sign in to add this item to your wishlist", "Log in to set a price alert") go; a sentence about signing in stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const prompts = [
    '<p><a href="/login?redir=item">Sign in</a> to add this item to your wishlist, follow it, or mark it as ignored</p>',
    '<p><a href="/accounts/login/">Log in</a> to set a price alert on this product.</p>',
    "<p><b>You're not signed in!</b> Open this page in the app to wishlist, follow and purchase</p>",
  ];
  const help = '<p>The pack ships with a code for the companion app: sign in to the app once and it keeps a log of every trail you have walked with it.</p>';
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${prompts.join('')}${DESCRIPTION}${help}${SPECS}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'padded back panel', 'sign in to the app once', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['to your wishlist', 'price alert', 'not signed in']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
});

test('product page: unavailability, scarcity and dispatch lines and the shop\'s delivery terms go ("Just a few left. Order soon!", "Same day shipping if ordered by 4PM Eastern."); a delivery sentence of the description stays', () => {
  const lines = ['Just a few left. Order soon!', 'Ready to ship', 'Same day shipping if ordered by 4PM Eastern.', 'Shipping, arrives tomorrow', 'Import fees may apply on delivery', 'Free standard delivery for orders over $75', 'Also available at checkout:', 'No featured offers available'];
  const note = '<p>Our first mail order of this pack arrived folded flat in a paper sleeve; same day shipping if ordered by noon got it to us in two days.</p>';
  assertBuyBoxLinesGo(lines, note, ['same day shipping if ordered by noon got it']);
});

test('product page: social-proof and loyalty counters, instalment offers, the seller\'s line and the shop\'s returns terms go ("16 people are viewing this right now", "Members earn 799 points on this purchase.")', () => {
  const lines = ['16 people are viewing this right now', '1.1k sales', '4,000,000 satisfied customers', 'Members earn 799 points on this purchase.', 'or 4 payments of $32.25', 'Sold and shipped by Outdoor Depot', 'Final Sale items cannot be returned, canceled, or exchanged', 'Returns & exchanges accepted'];
  assertBuyBoxLinesGo(lines);
});

test('product page: a "read more" expander\'s collapsed content (an editorial review or a book excerpt behind "See more") is the product\'s', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trails: A Field Guide' });
  const excerpt =
    '<div class="a-expander-collapsed-height"><h3>Editorial Reviews</h3><p>A clear, warm guide to the long trails of three continents.</p><div class="a-expander-content a-expander-extend-content" style="display:none"><h3>Excerpt</h3><p>The first morning on the ridge the fog lifted at seven, and the trail ran ahead of us along the crest for as far as we could see.</p></div><a href="#">See more</a></div>';
  const html = page('Trails', `<main><h1>Trails: A Field Guide</h1><span>$24.00</span>${DESCRIPTION}${excerpt}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://books.test/dp/1' });
  assert.equal(r.pageType, 'product');
  assert.ok(r.markdown.includes('the fog lifted at seven'), r.markdown);
});

test('product page: a back-in-stock sign-up form under its "Notify me when back in stock" heading goes (its pitch and consent line)', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const form =
    '<div class="restock"><h3>Notify me when back in stock</h3><p>Limited colours go for good once they sell out. Sign up and we will let you know when this one is here again.</p><form><input type="email"><button>Get notified</button></form><p>You can opt out any time.</p></div>';
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${DESCRIPTION.replace('Trail 25 pack', 'pack')}${SPECS}${form}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'padded back panel', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['Notify me', 'Limited colours', 'opt out']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
});

test('product page: a badge\'s hover tooltip (role="tooltip") goes; the badge itself stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const badge =
    '<div class="badges"><button aria-describedby="pick">Editors\' Pick</button><div id="pick" role="tooltip">Editors\' Picks are hand selected by our style experts to highlight items from shops that have shown quality, reliability and style.</div></div>';
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span><p>Editors' Pick</p>${badge}${DESCRIPTION}${SPECS}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', "Editors' Pick", 'padded back panel', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('hand selected by our style experts'), r.markdown);
});

test('product page: section headings left at the end with nothing under them (a script-filled widget\'s title) go; an h6 signing the last block stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const quote = '<blockquote><p>I carried this pack on a dozen day hikes this summer and the side pockets held my bottles through every scramble.</p></blockquote><h6>~ Rachel M.</h6>';
  const widgets = '<h2>Questions &amp; Answers</h2><div id="qa-widget"></div><h3>Ask the community</h3><div class="qa-mount"></div>';
  const make = (tail: string) => page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${SPECS}${tail}</main>`, productLd);
  const r = extractDocument({ html: make(quote + widgets), url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'padded back panel', '| Capacity | 25 liters |', 'a dozen day hikes']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  assert.ok(!r.markdown.includes('Questions & Answers') && !r.markdown.includes('Ask the community'), r.markdown);
  assert.ok(extractDocument({ html: make(quote), url: 'https://shop.test/products/trail-25' }).markdown.includes('Rachel M.'));
});

test('product page: a currency switcher\'s list (the price in every currency the shop sells in) goes; the product\'s own price list stays', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const picker = '<ul class="currencies"><li><b>AED</b>: 549.56AED</li><li><b>GBP</b>: £110.82</li><li><b>USD</b>: $149.64</li><li><b>CAD</b>: $206.74</li></ul>';
  const sizes = '<ul><li>Small: $119.00</li><li>Medium: $129.00</li><li>Large: $139.00</li></ul>';
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${picker}${sizes}${DESCRIPTION}${SPECS}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  for (const kept of ['$129.00', 'Small: $119.00', 'Large: $139.00', 'padded back panel']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['549.56AED', '£110.82', '$206.74']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
});

test('product page: a message form\'s captcha failure line ("Captcha failed to load. Try using a different browser …") goes', () => {
  const productLd = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail 25 Pack' });
  const form = '<div class="contact-seller"><p>Captcha failed to load. Try using a different browser or disabling ad blockers.</p></div>';
  const html = page('Trail 25 Pack', `<main><h1>Trail 25 Pack</h1><span>$129.00</span>${DESCRIPTION}${SPECS}${form}</main>`, productLd);
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-25' });
  assert.ok(r.markdown.includes('padded back panel'), r.markdown);
  assert.ok(!r.markdown.includes('Captcha failed'), r.markdown);
});

test('product page: an option group keeps its offers ("S, M, L"), not only its label; a placeholder and a country picker do not', () => {
  const size = '<label for="size">Size</label> <select id="size" name="size"><option value="">Select a size</option><option>S</option><option>M</option><option>L</option><option>XL</option></select>';
  const colour = '<label for="colour">Color</label> <select id="colour" name="colour"><option value="">Choose an option</option><option>Forest green</option><option>Slate grey</option></select>';
  const countries = `<select name="ship-to">${Array.from({ length: 60 }, (_, i) => `<option>Country ${i}</option>`).join('')}</select>`;
  const html = page('Trail Daypack 25', `<div class="product"><h1>Trail Daypack 25</h1><p class="price">$89.00</p>${DESCRIPTION}<form class="variations"><p>${size}</p><p>${colour}</p><p>Ship to ${countries}</p></form>${SPECS}</div>`, ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail Daypack 25' }));
  const r = extractDocument({ html, url: 'https://shop.test/products/trail-daypack-25' });
  assert.equal(r.pageType, 'product');
  assert.ok(r.markdown.includes('S, M, L, XL'), r.markdown);
  assert.ok(r.markdown.includes('Forest green, Slate grey'), r.markdown);
  assert.ok(!r.markdown.includes('Select a size') && !r.markdown.includes('Country 12'), r.markdown);
});
