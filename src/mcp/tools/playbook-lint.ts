// occam_playbook_lint (tools.md §3.1.15, playbooks.md §6): pure, offline validation of playbook JSON. Malformed
// input is reported as issues with grade "broken", never as an ok:false envelope.
import { z } from 'zod';
import { defineTool } from '../tool.ts';

export const playbookLintTool = defineTool({
  name: 'occam_playbook_lint',
  description: [
    'Validate a playbook/genome JSON draft offline (schema 1.x) before paying for occam_playbook_save: returns grade ready|usable|broken,',
    'agentReady (no errors), counts and issues[{severity, field, code, message}]. Errors are exactly what save rejects structurally',
    '(missing schema_version/id/hosts/extract.contentSelectors, secret keys); warnings and infos are advice. No network.',
  ].join(' '),
  inputSchema: z.object({
    playbook_json: z.string().describe('[core] The playbook document as JSON text.'),
  }),
  handler: async (args) => {
    const { lintPlaybookText } = await import('../../playbooks/lint.ts');
    return { ...lintPlaybookText(args.playbook_json).report };
  },
});
