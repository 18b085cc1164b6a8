// Declarative browser action plans (playbooks.md §13.5): a closed vocabulary of steps — wait, wait_selector,
// wait_text, click, hover, type, press, scroll — validated, normalised and hashed here, and executed by the
// browser pool on a page inside its guarded context with Playwright's input APIs only. No step can carry or run
// page script: `js`, `js_before_wait` and `evaluate` are refused outright.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { OccamError } from '../../contract/failures.ts';

export const ACTION_KINDS = ['wait', 'wait_selector', 'wait_text', 'click', 'hover', 'type', 'press', 'scroll'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const MAX_ACTIONS = 16;
export const STEP_TIMEOUT = { default: 8000, min: 50, max: 60_000 };
export const WAIT_MS = { default: 500, min: 50, max: 60_000 };
export const SCROLL_PX = { default: 400, min: 1, max: 10_000 };
const SCRIPT_KEYS = ['js', 'js_before_wait', 'evaluate'];

export interface BrowserAction {
  do: ActionKind;
  selector?: string;
  text?: string;
  key?: string;
  to?: 'top' | 'bottom' | 'down';
  ms?: number;
  px?: number;
  timeout_ms: number;
}

export interface ActionOutcome {
  index: number;
  do: ActionKind;
  ok: boolean;
  failure?: 'action_failed' | 'deadline_exceeded';
  message?: string;
}

const clamp = (v: unknown, r: { default: number; min: number; max: number }) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(r.max, Math.max(r.min, Math.trunc(v))) : r.default;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const bad = (message: string) => new OccamError('invalid_arguments', message);

/** Parses and normalises an `actions` JSON array. Every violation is invalid_arguments. */
export function parseActionPlan(json: string): BrowserAction[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw bad('actions must be a JSON array of steps.');
  }
  if (!Array.isArray(value)) throw bad('actions must be a JSON array of steps.');
  if (value.length === 0) throw bad('actions is empty.');
  if (value.length > MAX_ACTIONS) throw bad(`actions has ${value.length} steps; at most ${MAX_ACTIONS}.`);
  return value.map((raw, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad(`step ${i} is not an object.`);
    const step = raw as Record<string, unknown>;
    const script = SCRIPT_KEYS.find((k) => Object.hasOwn(step, k));
    if (script) throw bad(`step ${i} carries "${script}": page script is never run; use the declarative steps (${ACTION_KINDS.join(', ')}).`);
    const kind = typeof step.do === 'string' ? step.do.trim().toLowerCase() : '';
    if (!(ACTION_KINDS as readonly string[]).includes(kind)) throw bad(`step ${i}: "do" must be one of ${ACTION_KINDS.join(', ')}.`);
    const a: BrowserAction = { do: kind as ActionKind, timeout_ms: clamp(step.timeout_ms, STEP_TIMEOUT) };
    const selector = str(step.selector);
    const text = typeof step.text === 'string' ? step.text : undefined;
    switch (a.do) {
      case 'wait':
        a.ms = clamp(step.ms, WAIT_MS);
        break;
      case 'wait_selector':
      case 'hover':
        if (!selector) throw bad(`step ${i} (${a.do}) needs a selector.`);
        a.selector = selector;
        break;
      case 'type':
        if (!selector) throw bad(`step ${i} (type) needs a selector.`);
        a.selector = selector;
        a.text = text ?? '';
        break;
      case 'wait_text':
        if (!str(text)) throw bad(`step ${i} (wait_text) needs text.`);
        a.text = text;
        break;
      case 'click':
        if (!selector && !str(text)) throw bad(`step ${i} (click) needs a selector or text.`);
        if (selector) a.selector = selector;
        else a.text = text;
        break;
      case 'press': {
        const key = str(step.key);
        if (!key) throw bad(`step ${i} (press) needs a key.`);
        a.key = key;
        break;
      }
      case 'scroll':
        a.to = step.to === 'top' || step.to === 'bottom' ? step.to : 'down';
        a.px = clamp(step.px, SCROLL_PX);
        break;
    }
    return a;
  });
}

/** The step as it may be shown or hashed: typed text becomes "***" plus its length, in the fixed key order. */
export function redactAction(a: BrowserAction): Record<string, unknown> {
  const out: Record<string, unknown> = { do: a.do };
  if (a.selector !== undefined) out.selector = a.selector;
  if (a.text !== undefined) {
    if (a.do === 'type') {
      out.text = '***';
      out.text_len = a.text.length;
    } else out.text = a.text;
  }
  if (a.key !== undefined) out.key = a.key;
  if (a.to !== undefined) out.to = a.to;
  if (a.ms !== undefined) out.ms = a.ms;
  if (a.px !== undefined) out.px = a.px;
  out.timeout_ms = a.timeout_ms;
  return out;
}

/** Hex SHA-256 of the compact JSON array of redacted, normalised steps (one definition, §15 item 7). */
export function actionPlanHash(actions: readonly BrowserAction[]): string {
  return createHash('sha256').update(JSON.stringify(actions.map(redactAction)), 'utf8').digest('hex');
}

const oneLine = (m: string) => m.replace(/\s+/g, ' ').trim().slice(0, 240);

async function runStep(page: Page, a: BrowserAction, timeout: number): Promise<void> {
  switch (a.do) {
    case 'wait':
      return page.waitForTimeout(Math.min(a.ms ?? WAIT_MS.default, timeout));
    case 'wait_selector':
      await page.locator(a.selector!).first().waitFor({ state: 'visible', timeout });
      return;
    case 'wait_text':
      await page.getByText(a.text!).first().waitFor({ state: 'visible', timeout });
      return;
    case 'click':
      return a.selector ? page.locator(a.selector).first().click({ timeout }) : page.getByText(a.text!).first().click({ timeout });
    case 'hover':
      return page.locator(a.selector!).first().hover({ timeout });
    case 'type':
      return page.locator(a.selector!).first().fill(a.text ?? '', { timeout });
    case 'press':
      return page.keyboard.press(a.key!);
    case 'scroll': {
      const dy = a.to === 'top' ? -1_000_000 : a.to === 'bottom' ? 1_000_000 : (a.px ?? SCROLL_PX.default);
      await page.mouse.wheel(0, dy);
      return;
    }
  }
}

/**
 * Runs the plan in order; each step gets min(its timeout, what is left of the deadline). The first failure stops
 * the plan with action_failed (details: failedIndex, outcomes). Messages never contain typed text.
 */
export async function runActionPlan(
  page: Page,
  actions: readonly BrowserAction[],
  opts: { deadlineAt: number; onStep?: (o: ActionOutcome) => void; /** Hints (a playbook's browser plan): a failed step is skipped, never fatal. */ lenient?: boolean },
): Promise<ActionOutcome[]> {
  const outcomes: ActionOutcome[] = [];
  const secrets = actions.filter((a) => a.do === 'type' && a.text).map((a) => a.text as string);
  const scrub = (m: string) => secrets.reduce((acc, s) => acc.split(s).join('***'), m);
  for (const [index, a] of actions.entries()) {
    const left = opts.deadlineAt - performance.now();
    if (left <= 0) {
      const o: ActionOutcome = { index, do: a.do, ok: false, failure: 'deadline_exceeded', message: 'The plan deadline ran out before this step.' };
      outcomes.push(o);
      opts.onStep?.(o);
      if (opts.lenient) return outcomes;
      throw new OccamError('action_failed', `Step ${index} (${a.do}) did not run: deadline_ms exhausted.`, { failedIndex: index, outcomes });
    }
    try {
      await runStep(page, a, Math.max(1, Math.min(a.timeout_ms, left)));
      const o: ActionOutcome = { index, do: a.do, ok: true };
      outcomes.push(o);
      opts.onStep?.(o);
    } catch (err) {
      const message = oneLine(scrub((err as Error).message?.split('\n')[0] ?? String(err)));
      const o: ActionOutcome = { index, do: a.do, ok: false, failure: 'action_failed', message };
      outcomes.push(o);
      opts.onStep?.(o);
      if (opts.lenient) continue;
      throw new OccamError('action_failed', `Step ${index} (${a.do}) failed: ${message}`, { failedIndex: index, outcomes });
    }
  }
  return outcomes;
}

/** A playbook's declarative `browser` plan (playbooks.md §2.6) as steps: `wait_for` (selector, 12 s default), then
 *  `interaction_steps` (scroll by max(400, 0.85 × viewport height), click, wait, type; unknown actions skipped).
 *  JavaScript forms (`js_before_wait`, `wait_for.js`) are ignored — no tier may run page script. */
export function playbookBrowserPlan(browser: unknown, viewportHeight: number): BrowserAction[] {
  if (typeof browser !== 'object' || browser === null || Array.isArray(browser)) return [];
  const b = browser as Record<string, unknown>;
  const plan: BrowserAction[] = [];
  const waitFor = b.wait_for;
  if (typeof waitFor === 'string' && waitFor.trim()) plan.push({ do: 'wait_selector', selector: waitFor, timeout_ms: 12_000 });
  else if (typeof waitFor === 'object' && waitFor !== null && typeof (waitFor as Record<string, unknown>).selector === 'string') {
    const w = waitFor as Record<string, unknown>;
    plan.push({ do: 'wait_selector', selector: w.selector as string, timeout_ms: clamp(w.timeout_ms ?? 12_000, STEP_TIMEOUT) });
  }
  const steps = Array.isArray(b.interaction_steps) ? b.interaction_steps : [];
  for (const raw of steps) {
    if (typeof raw !== 'object' || raw === null) continue;
    const st = raw as Record<string, unknown>;
    const selector = str(st.selector);
    switch (st.action) {
      case 'scroll':
        plan.push({ do: 'scroll', to: 'down', px: Math.max(400, Math.round(0.85 * viewportHeight)), timeout_ms: STEP_TIMEOUT.default });
        break;
      case 'click':
        if (selector) plan.push({ do: 'click', selector, timeout_ms: STEP_TIMEOUT.default });
        break;
      case 'wait':
        plan.push({ do: 'wait', ms: clamp(st.ms, WAIT_MS), timeout_ms: STEP_TIMEOUT.max });
        break;
      case 'type':
        if (selector) plan.push({ do: 'type', selector, text: typeof st.text === 'string' ? st.text : '', timeout_ms: STEP_TIMEOUT.default });
        break;
      default:
        break; // unknown actions are skipped
    }
  }
  return plan.slice(0, 32);
}
