import { signal } from '@preact/signals-core';
import { type ComponentType, render } from 'preact';
import type { ChatMessage } from './chat';
import { createI18n } from './i18n';
import type { PartChat, PartMessage, PartProps } from './part';
import { fromResponse } from './relay-error';
import { type Route, testRelay } from './test-relay';

// Renders a lazily loaded part (court-date card, feedback) into a shadow root, as the panel does, with a
// scripted stand-in of the relay behind `chat.post` (the e2e specs run the parts against the real relay).

export function renderPart(
  Part: ComponentType<PartProps>,
  message: Partial<PartMessage>,
  routes: Record<string, Route>,
  { lang = 'en', conversation = 'c1' as string | null, index = 1 } = {},
) {
  const relay = testRelay(routes);
  const post = async <T,>(path: string, body: unknown): Promise<T> => {
    const res = await relay.fetch(`https://relay.example${path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer tok-1', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw await fromResponse(res);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const chat: PartChat = {
    post,
    status: signal(''),
    conversationId: () => conversation,
    indexOf: () => index,
  };
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.append(container);
  const full: ChatMessage = {
    id: 7,
    role: 'assistant',
    content: '',
    citations: [],
    state: 'done',
    ...message,
  };
  render(<Part message={full} chat={chat} i18n={createI18n(lang, {})} />, container);
  const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector);
  const $$ = <T extends Element = HTMLElement>(selector: string) => [...root.querySelectorAll<T>(selector)];
  /** The JSON bodies posted to `path`, in order. */
  const bodies = (path: string) =>
    relay.calls.filter((c) => c.path === path).map((c) => JSON.parse(c.body) as Record<string, unknown>);
  return { root, chat, relay, $, $$, bodies };
}

/** Types into an input as a visitor does (value, then an input event), and lets Preact re-render. */
export async function type(input: Element | null, value: string): Promise<void> {
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement))
    throw new Error('No input');
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Clicks a control and lets Preact re-render, as the next visitor action would see it. */
export async function click(el: Element | null | undefined): Promise<void> {
  if (!(el instanceof HTMLElement)) throw new Error('Nothing to click');
  el.click();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
