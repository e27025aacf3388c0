// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { typeInto } from '../test/render.js';
import { AdminApi } from './api/admin-api.js';
import { App } from './app.js';

const root = document.createElement('div');
document.body.append(root);
afterEach(() => render(null, root));

const settle = () => act(async () => new Promise((r) => setTimeout(r, 10)));

describe('App', () => {
  it('signs in, sends the CSRF token on state changes, and signs out', async () => {
    const sent: { method: string; path: string; csrf: string | null }[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace('/admin/api', '').split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      sent.push({ method, path, csrf: new Headers(init?.headers).get('X-CSRF-Token') });
      const body =
        path === '/session'
          ? { authenticated: false }
          : path === '/login'
            ? { authenticated: true, user: { username: 'clerk' }, csrf_token: 'tok-1' }
            : path === '/logout'
              ? null
              : { data: [] };
      return body === null
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const api = new AdminApi({ fetch: fetchFn });

    await act(async () => render(<App api={api} />, root));
    await settle();
    await typeInto(root.querySelector('#password'), 'secret');
    await act(async () => {
      root.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
    expect(root.textContent).toMatch(/Signed in as clerk/);
    expect([...root.querySelectorAll('nav a')].map((a) => a.textContent)).toEqual([
      'Upload',
      'Crawl',
      'Jobs',
      'Documents',
      'Try it',
      'Answers',
      'What people ask',
      'Embed',
      'Court dates and reminders',
      'Audit log',
    ]);

    const signOut = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Sign out');
    await act(async () => signOut?.click());
    await settle();
    expect(sent.find((s) => s.path === '/logout')).toEqual({
      method: 'POST',
      path: '/logout',
      csrf: 'tok-1',
    });
    expect(root.textContent).toMatch(/You have signed out/);
  });

  it('shows the relay message when the password is wrong', async () => {
    const fetchFn = (async (input: RequestInfo | URL) => {
      const body = String(input).endsWith('/session')
        ? { authenticated: false }
        : { error: { code: 'invalid_credentials', message: 'Wrong user name or password.', param: null } };
      const status = String(input).endsWith('/session') ? 200 : 401;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    await act(async () => render(<App api={new AdminApi({ fetch: fetchFn })} />, root));
    await settle();
    await typeInto(root.querySelector('#password'), 'nope');
    await act(async () => {
      root.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
    // Focus returns into the form, on the message, which is read once (no live region repeating it).
    expect(document.activeElement?.id).toBe('login-error');
    expect(document.activeElement?.closest('form')).toBe(root.querySelector('form'));
    expect(document.activeElement?.textContent).toBe('Wrong user name or password.');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});
