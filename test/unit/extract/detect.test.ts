// Page-state detection (reading.md §9): challenge, login wall, SPA shell / thin, short quality, feeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { assessAccess, assessQuality, detectChallenge, redirectedToLogin } from '../../../src/extract/detect.ts';

const CHALLENGE = `<!doctype html><html><head><title>Just a moment...</title></head><body><div id="cf-wrapper">
  <h1>Just a moment…</h1><p>Checking if the site connection is secure.</p><p>Ray ID: 7f00aa11bb22cc33</p></div></body></html>`;

test('reading.md #9: a Cloudflare interstitial is captcha_or_challenge (js_challenge, session_cookies)', () => {
  const r = extractDocument({ html: CHALLENGE, url: 'https://shop.test/item', statusCode: 403 });
  assert.equal(r.state.ok, false);
  if (r.state.ok) return;
  assert.equal(r.state.code, 'captcha_or_challenge');
  assert.equal(r.state.challenge?.kind, 'js_challenge');
  assert.equal(r.state.challenge?.recommendedAction, 'session_cookies');
});

test('reading.md #10: a long article that discusses challenges, captcha and 429 is content', () => {
  const para = 'Sites sometimes show "Just a moment" while a captcha or a 429 Too Many Requests response slows scrapers down; the article explains why. ';
  const html = `<html><head><title>About challenges</title></head><body><article><h1>About challenges</h1>${Array.from({ length: 18 }, (_, i) => `<p>Part ${i}. ${para}</p>`).join('')}</article></body></html>`;
  const r = extractDocument({ html, url: 'https://blog.test/challenges' });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.length > 2000);
});

test('reading.md §9.2: vendor markers, rate limits, and benign markup', () => {
  const base = { visibleText: 'hello', markdown: 'short', url: 'https://a.test/', visibleRatio: 0.5, proseChars: 10 };
  assert.equal(detectChallenge({ ...base, html: '<div class="cf-turnstile" data-sitekey="x"></div>' })?.kind, 'turnstile');
  assert.equal(detectChallenge({ ...base, html: '<script src="https://js.captcha-delivery.com/c.js"></script>' })?.kind, 'datadome');
  assert.equal(detectChallenge({ ...base, html: '<p>x</p>', statusCode: 429 })?.kind, 'rate_limit');
  assert.equal(detectChallenge({ ...base, html: '<p>x</p>', url: 'https://a.test/?__cf_chl_tk=1' })?.kind, 'js_challenge');
  assert.equal(detectChallenge({ ...base, html: '<p>x</p>', visibleText: 'Sorry, you have been blocked' })?.kind, 'generic_challenge');
  // Cloudflare's passive bot-management beacon and a "protected by reCAPTCHA" note are not walls.
  assert.equal(detectChallenge({ ...base, html: '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>', visibleText: 'This site is protected by reCAPTCHA.' }), undefined);
  assert.equal(detectChallenge({ ...base, markdown: 'x'.repeat(2001), html: 'turnstile' }), undefined);
});

test('reading.md §9.2: a vendor marker in the markup of a page with content of its own is no wall; the bare wall still is', () => {
  const description = 'This waterproof shell jacket is built for changeable mountain weather, with sealed seams, a helmet-compatible hood and pit zips for venting on long climbs. ';
  const product = `<html><head><title>Loke Jacket</title><link rel="preload" href="https://js.datadome.co/tags.js" as="script">
    <script>window.config={"isDatadomeEnabled":true};var i='https://cdn.shopify.com/shopifycloud/storefront-forms-hcaptcha/ce_storefront_forms_captcha_hcaptcha.v1.5.2.iife.js'</script></head>
    <body><main><h1>Men's Loke Jacket</h1><p>${description.repeat(3)}</p><form><div class="cf-turnstile"></div><input type="email" name="newsletter"><button>Sign up</button></form></main></body></html>`;
  const r = extractDocument({ html: product, url: 'https://shop.test/loke-jacket' });
  assert.equal(r.state.ok, true, JSON.stringify(r.state));
  const form = product.replace('<form>', '<form><label>Captcha *</label>');
  assert.equal(extractDocument({ html: form, url: 'https://shop.test/loke-jacket' }).state.ok, true, 'a form field labelled Captcha on a page with content');
  const verify = extractDocument({ html: '<html><head><title>Just one more step</title></head><body><p>Please verify you are human to continue.</p></body></html>', url: 'https://shop.test/x' });
  assert.equal(verify.state.ok, false, 'the wall phrases stay decisive');
  const wall = '<html><head><title>example.com</title></head><body><p>Please enable JS and disable any ad blocker</p><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe></body></html>';
  const w = extractDocument({ html: wall, url: 'https://shop.test/loke-jacket' });
  assert.equal(w.state.ok, false);
  if (!w.state.ok) assert.equal(w.state.challenge?.kind, 'datadome');
});

test('reading.md #13: password + email form with little text is requires_login (restricted, use_session)', () => {
  const html = `<html><head><title>Sign in</title></head><body><main><h1>Sign in</h1><form action="/session/login">
    <input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form></main></body></html>`;
  const r = extractDocument({ html, url: 'https://app.test/members' });
  assert.equal(r.state.ok, false);
  if (!r.state.ok) {
    assert.equal(r.state.code, 'requires_login');
    assert.equal(r.state.access?.disposition, 'restricted');
    assert.equal(r.state.access?.recommendedAction, 'use_session');
  }
  const withSession = extractDocument({ html, url: 'https://app.test/members' }, { sessionBound: true });
  assert.ok(withSession.state.ok || withSession.state.code !== 'requires_login');
});

test('reading.md #14/#15: login redirect is decisive; auth prose alone is not', () => {
  assert.equal(redirectedToLogin('https://a.test/account', 'https://a.test/login'), true);
  assert.equal(redirectedToLogin('https://a.test/account', 'https://a.test/users/sign_in.php'), true);
  assert.equal(redirectedToLogin('https://a.test/login', 'https://a.test/login'), false);
  const evidence = { passwordField: false, identityField: false, loginFormAction: false, loginHeading: false, blockingOverlay: false, hasUsableContent: true, authenticationTerminology: true };
  const open = assessAccess({ evidence });
  assert.equal(open.disposition, 'open');
  assert.ok(open.evidenceCodes.includes('authentication_terminology_non_decisive'));
  const redirected = assessAccess({ evidence, requestedUrl: 'https://a.test/account', finalUrl: 'https://a.test/login' });
  assert.equal(redirected.disposition, 'restricted');
  assert.ok(redirected.evidenceCodes.includes('redirected_to_login'));
  assert.equal(assessAccess({ evidence: { ...evidence, hasUsableContent: false } }).disposition, 'unknown');
  assert.equal(assessAccess({ evidence, statusCode: 401 }).disposition, 'restricted');
});

test('reading.md #11: an SPA shell is thin_extract and flagged as a shell', () => {
  const html = '<!doctype html><html><head><title>App</title></head><body><div id="root"><span>Loading.</span></div><script src="/app.js"></script></body></html>';
  const r = extractDocument({ html, url: 'https://spa.test/' });
  assert.equal(r.signals.spaShell, true);
  assert.equal(r.state.ok, false);
  if (!r.state.ok) {
    assert.equal(r.state.code, 'thin_extract');
    assert.equal(r.state.spaShell, true);
  }
});

test('reading.md #16: a complete two-sentence page is short_quality, not thin', () => {
  const html = `<!doctype html><html><head><title>Example Domain</title></head><body><div><h1>Example Domain</h1>
    <p>This domain is for use in illustrative examples in documents. You may use this domain in literature without prior coordination or asking for permission.</p>
    <p><a href="https://www.iana.org/domains/example">More information...</a></p></div></body></html>`;
  const r = extractDocument({ html, url: 'https://example.com/' });
  assert.equal(r.state.ok, true);
  if (r.state.ok) assert.equal(r.state.quality.verdict, 'short_quality');
});

test('reading.md §9.4: heading shells, consent-only and link farms are bad extracts', () => {
  assert.equal(assessQuality('# Title\n\n## Section\n\n## Another').good, false);
  assert.equal(assessQuality('We use cookies. Accept all cookies to continue.').good, false);
  assert.equal(assessQuality('').verdict, 'thin');
  const rich = assessQuality(`# Real article\n\n${'A sentence that explains a concept in some detail, with several clauses. '.repeat(20)}`);
  assert.equal(rich.verdict, 'rich');
});

test('reading.md #52: an RSS feed with json_feed renders # title and one ## per item', () => {
  const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Notes</title>
    <item><title>One</title><link>https://n.test/1</link><pubDate>Mon, 01 Jun 2026 00:00:00 GMT</pubDate><description><![CDATA[<p>First <b>item</b>.</p>]]></description></item>
    <item><title>Two</title><link>/2</link></item></channel></rss>`;
  const r = extractDocument({ html: xml, url: 'https://n.test/feed.xml', contentType: 'application/rss+xml' }, { feed: true });
  assert.equal(r.feed?.title, 'Notes');
  assert.equal(r.feed?.items.length, 2);
  assert.equal(r.feed?.items[0].summaryText, 'First item.');
  assert.equal(r.feed?.items[1].link, 'https://n.test/2');
  assert.ok(r.markdown.startsWith('# Notes\n\n## One\nhttps://n.test/1\n_Mon, 01 Jun 2026 00:00:00 GMT_\n\nFirst **item**.'), r.markdown);
  const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom log</title><entry><title>E1</title><link href="https://a.test/e1"/><updated>2026-01-01</updated><summary>Sum</summary></entry></feed>`;
  const a = extractDocument({ html: atom, url: 'https://a.test/atom' }, { feed: true });
  assert.equal(a.feed?.title, 'Atom log');
  assert.equal(a.feed?.items[0].link, 'https://a.test/e1');
  const noFlag = extractDocument({ html: xml, url: 'https://n.test/feed.xml' });
  assert.equal(noFlag.feed, undefined);
});

test('reading.md §9.4: an extract of headings alone (the title and nothing under it) is thin_extract, so the browser is tried', () => {
  const shell = '<html><head><title>Wearable: can I ask here? Best under $200</title></head><body><div id="app"><h1>Wearable: can I ask here? Best under $200</h1></div><script>window.__DATA__={}</script></body></html>';
  const r = extractDocument({ html: shell, url: 'https://forum.test/threads/wearable.1' });
  assert.equal(r.state.ok, false);
  if (!r.state.ok) assert.equal(r.state.code, 'thin_extract');
});
