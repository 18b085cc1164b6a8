// Hostile pages: what a page can do to the reader itself rather than to the network (popups today). Every
// transport test runs each of them (test/e2e/transport-hostile-pages.test.ts): the read ends with a result, the
// process and its other clients keep being served. Each page is a thin script shell, so the default
// http_then_browser policy escalates to the browser, where the page's behaviour happens.
import { html, type Route } from './http-fixture.ts';

export interface HostilePage {
  name: string;
  path: string;
  html: string;
  /** What the read of the page must contain (the page's own words). */
  own: RegExp;
  /** What the read must never contain (what the page tried to bring in). */
  foreign: RegExp;
  /** Paths the page makes the browser ask for that must never be loaded. */
  neverLoaded: string[];
  /** A browser action plan (occam_browser_interact) that drives the page's hostile part by a real click. */
  interactPlan?: Array<Record<string, unknown>>;
}

/** Where every popup points: loaded, it would show in no read, but its request is the proof it was loaded. */
export const POPUP_TARGET_PATH = '/hostile/popup-target';
const POPUP_TARGET_HTML = '<!doctype html><html><head><title>Popup</title></head><body><main><h1>Popup window content</h1></main></body></html>';

/** A thin shell whose script writes the article, then runs `attack` (inline, at load). */
function shell(title: string, own: string, attack: string, extraBody = ''): string {
  const prose = `${own} belongs to the page itself and is read whatever the page does to the browser. `;
  return `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div>${extraBody}
<script>document.getElementById('root').innerHTML = '<main><article><h1>${title}</h1><p>' + ${JSON.stringify(prose)}.repeat(10) + '</p></article></main>';</script>
<script>${attack}</script></body></html>`;
}

export const HOSTILE_PAGES: readonly HostilePage[] = [
  {
    name: 'popup opened at load (window.open)',
    path: '/hostile/popup-at-load',
    html: shell(
      'Popup at load',
      'This popup page text',
      `window.open(${JSON.stringify(POPUP_TARGET_PATH + '?by=open')}); window.open(${JSON.stringify(POPUP_TARGET_PATH + '?by=open-noopener')}, '_blank', 'noopener');`,
    ),
    own: /This popup page text belongs to the page itself/,
    foreign: /Popup window content/,
    neverLoaded: [`${POPUP_TARGET_PATH}?by=open`, `${POPUP_TARGET_PATH}?by=open-noopener`],
  },
  {
    name: 'target=_blank link and form clicked by script later',
    path: '/hostile/popup-by-click',
    html: shell(
      'Popup by click',
      'This link page text',
      `setTimeout(() => { document.getElementById('out').click(); document.getElementById('form').submit(); }, 150);`,
      `<a id="out" href="${POPUP_TARGET_PATH}?by=link" target="_blank">Open the offer</a>
<form id="form" action="${POPUP_TARGET_PATH}" method="get" target="_blank"><input type="hidden" name="by" value="form"></form>`,
    ),
    own: /This link page text belongs to the page itself/,
    foreign: /Popup window content/,
    neverLoaded: [`${POPUP_TARGET_PATH}?by=link`, `${POPUP_TARGET_PATH}?by=form`],
    interactPlan: [{ do: 'click', selector: '#out' }, { do: 'wait', ms: 300 }],
  },
];

/** Routes serving every hostile page (and the popup target), for startFixtureServer. */
export function hostileRoutes(): Record<string, Route> {
  const routes: Record<string, Route> = { [POPUP_TARGET_PATH]: html(POPUP_TARGET_HTML) };
  for (const page of HOSTILE_PAGES) routes[page.path] = html(page.html);
  return routes;
}

/** The hostile-page paths a fixture server saw requested (with their query), for the `neverLoaded` check. */
export function loadedHostileTargets(requests: readonly string[], page: HostilePage): string[] {
  return requests.filter((r) => page.neverLoaded.includes(r));
}
