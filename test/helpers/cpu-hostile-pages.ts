// Hostile pages that attack the reader's CPU rather than the browser (issue 30 items 2 and 9): each is plain HTML
// the HTTP path reads as it is, built so that a per-element loop that is not linear and capped, or a pattern that
// backtracks, holds the event loop for minutes. test/e2e/transport-cpu-bounds.test.ts runs each through every
// transport while other calls, pings and /health must keep being answered.
import { html, type Route } from './http-fixture.ts';

export interface CpuHostilePage {
  name: string;
  path: string;
  html: string;
  /** The tool that reads it, with its arguments (the URL is added). */
  tool: 'occam_transcode' | 'occam_map';
  /** The CLI verb that reads it. */
  verb: 'read' | 'map';
  /** What a good answer holds. */
  check: (result: Record<string, any>) => void;
}

/**
 * A long report whose 1,500 paragraphs reuse the same few sentences, set without sentence punctuation (a log
 * rendered as paragraphs, a forum of identical signatures): about 535 KB. The sentence counter of the quality
 * verdict retried its "run, then terminator" pattern from every position of the unpunctuated run (minutes).
 */
export function repeatedParagraphsPage(paragraphs = 1500): string {
  const sentences = [
    'the quarterly figures show a steady increase in the number of registered users across all regions',
    'operating costs remained within the budget set at the start of the year despite higher energy prices',
    'the board recommends that the remaining funds be allocated to the maintenance programme',
    'further details are available in the appendix attached to this report',
    'staff turnover fell for the third consecutive quarter which the committee attributes to the new training scheme',
    'no significant incidents were reported during the period under review',
    'revenue from subscriptions grew faster than revenue from one-off sales',
    'the audit found the accounts to give a true and fair view of the financial position',
  ];
  const body: string[] = [];
  for (let i = 0; i < paragraphs; i++) {
    // Four sentences picked by the paragraph number's base-8 digits: every paragraph is another combination of the
    // same eight sentences, so no paragraph is an exact repeat that would be dropped as one.
    const picked: string[] = [];
    for (let j = 0, n = i; j < 4; j++, n = Math.floor(n / sentences.length)) picked.push(sentences[n % sentences.length]);
    body.push(`<p>${picked.join(' ')}</p>`);
  }
  return `<!doctype html><html><head><title>Annual operations report</title></head><body><main><article><h1>Annual operations report</h1>\n${body.join('\n')}\n</article></main></body></html>`;
}

/** A homepage of `links` links in one parent element (a link farm, a tag cloud, an endless archive). */
export function linkFloodPage(links = 50_000): string {
  const anchors: string[] = [];
  for (let i = 0; i < links; i++) anchors.push(`<a href="/archive/${i}">Archive page ${i}</a>`);
  return `<!doctype html><html><head><title>Archive</title></head><body><div class="cloud">${anchors.join(' ')}</div></body></html>`;
}

export const CPU_HOSTILE_PAGES: readonly CpuHostilePage[] = [
  {
    name: '1,500 paragraphs of repeated unpunctuated sentences',
    path: '/hostile/repeated-paragraphs',
    html: repeatedParagraphsPage(),
    tool: 'occam_transcode',
    verb: 'read',
    check: (r) => {
      if (r.ok !== true) throw new Error(`the read failed: ${JSON.stringify(r.failure ?? r).slice(0, 400)}`);
      if (!/the board recommends that the remaining funds/.test(r.markdown ?? '')) throw new Error('the report text is missing from the read');
    },
  },
  {
    name: '50,000 links in one parent',
    path: '/hostile/link-flood',
    html: linkFloodPage(),
    tool: 'occam_map',
    verb: 'map',
    check: (r) => {
      if (r.ok !== true) throw new Error(`the map failed: ${JSON.stringify(r).slice(0, 400)}`);
      if (!(r.links?.length > 0) || !/\/archive\/0$/.test(r.links[0].url)) throw new Error(`unexpected links: ${JSON.stringify(r.links?.slice(0, 3))}`);
    },
  },
];

/** Routes serving every CPU-hostile page, for startFixtureServer. */
export function cpuHostileRoutes(): Record<string, Route> {
  return Object.fromEntries(CPU_HOSTILE_PAGES.map((p) => [p.path, html(p.html)]));
}
