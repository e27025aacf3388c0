import { ChatbotApiError } from '@amicus/chatbot-client';
import { AdminError } from './admin-error.js';

/**
 * Turns a failure of the ingest client into the admin envelope. Upstream validation messages are
 * safe to show (the contract sanitizes them); auth failures are the operator's key problem, not the
 * staff member's, so they become a 502 that says so without echoing anything key-related.
 * (The widget's counterpart, `widgetErrorFromUpstream`, passes no upstream wording on at all.)
 */
export function adminErrorFromUpstream(error: unknown): AdminError {
  if (error instanceof AdminError) return error;
  if (!(error instanceof ChatbotApiError)) {
    // Only the header: the body's `retry_after` is the upstream's own figure, and there is none.
    return new AdminError('upstream_unavailable', 'The chatbot service could not be reached.', {
      headers: { 'Retry-After': '5' },
    });
  }
  const retryAfter = error.retryAfter ?? 5;
  const status = error.status;
  if (status === 400) return new AdminError('invalid_request', error.message, { param: error.param });
  if (status === 404) return new AdminError('not_found', 'Not found in the knowledge base.');
  if (status === 429) {
    return new AdminError(
      'upstream_rate_limited',
      `The chatbot service is busy. Try again in ${retryAfter} seconds.`,
      { retryAfter },
    );
  }
  if (status === undefined || status === 503) {
    return new AdminError('upstream_unavailable', 'The chatbot service is unavailable. Try again shortly.', {
      retryAfter,
    });
  }
  const message =
    status === 401 || status === 403
      ? "The chatbot service refused the relay's ingest key; ask the operator to check it."
      : 'The chatbot service answered with an error.';
  return new AdminError('upstream_error', message, {
    extra: { upstream_status: status, upstream_code: error.code },
  });
}
