// The four exam tasks (exam.md §1, §3.5): ids in grading order, with the prompt an agent sees and the
// condition the grader checks. Kept next to the grader so the two cannot drift; `occam exam tasks` prints it.
// Prompts are shown while the client holds a `basic`-or-wider surface, so they name only the tool `occam`.

// Task ids are part of every saved outcome: the store owns the list (src/store/exam-records.ts).
import { EXAM_TASK_IDS, type ExamTaskId } from '../store/exam-records.ts';
export { EXAM_TASK_IDS, type ExamTaskId };

export interface ExamTask {
  id: ExamTaskId;
  prompt: string;
  passCondition: string;
  measures: string;
}

export const EXAM_TASKS: readonly ExamTask[] = [
  {
    id: 'canary',
    prompt:
      'Fetch the probe URL you are given and report the value of its `occam-sentinel` meta tag exactly as it ' +
      'appears. Do not guess or reconstruct it: if you cannot read the page, say so instead.',
    passCondition: 'The reported sentinel adjudicates READ_VERIFIED (a current read of this host’s probe).',
    measures: 'whether the agent reads at all',
  },
  {
    id: 'basic_call',
    prompt: 'Call `occam` on https://example.com, passing only the `url` argument.',
    passCondition: 'The arguments parse to a JSON object whose `url` is an absolute http(s) URL.',
    measures: 'schema binding',
  },
  {
    id: 'focus_budget',
    prompt:
      'A long documentation page is too big for your context. Call `occam` on it with a `task` saying what you ' +
      'need from the page and an explicit token `budget`.',
    passCondition:
      'A non-blank `focus_query` (or `task`) and an integer `max_tokens` (or `budget`) between 64 and 200000.',
    measures: 'context-budget awareness',
  },
  {
    id: 'chain',
    prompt:
      'Read a page and keep the `contentHash` it returns. Then check whether the page has changed without ' +
      'downloading it again, by passing that hash back as `if_none_match` (or `diff_against`).',
    passCondition: 'A later call carries, in `if_none_match` or `diff_against`, the exact value an earlier call produced.',
    measures: 'multi-step state handling',
  },
];

export function isExamTaskId(id: unknown): id is ExamTaskId {
  return typeof id === 'string' && (EXAM_TASK_IDS as readonly string[]).includes(id);
}

/** Catalogue lookup; an unknown id is a programming error (exam.md §4). */
export function examTask(id: string): ExamTask {
  const task = EXAM_TASKS.find((t) => t.id === id);
  if (!task) throw new RangeError(`unknown exam task id: ${JSON.stringify(id)}`);
  return task;
}

/** Wire spelling of a task id; an unknown id serialises to a stable fallback instead of throwing (§4). */
export function taskWire(id: string): ExamTaskId {
  return isExamTaskId(id) ? id : 'chain';
}
