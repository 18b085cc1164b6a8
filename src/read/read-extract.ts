// The part of an extract (src/extract) the read pipeline uses: what a parse worker sends back (issue 14).
import type { ContentBlock, ExtractResult } from '../extract/index.ts';

/**
 * What the read pipeline uses of an extract (src/read/extraction.ts): the page's links and each block's heading
 * path are left out, and the Markdown is the blocks' joined (the extractor's invariant), so a worker does not
 * send the page's text twice.
 */
export type ReadExtract = Omit<ExtractResult, 'links' | 'blocks' | 'markdown'> & { blocks: Array<Omit<ContentBlock, 'headingPath'>> };

export function slimExtract(result: ExtractResult): ReadExtract {
  const { links: _links, markdown: _markdown, blocks, ...rest } = result;
  return { ...rest, blocks: blocks.map(({ headingPath: _h, ...b }) => b) };
}

export const markdownOf = (extract: ReadExtract): string => extract.blocks.map((b) => b.markdown).join('\n\n');
