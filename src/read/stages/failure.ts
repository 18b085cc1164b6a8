// Typed failures of the read spine: every stage that cannot go on answers through `failRead`, so a failure has one
// shape whichever stage it comes from ([F-nest] envelope, taxonomy code, retryable, fix, decisions, hints).
//   in:  the ReadState (URL as known, warnings, timings, stage log, budget), the failure info, extra fields, and
//        whether a browser rendering was already tried
//   out: the failure response, fitted to the budget when there is one (it sheds timings and hints first)
import { OccamError, isRetryable, nestedFailure, normaliseError, type NestedFailureInfo } from '../../contract/failures.ts';
import { installHint } from '../../fetch/browser/discover.ts';
import { compactEnvelope, ENVELOPE_LEVELS, SELF_REFERENCE_SLACK, wholeCost } from '../../budget/envelope.ts';
import { boundedEcho } from '../url-input.ts';
import type { ReadState, TranscodeResult } from './context.ts';

export const BROWSER_MISSING_WARNING = 'playwright_browser_missing_downgrading_to_http';
/** Failures a browser rendering could have turned into a read (§6.4 escalation reasons). */
const BROWSER_WOULD_HELP = new Set(['thin_extract', 'captcha_or_challenge', 'extraction_failed', 'http_403']);
/** Failures a playbook heal may fix. */
const HEALABLE = new Set(['thin_extract', 'extraction_failed', 'content_extraction_failed', 'content_selectors_miss']);

export type AttemptFailure = NestedFailureInfo & { details?: Record<string, unknown> };

/** A thrown error as a failure: taxonomy code, message and the typed details it carries (status, reason, fix). */
export function failureOf(err: unknown): AttemptFailure {
  const { code, message } = normaliseError(err);
  const details = err instanceof OccamError ? err.details : {};
  const statusCode = typeof details.statusCode === 'number' ? details.statusCode : undefined;
  const reason = typeof details.reason === 'string' ? details.reason : undefined;
  const fix = details.fix as NestedFailureInfo['fix'] | undefined;
  return { code, message, ...(statusCode ? { statusCode } : {}), ...(reason ? { reason } : {}), ...(fix ? { fix } : {}), details };
}

/** §6.4 step 6: the more informative failure wins (ties → the later attempt, i.e. the browser). */
export function failureRank(code: string): number {
  if (code === 'http_401' || code === 'http_403' || code === 'requires_login') return 100;
  if (code === 'captcha_or_challenge' || code === 'anti_bot_blocked') return 90;
  if (code === 'tls_error') return 85;
  if (/^http_4\d\d$/.test(code)) return 80;
  if (/^http_5\d\d$/.test(code)) return 70;
  if (code === 'thin_extract') return 60;
  if (code === 'timeout' || code === 'network_error' || code === 'dns_error') return 50;
  if (code === 'content_selectors_miss') return 40;
  return 10;
}

function decisionsFor(code: string, browserTried: boolean): Array<{ action: string; reason: string; tool?: string; parameter?: string }> {
  if (code === 'http_404' || code === 'http_410') return [{ action: 'stop', reason: `${code}: the page does not exist at this URL` }];
  if (code === 'http_401' || code === 'http_403' || code === 'requires_login') {
    return [
      { action: 'configure_session_profile', reason: `${code}: the page needs credentials`, tool: 'occam_transcode', parameter: 'session_profile' },
      { action: 'stop', reason: 'do not guess the content of an access-controlled page' },
    ];
  }
  if (code === 'session_profile_not_found') {
    return [{ action: 'configure_session_profile', reason: 'the named session profile file does not exist', parameter: 'session_profile' }];
  }
  if (code === 'ai_input_refused') return [{ action: 'stop', reason: 'the publisher refuses AI input for this page (Content-Signal)' }];
  if (code === 'workers_unavailable') return [{ action: 'run_doctor', reason: 'the extraction runtime or browser cannot start' }];
  if (code === 'thin_extract' && browserTried) return [{ action: 'stop', reason: 'the browser rendering was thin too' }];
  return [];
}

/**
 * The failure response of a read. `extra.finalUrl`, when given, records where the fetch ended (echoed in `url`)
 * and is not itself a field of the failure.
 */
export function failRead(state: ReadState, info: NestedFailureInfo, extra: Record<string, unknown> = {}, browserTried = false): TranscodeResult {
  const { finalUrl: reached, ...rest } = extra;
  state.finalUrl = (reached as string | null | undefined) ?? state.finalUrl;
  const { warnings, deps, budget } = state;
  // The browser would have been the next step but none is installed: say how to get one (issue 4, §6.3).
  if (!info.fix && BROWSER_WOULD_HELP.has(info.code) && warnings.includes(BROWSER_MISSING_WARNING)) {
    const hint = installHint(deps.runtime);
    info = { ...info, reason: `no browser is installed to render this page; install one (${hint.command}) or set OCCAM_BROWSER_EXECUTABLE_PATH`, fix: hint };
  }
  const retryable = info.code === 'thin_extract' ? !browserTried : isRetryable(info.code);
  const decisions = decisionsFor(info.code, browserTried);
  const agentHints: Record<string, unknown> = {
    suggestedNext: HEALABLE.has(info.code) && !(info.code === 'thin_extract' && browserTried) ? 'occam_playbook_heal' : 'none',
    warnings,
  };
  const failure = nestedFailure({ ...info, retryable: retryable || undefined }, {
    url: { url: boundedEcho(state.inputUrl), finalUrl: state.finalUrl === null ? null : boundedEcho(state.finalUrl) },
    ...(decisions.length ? { agentMeta: { decisions } } : {}),
    agentHints,
    timings: { totalMs: state.clock.mark(), ...state.timings },
    // A timeout names the stages that ran and how long each took (the one still running included).
    ...(info.code === 'timeout' ? { stages: state.stages.report() } : {}),
    ...rest,
  });
  if (!retryable) delete (failure.failure as Record<string, unknown>).retryable;
  // A failure under a budget fits it too: it sheds timings and hints before it would overflow.
  const cap = budget ? budget.max - (deps.envelopeOverhead ?? 0) - SELF_REFERENCE_SLACK : null;
  for (let level = 2; budget && cap !== null && level < ENVELOPE_LEVELS && wholeCost(budget.cost, failure) > cap; level++) compactEnvelope(failure, level);
  return failure;
}
