// The exam verb's output markers (exam.md §1, §11–12) and exit codes, in a module of their own so the CLI can name
// them in its usage without loading the exam engine.
export const EXAM_MARKERS = {
  selftestOk: 'EXAM_SELFTEST_OK',
  selftestFailed: 'EXAM_SELFTEST_FAILED',
  gradeOk: 'EXAM_GRADE_OK',
  harnessOk: 'EXAM_HARNESS_SELFTEST_OK',
  harnessFailed: 'EXAM_HARNESS_SELFTEST_FAILED',
} as const;

/** 0 ok · 1 ran and failed · 2 usage (a missing or unreadable input included). */
export const EXAM_EXIT = { ok: 0, failed: 1, usage: 2 } as const;
