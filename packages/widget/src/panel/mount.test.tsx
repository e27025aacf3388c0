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
    preview: 'Pay online or by mail.\n\n- Online\n- By mail',
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
/** What the relay's manifest (`/widget.json`) says about court dates. */
let courtDates: boolean;

async function setup(
  dataset: Record<string, string> = {},
  lang = 'en',
  skeleton?: HTMLElement,
  reply?: string,
) {
  const relay = testRelay({
    'GET /widget.json': () => json(200, { courtDates }),
    'POST /api/sessions': () => json(201, session()),
    'POST /api/conversations': () => json(201, { id: 'c1', created: 1 }),
    'POST /api/conversations/c1/messages': () =>
      sse(
        reply !== undefined
          ? [frame('done', { message: answer(reply, citations) })]
          : [
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
  panel = await mount({
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
/** The panel's start-up steps run one per macrotask after mount: let them all run. */
const started = () => new Promise((r) => setTimeout(r, 20));
/** The Send/Stop button's current label: the one not hidden from assistive technology. */
const sendLabel = () => $('.send > :not([aria-hidden="true"])')?.textContent;

beforeEach(() => {
  sessionStorage.clear();
  courtDates = true;
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('panel', () => {
  it('is a labelled dialog that takes focus synchronously on open and gives it back on Escape', async () => {
    await setup({ title: 'Superior Court help' });
    // The handle comes once the shell is drawn, hidden: opening only shows it and moves focus.
    expect($('[role="dialog"]')?.hidden).toBe(true);
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

  it('does not take focus when opened for the visitor rather than by them', async () => {
    await setup();
    panel.open(false);
    expect(root.activeElement).toBeNull();
  });

  it('shows greeting, suggested questions and the disclaimer before the first question', async () => {
    await setup({
      suggestions: 'How do I pay a ticket?|Where is the court?',
      disclaimer: 'Not legal advice.',
    });
    panel.open(false);
    await started();
    expect($('.intro')?.textContent).toContain("answer from this court's website");
    expect($$('.suggest button').map((b) => b.textContent)).toEqual([
      'How do I pay a ticket?',
      'Where is the court?',
    ]);
    expect($('.disclaimer')?.textContent).toBe('Not legal advice.');
    expect($('textarea')?.getAttribute('aria-label')).toBe('Your question');
  });

  it('opens the court-date card from the greeting, its chunk loaded then, with focus in the case-number box', async () => {
    await setup();
    panel.open(true);
    expect($('.card')).toBeNull();
    // Offered once the relay's manifest says it has court dates (asked after the transcript).
    const find = () => $$('.intro button').find((b) => b.textContent === 'Find my court date');
    await vi.waitFor(() => expect(find()).toBeDefined());
    const action = find()!;
    action.focus();
    action.click();
    // The card's chunk is imported on first use: transformed by Vite here, slow on a loaded machine.
    await vi.waitFor(() => expect($('.card input')).not.toBeNull(), { timeout: 5000 });
    expect(root.activeElement).toBe($('.card input'));
    expect($(`label[for="${$('.card input')!.id}"]`)?.textContent).toBe('Case number');
  });

  it('offers no court-date action when the relay has no scheduling service', async () => {
    courtDates = false;
    const relay = await setup();
    await vi.waitFor(() => expect(relay.calls.some((c) => c.path === '/widget.json')).toBe(true));
    await started(); // the manifest's answer is read
    expect($('.intro')).not.toBeNull();
    expect($$('.intro button').map((b) => b.textContent)).not.toContain('Find my court date');
  });

  it('puts thumbs up and down under a finished answer', async () => {
    await setup({}, 'en', undefined, 'Pay online [Source 1].');
    panel.ask('How do I pay?', true);
    await vi.waitFor(() =>
      expect($$('.bot [aria-pressed]').map((b) => b.getAttribute('aria-label'))).toEqual([
        'Helpful',
        'Not helpful',
      ]),
    );
  });

  it('streams an answer with citation buttons and disclosures, announcing only start and end', async () => {
    await setup();
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
    // One marker per source per paragraph: the repeated [Source 1] is not shown again.
    expect(cites.map((b) => b.textContent)).toEqual(['Source 1: Traffic tickets', 'Source 2: Fees.pdf']);
    expect($('.bot p')?.textContent).toContain('Again. Unknown [Source 9].');
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
    // Opened from the text, the detail under the answer takes focus (it is brought into view with it).
    expect(root.activeElement).toBe(detail);
    // Only the control that opened it shows as expanded, not the list's button for the same source.
    const listButton = $$('.source').find((b) => b.getAttribute('aria-controls') === detail.id)!;
    expect(listButton.getAttribute('aria-expanded')).toBe('false');
    listButton.click();
    await vi.waitFor(() => expect(listButton.getAttribute('aria-expanded')).toBe('true'));
    expect([first.getAttribute('aria-expanded'), detail.hidden]).toEqual(['false', false]);
    expect(detail.textContent).toContain('Pay online or by mail.');
    expect(detail.querySelector('li')?.textContent).toBe('Online');
    expect(detail.textContent).not.toContain('- Online');
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

  it("links only to the host page, the relay and the answer's cited pages (phishing links are text)", async () => {
    await setup(
      {},
      'en',
      undefined,
      [
        `[Portal](https://evil.example/pay) [Cited](https://court.example/fees) [Page](${location.origin}/x)`,
        '[Relay](https://relay.example/help) [Lookalike](https://court.example.evil.example/)',
      ].join(' '),
    );
    panel.ask('How do I pay?', true);
    await vi.waitFor(() => expect($('.sources-title')).not.toBeNull());
    const links = $$('.bot p a').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'https://court.example/fees',
      `${location.origin}/x`,
      'https://relay.example/help',
    ]);
    expect($('.bot p')?.textContent).toContain('Portal (https://evil.example/pay)');
    expect($('.bot p')?.textContent).toContain('Lookalike (https://court.example.evil.example/)');
  });

  it('speaks Spanish when the page is Spanish, with overrides', async () => {
    await setup(
      { i18n: '{"send":"Preguntar"}' },
      'es-MX',
      undefined,
      'Puede pagar en línea [Source 1] o por correo [Source 2].',
    );
    panel.open(false);
    await started();
    expect($('h2')?.textContent).toBe('Ayuda del tribunal');
    expect(sendLabel()).toBe('Preguntar');
    // `lang` itself is set on the host by the loader (see loader.test.ts); each message carries its own.
    panel.ask('¿Cómo pago?', true);
    await vi.waitFor(() => expect($('.sources-title')?.textContent).toBe('Fuentes (2)'));
    expect($('.cite')?.textContent).toBe('Fuente 1: Traffic tickets');
    expect($$('.msg').map((m) => m.lang)).toEqual(['es-MX', 'es-MX']);
  });

  it('gives each message its own lang, and labels in that language (WCAG 3.1.2)', async () => {
    await setup(
      { i18n: '{"source":"Ref. {n}"}' },
      'es',
      undefined,
      'You can pay online [Source 1] or by mail [Source 2].',
    );
    panel.ask('How do I pay a ticket?', true);
    await vi.waitFor(() => expect($('.sources-title')?.textContent).toBe('Sources (2)'));
    expect($$('.msg').map((m) => m.lang)).toEqual(['en', 'en']);
    // The site's overrides are in the site's language: an English answer keeps the built-in English labels.
    expect($('.cite')?.textContent).toBe('Source 1: Traffic tickets');
    expect($('.msg.bot .sr-only')?.textContent).toBe('Assistant: ');
  });

  it('clears the conversation at the relay too', async () => {
    const relay = await setup();
    panel.ask('How do I pay?', true);
    await vi.waitFor(() => expect($('.sources-title')).not.toBeNull());
    const clear = $$('button').find((b) => b.getAttribute('aria-label') === 'Clear conversation')!;
    // It asks first: declined, nothing happens.
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    clear.click();
    expect(confirm).toHaveBeenCalledWith('Clear this conversation? It cannot be undone.');
    expect($('.msg')).not.toBeNull();
    confirm.mockReturnValue(true);
    clear.click();
    await vi.waitFor(() => expect($('.msg')).toBeNull());
    expect(relay.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/conversations/c1' });
    expect(sessionStorage.getItem('amicus:conversation')).toBeNull();
  });

  it('takes over the skeleton the loader drew, keeping its focused box and what was typed', async () => {
    // What loader.ts draws when the visitor opens the widget before panel.js has arrived.
    const skeleton = document.createElement('div');
    skeleton.setAttribute('role', 'dialog');
    skeleton.setAttribute('aria-busy', 'true');
    const form = document.createElement('form');
    const box = document.createElement('textarea');
    form.append(box);
    skeleton.append(form);
    const ready = setup({}, 'en', skeleton); // draws the skeleton at once, then starts up over several tasks
    box.focus();
    box.value = 'Where do I park';
    await ready;
    expect($('[role="dialog"]')).toBe(skeleton);
    expect($('textarea')).toBe(box);
    expect(root.activeElement).toBe(box);
    expect(box.value).toBe('Where do I park');
    expect(box.getAttribute('aria-label')).toBe('Your question');
    expect(skeleton.hasAttribute('aria-busy')).toBe(false);
    expect(skeleton.hidden).toBe(false);
    expect(root.getElementById(skeleton.getAttribute('aria-labelledby')!)?.textContent).toBe('Court help');
  });

  it('renders into the hidden skeleton the loader drew at start-up, without opening', async () => {
    const skeleton = document.createElement('div');
    skeleton.setAttribute('role', 'dialog');
    skeleton.hidden = true;
    skeleton.append(document.createElement('form'));
    skeleton.firstChild?.appendChild(document.createElement('textarea'));
    await setup({}, 'en', skeleton);
    expect($('[role="dialog"]')).toBe(skeleton);
    expect(skeleton.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBeNull();
    expect(events).toEqual([]);
    panel.open(true);
    expect(skeleton.hidden).toBe(false);
    expect(root.activeElement).toBe(skeleton.querySelector('textarea'));
  });

  it('starts up over several tasks (state, styles, hidden shell, transcript) before handing back its handle', async () => {
    vi.stubGlobal('fetch', testRelay({}).fetch);
    const host = document.createElement('amicus-widget');
    document.body.append(host);
    root = host.attachShadow({ mode: 'open' });
    launcher = document.createElement('button');
    root.append(launcher, document.createElement('div'));
    const sheets = root.adoptedStyleSheets.length;
    let handle: PanelHandle | undefined;
    const tasks: [number, boolean][] = [];
    const started = mount({
      settings: { src: 'https://relay.example/widget.js', dataset: {}, config: undefined, lang: 'en' },
      host,
      root,
      launcher,
      emit: () => {},
    }).then((h) => {
      handle = h;
    });
    // What is done at the end of each task, from the one that evaluated the bundle on.
    for (let i = 0; i < 4; i++) {
      tasks.push([root.adoptedStyleSheets.length - sheets, $('[role="dialog"]') !== null]);
      await new Promise((r) => setTimeout(r));
    }
    await started;
    expect(tasks).toEqual([
      [0, false], // the bundle's own task: nothing but reading the options
      [0, false], // state
      [1, false], // styles
      [1, true], // the shell, hidden, and the handle
    ]);
    expect(handle).toBeDefined();
    expect($('[role="dialog"]')?.hidden).toBe(true);
  });
});
