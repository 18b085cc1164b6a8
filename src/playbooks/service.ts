// The process-wide playbook state: one store (tier cache) and one well-known genome cache, shared by resolve,
// transcode overlays, extract_knowledge and save-verify — the same resolver everywhere (playbooks.md §3).
import type { RuntimeContext } from '../runtime/context.ts';
import { defineService } from '../runtime/services.ts';
import { GenomeFetcher } from './genome.ts';
import { PlaybookStore } from './store.ts';

export interface PlaybookState {
  store: PlaybookStore;
  genomes: GenomeFetcher;
  /** After a successful save: both caches start over. */
  invalidate: () => void;
}

export function createPlaybookState(runtime: RuntimeContext): PlaybookState {
  const store = new PlaybookStore(runtime);
  const genomes = new GenomeFetcher(runtime);
  return {
    store,
    genomes,
    invalidate: () => {
      store.invalidate();
      genomes.clear();
    },
  };
}

export const playbookStateService = defineService<PlaybookState>({
  id: 'playbooks.state',
  create: (runtime) => createPlaybookState(runtime),
});
