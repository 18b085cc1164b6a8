// occam_playbook_save (tools.md §3.1.9, playbooks.md §8): structural gate, strict dry-run read, quality gate,
// lesson, v2 signature, write to the local tier. [F-top] failures.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { URL_MAX_CHARS } from '../../read/url-input.ts';
import { readEnv } from '../../config/env.ts';
import { topFailure } from '../../contract/failures.ts';

export const playbookSaveTool = defineTool({
  name: 'occam_playbook_save',
  description: [
    'Save a drafted playbook to the local tier, signed with the local key. By default first dry-runs a read of verify_url with the draft',
    'as a strict overlay (selectors only) and requires the quality gate (score ≥ 70, noise ≤ 0.12); nothing is written unless every step',
    'passes. Optional lesson_note is appended to the document. hosts must be registrable domains or their subdomains (an IP only as',
    'itself) and cover url; verify:false stores an unverified draft. Needs OCCAM_PLAYBOOK_SAVE=1 from the operator. Failure codes:',
    'invalid_url, playbook_schema_invalid, playbook_scope_invalid, playbook_save_disabled, playbook_save_rejected (secret keys, path',
    'outside the local tier), playbook_verify_failed, playbook_verify_low_score, playbook_verify_high_noise.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL: the host key (and default verify_url).'),
    playbook_json: z.string().describe('[core] The playbook document (schema 1.x) as JSON text.'),
    verify: z.boolean().nullable().optional().describe('[core] Dry-run a read with the draft before writing (default true).'),
    verify_url: z.string().max(URL_MAX_CHARS).nullable().optional().describe('[core] Page for the dry run (default url); its host must be in hosts.'),
    lesson_note: z.string().nullable().optional().describe('[advanced] Lesson to append (≤ 500 chars; never secrets).'),
    failure_reason: z.string().nullable().optional().describe('[advanced] The failure that led here, recorded with the lesson.'),
    host_id: z.string().nullable().optional().describe('[advanced] Host label recorded with the lesson (never secrets).'),
  }),
  handler: async (args, ctx) => {
    // A saved playbook changes reads for every session of this install: a client's own profile switch is not
    // enough to allow that, the operator must (issue 30).
    if (!readEnv<boolean>('OCCAM_PLAYBOOK_SAVE', ctx.runtime.env)) {
      return topFailure('playbook_save_disabled', 'Saving playbooks from an MCP client is off; the operator enables it with OCCAM_PLAYBOOK_SAVE=1.', { url: args.url });
    }
    const { savePlaybook } = await import('../../playbooks/save.ts');
    return savePlaybook(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
  },
});
