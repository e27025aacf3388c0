import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ChatbotApiError,
  fromResponse,
  InternalServerError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  UpstreamUnavailableError,
} from './errors.js';

const envelope = (type: string, code: string | null, param: string | null = null) => ({
  error: { message: 'm', type, param, code },
});

describe('fromResponse', () => {
  it.each([
    [400, BadRequestError],
    [405, BadRequestError],
    [413, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionError],
    [404, NotFoundError],
    [429, RateLimitError],
    [503, UpstreamUnavailableError],
    [500, InternalServerError],
    [502, InternalServerError],
  ])('maps HTTP %i to its subclass', (status, cls) => {
    const error = fromResponse(status, new Headers(), envelope('x', null));
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(ChatbotApiError);
    expect(error.status).toBe(status);
  });

  it('keeps code, param, request id, Retry-After and rate-limit headers', () => {
    const headers = new Headers({
      'x-request-id': 'req_1',
      'retry-after': '7',
      'ratelimit-limit': '60',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '7',
    });
    const error = fromResponse(429, headers, envelope('rate_limit_error', 'insufficient_quota'));
    expect(error).toMatchObject({ code: 'insufficient_quota', requestId: 'req_1', retryAfter: 7 });
    expect(error.rateLimit).toMatchObject({ limit: 60, remaining: 0, resetSeconds: 7 });
    expect(
      fromResponse(400, new Headers(), envelope('invalid_request_error', null, 'messages[0]')).param,
    ).toBe('messages[0]');
  });

  it('builds a generic error when the body is not an envelope', () => {
    const error = fromResponse(418, new Headers(), '<html>');
    expect(error.constructor).toBe(ChatbotApiError);
    expect(error.message).toContain('418');
    expect(error.code).toBeNull();
  });
});
