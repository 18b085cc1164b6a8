// What the tests read lives inside the repository, under test/fixtures/ (provenance in test/fixtures/README.md):
// a fresh clone with nothing beside it passes `npm test`. Only benchmarks look for the large page sets
// (bench/datasets.ts), and they skip with a message when the sets are absent.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const FIXTURES_DIR = resolve(import.meta.dirname, '..', 'fixtures');
export const CORPUS_DIR = resolve(FIXTURES_DIR, 'corpus');
export const GOLDEN_DIR = resolve(CORPUS_DIR, 'golden');
export const EXAM_RECORDS_DIR = resolve(FIXTURES_DIR, 'spec', 'exam-records');
export const PLAYBOOK_SAMPLES_DIR = resolve(FIXTURES_DIR, 'spec', 'playbook-samples');

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
