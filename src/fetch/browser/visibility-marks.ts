// The browser path's answer to "can a person see this text?" (issue 34): before the rendered page's HTML is
// taken, every element with text that the page does not show is marked `data-occam-hidden="<why>"`, and the
// extraction's hidden-text stage (src/extract/visibility.ts) removes and reports it like any other hidden text.
// The rendered DOM decides, with no stylesheet guessing: `checkVisibility()` with the opacity and visibility
// checks, a zero-size box that clips its content, a box placed where no scrolling reaches (left of or above the
// document), zero-size glyphs, transparent text. Closed `<details>` are disclosure widgets the reader opens: their
// content is left unmarked.

/** The mark (src/extract/rules/visibility.ts BROWSER_MARK reads the same name). */
export const HIDDEN_MARK = 'data-occam-hidden';

/** At most this many elements are marked (a page of a hundred thousand hidden nodes stays bounded). */
const MARKS_MAX = 5000;
/** The marking pass stops after this long; what is marked by then stays marked. */
const MARK_BUDGET_MS = 1500;

/** Runs in the page (a string, so the DOM types stay out of this Node module's type space); returns the count. */
export const MARK_SCRIPT = `(() => {
  const MARK = ${JSON.stringify(HIDDEN_MARK)};
  const started = performance.now();
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'META', 'LINK', 'BR', 'svg', 'math']);
  const root = document.body;
  if (!root) return 0;
  const docWidth = Math.max(document.documentElement.scrollWidth, innerWidth);
  const transparent = (c) => c === 'transparent' || /rgba\\([^)]*,\\s*0\\)$/.test(c);
  const backgroundOf = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (!transparent(bg)) return getComputedStyle(e).backgroundImage === 'none' ? bg : null;
    }
    return 'rgb(255, 255, 255)';
  };
  const ownText = (el) => {
    for (const n of el.childNodes) if (n.nodeType === 3 && n.data.trim()) return true;
    return false;
  };
  let marked = 0;
  for (const el of root.querySelectorAll('*')) {
    if (marked >= ${MARKS_MAX} || performance.now() - started > ${MARK_BUDGET_MS}) break;
    if (skip.has(el.tagName) || el.closest('[' + MARK + '], details:not([open]), svg, math')) continue;
    if (!(el.textContent || '').trim()) continue;
    // A display:contents wrapper has no box of its own (checkVisibility says false) while its children show.
    if (getComputedStyle(el).display === 'contents') continue;
    let why = null;
    try {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) why = 'not-rendered';
      else {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const clips = /hidden|clip/.test(style.overflow + style.overflowX + style.overflowY);
        if (clips && (box.width < 1 || box.height < 1)) why = 'zero-size';
        else if (style.clipPath && /^inset\\((50|100)%\\)$/.test(style.clipPath)) why = 'clipped';
        else if (style.position === 'absolute' || style.position === 'fixed' ? /rect\\(0px,? 0px,? 0px,? 0px\\)/.test(style.clip) : false) why = 'clipped';
        else if (box.right + scrollX <= 0 || box.bottom + scrollY <= 0 || box.left + scrollX >= docWidth + 1000) why = 'off-viewport';
        else if (ownText(el) && parseFloat(style.fontSize) === 0) why = 'font-size-zero';
        else if (ownText(el) && transparent(style.color)) why = 'transparent-text';
        else if (ownText(el)) {
          const bg = backgroundOf(el);
          if (bg && bg === style.color) why = 'same-colour';
        }
      }
    } catch {
      why = null;
    }
    if (why) {
      el.setAttribute(MARK, why);
      marked++;
    }
  }
  return marked;
})()`;

/** The subset of a Playwright page this module uses. */
interface EvaluatingPage {
  evaluate<T>(script: string): Promise<T>;
}

/** Marks the rendered page's hidden elements; a page that cannot be evaluated is left as it is (0). */
export async function markHiddenElements(page: EvaluatingPage): Promise<number> {
  return page.evaluate<number>(MARK_SCRIPT).catch(() => 0);
}
