// occam_extract_knowledge (tools.md §3.1.10, playbooks.md §10): typed facts for a page from the matched
// playbook's knowledge_schema. [F-top] failures; `receipt` is unsigned telemetry, not a Receipt v1.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { URL_MAX_CHARS } from '../../read/url-input.ts';

export const extractKnowledgeTool = defineTool({
  name: 'occam_extract_knowledge',
  description: [
    "Typed facts for one page from its site playbook's knowledge_schema (CSS fields per page class): facts[{name, value, selector}]",
    'in schema order, meta.koId, backend (css_extract_http|css_extract_browser). Needs a playbook with a schema for the host —',
    'check with occam_playbook_resolve. Unmatched fields have value "". ok:false → failureCode (playbook_not_found,',
    'knowledge_schema_missing, page_class_unmatched, knowledge_schema_empty, http_403, …); the content is then unknown.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL of the page.'),
    backend_policy: z.string().optional().describe('[fetch] http | browser | http_then_browser (default; the playbook may prefer another).'),
    session_profile: z.string().nullable().optional().describe('[fetch] Session profile id whose headers are sent.'),
  }),
  handler: async (args, ctx) => {
    const { extractKnowledge } = await import('../../playbooks/knowledge.ts');
    return extractKnowledge(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
  },
});
