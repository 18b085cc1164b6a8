// Which failures earn a signed negative receipt (trust.md §3.6): provable walls and definite HTTP refusals only —
// never transient failures (timeouts, network, worker errors), which prove nothing about the page.

export const NEGATIVE_RECEIPT_CODES: ReadonlySet<string> = new Set(['captcha_or_challenge', 'requires_login', 'paywall']);
export const NEGATIVE_RECEIPT_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 410]);

export function negativeReceiptAllowed(failureCode: string, statusCode?: number | null): boolean {
  if (NEGATIVE_RECEIPT_CODES.has(failureCode)) return true;
  const fromCode = /^http_(\d{3})$/.exec(failureCode);
  if (fromCode && NEGATIVE_RECEIPT_STATUSES.has(Number(fromCode[1]))) return true;
  return statusCode != null && NEGATIVE_RECEIPT_STATUSES.has(statusCode) && /^http_\d{3}$/.test(failureCode);
}
