import { describe, expect, it } from 'vitest';
import { AdminApiError, fromResponse } from '../api/errors.js';
import { loginErrorText } from './login.js';

const lockout = (message: string, retryAfter: number | null) =>
  fromResponse(429, { error: { code: 'locked_out', message, retry_after: retryAfter ?? undefined } }, null);

describe('loginErrorText', () => {
  it("says a lockout once, in the relay's plain words, without a second wait in seconds", () => {
    const text = loginErrorText(
      lockout('Too many failed sign-ins from your network. Try again in 15 minutes.', 900),
    );
    expect(text).toBe('Too many failed sign-ins from your network. Try again in 15 minutes.');
    expect(text.match(/try again/gi)).toHaveLength(1);
    expect(text.match(/too many/gi)).toHaveLength(1);
  });

  it("adds the wait in minutes when the relay's message does not name it", () => {
    expect(loginErrorText(lockout('Too many failed sign-ins.', 600))).toBe(
      'Too many failed sign-ins. Try again in 10 minutes.',
    );
    expect(loginErrorText(lockout('Too many failed sign-ins.', null))).toBe(
      'Too many failed sign-ins. Try again later.',
    );
  });

  it('passes other errors through', () => {
    expect(
      loginErrorText(new AdminApiError(401, 'invalid_credentials', 'Wrong user name or password.')),
    ).toBe('Wrong user name or password.');
  });
});
