// Shared by the block stages: every block's heading path, recomputed after blocks were dropped, added or reordered.
import type { ContentBlock } from '../types.ts';

export function recomputeHeadingPaths(blocks: ContentBlock[]): ContentBlock[] {
  const path: Array<{ level: number; text: string }> = [];
  return blocks.map((b) => {
    if (b.kind === 'heading') {
      const level = b.level ?? 2;
      while (path.length > 0 && path[path.length - 1].level >= level) path.pop();
      const out = { ...b, headingPath: path.map((p) => p.text) };
      path.push({ level, text: b.text });
      return out;
    }
    return { ...b, headingPath: path.map((p) => p.text) };
  });
}
