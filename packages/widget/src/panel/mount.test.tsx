// @vitest-environment happy-dom
import type { WireCitation } from '@amicus/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AmicusEventName, PanelHandle } from '../contract';
import { mount } from './mount';
import { answer, frame, json, session, sse, testRelay } from './test-relay';

const citations: WireCitation[] = [
  {
    index: 1,
    title: 'Traffic tickets',
    url: 'https://court.example/traffic',
    preview: 'Pay online or by mail.',
    documentId: 'd1',
    chunkIndex: 0,
  },
  { index: 2, title: 'Fees.pdf', url: null, preview: 'The fee is $35.', documentId: 'd2', chunkIndex: 0 },
];
const final =
  'You can pay online [Source 1]. The fee is $35 [Source 2]. Again [Source 1]. Unknown [Source 9].';

let root: ShadowRoot;
let launcher: HTMLButtonElement;
let panel: PanelHandle;
let events: [AmicusEventName, unknown][];

function setup(dataset: Record<string, string> = {}, lang = 'en', skeleton?: HTMLElement) {
  const relay = testRelay({
    'POST /api/sessions': () => json(201, session()),
    'POST /api/conversations': () => json(201, { id: 'c1', created: 1 }),
    'POST /api/conversations/c1/messages': () =>
      sse(
        [
          frame('start', { conversationId: 'c1' }),
          frame('delta', { text: 'You can pay online [Sour' }),
          frame('delta', { text: 'ce 1]. The fee is $35 [Source 2]. ' }),
          frame('delta', { text: 'Again [Source 1]. Unknown [Source 9].' }),
          frame('done', { message: answer(final, citations) }),
        ],
        { delayMs: 30 },
      ),
  });
  vi.stubGlobal('fetch', relay.fetch);
  const host = document.createElement('amicus-widget');
  document.body.append(host);
  root = host.attachShadow({ mode: 'open' });
  launcher = document.createElement('button');
  // As the loader draws it: the launcher, then the box the panel renders into (holding a skeleton if any).
  root.append(launcher, document.createElement('div'));
  if (skeleton) root.querySelector('div')?.append(skeleton);
  events = [];
  panel = mount({
    settings: { src: 'https://relay.example/widget.js', dataset, config: undefined, lang },
    host,
    root,
    launcher,
    emit: (name, detail) => events.push([name, detail]),
  });
  return relay;
}

const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector);
const $$ = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)];
/** The Send/Stop button's current label: the one not hidden from assistive technology. */
const sendLabel = () => $('.send > :not([aria-hidden="true"])')?.textContent;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('panel', () => {
  it('is a labelled dialog that takes focus synchronously on open and gives it back on Escape', () => {
    setup({ title: 'Superior Court help' });
    // Nothing is rendered until the first open: no work during the host page's load.
    expect($('[role="dialog"]')).toBeNull();
    panel.open(true);
    const dialog = $('[role="dialog"]')!;
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Superior Court help',
    );
    expect(launcher.getAttribute('aria-controls')).toBe(dialog.id);
    expect(dialog.hidden).toBe(false);
    expect(root.activeElement).toBe($('textarea'));
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    $('textarea')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.hidden).toBe(true);
    expect(root.activeElement).toBe(launcher);
    expect(events.map(([name]) => name)).toEqual(['open', 'close']);
  });

  it('does not take focus when opened for the visitor rather than by them', () => {
    setup();
    panel.open(false);
    expect(root.activeElement).toBeNull();
  });

  it('shows greeting, suggested questions and the disclaimer before the first question', () => {
    setup({ suggestions: 'How do I pay a ticket?|Where is the court?', disclaimer: 'Not legal advice.' });
    panel.open(false);
    expect($('.intro')?.textContent).toContain("answer from this court's website");
    expect($$('.suggest button').map((b) => b.textContent)).toEqual([
      'How do I pay a ticket?',
      'Where is the court?',
    ]);
    expect($('.disclaimer')?.textContent).toBe('Not legal advice.');
    expect($('textarea')?.getAttribute('aria-label')).toBe('Your question');
  });

  it('streams an answer with citation buttons and disclosures, announcing only start and end', async () => {
    setup();
    panel.ask('How do I pay?', true);
    await vi.waitFor(() => expect($('[role="status"]')?.textContent).toBe('Answering…'), { interval: 5 });
    expect(sendLabel()).toBe('Stop');
    await vi.waitFor(() => expect($('.bot')?.textContent).toContain('You can pay online'));
    // The transcript is not a live region: only the status region speaks.
    expect($('.transcript')?.getAttribute('aria-live')).toBeNull();
    // A partial marker is never shown: every "[Sour…" on screen is a whole "[Source N]".
    expect($('.bot')?.textContent).not.toMatch(/\[S(?!ource \d+\])/);
    await vi.waitFor(() => expect(sendLabel()).toBe('Send'));

    const cites = $$('.bot .cite');
    expect(cites.map((b) => b.textContent)).toEqual([
      'Source 1: Traffic tickets',
      'Source 2: Fees.pdf',
      'Source 1: Traffic tickets',
    ]);
    expect($('.bot')?.textContent).toContain('Unknown [Source 9].');
    expect($('.sources-title')?.textContent).toBe('Sources (2)');
    expect($('[role="status"]')?.textContent).toBe(
      'Answer: You can pay online (Source 1). The fee is $35 (Source 2). Again (Source 1). Unknown (Source 9).',
    );

    const first = cites[0]!;
    const detail = root.getElementById(first.getAttribute('aria-controls')!)!;
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(detail.hidden).toBe(true);
    first.click();
    await vi.waitFor(() => expect(detail.hidden).toBe(false));
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(detail.textContent).toContain('Pay online or by mail.');
    const link = detail.querySelector('a')!;
    expect([link.href, link.target, link.rel]).toEqual([
      'https://court.example/traffic',
      '_blank',
      'noopener noreferrer',
    ]);

    cites[1]!.click();
    await vi.waitFor(() => expect(first.getAttribute('aria-expanded')).toBe('false'));
    const fileDetail = root.getElementById(cites[1]!.getAttribute('aria-controls')!)!;
    expect(fileDetail.querySelector('a')).toBeNull();
  });

  it('speaks Spanish when the page is Spanish, with overrides', async () => {
    setup({ i18n: '{"send":"Preguntar"}' }, 'es-MX');
    panel.open(false);
    expect($('h2')?.textContent).toBe('Ayuda del tribunal');
    expect(sendLabel()).toBe('Preguntar');
    // `lang` itself is set on the host by the loader (see loader.test.ts), not again by the panel.
    panel.ask('¿Cómo pago?', true);
    await vi.waitFor(() => expect($('.sources-title')?.textContent).toBe('Fuentes (2)'));
    expect($('.cite')?.textContent).toBe('Fuente 1: Traffic tickets');
  });

  it('clears the conversation at the relay too', async () => {
    const relay = setup();
    panel.ask('How do I pay?', true);
    await vi.waitFor(() => expect($('.sources-title')).not.toBeNull());
    const clear = $$('button').find((b) => b.textContent === 'Clear conversation')!;
    clear.click();
    await vi.waitFor(() => expect($('.msg')).toBeNull());
    expect(relay.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/conversations/c1' });
    expect(sessionStorage.getItem('amicus:conversation')).toBeNull();
  });

  it('takes over the skeleton the loader drew, keeping its focused box and what was typed', () => {
    // What loader.ts draws when the visitor opens the widget before panel.js has arrived.
    const skeleton = document.createElement('div');
    skeleton.setAttribute('role', 'dialog');
    skeleton.setAttribute('aria-busy', 'true');
    const form = document.createElement('form');
    const box = document.createElement('textarea');
    form.append(box);
    skeleton.append(form);
    setup({}, 'en', skeleton);
    box.focus();
    box.value = 'Where do I park';
    panel.open(false);
    expect($('[role="dialog"]')).toBe(skeleton);
    expect($('textarea')).toBe(box);
    expect(root.activeElement).toBe(box);
    expect(box.value).toBe('Where do I park');
    expect(box.getAttribute('aria-label')).toBe('Your question');
    expect(skeleton.hasAttribute('aria-busy')).toBe(false);
    expect(skeleton.hidden).toBe(false);
    expect(root.getElementById(skeleton.getAttribute('aria-labelledby')!)?.textContent).toBe('Court help');
  });
});
