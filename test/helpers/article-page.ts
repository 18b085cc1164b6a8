// A small article page that reads cleanly (several real paragraphs) and carries a marker, so a test can tell which
// page a result came from.
export const pageHtml = (marker: string) => `<!doctype html><html lang="en"><head><title>Page ${marker}</title></head><body>
<main><article><h1>Page ${marker}</h1>
${[1, 2, 3, 4].map((n) => `<p>Paragraph ${n} of page ${marker} explains one behaviour in plain words so that an agent can quote it with its source and move on.</p>`).join('\n')}
<p>Marker: ${marker}.</p></article></main></body></html>`;
