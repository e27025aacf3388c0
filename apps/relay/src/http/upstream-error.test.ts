import { RateLimitError, UpstreamUnavailableError } from '@amicus/chatbot-client';
import { describe, expect, it } from 'vitest';
import { widgetErrorFromUpstream } from './upstream-error.js';

describe('widgetErrorFromUpstream', () => {
  it("passes the upstream's wait on to the visitor, but never more than a day of it", () => {
    const limited = widgetErrorFromUpstream(
      new RateLimitError('no', { status: 429, code: 'rate_limit_exceeded', retryAfter: 10 ** 11 }),
    );
    expect(limited).toMatchObject({ code: 'rate_limited', options: { retryAfter: 86_400 } });
    const down = widgetErrorFromUpstream(new UpstreamUnavailableError('no', { status: 503, retryAfter: 7 }));
    expect(down.options.retryAfter).toBe(7);
    expect(
      widgetErrorFromUpstream(new UpstreamUnavailableError('no', { status: 503 })).options.retryAfter,
    ).toBe(5);
  });
});
