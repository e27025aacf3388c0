import {
  ChatbotApiError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  StreamError,
  UpstreamUnavailableError,
} from '@amicus/chatbot-client';
import { HttpError } from './http-error.js';

/** The upstream's wait, within reason: it is passed on to the visitor, who should not see years. */
const wait = <T extends number | null>(seconds: number | null, fallback: T): number | T =>
  seconds === null || !Number.isFinite(seconds) ? fallback : Math.min(Math.max(0, seconds), 86_400);

/**
 * Turns an upstream failure into what the widget may see. Upstream wording is never passed on:
 * it can name the account, its bots or its limits.
 */
export function widgetErrorFromUpstream(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof RateLimitError) {
    return error.code === 'insufficient_quota'
      ? new HttpError('quota_exceeded', 'The daily question limit of this site is reached.', {
          retryAfter: wait(error.retryAfter, null),
        })
      : new HttpError('rate_limited', 'Too many questions right now.', {
          retryAfter: wait(error.retryAfter, 5),
        });
  }
  if (error instanceof UpstreamUnavailableError) {
    return new HttpError('upstream_unavailable', 'The assistant is temporarily unavailable.', {
      retryAfter: wait(error.retryAfter, 5),
    });
  }
  if (error instanceof NotFoundError) return new HttpError('not_found', 'Conversation not found.');
  if (error instanceof StreamError) {
    if (error.type === 'rate_limit_error') {
      return new HttpError('rate_limited', 'Too many questions right now.', {
        retryAfter: wait(error.retryAfter, 5),
      });
    }
    return error.retryable
      ? new HttpError('upstream_unavailable', 'The answer was interrupted.', {
          retryAfter: wait(error.retryAfter, 5),
        })
      : new HttpError('bad_request', 'The assistant could not answer this question.', { status: 400 });
  }
  if (error instanceof ConnectionError) {
    return error.timedOut
      ? new HttpError('timeout', 'The assistant took too long to answer.', { retryAfter: 5 })
      : new HttpError('upstream_unavailable', 'The assistant is unreachable.', { retryAfter: 5 });
  }
  if (error instanceof ChatbotApiError && error.status !== undefined && error.status >= 500) {
    return new HttpError('upstream_unavailable', 'The assistant is temporarily unavailable.', {
      retryAfter: 5,
    });
  }
  if (error instanceof ChatbotApiError && error.status === 400) {
    return new HttpError('bad_request', 'The assistant could not answer this question.');
  }
  // 401/403 from upstream mean the relay is misconfigured: the visitor can do nothing about it.
  return new HttpError('internal', 'The assistant is misconfigured.');
}
