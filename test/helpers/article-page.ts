// A small article page that reads cleanly (several real paragraphs) and carries a marker, so a test can tell which
// page a result came from.
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
