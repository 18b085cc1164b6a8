// Variables of the playbook tiers and the watch store (playbooks.md §3, §4, §13.2, §14). The opt-in gates
// (OCCAM_WATCH_MCP, …) live with the exposure table; OCCAM_HOME with the operator table. The user tier's
// WT_PLAYBOOKS_PATH keeps its legacy name (playbooks.md §3) and, not being an OCCAM_* variable, is read by the
// tier resolver (src/playbooks/store.ts) rather than listed here.
import { define, flag, text } from './env-spec.ts';

export const playbookVars = [
  define<string | null>({
    name: 'OCCAM_PLAYBOOKS_LOCAL_ROOT',
    area: 'playbooks',
    description: 'Directory of the local playbook tier (rank 4): where `occam_playbook_save` writes `<id>.playbook.json`.',
    default: null,
    defaultText: '`~/.occam/playbooks/local`',
    parse: text(),
  }),
  define<boolean>({
    name: 'OCCAM_PLAYBOOK_SAVE',
    area: 'playbooks',
    description:
      'Lets MCP clients write the local playbook tier through `occam_playbook_save` (which changes reads for every session of this install); off, the tool answers `playbook_save_disabled`. The operator verb `occam playbook save` is not gated.',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define<boolean>({
    name: 'OCCAM_SITE_GENOME_FETCH',
    area: 'playbooks',
    description:
      'Fetch `/.well-known/agent-genome.v1.json` on every playbook resolution (resolve, transcode overlays, extract_knowledge), not only when `fetch_site_genome` asks.',
    default: false,
    defaultText: 'off',
    parse: flag(),
  }),
  define<string | null>({
    name: 'OCCAM_WATCH_DB_PATH',
    area: 'jobs',
    description: 'SQLite file of the `occam_watch` baselines and signed change histories.',
    default: null,
    defaultText: '`~/.occam/watch/watch.db`',
    parse: text(),
  }),
];
