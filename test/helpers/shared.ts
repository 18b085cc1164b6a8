// Where the shared facts live: `../shared` beside the repository (as in every developer checkout and in CI's fresh
// clone). Tests and benchmarks read the corpus, spec samples and records from here — never from an absolute path.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const SHARED_DIR = resolve(import.meta.dirname, '..', '..', '..', 'shared');
export const CORPUS_DIR = resolve(SHARED_DIR, 'corpus');
export const GOLDEN_DIR = resolve(CORPUS_DIR, 'golden');
export const WCXB_DIR = resolve(CORPUS_DIR, 'wcxb-dev-sample');
export const EXAM_RECORDS_DIR = resolve(SHARED_DIR, 'spec', 'exam-records');
export const PLAYBOOK_SAMPLES_DIR = resolve(SHARED_DIR, 'spec', 'playbook-samples');

/** One line of `golden/expectations.jsonl`: what a golden fixture's read must (not) produce. */
export interface GoldenExpectation {
  id: string;
  fixture: string;
  expect_ok: boolean;
  failure_code?: string;
  min_chars?: number;
  max_chars?: number;
  must_contain?: string[];
  must_not_contain?: string[];
  min_blocks?: number;
  min_tables?: number;
  table_contains?: string[];
  feed_title?: string;
  min_feed_items?: number;
  json_blocks?: boolean;
  json_tables?: boolean;
  json_feed?: boolean;
  backend?: string;
}

export function loadGoldenExpectations(): GoldenExpectation[] {
  return readFileSync(resolve(GOLDEN_DIR, 'expectations.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as GoldenExpectation);
}
