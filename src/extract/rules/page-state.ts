// Lexicons of the page-state verdict (detect.ts): app shells, rate limits, login walls, paywalls, noise.
import { lexicon } from './lexicon.ts';

export const SPA_STUB_MARKERS = lexicon({
  id: 'page-state.spa-stub',
  reason: 'reading.md §9.1 app-shell markers, matched case-insensitively against the raw HTML.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'id="app"', 'id=\'app\'', 'id="root"', 'id=\'root\'', 'id="__next"', '__next_data__', '__nuxt__', 'data-reactroot',
    'ng-version="',
  ] },
  example: 'id="root"',
  counterExample: 'id="main"',
});

export const BENIGN_MARKUP = lexicon({
  id: 'page-state.benign-markup',
  reason: 'Vendor strings that ordinary pages carry without being walls: Cloudflare bot-management\'s passive `/cdn-cgi/challenge-platform/scripts/…` beacon, and forum/CMS settings blobs naming an hCaptcha plugin.',
  appliesTo: 'all',
  match: { kind: 'patterns', flags: 'g', terms: [
    '\\/cdn-cgi\\/challenge-platform\\/scripts\\/[^"\'\\s]*', 'hcaptcha_[a-z_]+|[a-z_]+_hcaptcha|discourse-hcaptcha',
  ] },
  example: 'discourse-hcaptcha',
  counterExample: 'recaptcha',
});

export const RATE_LIMIT_PHRASES = lexicon({
  id: 'page-state.rate-limit',
  reason: 'Phrases of a rate-limit page (reading.md §9.2): the server asks to slow down rather than serving the page.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'rate limit', 'too many requests', 'slow down', 'retry-after',
  ] },
  example: 'too many requests',
  counterExample: 'request accepted',
});

export const LOGIN_SEGMENTS = lexicon({
  id: 'page-state.login-segments',
  reason: 'URL path segments of a login page: a redirect to one is login-wall evidence (reading.md §9.3).',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'login', 'log-in', 'signin', 'sign-in', 'sign_in',
  ] },
  example: 'sign-in',
  counterExample: 'signup',
});

export const LOGIN_WORDS = lexicon({
  id: 'page-state.login-words',
  reason: 'Sign-in words in a page\'s title or text: login-wall evidence with other signals (reading.md §9.3).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\b', flags: 'i', terms: [
    'log ?in', 'sign ?in',
  ] },
  example: 'Log in',
  counterExample: 'Logbook',
});

export const LOGIN_HEADING = lexicon({
  id: 'page-state.login-heading',
  reason: 'A heading that is only a sign-in prompt: the page is a login form.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)$', flags: 'i', terms: [
    'sign in', 'log in', 'login',
  ] },
  example: 'Sign in',
  counterExample: 'Sign in to comment',
});

export const AUTH_TERMS = lexicon({
  id: 'page-state.auth-terms',
  reason: 'Authentication terms: a thin page that is mostly these is a login form, not content.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\b', flags: 'i', terms: [
    'sign in', 'log in', 'login', 'password', 'authenticat\\w*', 'oauth', 'single sign-on', 'sso', 'credentials?',
  ] },
  example: 'Forgot password?',
  counterExample: 'The pass was closed',
});

export const OVERLAY_PATTERN = lexicon({
  id: 'page-state.overlay',
  reason: 'Class/id tokens of a wall or overlay over the content (paywall, regwall, login wall, modal backdrop).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|[\\s_-])(%TERMS%)([\\s_-]|$)', flags: '', terms: [
    'paywall', 'modal-?backdrop', 'overlay',
  ] },
  example: 'paywall-overlay',
  counterExample: 'wall-of-fame',
});

export const PAYWALL_PHRASES = lexicon({
  id: 'page-state.paywall',
  reason: 'Probe `likelyPaywall` phrases (reading.md §19.2).',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'subscribe to read', 'paywall', 'premium subscriber', 'unlock this article',
  ] },
  example: 'subscribe to read',
  counterExample: 'subscribe',
});

export const CONSENT_OR_ROBOT = lexicon({
  id: 'page-state.consent-or-robot',
  reason: 'Consent banners and robot checks as text (reading.md §9.4 noise): a page that is mostly these has no content.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\b', flags: 'i', terms: [
    'we use cookies', 'cookie (policy|settings|preferences)', 'accept (all )?cookies', 'consent',
    'verify you are (a )?human', 'enable javascript', 'checking your browser',
  ] },
  example: 'We use cookies to improve',
  counterExample: 'We bake cookies',
});

export const CTA = lexicon({
  id: 'page-state.call-to-action',
  reason: 'Calls to action (sign up, buy now, book a demo): noise on a page that is mostly these (reading.md §9.4).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\b', flags: 'i', terms: [
    'sign up', 'subscribe', 'buy now', 'shop now', 'get started', 'start (your )?free trial', 'try (it )?(for )?free',
    'download (the )?app', 'book a demo', 'request a demo', 'learn more', 'join now', 'order now', 'add to cart',
  ] },
  example: 'Sign up',
  counterExample: 'Signed up',
});

export const DEFINITIONAL = lexicon({
  id: 'page-state.definitional',
  reason: 'Definitional phrasing ("is a", "refers to"): a sign of prose that explains something, for the quality verdict.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\b', flags: 'i', terms: [
    'is an?', 'is the', 'are the', 'refers to', 'is defined as', 'means',
  ] },
  example: 'A kiln is an oven',
  counterExample: 'Kilns fire clay',
});
