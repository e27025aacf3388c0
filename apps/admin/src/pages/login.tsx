import type { WireSession } from '@amicus/protocol/admin';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AdminApi } from '../api/admin-api.js';
import { describeError, RetryLaterError } from '../api/errors.js';
import { TextField } from '../components/field.js';

function waitText(seconds: number | null): string {
  if (seconds === null) return 'Try again later.';
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `Try again in ${Math.ceil(seconds)} seconds.`
    : `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * What a failed sign-in says, once: the relay's lockout message already names the wait in plain
 * words, so nothing is added to it (a second "Try again in 900 seconds" only repeats it).
 */
export function loginErrorText(err: unknown): string {
  if (err instanceof RetryLaterError && err.code === 'locked_out') {
    return /try again/i.test(err.message) ? err.message : `${err.message} ${waitText(err.retryAfterSeconds)}`;
  }
  return describeError(err);
}

export function LoginPage({ api, onSignedIn }: { api: AdminApi; onSignedIn: (s: WireSession) => void }) {
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  // Each failure is a new object, so the same message twice still moves focus to it again.
  const [error, setError] = useState<{ text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  // Focus goes to the message inside the form, which is read out once on focus (no live region as
  // well, which would say it twice); Tab then continues to the Sign in button, Shift+Tab to the fields.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    if (username === '' || password === '') {
      setError({ text: 'Enter your user name and password.' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.login(username, password));
    } catch (err) {
      setError({ text: loginErrorText(err) });
      setBusy(false);
    }
  }

  return (
    <main id="main" class="login">
      <h1>Amicus admin</h1>
      <p>Sign in to manage the court assistant's knowledge base.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="username"
          label="User name"
          value={username}
          onValue={setUsername}
          autoComplete="username"
          required
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          required
        />
        <div ref={errorRef} tabIndex={-1} id="login-error" class={error ? 'form-error' : 'visually-hidden'}>
          {error?.text}
        </div>
        {/* Never disabled while signing in: a disabled button drops the keyboard focus it holds. */}
        <button type="submit" class="button primary" aria-disabled={busy ? 'true' : undefined}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
