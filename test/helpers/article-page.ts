// A small article page that reads cleanly (several real paragraphs) and carries a marker, so a test can tell which
// page a result came from.
import { startFixtureServer, type FixtureServer } from './http-fixture.ts';
export const pageHtml = (marker: string) => `<!doctype html><html lang="en"><head><title>Page ${marker}</title></head><body>
<main><article><h1>Page ${marker}</h1>
${[1, 2, 3, 4].map((n) => `<p>Paragraph ${n} of page ${marker} explains one behaviour in plain words so that an agent can quote it with its source and move on.</p>`).join('\n')}
<p>Marker: ${marker}.</p></article></main></body></html>`;

/**
 * A long article page of about `bytes` bytes (issue 14's memory measurements): paragraphs with a link and an
 * emphasis each, a heading every 40 paragraphs, all of it main content.
 */
export function bigArticleHtml(bytes: number, marker: string): string {
  const parts = [`<!doctype html><html><head><title>Big ${marker}</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>Big article ${marker}</h1>`];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const p = `${i % 40 === 0 ? `<h2>Part ${i / 40}</h2>` : ''}<p>Paragraph ${i} of ${marker} explains one behaviour in plain words, with a <a href="/ref/${i}">reference</a> and some <em>emphasis</em> so that the extractor walks real inline markup.</p>\n`;
    parts.push(p);
    size += p.length;
  }
  parts.push('</article></main></body></html>');
  return parts.join('');
}

/**
 * A server of numbered article pages at `/<group>/<n>/page/<m>` (batch tests), each answered after `delayMs` so a
 * fault injected mid-run lands between reads; `hits` counts the fetches of each path (exactly-once checks).
 */
export function startSlowPageServer(group: string, delayMs: number, hits: Map<string, number>): Promise<FixtureServer> {
  const route = new RegExp(`^/${group}/(\\w+)/page/(\\d+)$`);
  return startFixtureServer({}, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const m = route.exec(path);
    if (!m) return void res.writeHead(404).end('no');
    hits.set(path, (hits.get(path) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, delayMs));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`${group}-${m[1]}-page-${m[2]}-marker`));
  });
}
