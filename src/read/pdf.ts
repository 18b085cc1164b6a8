// PDF bodies (reading.md §7.2): the text layer per page via unpdf (serverless pdf.js, no canvas), whitespace
// normalised, pages joined by a rule, `# <Title>` from the PDF metadata when present. No text layer → the read
// fails `extraction_failed` (OCR is out of scope); a body without the `%PDF-` magic is not a PDF.
import { OccamError } from '../contract/failures.ts';

const PAGE_SEPARATOR = '\n\n---\n\n';

export async function pdfToMarkdown(bytes: Buffer): Promise<{ markdown: string; title?: string }> {
  if (!bytes.subarray(0, 1024).includes(Buffer.from('%PDF-'))) {
    throw new OccamError('extraction_failed', 'The body is not a PDF.', { reason: 'not_a_pdf' });
  }
  const { extractText, getDocumentProxy, getMeta } = await import('unpdf');
  let pages: string[];
  let title: string | undefined;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const meta = await getMeta(pdf).catch(() => null);
    const raw = meta?.info?.Title;
    title = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch {
    throw new OccamError('extraction_failed', 'The PDF could not be parsed.', { reason: 'pdf_parse_error' });
  }
  const body = pages
    .map((p) => p.replace(/[ \t]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim())
    .filter(Boolean)
    .join(PAGE_SEPARATOR);
  if (!body) throw new OccamError('extraction_failed', 'The PDF has no text layer.', { reason: 'pdf_no_text_layer' });
  return { markdown: title ? `# ${title}\n\n${body}` : body, ...(title ? { title } : {}) };
}
