// Product pages. The main content is the product name, price, every option group with its values, the
// description, the specification table and the customer reviews. Cart buttons, quantity steppers, shipping
// badges, "customers also bought" carousels, breadcrumbs, menus and footers are chrome.
import { BASE_CSS, cookieBanner, footer, jsonLd, scripts, styleBlock, topBar, simpleNav, words, type Lang, type Scheme } from './chrome.ts';
import { doc, esc, hashed, md2html, seeded, slug, type PageSpec, type Rand } from './lib.ts';

interface Review {
  author: string;
  rating: number;
  title: string;
  date: string;
  body: string;
}

interface Product {
  id: string;
  lang: Lang;
  site: string;
  name: string;
  price: string;
  options: Array<[string, string[]]>;
  description: string;
  specs: Array<[string, string]>;
  reviews: Review[];
}

const L: Record<Lang, { specs: string; reviews: string; addToCart: string; qty: string; ship: string; also: string }> = {
  en: { specs: 'Specifications', reviews: 'Customer reviews', addToCart: 'Add to cart', qty: 'Quantity', ship: 'Free shipping on orders over 50. Returns within 30 days.', also: 'You may also like' },
  de: { specs: 'Technische Daten', reviews: 'Kundenbewertungen', addToCart: 'In den Warenkorb', qty: 'Menge', ship: 'Kostenloser Versand ab 50 €. 30 Tage Rückgaberecht.', also: 'Das könnte Ihnen auch gefallen' },
  fr: { specs: 'Caractéristiques', reviews: 'Avis clients', addToCart: 'Ajouter au panier', qty: 'Quantité', ship: 'Livraison offerte dès 50 €. Retours sous 30 jours.', also: 'Vous aimerez aussi' },
  es: { specs: 'Especificaciones', reviews: 'Opiniones de clientes', addToCart: 'Añadir al carrito', qty: 'Cantidad', ship: 'Envío gratis a partir de 50 €. Devoluciones en 30 días.', also: 'También te puede interesar' },
};

function expectedOf(p: Product): string {
  const l = L[p.lang];
  const parts = [`# ${p.name}`, p.price, p.options.map(([n, vs]) => `${n}: ${vs.join(', ')}`).join('\n\n'), p.description.trim()];
  if (p.specs.length) parts.push(`## ${l.specs}`, `| | |\n|---|---|\n${p.specs.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}`);
  if (p.reviews.length) parts.push(`## ${l.reviews}`, ...p.reviews.map((r) => `**${r.rating}/5 ${r.title}** · ${r.author} · ${r.date}\n\n${r.body}`));
  return parts.filter(Boolean).join('\n\n') + '\n';
}

const stars = (n: number): string => '★'.repeat(n) + '☆'.repeat(5 - n);

function productHead(p: Product, r: Rand): string {
  return `${styleBlock(BASE_CSS)}<meta property="og:type" content="product"><meta property="og:title" content="${esc(p.name)}"><meta property="product:price:amount" content="${esc(p.price.replace(/[^\d.,]/g, ''))}">${jsonLd({ '@type': 'Product', name: p.name, offers: { '@type': 'Offer', price: p.price.replace(/[^\d.,]/g, ''), availability: 'https://schema.org/InStock' }, aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: p.reviews.length } })}${scripts(r)}`;
}

function alsoLike(r: Rand, p: Product, scheme: Scheme, names: string[]): string {
  const c = (el: string, u: string): string => (scheme === 'bem' ? ` class="product-card__${el}"` : scheme === 'utility' ? ` class="${u}"` : scheme === 'hashed' ? ` class="${hashed('ProductCard', el)}"` : '');
  return `<section${c('section', 'mt-16')}><h2${c('heading', 'text-xl font-semibold')}>${L[p.lang].also}</h2><ul${c('grid', 'grid grid-cols-2 gap-6 md:grid-cols-4')}>${names.map((n) => `<li${c('card', 'group')}><a href="/products/${slug(n)}"><img src="/cdn/${slug(n)}.jpg" alt="${esc(n)}" loading="lazy"><h3${c('title', 'mt-2 text-sm')}>${esc(n)}</h3></a><span${c('price', 'text-sm font-medium')}>${(r() * 80 + 10).toFixed(2)}</span><button${c('quick-add', 'text-xs underline')}>Quick add</button></li>`).join('')}</ul></section>`;
}

function shopify(p: Product): string {
  const r = seeded(51);
  const sc: Scheme = 'bem';
  const opts = p.options.map(([n, vs], i) => `<fieldset class="js product-form__input product-form__input--pill"><legend class="form__label">${esc(n)}</legend>${vs.map((v, j) => `<input type="radio" id="template--main-1-${i}-${j}" name="${esc(n)}" value="${esc(v)}" form="product-form-main"${j === 0 ? ' checked' : ''}><label for="template--main-1-${i}-${j}">${esc(v)}<span class="visually-hidden label-unavailable"> Variant sold out or unavailable</span></label>`).join('\n')}</fieldset>`).join('');
  const reviews = p.reviews.map((rv) => `<div class="jdgm-rev jdgm-divider-top" data-verified-buyer="true"><div class="jdgm-rev__header"><span class="jdgm-rev__rating" data-score="${rv.rating}" aria-label="${rv.rating} star review" tabindex="0">${stars(rv.rating)}</span> <span class="jdgm-rev__timestamp">${esc(rv.date)}</span> <div class="jdgm-rev__author-wrapper"><span class="jdgm-rev__author">${esc(rv.author)}</span> <span class="jdgm-rev__buyer-badge">Verified Buyer</span></div></div><div class="jdgm-rev__content"><b class="jdgm-rev__title">${esc(rv.title)}</b><div class="jdgm-rev__body"><p>${esc(rv.body)}</p></div></div><div class="jdgm-rev__actions"><div class="jdgm-rev__votes">Was this review helpful? <span class="jdgm-rev__thumb-up">👍 ${Math.floor(r() * 9)}</span> <span class="jdgm-rev__thumb-down">👎 0</span></div></div></div>`).join('');
  const body = `<div class="announcement-bar" role="region" aria-label="Announcement"><p class="announcement-bar__message">${esc(L[p.lang].ship)}</p></div>
${topBar(r, p.lang, sc, p.site, [words(p.lang).cart])}
${simpleNav(['Shop all', 'New arrivals', 'Coffee', 'Brewing', 'Subscriptions', 'Journal'], sc)}
<main id="MainContent" class="content-for-layout" role="main"><section id="shopify-section-template--main" class="shopify-section section"><div class="page-width"><div class="product product--large grid grid--1-col grid--2-col-tablet">
<div class="grid__item product__media-wrapper"><slider-component class="slider-mobile-gutter"><ul class="product__media-list">${[1, 2, 3, 4].map((n) => `<li class="product__media-item"><img src="//cdn.shop/files/${slug(p.name)}-${n}.jpg?width=1946" alt="${esc(p.name)}" loading="lazy"></li>`).join('')}</ul></slider-component></div>
<div class="product__info-wrapper grid__item"><section id="ProductInfo-template--main" class="product__info-container">
<p class="product__text inline-richtext caption-with-letter-spacing">${esc(p.site)}</p>
<div class="product__title"><h1>${esc(p.name)}</h1></div>
<div class="no-js-hidden" id="price-template--main" role="status"><div class="price price--large price--show-badge"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">${esc(p.price)}</span></div></div></div><div class="product__tax caption rte">Tax included. <a href="/policies/shipping-policy">Shipping</a> calculated at checkout.</div></div>
<div class="jdgm-widget jdgm-preview-badge"><span class="jdgm-prev-badge__stars">★★★★★</span><span class="jdgm-prev-badge__text">${p.reviews.length} reviews</span></div>
<variant-radios class="no-js-hidden" data-section="template--main" data-url="/products/${slug(p.name)}">${opts}</variant-radios>
<div class="product-form__input product-form__quantity"><label class="quantity__label form__label" for="Quantity-template--main">${L[p.lang].qty}</label><quantity-input class="quantity"><button class="quantity__button" name="minus" type="button">−</button><input class="quantity__input" type="number" name="quantity" id="Quantity-template--main" min="1" value="1"><button class="quantity__button" name="plus" type="button">+</button></quantity-input></div>
<product-form class="product-form"><form method="post" action="/cart/add" id="product-form-main" class="form" novalidate="novalidate" data-type="add-to-cart-form"><div class="product-form__buttons"><button type="submit" name="add" class="product-form__submit button button--full-width button--secondary"><span>${L[p.lang].addToCart}</span></button><div data-shopify="payment-button" class="shopify-payment-button"><button class="shopify-payment-button__button shopify-payment-button__button--unbranded">Buy it now</button></div></div></form></product-form>
<div class="product__description rte quick-add-hidden">${md2html(p.description)}</div>
<div class="product__accordion accordion quick-add-hidden"><details id="Details-collapsible-row-1"><summary><h2 class="h4 accordion__title">${L[p.lang].specs}</h2></summary><div class="accordion__content rte"><table><tbody>${p.specs.map(([k, v]) => `<tr><td>${esc(k)}</td><td>${esc(v)}</td></tr>`).join('')}</tbody></table></div></details><details><summary><h2 class="h4 accordion__title">Shipping &amp; Returns</h2></summary><div class="accordion__content rte"><p>${esc(L[p.lang].ship)}</p></div></details></div>
<share-button class="share-button quick-add-hidden"><button class="share-button__button hidden">Share</button><details><summary class="share-button__button">Share</summary><div class="share-button__fallback"><input type="text" class="field__input" value="https://${slug(p.site)}.example/products/${slug(p.name)}" readonly><button class="share-button__copy">Copy link</button></div></details></share-button>
</section></div></div></div></section>
<div id="shopify-section-template--reviews" class="shopify-section"><div class="page-width"><div class="jdgm-widget jdgm-review-widget jdgm--done-setup-widget" data-product-title="${esc(p.name)}"><div class="jdgm-rev-widg"><h2 class="jdgm-rev-widg__title">${L[p.lang].reviews}</h2><div class="jdgm-rev-widg__summary"><div class="jdgm-rev-widg__summary-stars">★★★★★</div><div class="jdgm-rev-widg__summary-text">Based on ${p.reviews.length} reviews</div></div><div class="jdgm-rev-widg__sort-wrapper"><select class="jdgm-sort-dropdown"><option>Most Recent</option><option>Highest Rating</option></select></div><div class="jdgm-rev-widg__reviews">${reviews}</div></div></div></div></div>
<div class="page-width">${alsoLike(r, p, sc, p.id.includes('tent') ? ['Trail stove 2', 'Down quilt 600', 'Titanium pegs, 8 pack', 'Inflatable pillow'] : ['Enamel pour-over kettle', 'Ceramic dripper no. 2', 'Paper filters, 100 pack', 'Burr grinder Mini'])}</div>
</main>
${footer(r, p.lang, sc, p.site, 'site')}`;
  return doc({ lang: p.lang, title: `${p.name} – ${p.site}`, head: `${productHead(p, r)}<script>window.ShopifyAnalytics = window.ShopifyAnalytics || {}; window.ShopifyAnalytics.meta = {"product":{"id":7712,"vendor":"${esc(p.site)}","type":"Coffee"},"page":{"pageType":"product"}};</script>`, bodyAttrs: 'class="gradient"', body });
}

function woocommerce(p: Product): string {
  const r = seeded(52);
  const selects = p.options.map(([n, vs]) => `<tr><th class="label"><label for="pa_${slug(n)}">${esc(n)}</label></th><td class="value"><select id="pa_${slug(n)}" class="" name="attribute_pa_${slug(n)}" data-attribute_name="attribute_pa_${slug(n)}"><option value="">Choose an option</option>${vs.map((v) => `<option value="${slug(v)}" class="attached enabled">${esc(v)}</option>`).join('')}</select></td></tr>`).join('');
  const reviews = p.reviews.map((rv, i) => `<li class="review byuser comment-author-x even thread-even depth-1" id="li-comment-${80 + i}"><div id="comment-${80 + i}" class="comment_container"><img alt="" src="https://secure.gravatar.com/avatar/x?s=60&amp;d=mm&amp;r=g" class="avatar avatar-60 photo" height="60" width="60"><div class="comment-text"><div class="star-rating" role="img" aria-label="Rated ${rv.rating} out of 5"><span style="width:${rv.rating * 20}%">Rated <strong class="rating">${rv.rating}</strong> out of 5</span></div><p class="meta"><strong class="woocommerce-review__author">${esc(rv.author)} </strong><em class="woocommerce-review__verified verified">(verified owner)</em> <span class="woocommerce-review__dash">&ndash;</span> <time class="woocommerce-review__published-date" datetime="2025-01-01T10:00:00+00:00">${esc(rv.date)}</time></p><div class="description"><p><strong>${esc(rv.title)}</strong></p><p>${esc(rv.body)}</p></div></div></div></li>`).join('');
  const body = `<div id="page" class="hfeed site">
<header id="masthead" class="site-header" role="banner"><div class="col-full"><a class="skip-link screen-reader-text" href="#site-navigation">Skip to navigation</a><div class="site-branding"><a href="/" class="site-title">${esc(p.site)}</a></div><div class="site-search"><div class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="/"><input type="search" class="search-field" placeholder="Search products&hellip;" name="s"><button type="submit" value="Search">Search</button><input type="hidden" name="post_type" value="product"></form></div></div></div>
<div class="storefront-primary-navigation"><div class="col-full"><nav id="site-navigation" class="main-navigation" role="navigation" aria-label="Primary Navigation"><div class="primary-navigation"><ul id="menu-primary" class="menu">${['Home', 'Shop', 'Knitting kits', 'Yarn', 'Needles', 'Patterns', 'Blog'].map((x) => `<li class="menu-item"><a href="/${slug(x)}/">${x}</a></li>`).join('')}</ul></div></nav><ul id="site-header-cart" class="site-header-cart menu"><li><a class="cart-contents" href="/cart/" title="View your shopping cart"><span class="woocommerce-Price-amount amount">0.00</span> <span class="count">0 items</span></a></li></ul></div></div></header>
<div class="storefront-breadcrumb"><div class="col-full"><nav class="woocommerce-breadcrumb" aria-label="breadcrumbs"><a href="/">Home</a><span class="breadcrumb-separator"> / </span><a href="/product-category/yarn/">Yarn</a><span class="breadcrumb-separator"> / </span>${esc(p.name)}</nav></div></div>
<div id="content" class="site-content" tabindex="-1"><div class="col-full"><div class="woocommerce"></div>
<div id="primary" class="content-area"><main id="main" class="site-main" role="main">
<div id="product-311" class="product type-product post-311 status-publish first instock product_cat-yarn has-post-thumbnail shipping-taxable purchasable product-type-variable">
<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4"><div class="woocommerce-product-gallery__wrapper"><div data-thumb="/wp-content/uploads/yarn-100x100.jpg" class="woocommerce-product-gallery__image"><a href="/wp-content/uploads/yarn.jpg"><img width="600" height="600" src="/wp-content/uploads/yarn-600x600.jpg" class="wp-post-image" alt="" title="yarn"></a></div></div></div>
<div class="summary entry-summary"><h1 class="product_title entry-title">${esc(p.name)}</h1><p class="price"><span class="woocommerce-Price-amount amount"><bdi>${esc(p.price)}</bdi></span></p>
<form class="variations_form cart" action="/product/${slug(p.name)}/" method="post" enctype="multipart/form-data" data-product_id="311"><table class="variations" cellspacing="0" role="presentation"><tbody>${selects}</tbody></table><a class="reset_variations" href="#">Clear</a><div class="single_variation_wrap"><div class="woocommerce-variation single_variation"></div><div class="woocommerce-variation-add-to-cart variations_button"><div class="quantity"><label class="screen-reader-text" for="quantity_1">${esc(p.name)} quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1"></div><button type="submit" class="single_add_to_cart_button button alt">${L[p.lang].addToCart}</button></div></div></form>
<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">YRN-${Math.floor(r() * 9000)}</span></span><span class="posted_in">Category: <a href="/product-category/yarn/" rel="tag">Yarn</a></span></div></div>
<div class="woocommerce-tabs wc-tabs-wrapper"><ul class="tabs wc-tabs" role="tablist"><li class="description_tab active" id="tab-title-description" role="tab"><a href="#tab-description">Description</a></li><li class="additional_information_tab" id="tab-title-additional_information" role="tab"><a href="#tab-additional_information">Additional information</a></li><li class="reviews_tab" id="tab-title-reviews" role="tab"><a href="#tab-reviews">Reviews (${p.reviews.length})</a></li></ul>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel"><h2>Description</h2>${md2html(p.description)}</div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel"><h2>${L[p.lang].specs}</h2><table class="woocommerce-product-attributes shop_attributes"><tbody>${p.specs.map(([k, v]) => `<tr class="woocommerce-product-attributes-item"><th class="woocommerce-product-attributes-item__label">${esc(k)}</th><td class="woocommerce-product-attributes-item__value"><p>${esc(v)}</p></td></tr>`).join('')}</tbody></table></div>
<div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel"><div id="reviews" class="woocommerce-Reviews"><div id="comments"><h2 class="woocommerce-Reviews-title">${p.reviews.length} reviews for <span>${esc(p.name)}</span></h2><ol class="commentlist">${reviews}</ol></div><div id="review_form_wrapper"><div id="review_form"><div id="respond" class="comment-respond"><span id="reply-title" class="comment-reply-title">Add a review</span><p class="must-log-in">You must be <a href="/my-account/">logged in</a> to post a review.</p></div></div></div></div></div></div>
<section class="related products"><h2>Related products</h2><ul class="products columns-4">${['Merino sock yarn', 'Bamboo circular needles', 'Stitch markers', 'Cabled hat pattern'].map((n) => `<li class="product type-product"><a href="/product/${slug(n)}/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img src="/wp-content/uploads/${slug(n)}.jpg" alt=""><h2 class="woocommerce-loop-product__title">${esc(n)}</h2><span class="price">${(r() * 30 + 4).toFixed(2)}</span></a><a href="?add-to-cart=1" class="button product_type_simple add_to_cart_button">${L[p.lang].addToCart}</a></li>`).join('')}</ul></section>
</div></main></div>
<div id="secondary" class="widget-area" role="complementary"><div class="widget widget_product_categories"><span class="gamma widget-title">Product categories</span><ul class="product-categories">${['Knitting kits', 'Yarn', 'Needles', 'Patterns', 'Gift cards'].map((x) => `<li class="cat-item"><a href="/product-category/${slug(x)}/">${x}</a></li>`).join('')}</ul></div></div>
</div></div>
<footer id="colophon" class="site-footer" role="contentinfo"><div class="col-full"><div class="site-info">&copy; ${esc(p.site)} 2025<br><a href="https://woocommerce.com" target="_blank" rel="noopener nofollow">Built with WooCommerce</a>.</div></div></footer></div>`;
  return doc({ lang: p.lang, title: `${p.name} – ${p.site}`, head: productHead(p, r), bodyAttrs: 'class="product-template-default single single-product woocommerce woocommerce-page storefront-full-width-content"', body });
}

function magento(p: Product): string {
  const r = seeded(53);
  const swatches = p.options.map(([n, vs], i) => `<div class="swatch-attribute ${slug(n)}" data-attribute-code="${slug(n)}" data-attribute-id="${90 + i}"><span id="option-label-${slug(n)}-${90 + i}" class="swatch-attribute-label">${esc(n)}</span><span class="swatch-attribute-selected-option"></span><div aria-activedescendant="" tabindex="0" aria-invalid="false" aria-required="true" role="listbox" aria-labelledby="option-label-${slug(n)}-${90 + i}" class="swatch-attribute-options clearfix">${vs.map((v, j) => `<div class="swatch-option text" id="option-label-${slug(n)}-${90 + i}-item-${j}" index="${j}" aria-checked="false" aria-describedby="option-label-${slug(n)}-${90 + i}" tabindex="0" data-option-type="0" data-option-id="${200 + j}" data-option-label="${esc(v)}" aria-label="${esc(v)}" role="option">${esc(v)}</div>`).join('')}</div><input class="swatch-input super-attribute-select" name="super_attribute[${90 + i}]" type="text" value="" data-selector="super_attribute[${90 + i}]" data-validate="{required: true}" aria-required="true" aria-invalid="false"></div>`).join('');
  const reviews = p.reviews.map((rv) => `<li class="item review-item" itemscope="" itemprop="review" itemtype="http://schema.org/Review"><div class="review-title" itemprop="name">${esc(rv.title)}</div><div class="review-ratings"><div class="rating-summary item" itemprop="reviewRating" itemscope="" itemtype="http://schema.org/Rating"><span class="label rating-label"><span>Rating</span></span><div class="rating-result" title="${rv.rating * 20}%"><meta itemprop="worstRating" content="1"><meta itemprop="bestRating" content="100"><span style="width:${rv.rating * 20}%"><span itemprop="ratingValue">${rv.rating * 20}%</span></span></div></div></div><div class="review-content" itemprop="description">${esc(rv.body)}</div><div class="review-details"><p class="review-author"><span class="review-details-label">${p.lang === 'de' ? 'Bewertung von' : 'Review by'}</span> <strong class="review-details-value" itemprop="author">${esc(rv.author)}</strong></p><p class="review-date"><span class="review-details-label">${p.lang === 'de' ? 'Veröffentlicht am' : 'Posted on'}</span> <time class="review-details-value" itemprop="datePublished" datetime="2025-01-01">${esc(rv.date)}</time></p></div></li>`).join('');
  const body = `${cookieBanner(p.lang, 'bem')}
<div class="page-wrapper"><header class="page-header"><div class="panel wrapper"><div class="panel header"><a class="action skip contentarea" href="#contentarea"><span>Skip to Content</span></a><ul class="header links"><li class="greet welcome" data-bind="scope: 'customer'"><span class="not-logged-in">${p.lang === 'de' ? 'Willkommen in unserem Shop' : 'Default welcome msg!'}</span></li><li class="authorization-link"><a href="/customer/account/login/">${words(p.lang).login}</a></li><li><a href="/customer/account/create/">${p.lang === 'de' ? 'Konto erstellen' : 'Create an Account'}</a></li></ul></div></div>
<div class="header content"><span data-action="toggle-nav" class="action nav-toggle"><span>Toggle Nav</span></span><a class="logo" href="/" title="${esc(p.site)}" aria-label="store logo"><img src="/static/frontend/Magento/luma/de_DE/images/logo.svg" title="${esc(p.site)}" alt="${esc(p.site)}" width="148" height="43"></a><div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/"><span class="text">${words(p.lang).cart}</span><span class="counter qty empty"><span class="counter-number">0</span></span></a></div><div class="block block-search"><div class="block block-content"><form class="form minisearch" id="search_mini_form" action="/catalogsearch/result/" method="get"><div class="field search"><label class="label" for="search"><span>${words(p.lang).search}</span></label><div class="control"><input id="search" type="text" name="q" value="" placeholder="${words(p.lang).search}" class="input-text" maxlength="128" role="combobox"></div></div></form></div></div></div></header>
<div class="sections nav-sections"><div class="section-items nav-sections-items"><div class="section-item-content nav-sections-item-content" id="store.menu"><nav class="navigation" data-action="navigation"><ul data-mage-init='{"menu":{"responsive":true}}'>${(p.lang === 'de' ? ['Neu', 'Damen', 'Herren', 'Ausrüstung', 'Training', 'Sale'] : ["What's New", 'Women', 'Men', 'Gear', 'Training', 'Sale']).map((x, i) => `<li class="level0 nav-${i + 1} category-item level-top parent"><a href="/${slug(x)}.html" class="level-top"><span>${x}</span></a><ul class="level0 submenu">${['Tops', 'Bottoms', 'Jackets', 'Shoes'].map((y) => `<li class="level1"><a href="/${slug(x)}/${slug(y)}.html"><span>${y}</span></a></li>`).join('')}</ul></li>`).join('')}</ul></nav></div></div></div>
<div class="breadcrumbs"><ul class="items"><li class="item home"><a href="/" title="Go to Home Page">Home</a></li><li class="item category"><a href="/gear.html">${p.lang === 'de' ? 'Ausrüstung' : 'Gear'}</a></li><li class="item product"><strong>${esc(p.name)}</strong></li></ul></div>
<main id="maincontent" class="page-main"><a id="contentarea" tabindex="-1"></a><div class="page messages"><div data-placeholder="messages"></div></div>
<div class="columns"><div class="column main"><div class="product-info-main"><div class="page-title-wrapper product"><h1 class="page-title"><span class="base" data-ui-id="page-title-wrapper" itemprop="name">${esc(p.name)}</span></h1></div>
<div class="product-reviews-summary" itemprop="aggregateRating" itemscope="" itemtype="http://schema.org/AggregateRating"><div class="rating-summary"><span class="label"><span>Rating:</span></span><div class="rating-result" title="88%"><span style="width:88%"><span><span itemprop="ratingValue">88</span>% of <span itemprop="bestRating">100</span></span></span></div></div><div class="reviews-actions"><a class="action view" href="#reviews"><span itemprop="reviewCount">${p.reviews.length}</span>&nbsp;<span>Reviews</span></a><a class="action add" href="#review-form">Add Your Review</a></div></div>
<div class="product-info-price"><div class="price-box price-final_price" data-role="priceBox" data-product-id="1812"><span class="normal-price"><span class="price-container price-final_price tax weee"><span class="price-label">${p.lang === 'de' ? 'Ab' : 'As low as'}</span><span id="product-price-1812" data-price-amount="0" data-price-type="finalPrice" class="price-wrapper "><span class="price">${esc(p.price)}</span></span></span></span></div><div class="product-info-stock-sku"><div class="stock available" title="Availability"><span>${p.lang === 'de' ? 'Auf Lager' : 'In stock'}</span></div><div class="product attribute sku"><strong class="type">SKU</strong><div class="value" itemprop="sku">MB-${Math.floor(r() * 90 + 10)}</div></div></div></div>
<div class="product-add-form"><form data-product-sku="MB" action="/checkout/cart/add/" method="post" id="product_addtocart_form"><div class="product-options-wrapper" id="product-options-wrapper" data-hasrequired="* Required Fields"><div class="fieldset" tabindex="0"><div class="swatch-opt" data-role="swatch-options">${swatches}</div></div></div><div class="product-options-bottom"><div class="box-tocart"><div class="fieldset"><div class="field qty"><label class="label" for="qty"><span>${L[p.lang].qty}</span></label><div class="control"><input type="number" name="qty" id="qty" min="0" value="1" title="Qty" class="input-text qty"></div></div><div class="actions"><button type="submit" title="${L[p.lang].addToCart}" class="action primary tocart" id="product-addtocart-button"><span>${L[p.lang].addToCart}</span></button></div></div></div></div></form></div>
<div class="product-social-links"><div class="product-addto-links" data-role="add-to-links"><a href="#" class="action towishlist" data-action="add-to-wishlist" role="button"><span>${p.lang === 'de' ? 'Auf den Wunschzettel' : 'Add to Wish List'}</span></a><a href="#" class="action tocompare" role="button"><span>${p.lang === 'de' ? 'Vergleichen' : 'Add to Compare'}</span></a></div><a href="/sendfriend/" class="action mailto friend"><span>Email</span></a></div></div>
<div class="product media"><div class="gallery-placeholder _block-content-loading" data-gallery-role="gallery-placeholder"><img alt="main product photo" class="gallery-placeholder__image" src="/media/catalog/product/cache/x/m/b/mb01-blue-0.jpg"></div></div>
<div class="product info detailed"><div class="product data items" data-mage-init='{"tabs":{"openedState":"active"}}'>
<div class="data item title" data-role="collapsible" id="tab-label-description"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#description" id="tab-label-description-title">${p.lang === 'de' ? 'Details' : 'Details'}</a></div><div class="data item content" aria-labelledby="tab-label-description-title" id="description" data-role="content"><div class="product attribute description"><div class="value">${md2html(p.description)}</div></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-additional"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#additional" id="tab-label-additional-title">${L[p.lang].specs}</a></div><div class="data item content" aria-labelledby="tab-label-additional-title" id="additional" data-role="content"><div class="additional-attributes-wrapper table-wrapper"><table class="data table additional-attributes" id="product-attribute-specs-table"><caption class="table-caption">More Information</caption><tbody>${p.specs.map(([k, v]) => `<tr><th class="col label" scope="row">${esc(k)}</th><td class="col data" data-th="${esc(k)}">${esc(v)}</td></tr>`).join('')}</tbody></table></div></div>
<div class="data item title" data-role="collapsible" id="tab-label-reviews"><a class="data switch" tabindex="-1" data-toggle="trigger" href="#reviews" id="tab-label-reviews-title">${p.lang === 'de' ? 'Bewertungen' : 'Reviews'} <span class="counter">${p.reviews.length}</span></a></div><div class="data item content" aria-labelledby="tab-label-reviews-title" id="reviews" data-role="content"><div id="product-review-container" data-role="product-review"><div class="block review-list" id="customer-reviews"><div class="block-title"><strong>${L[p.lang].reviews}</strong></div><div class="block-content"><ol class="items review-items">${reviews}</ol></div></div></div><div class="block review-add"><div class="block-title"><strong>${p.lang === 'de' ? 'Schreiben Sie Ihre eigene Bewertung' : "You're reviewing:"}</strong></div><div class="block-content"><div class="message info notlogged" id="review-form"><div>${p.lang === 'de' ? 'Nur registrierte Benutzer können Bewertungen schreiben. Bitte melden Sie sich an oder erstellen Sie ein Konto.' : 'Only registered users can write reviews. Please Sign in or create an account'}</div></div></div></div></div>
</div></div>
<div class="block related" data-mage-init='{"relatedProducts":{"relatedCheckbox":".related.checkbox"}}' data-limit="0" data-shuffle="0"><div class="block-title title"><strong id="block-related-heading" role="heading" aria-level="2">${L[p.lang].also}</strong></div><div class="block-content content" aria-labelledby="block-related-heading"><div class="products wrapper grid products-grid products-related"><ol class="products list items product-items">${(p.lang === 'de' ? ['Trinkflasche 750 ml', 'Stirnlampe 400 lm', 'Regenhülle für Rucksäcke', 'Wanderstöcke Carbon'] : ['Water bottle 750 ml', 'Head torch 400 lm', 'Pack rain cover', 'Carbon trekking poles']).map((n) => `<li class="item product product-item"><div class="product-item-info related-available"><a href="/${slug(n)}.html" class="product photo product-item-photo"><img class="product-image-photo" src="/media/${slug(n)}.jpg" alt="${esc(n)}"></a><div class="product details product-item-details"><strong class="product name product-item-name"><a class="product-item-link" title="${esc(n)}" href="/${slug(n)}.html">${esc(n)}</a></strong><div class="price-box price-final_price"><span class="price">${(r() * 60 + 15).toFixed(2)} €</span></div></div></div></li>`).join('')}</ol></div></div></div>
</div></div></main>
${footer(r, p.lang, 'bare', p.site, 'site')}</div>`;
  return doc({ lang: p.lang, title: `${p.name}`, head: productHead(p, r), bodyAttrs: 'data-container="body" class="catalog-product-view product-mb page-layout-1column"', body });
}

function tailwindRetailer(p: Product): string {
  const r = seeded(54);
  const opts = p.options.map(([n, vs]) => `<div class="mt-6"><h3 class="text-sm font-medium text-gray-900">${esc(n)}</h3><div class="mt-3 grid grid-cols-3 gap-3" role="radiogroup">${vs.map((v, j) => `<label class="flex cursor-pointer items-center justify-center rounded-md border py-3 px-3 text-sm font-medium uppercase ${j === 0 ? 'border-indigo-600 ring-2 ring-indigo-500' : 'border-gray-200'}"><input type="radio" name="${slug(n)}" value="${esc(v)}" class="sr-only"${j === 0 ? ' checked' : ''}><span>${esc(v)}</span></label>`).join('\n')}</div></div>`).join('');
  const reviews = p.reviews.map((rv) => `<div class="py-10"><div class="flex items-center"><div class="flex" aria-hidden="true">${stars(rv.rating)}</div><p class="sr-only">${rv.rating} out of 5 stars</p></div><h4 class="mt-4 text-sm font-bold text-gray-900">${esc(rv.title)}</h4><div class="mt-3 space-y-6 text-sm text-gray-600"><p>${esc(rv.body)}</p></div><div class="mt-6 flex items-center text-sm"><p class="font-medium text-gray-900">${esc(rv.author)}</p><time class="ml-4 border-l border-gray-200 pl-4 text-gray-500">${esc(rv.date)}</time></div><div class="mt-4 flex gap-4 text-xs text-gray-500"><button>Helpful (${Math.floor(r() * 20)})</button><button>Report</button></div></div>`).join('');
  const body = `<div class="bg-indigo-600 px-4 py-2 text-center text-sm text-white">Spring sale: 10% off audio with code SPRING10</div>
<header class="relative bg-white"><nav aria-label="Top" class="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8"><div class="flex h-16 items-center border-b border-gray-200"><a href="/" class="ml-4 flex lg:ml-0 font-bold">${esc(p.site)}</a><div class="hidden lg:ml-8 lg:block lg:self-stretch"><div class="flex h-full space-x-8">${['Audio', 'Computers', 'Phones', 'Cameras', 'Smart home', 'Deals'].map((x) => `<a href="/c/${slug(x)}" class="flex items-center text-sm font-medium text-gray-700 hover:text-gray-800">${x}</a>`).join('')}</div></div><div class="ml-auto flex items-center gap-6 text-sm"><a href="/search">Search</a><a href="/account">Sign in</a><a href="/cart" class="group -m-2 flex items-center p-2"><span class="ml-2 text-sm font-medium text-gray-700">0</span><span class="sr-only">items in cart, view bag</span></a></div></div></nav></header>
<main class="mx-auto max-w-7xl px-4 pb-16 pt-10 sm:px-6 lg:px-8"><nav aria-label="Breadcrumb"><ol role="list" class="flex items-center space-x-2 text-sm"><li><a href="/c/audio" class="text-gray-500">Audio</a></li><li>/</li><li><a href="/c/headphones" class="text-gray-500">Headphones</a></li></ol></nav>
<div class="lg:grid lg:grid-cols-2 lg:items-start lg:gap-x-8 mt-6"><div class="flex flex-col-reverse"><div class="mx-auto mt-6 hidden w-full max-w-2xl sm:block lg:max-w-none"><div class="grid grid-cols-4 gap-6" role="tablist">${[1, 2, 3, 4].map((n) => `<button class="relative flex h-24 cursor-pointer items-center justify-center rounded-md bg-white" role="tab" type="button"><span class="sr-only">Angled view ${n}</span><img src="/img/p-${n}.jpg" alt="" class="h-full w-full object-cover object-center"></button>`).join('')}</div></div><div class="aspect-h-1 aspect-w-1 w-full"><img src="/img/p-1.jpg" alt="${esc(p.name)}" class="h-full w-full object-cover object-center sm:rounded-lg"></div></div>
<div class="mt-10 px-4 sm:mt-16 sm:px-0 lg:mt-0"><h1 class="text-3xl font-bold tracking-tight text-gray-900">${esc(p.name)}</h1><div class="mt-3"><h2 class="sr-only">Product information</h2><p class="text-3xl tracking-tight text-gray-900">${esc(p.price)}</p></div><div class="mt-3"><h3 class="sr-only">Reviews</h3><div class="flex items-center"><div class="flex items-center">★★★★☆</div><p class="sr-only">4 out of 5 stars</p><a href="#reviews" class="ml-3 text-sm font-medium text-indigo-600">${p.reviews.length} reviews</a></div></div>
<form class="mt-6">${opts}<div class="mt-10 flex"><button type="submit" class="flex max-w-xs flex-1 items-center justify-center rounded-md border border-transparent bg-indigo-600 px-8 py-3 text-base font-medium text-white">${L[p.lang].addToCart}</button><button type="button" class="ml-4 flex items-center justify-center rounded-md px-3 py-3 text-gray-400"><span class="sr-only">Add to favorites</span>♡</button></div></form>
<div class="mt-6 rounded-md bg-gray-50 p-4 text-sm text-gray-600"><p>Order in the next 3 hours for delivery tomorrow.</p><p>2-year warranty included. 30-day returns.</p></div>
<div class="mt-8"><h3 class="sr-only">Description</h3><div class="space-y-6 text-base text-gray-700">${md2html(p.description)}</div></div></div></div>
<section aria-labelledby="specs-heading" class="mt-16 border-t pt-10"><h2 id="specs-heading" class="text-2xl font-bold">${L[p.lang].specs}</h2><dl class="mt-6 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">${p.specs.map(([k, v]) => `<div class="border-t border-gray-200 pt-4"><dt class="font-medium text-gray-900">${esc(k)}</dt><dd class="mt-2 text-sm text-gray-500">${esc(v)}</dd></div>`).join('')}</dl></section>
<section id="reviews" aria-labelledby="reviews-heading" class="mt-16 border-t pt-10"><h2 id="reviews-heading" class="text-2xl font-bold">${L[p.lang].reviews}</h2><div class="mt-3 flex items-center"><p class="text-sm">Based on ${p.reviews.length} reviews</p><a href="/reviews/new" class="ml-auto rounded-md border px-4 py-2 text-sm">Write a review</a></div><div class="mt-6 divide-y divide-gray-200">${reviews}</div></section>
${alsoLike(r, p, 'utility', ['Wireless earbuds Lite', 'Headphone stand, walnut', 'USB-C audio adapter', 'Travel case, hard shell'])}
</main>
${footer(r, p.lang, 'utility', p.site, 'site')}`;
  return doc({ lang: p.lang, title: `${p.name} | ${p.site}`, head: productHead(p, r), body });
}

function hashedNext(p: Product): string {
  const r = seeded(55);
  const k = (part: string): string => hashed('ProductPage', part);
  const opts = p.options.map(([n, vs]) => `<div class="${k('optionGroup')}"><div class="${k('optionLabel')}">${esc(n)}: <span class="${k('optionSelected')}">${esc(vs[0])}</span></div><ul class="${k('optionList')}">${vs.map((v) => `<li><button type="button" class="${k('optionButton')}" aria-label="${esc(v)}" data-value="${esc(v)}"><span class="${k('swatch')}" style="background:#ccc"></span><span class="${k('optionText')}">${esc(v)}</span></button></li>`).join('')}</ul></div>`).join('');
  const reviews = p.reviews.map((rv) => `<article class="${k('review')}"><div class="${k('reviewStars')}" aria-label="${rv.rating} / 5">${stars(rv.rating)}</div><h3 class="${k('reviewTitle')}">${esc(rv.title)}</h3><p class="${k('reviewBody')}">${esc(rv.body)}</p><footer class="${k('reviewMeta')}"><span>${esc(rv.author)}</span> <span>${esc(rv.date)}</span></footer><div class="${k('reviewHelpful')}"><span>${p.lang === 'es' ? '¿Te ha resultado útil?' : 'Was this helpful?'}</span><button>${p.lang === 'es' ? 'Sí' : 'Yes'}</button><button>No</button></div></article>`).join('');
  const body = `<div id="__next">${cookieBanner(p.lang, 'hashed')}<div class="${k('promo')}">${esc(L[p.lang].ship)}</div>
<header class="${k('header')}"><a href="/" class="${k('logo')}">${esc(p.site)}</a><nav class="${k('nav')}">${(p.lang === 'es' ? ['Sofás', 'Sillas', 'Mesas', 'Camas', 'Exterior', 'Ofertas'] : ['Sofas', 'Chairs', 'Tables', 'Beds', 'Outdoor', 'Sale']).map((x) => `<a class="${k('navLink')}" href="/${slug(x)}">${x}</a>`).join('')}</nav><div class="${k('icons')}"><a href="/account" aria-label="${words(p.lang).account}">${words(p.lang).account}</a><a href="/cart" aria-label="${words(p.lang).cart}">${words(p.lang).cart} (0)</a></div></header>
<main class="${k('main')}"><div class="${k('grid')}"><div class="${k('gallery')}">${[1, 2, 3].map((n) => `<img class="${k('galleryImage')}" src="/_next/image?url=%2Fp%2F${n}.jpg&amp;w=1080&amp;q=75" alt="" loading="${n === 1 ? 'eager' : 'lazy'}">`).join('')}</div>
<div class="${k('details')}"><h1 class="${k('name')}">${esc(p.name)}</h1><div class="${k('rating')}">★★★★★ <a href="#reviews">(${p.reviews.length})</a></div><div class="${k('price')}"><span>${esc(p.price)}</span><span class="${k('klarna')}">${p.lang === 'es' ? 'o 3 pagos sin intereses' : 'or 4 interest-free payments'}</span></div>
${opts}
<div class="${k('actions')}"><div class="${k('qty')}"><button aria-label="-">−</button><span>1</span><button aria-label="+">+</button></div><button class="${k('addToCart')}">${L[p.lang].addToCart}</button></div>
<ul class="${k('usps')}"><li>${p.lang === 'es' ? 'Entrega en 2-4 semanas' : 'Delivered in 2–4 weeks'}</li><li>${p.lang === 'es' ? '100 noches de prueba' : '100-night trial'}</li><li>${p.lang === 'es' ? 'Garantía de 10 años' : '10-year warranty'}</li></ul>
<div class="${k('description')}">${md2html(p.description)}</div>
<details class="${k('accordion')}" open><summary>${L[p.lang].specs}</summary><table class="${k('specs')}"><tbody>${p.specs.map(([a, b]) => `<tr><th>${esc(a)}</th><td>${esc(b)}</td></tr>`).join('')}</tbody></table></details></div></div>
<section id="reviews" class="${k('reviews')}"><h2>${L[p.lang].reviews}</h2><div class="${k('reviewList')}">${reviews}</div><button class="${k('loadMore')}">${p.lang === 'es' ? 'Ver más opiniones' : 'Load more reviews'}</button></section>
${alsoLike(r, p, 'hashed', p.lang === 'es' ? ['Mesa auxiliar de roble', 'Cojín de lino', 'Alfombra de yute', 'Lámpara de pie'] : ['Oak side table', 'Linen cushion', 'Jute rug', 'Floor lamp'])}
</main>
${footer(r, p.lang, 'hashed', p.site, 'site')}</div>
<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { product: { name: p.name, sku: 'SF-01' } } }, page: '/products/[slug]' })}</script>`;
  return doc({ lang: p.lang, title: `${p.name} | ${p.site}`, head: productHead(p, r), body });
}

function bareBookshop(p: Product): string {
  const r = seeded(56);
  const body = `<table width="100%" cellpadding="0" cellspacing="0"><tr><td><a href="/"><img src="/logo.gif" alt="${esc(p.site)}"></a></td><td align="right"><a href="/basket">Basket (0)</a> | <a href="/account">Your account</a> | <a href="/help">Help</a></td></tr></table>
<div><form action="/search"><input name="q" size="40"> <select name="in"><option>All books</option><option>Authors</option><option>ISBN</option></select> <input type="submit" value="Search"></form></div>
<div>${['Fiction', 'Non-fiction', 'Children', 'Second-hand', 'Signed copies', 'Events', 'Gift vouchers'].map((x) => `<a href="/browse/${slug(x)}">${x}</a>`).join(' · ')}</div>
<hr>
<table width="100%"><tr><td valign="top" width="200"><b>Browse</b><br>${['Cookery', 'Gardening', 'History', 'Local interest', 'Nature', 'Poetry', 'Travel', 'Crafts'].map((x) => `<a href="/browse/${slug(x)}">${x}</a><br>`).join('')}<br><b>Opening hours</b><br>Mon–Sat 9–5:30<br>Sun 11–4</td>
<td valign="top">
<h1>${esc(p.name)}</h1>
<p>by <a href="/author/${slug(p.specs[0][1])}">${esc(p.specs[0][1])}</a></p>
<p><img src="/covers/${slug(p.name)}.jpg" alt="Cover" width="180" align="left" hspace="10"><b>${esc(p.price)}</b></p>
<form action="/basket/add" method="post">${p.options.map(([n, vs]) => `<p><b>${esc(n)}:</b> ${vs.map((v, j) => `<label><input type="radio" name="${slug(n)}" value="${slug(v)}"${j === 0 ? ' checked' : ''}> ${esc(v)}</label>`).join(' ')}</p>`).join('')}<p><input type="submit" value="${L[p.lang].addToCart}"> <a href="/wishlist/add">Add to wishlist</a></p></form>
<p><small>Usually dispatched within 2 working days. Free UK delivery on orders over 25.</small></p>
<br clear="all">
<h2>About this book</h2>
${md2html(p.description)}
<h2>${L[p.lang].specs}</h2>
<table border="1" cellpadding="4" cellspacing="0">${p.specs.map(([a, b]) => `<tr><td><b>${esc(a)}</b></td><td>${esc(b)}</td></tr>`).join('')}</table>
<h2>${L[p.lang].reviews}</h2>
${p.reviews.map((rv) => `<div><p><b>${esc(rv.title)}</b> ${stars(rv.rating)}<br><small>${esc(rv.author)}, ${esc(rv.date)}</small></p><p>${esc(rv.body)}</p></div><hr>`).join('')}
<p><a href="/review/new">Write your own review</a></p>
<h3>Customers who bought this also bought</h3>
<table><tr>${['The Hedgerow Year', 'Walls of the Dales', 'A Field Guide to Lichens', 'Cottage Crafts'].map((n) => `<td align="center" width="120"><a href="/book/${slug(n)}"><img src="/covers/${slug(n)}.jpg" alt="" width="80"><br>${esc(n)}</a><br>${(r() * 15 + 8).toFixed(2)}</td>`).join('')}</tr></table>
</td></tr></table>
<hr>
<p><small>${esc(p.site)} · 14 Market Street · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · Registered in England no. 04451122</small></p>`;
  return doc({ lang: p.lang, title: `${p.name} - ${p.site}`, head: productHead(p, r), body });
}

const PRODUCTS: Array<[Product, (p: Product) => string, string]> = [
  [
    {
      id: 'shopify-coffee-beans',
      lang: 'en',
      site: 'Hilltop Roasters',
      name: 'Finca La Soledad — Washed Caturra',
      price: '$18.50',
      options: [
        ['Size', ['250 g', '500 g', '1 kg']],
        ['Grind', ['Whole bean', 'Espresso', 'Filter', 'French press']],
      ],
      description: `A bright, clean coffee from a family farm at 1,750 metres. Expect red apple and panela sweetness up front, with a soft cocoa finish that makes it forgiving as a filter and surprisingly good as a light espresso.\n\nWe roast on Mondays and Thursdays and ship within a day of roasting. For filter, we suggest resting the beans for five to seven days after the roast date printed on the bag.`,
      specs: [
        ['Origin', 'Huila, Colombia'],
        ['Variety', 'Caturra'],
        ['Process', 'Washed'],
        ['Altitude', '1,750 m'],
        ['Roast', 'Light to medium'],
      ],
      reviews: [
        { author: 'Maya R.', rating: 5, title: 'My daily filter now', date: '02/11/2025', body: 'Really sweet in a V60, and it stays good for the whole bag. Ordered the 1 kg the second time.' },
        { author: 'Jon P.', rating: 4, title: 'Great, a bit light for milk', date: '01/28/2025', body: 'Lovely on its own, but it disappears in a flat white. I would pick something darker for milk drinks.' },
        { author: 'Sandeep', rating: 5, title: 'Arrived two days after roasting', date: '01/09/2025', body: 'Fresh, well packed and the tasting notes were spot on. The apple really comes through as it cools.' },
      ],
    },
    shopify,
    'a Shopify Dawn-theme product page: announcement bar, variant pill radios per option group, price with tax note, quantity input, Add to cart and Buy it now, description, specs and shipping in accordions, share button, a Judge.me review widget with helpful votes, "You may also like" cards',
  ],
  [
    {
      id: 'woocommerce-yarn',
      lang: 'en',
      site: 'Woolly Lane',
      name: 'Highland Aran, Undyed Wool',
      price: '£7.90',
      options: [
        ['Colour', ['Natural', 'Oatmeal', 'Moss', 'Peat']],
        ['Pack', ['Single skein', 'Pack of 5', 'Pack of 10']],
      ],
      description: `A sturdy aran-weight yarn spun from the fleece of hill sheep. It is slightly rustic, with a little lanolin left in, so it softens with every wash and keeps its stitch definition for cables.\n\nEach skein is 100 g and about 180 metres. It suits jumpers, hats and blankets that are meant to be worn and used rather than kept for best.\n\n- Spun in a small mill in the Scottish Borders\n- No dyes or bleach, colours are the natural shades of the fleece\n- Hand wash cool, dry flat`,
      specs: [
        ['Weight', 'Aran (10 ply)'],
        ['Length', '180 m per 100 g'],
        ['Needle size', '5 mm'],
        ['Fibre', '100% wool'],
      ],
      reviews: [
        { author: 'Claire', rating: 5, title: 'Perfect for cables', date: 'February 3, 2025', body: 'Knitted a cabled hat in a weekend. The stitches pop and it softened a lot after one wash.' },
        { author: 'Ruth M', rating: 4, title: 'Scratchy at first', date: 'January 20, 2025', body: 'It is quite rough on the skein, but it is fine after soaking. I would not use it for a baby cardigan.' },
      ],
    },
    woocommerce,
    'a WooCommerce (Storefront) variable product: breadcrumb, variations table of selects with "Choose an option", quantity and Add to cart, SKU and category meta, description / additional information / reviews tabs (two hidden), star-rating reviews with "(verified owner)", login prompt, related products and a category widget',
  ],
  [
    {
      id: 'magento-backpack',
      lang: 'en',
      site: 'Ridgeline Outfitters',
      name: 'Cairn 28 Daypack',
      price: '$89.00',
      options: [
        ['Color', ['Slate', 'Rust', 'Pine']],
        ['Back length', ['S/M', 'M/L']],
      ],
      description: `A 28 litre pack for full days in the hills. The frame sheet and ventilated mesh back keep weight close to your body without the sweaty patch of a flat back panel.\n\nThe main compartment opens with a wide U-shaped zip, so you can reach the bottom without unpacking everything. A stretch front pocket takes a wet jacket, and the hip belt pockets are big enough for a phone.\n\nThe fabric is recycled nylon with a water-repellent finish that does not use PFAS. A rain cover is stored in the base.`,
      specs: [
        ['Volume', '28 L'],
        ['Weight', '1.05 kg'],
        ['Material', 'Recycled 210D nylon'],
        ['Hydration compatible', 'Yes'],
        ['Warranty', 'Lifetime'],
      ],
      reviews: [
        { author: 'Kris', rating: 5, title: 'Comfortable all day', date: '3/2/25', body: 'Carried it on a 25 km ridge walk with about 7 kg. No sore shoulders and my back stayed fairly dry.' },
        { author: 'Ayesha', rating: 4, title: 'Good pack, short hip belt', date: '2/14/25', body: 'Everything is well made, but the hip belt pockets sit a bit far back on me. Size S/M fits a 43 cm torso well.' },
        { author: 'Dan W.', rating: 3, title: 'Rain cover is tiny', date: '1/30/25', body: 'The pack is great. The rain cover only just fits when the pack is full and came off in strong wind.' },
      ],
    },
    magento,
    'a Magento 2 (Luma) product page: header links and minicart, category mega-menu, rating summary, price box with stock and SKU, text swatch-attribute option groups, quantity and Add to Cart, wish list/compare links, Details / More Information / Reviews tabs with a review list and login notice, related products',
  ],
  [
    {
      id: 'tailwind-headphones',
      lang: 'en',
      site: 'Voltline',
      name: 'Arc ANC Over-Ear Headphones',
      price: '$249',
      options: [
        ['Color', ['Graphite', 'Sand', 'Midnight blue']],
        ['Bundle', ['Headphones only', 'With travel case', 'With case and USB-C DAC']],
      ],
      description: `Arc uses two microphones per ear cup for noise cancelling that adapts to what is around you, from a train carriage to a quiet office. An ambient mode lets voices through when you need to hear an announcement.\n\nThe 40 mm drivers are tuned for a balanced sound with restrained bass, and an app equaliser lets you change that if you prefer. Battery life is up to 38 hours with noise cancelling on, and ten minutes of charging gives about five hours of listening.\n\nThe ear cushions are replaceable and attach with magnets, so a worn pair can be swapped in seconds.`,
      specs: [
        ['Driver', '40 mm dynamic'],
        ['Battery life', 'Up to 38 h (ANC on)'],
        ['Charging', 'USB-C, fast charge'],
        ['Bluetooth', '5.3, multipoint'],
        ['Codecs', 'SBC, AAC, LDAC'],
        ['Weight', '265 g'],
      ],
      reviews: [
        { author: 'Theo', rating: 5, title: 'Best noise cancelling I have owned', date: 'Apr 12, 2025', body: 'I commute on a loud diesel train and these make it almost silent. Comfortable for three hours straight.' },
        { author: 'Lucia', rating: 4, title: 'Great sound, clunky app', date: 'Mar 30, 2025', body: 'Sound and battery are excellent. The app asks you to make an account just to change the equaliser, which is annoying.' },
        { author: 'Grant B.', rating: 4, title: 'Clamp is tight at first', date: 'Mar 2, 2025', body: 'Quite a strong clamp for the first week, then it eased off. Multipoint works well between laptop and phone.' },
      ],
    },
    tailwindRetailer,
    'an electronics retailer product page in Tailwind UI classes: promo bar, breadcrumb, thumbnail tablist, price with sr-only headings, option groups as radio cards, Add to cart and favourites, delivery box, specifications as a dl grid, reviews with Helpful/Report and "you may also like" cards',
  ],
  [
    {
      id: 'next-hashed-sofa',
      lang: 'en',
      site: 'Nordhus Living',
      name: 'Linnea 3-Seater Sofa',
      price: '$1,390',
      options: [
        ['Fabric', ['Oat bouclé', 'Forest velvet', 'Charcoal wool']],
        ['Legs', ['Natural oak', 'Black oak', 'Brass']],
        ['Cushions', ['Feather', 'Foam']],
      ],
      description: `A low, deep sofa with a kiln-dried oak frame and seat cushions you can flip and swap. The back cushions are loose, so you can plump them up after a long film night, and every cover unzips for cleaning.\n\nLinnea arrives in three boxes and goes together without tools: the arms clip onto the base and the legs screw in by hand. It fits through a standard 76 cm door.`,
      specs: [
        ['Dimensions', 'W 220 × D 95 × H 78 cm'],
        ['Seat height', '44 cm'],
        ['Frame', 'Kiln-dried oak and plywood'],
        ['Covers', 'Removable, dry clean'],
      ],
      reviews: [
        { author: 'Hanna L.', rating: 5, title: 'So comfortable', date: 'May 4, 2025', body: 'Deep enough to lie on properly. The oat bouclé looks exactly like the photos.' },
        { author: 'Marcus', rating: 4, title: 'Feather cushions need plumping', date: 'Apr 21, 2025', body: 'Lovely sofa but the feather cushions flatten every day. I would choose foam next time.' },
      ],
    },
    hashedNext,
    'a direct-to-consumer furniture product page built with Next.js and hashed CSS-module class names: promo strip, option groups as swatch buttons with the selected value, Klarna line, quantity stepper, USPs, a specs table inside an open details element, reviews with Yes/No helpful buttons and recommendation cards',
  ],
  [
    {
      id: 'bookshop-bare-drystone',
      lang: 'en',
      site: 'Tarn Books',
      name: 'Stone on Stone: A Drystone Walling Handbook',
      price: '£16.99',
      options: [['Format', ['Paperback', 'Hardback', 'Signed hardback']]],
      description: `A practical guide for anyone who wants to build or repair a drystone wall, written by a waller with thirty years of experience in the northern hills.\n\nThe book starts with the basics — choosing stone, setting out a batter frame, laying foundations — and works up to cheek ends, stiles and walls on steep ground. Each technique is shown in clear line drawings rather than photographs, so the placement of every stone is easy to follow.\n\nThe last chapter covers the history of field walls and how to read an old wall for clues about when and why it was built.`,
      specs: [
        ['Author', 'Agnes Thwaite'],
        ['Publisher', 'Fellside Press'],
        ['Pages', '224'],
        ['ISBN', '978-1-9999990-2-7'],
        ['Published', 'October 2024'],
      ],
      reviews: [
        { author: 'Bill H.', rating: 5, title: 'The drawings make it', date: '12 Jan 2025', body: 'I have tried to learn from videos and never understood hearting until I saw the diagrams in this book.' },
        { author: 'Sophie', rating: 4, title: 'Good but northern-focused', date: '3 Dec 2024', body: 'Very good on limestone and gritstone. Not much on slate walls, which is what we have here.' },
      ],
    },
    bareBookshop,
    'an independent bookshop page in 1990s table layout with no classes: left browse column and opening hours, format radios, Add to basket and wishlist, "About this book", a bordered details table, reviews separated by hr and a "Customers who bought this also bought" row',
  ],
  [
    {
      id: 'magento-de-wanderschuh',
      lang: 'de',
      site: 'Bergzeit Sportshop',
      name: 'Felsgrat GTX Wanderschuh Damen',
      price: '169,95 €',
      options: [
        ['Farbe', ['Anthrazit', 'Salbei', 'Bordeaux']],
        ['Größe', ['37', '38', '39', '40', '41', '42']],
      ],
      description: `Der Felsgrat GTX ist ein leichter, knöchelhoher Wanderschuh für Tagestouren auf wechselndem Gelände. Die Gore-Tex-Membran hält die Füße trocken, ohne dass sie bei warmem Wetter zu schwitzen beginnen.\n\nDie Sohle mit tiefem Profil greift auf nassem Fels und auf Schotter gleichermaßen gut. Eine verstärkte Zehenkappe schützt vor Steinen, und die Schnürung lässt sich über zwei Zonen getrennt einstellen.\n\nDer Leisten ist speziell für Damenfüße geschnitten: etwas schmaler an der Ferse, mit mehr Platz im Vorfuß.`,
      specs: [
        ['Obermaterial', 'Veloursleder und Textil'],
        ['Membran', 'Gore-Tex'],
        ['Gewicht', '480 g (Gr. 39)'],
        ['Sohle', 'Gummi, 5 mm Profil'],
        ['Einsatzbereich', 'Wandern, leichtes Trekking'],
      ],
      reviews: [
        { author: 'Sabine K.', rating: 5, title: 'Sofort bequem', date: '12.03.2025', body: 'Ohne Einlaufen eine 18-km-Tour gemacht, keine Blasen. Fällt normal aus.' },
        { author: 'Petra', rating: 4, title: 'Gut, aber warm', date: '27.02.2025', body: 'Sehr guter Halt im Gelände. Im Hochsommer wird es darin recht warm.' },
        { author: 'J. Albers', rating: 5, title: 'Dicht bei Dauerregen', date: '08.02.2025', body: 'Drei Stunden im Regen und die Füße waren trocken. Die Sohle greift auch auf nassen Wurzeln.' },
      ],
    },
    magento,
    'a German Magento 2 (Luma) product page: welcome header, category menu with submenus, rating summary, price with Auf Lager and SKU, Farbe/Größe swatch groups, Warenkorb button, wish list/compare, Details / Technische Daten / Bewertungen tabs, review list, login notice, related products and a cookie banner',
  ],
  [
    {
      id: 'woocommerce-fr-theiere',
      lang: 'fr',
      site: 'Maison du Thé Vert',
      name: 'Théière en fonte Kyūsu 0,8 L',
      price: '54,00 €',
      options: [
        ['Couleur', ['Noir mat', 'Vert mousse', 'Bleu nuit']],
        ['Filtre', ['Filtre inox', 'Sans filtre']],
      ],
      description: `Cette théière en fonte émaillée garde la chaleur longtemps et convient aussi bien aux thés verts japonais qu’aux thés noirs. L’intérieur est recouvert d’un émail qui évite la rouille et ne retient pas les arômes.\n\nLe filtre amovible en acier inoxydable permet d’infuser des feuilles entières sans qu’elles passent dans la tasse. Pour les thés verts délicats, laissez l’eau refroidir à 70 ou 80 °C avant de la verser.\n\n- Ne pas mettre au lave-vaisselle\n- Sécher soigneusement après usage\n- Ne pas poser directement sur une flamme`,
      specs: [
        ['Contenance', '0,8 litre'],
        ['Matière', 'Fonte émaillée'],
        ['Poids', '1,3 kg'],
        ['Origine', 'Iwate, Japon'],
      ],
      reviews: [
        { author: 'Claire D.', rating: 5, title: 'Superbe objet', date: '4 mars 2025', body: 'Très belle finition, le vert mousse est magnifique. Le thé reste chaud pendant toute la lecture d’un chapitre.' },
        { author: 'Hugo', rating: 4, title: 'Lourde mais efficace', date: '18 février 2025', body: 'Elle est plus lourde que prévu, mais le filtre est fin et pratique à nettoyer.' },
      ],
    },
    woocommerce,
    'a French WooCommerce (Storefront) variable product: variations table of selects, Ajouter au panier, SKU and category, Description / additional information / reviews tabs (two hidden), star ratings with verified-owner marks, a login prompt and related products',
  ],
  [
    {
      id: 'next-hashed-es-silla',
      lang: 'es',
      site: 'Casa Ribera',
      name: 'Silla de comedor Alba, roble y enea',
      price: '189 €',
      options: [
        ['Acabado', ['Roble natural', 'Roble oscuro']],
        ['Asiento', ['Enea natural', 'Cuerda negra']],
        ['Unidades', ['1 silla', 'Pack de 2', 'Pack de 4']],
      ],
      description: `La silla Alba está hecha a mano en un taller familiar de Valencia. La estructura es de roble macizo con ensambles de caja y espiga, y el asiento se teje con enea a la manera tradicional, fibra a fibra.\n\nEl respaldo curvado sostiene bien la espalda en sobremesas largas. Con el uso, el asiento de enea se asienta y se vuelve más cómodo, y el roble gana un tono más cálido con los años.`,
      specs: [
        ['Medidas', 'An 46 × Pr 50 × Al 82 cm'],
        ['Altura del asiento', '46 cm'],
        ['Material', 'Roble macizo, enea'],
        ['Peso', '5,2 kg'],
      ],
      reviews: [
        { author: 'Carmen V.', rating: 5, title: 'Preciosas y sólidas', date: '10 abr. 2025', body: 'Compramos seis y son aún más bonitas en persona. Muy estables.' },
        { author: 'Andrés', rating: 4, title: 'Tardaron en llegar', date: '22 mar. 2025', body: 'La calidad es excelente, pero la entrega tardó cinco semanas en lugar de tres.' },
      ],
    },
    hashedNext,
    'a Spanish furniture product page built with Next.js and hashed CSS-module class names: promo strip, Acabado/Asiento/Unidades option groups as swatch buttons, payment-split line, quantity stepper, USPs, specs table in an open details element, reviews with ¿Te ha resultado útil? buttons, recommendation cards and a cookie banner',
  ],
  [
    {
      id: 'shopify-tent',
      lang: 'en',
      site: 'Fieldcraft Supply',
      name: 'Burrow 2 Ultralight Tent',
      price: '$329.00',
      options: [
        ['Color', ['Olive', 'Sand']],
        ['Footprint', ['Without footprint', 'With footprint (+$39)']],
      ],
      description: `A two-person, semi-freestanding tent for backpackers who count grams but still want to sit up inside. One pole hub sets up the whole inner in under three minutes, and the fly can be pitched first in the rain.\n\nTwo doors and two vestibules mean nobody climbs over anyone at 3 a.m. The inner is mostly mesh for summer nights, with a solid lower panel to keep spindrift and draughts out.\n\nSeams are taped at the factory. The fly is silicone-coated on both sides, so it sags less when it gets cold and wet than polyurethane-coated fabrics.`,
      specs: [
        ['Packed weight', '1.22 kg'],
        ['Floor area', '2.7 m²'],
        ['Peak height', '102 cm'],
        ['Fly hydrostatic head', '3,000 mm'],
        ['Poles', 'Aluminium DAC'],
      ],
      reviews: [
        { author: 'Ollie T.', rating: 5, title: 'Survived a storm on the ridge', date: '08/19/2024', body: 'Gusts around 60 km/h and it flexed but never collapsed. Guy out all points and it is rock solid.' },
        { author: 'Fern', rating: 4, title: 'Tight for two tall people', date: '07/30/2024', body: 'Great weight and easy pitch. At 1.88 m my feet touch the end when my partner is in too.' },
        { author: 'Rico', rating: 5, title: 'Fast pitch', date: '07/02/2024', body: 'Pitched it in the dark in about four minutes the first time. The colour-coded clips help a lot.' },
      ],
    },
    shopify,
    'a Shopify Dawn-theme product page (outdoor gear): announcement bar, variant pill radios per option group, price with tax note, quantity input, Add to cart and Buy it now, description, specs and shipping accordions, share button, a Judge.me review widget and "You may also like" cards',
  ],
];

export const pages: PageSpec[] = PRODUCTS.map(([p, tpl, reproduces]) => ({ type: 'product', id: p.id, lang: p.lang, reproduces, html: tpl(p), expected: expectedOf(p) }));
