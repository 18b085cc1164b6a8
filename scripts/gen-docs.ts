// `npm run docs`: regenerates the reference pages that are derived from the catalogs.
import { writeFileSync } from 'node:fs';
import { configurationReference, toolsReference } from '../src/contract/docs.ts';
import { IMPLEMENTED_TOOLS } from '../src/mcp/tools/index.ts';

const implemented = new Set(IMPLEMENTED_TOOLS.map((t) => t.name));
writeFileSync(new URL('../docs/reference/tools.md', import.meta.url), toolsReference(implemented));
writeFileSync(new URL('../docs/configuration.md', import.meta.url), configurationReference());
console.error('wrote docs/reference/tools.md, docs/configuration.md');
