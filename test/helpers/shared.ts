// Where the shared facts live: `../shared` beside the repository (as in every developer checkout and in CI's fresh
// clone). Tests and benchmarks read the corpus, spec samples and records from here — never from an absolute path.
import { resolve } from 'node:path';

export const SHARED_DIR = resolve(import.meta.dirname, '..', '..', '..', 'shared');
export const CORPUS_DIR = resolve(SHARED_DIR, 'corpus');
export const GOLDEN_DIR = resolve(CORPUS_DIR, 'golden');
export const WCXB_DIR = resolve(CORPUS_DIR, 'wcxb-dev-sample');
export const EXAM_RECORDS_DIR = resolve(SHARED_DIR, 'spec', 'exam-records');
export const PLAYBOOK_SAMPLES_DIR = resolve(SHARED_DIR, 'spec', 'playbook-samples');
