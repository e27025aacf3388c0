import { type ComponentChildren, render } from 'preact';
import { act } from 'preact/test-utils';
import { AdminApi } from '../src/api/admin-api.js';
import { JobTracker } from '../src/api/job-tracker.js';
import { Services } from '../src/app-context.js';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Renders a page with real AdminApi/JobTracker objects over an injected fetch that answers from
 * `routes` ("GET /namespaces" → body) and records every call.
 */
export async function renderWithApi(ui: ComponentChildren, routes: Record<string, unknown> = {}) {
  const calls: FakeCall[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${url.replace('/admin/api', '').split('?')[0]}`;
    const body =
      routes[key] ?? (key === 'GET /namespaces' ? { data: [{ name: 'general', last_used_at: null }] } : {});
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const api = new AdminApi({ fetch: fetchFn });
  const tracker = new JobTracker(api);
  const root = document.createElement('div');
  document.body.append(root);
  await act(async () => {
    render(<Services.Provider value={{ api, tracker, username: 'admin' }}>{ui}</Services.Provider>, root);
  });
  return {
    root,
    calls,
    api,
    tracker,
    cleanup: () => {
      render(null, root);
      root.remove();
    },
  };
}

export async function typeInto(el: Element | null, value: string) {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement))
    throw new Error('not a text control');
  await act(async () => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function submit(form: Element | null) {
  if (!(form instanceof HTMLFormElement)) throw new Error('not a form');
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // Let awaited API promises settle.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}
