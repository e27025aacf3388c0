import { useState } from 'preact/hooks';
import type { AdminApi } from '../api/admin-api.js';
import { describeError, RetryLaterError } from '../api/errors.js';
import type { WireSession } from '../api/wire.js';
import { TextField } from '../components/field.js';

export function LoginPage({ api, onSignedIn }: { api: AdminApi; onSignedIn: (s: WireSession) => void }) {
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    if (username === '' || password === '') {
      setError('Enter your user name and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.login(username, password));
    } catch (err) {
      setError(
        err instanceof RetryLaterError && err.code === 'locked_out'
          ? `Too many failed attempts. ${describeError(err)}`
          : describeError(err),
      );
      setBusy(false);
    }
  }

  return (
    <main id="main" class="login">
      <h1>Amicus admin</h1>
      <p>Sign in to manage the court assistant's knowledge base.</p>
      <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
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
        <div role="alert" id="login-error" class={error ? 'form-error' : 'visually-hidden'}>
          {error}
        </div>
        <button type="submit" class="button primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
