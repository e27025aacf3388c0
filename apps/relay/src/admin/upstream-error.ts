import { ChatbotApiError } from '@amicus/chatbot-client';
import { AdminError } from './admin-error.js';

/**
 * Turns a failure of the ingest client into the admin envelope. Upstream validation messages are
 * safe to show (the contract sanitizes them); auth failures are the operator's key problem, not the
 * staff member's, so they become a 502 that says so without echoing anything key-related.
 */
export function fromUpstream(error: unknown): AdminError {
  if (error instanceof AdminError) return error;
  if (!(error instanceof ChatbotApiError)) {
    return new AdminError(
      503,
      'upstream_unavailable',
      'The chatbot service could not be reached.',
      null,
      {},
      {
        'Retry-After': '5',
      },
    );
  }
  const retryAfter = error.retryAfter ?? 5;
  const status = error.status;
  if (status === 400) return new AdminError(400, 'invalid_request', error.message, error.param);
  if (status === 404) return new AdminError(404, 'not_found', 'Not found in the knowledge base.');
  if (status === 429) {
    return new AdminError(
      429,
      'upstream_rate_limited',
      `The chatbot service is busy. Try again in ${retryAfter} seconds.`,
      null,
      { retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
  if (status === undefined || status === 503) {
    return new AdminError(
      503,
      'upstream_unavailable',
      'The chatbot service is unavailable. Try again shortly.',
      null,
      { retry_after: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
  const message =
    status === 401 || status === 403
      ? "The chatbot service refused the relay's ingest key; ask the operator to check it."
      : 'The chatbot service answered with an error.';
  return new AdminError(502, 'upstream_error', message, null, {
    upstream_status: status,
    upstream_code: error.code,
  });
}
