// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AmicusApi, MountPanel, PanelContext, PanelHandle } from './contract';

// The loader runs on import, like the real <script>; each test re-imports it into a fresh page.

let calls: string[];
let context: PanelContext | undefined;

const fakeMount: MountPanel = async (ctx) => {
  context = ctx;
  const handle: PanelHandle = {
    open: (focus) => void calls.push(`open:${focus}`),
    close: () => void calls.push('close'),
    toggle: () => void calls.push('toggle'),
    ask: (text, focus) => void calls.push(`ask:${text}:${focus}`),
  };
  return handle;
};

async function boot(attributes: Record<string, string> = {}): Promise<{ api: AmicusApi; root: ShadowRoot }> {
  const script = document.createElement('script');
  script.setAttribute('src', 'https://relay.example/v1/widget.js');
  for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
  // type keeps happy-dom off it; the loader finds it as the browser gives it, as document.currentScript.
  script.type = 'text/plain';
  document.body.append(script);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  vi.resetModules();
  await import('./loader');
  const root = document.querySelector('amicus-widget')?.shadowRoot;
  if (!root || !window.Amicus) throw new Error('loader did not boot');
  return { api: window.Amicus, root };
}

let inserted: HTMLScriptElement[];
const panelScripts = () => inserted.filter((el) => el.src.endsWith('/panel.js'));

/** The panel <script> the loader inserted, "loaded" with the fake mount, once its handle is back. */
async function loadPanel(): Promise<HTMLScriptElement> {
  const el = panelScripts()[0];
  if (!el) throw new Error('panel not requested');
  window.__amicusPanel = fakeMount;
  await el.onload?.(new Event('load'));
  return el;
}

beforeEach(() => {
  calls = [];
  context = undefined;
  inserted = [];
  vi.stubGlobal('requestIdleCallback', () => 0);
  // happy-dom cannot run script files (it fails them at once): keep the loader's <script> elements
  // out of the document and play the browser's part, firing load or error ourselves.
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    inserted.push(...(nodes as HTMLScriptElement[]));
  });
});

afterEach(() => {
  delete window.Amicus;
  delete window.__amicusPanel;
  delete window.AmicusConfig;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loader (widget.js)', () => {
  it('renders a labelled launcher button in a shadow root, styled without inline styles', async () => {
    document.documentElement.lang = 'es';
    const { root } = await boot({ 'data-position': 'left', 'data-color': '#1d3557' });
    const host = document.querySelector('amicus-widget')!;
    const launcher = root.querySelector('button')!;
    expect(launcher.textContent).toBe('Haga una pregunta');
    expect(launcher.type).toBe('button');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(host.getAttribute('lang')).toBe('es');
    expect(host.getAttribute('data-position')).toBe('left');
    expect(
      document.querySelectorAll('[style], style').length + root.querySelectorAll('[style], style').length,
    ).toBe(0);
    expect(root.adoptedStyleSheets).toHaveLength(1);
  });

  it('prefers data-lang and a data-i18n launcher label', async () => {
    document.documentElement.lang = 'es';
    const { root } = await boot({ 'data-lang': 'en', 'data-i18n': '{"launcher":"Chat with the court"}' });
    expect(root.querySelector('button')?.textContent).toBe('Chat with the court');
  });

  it('queues API calls made before the panel loads and replays them in order', async () => {
    const { api } = await boot();
    const seen: unknown[] = [];
    const off = api.on('message', (d) => seen.push(d));
    api.open();
    api.ask('How do I pay?');
    expect(calls).toEqual([]);
    const el = await loadPanel();
    expect(el.src).toBe('https://relay.example/v1/panel.js');
    // Replayed later than the calls were made, so without moving focus (the skeleton took it then).
    expect(calls).toEqual(['open:false', 'ask:How do I pay?:false']);
    expect(context?.settings.lang).toMatch(/^en/);

    context?.emit('message', { role: 'assistant' });
    off();
    context?.emit('message', { role: 'assistant' });
    expect(seen).toEqual([{ role: 'assistant' }]);

    api.close();
    expect(calls.at(-1)).toBe('close');
  });

  it('fetches the panel on first intent only (hover or focus), once', async () => {
    // An idle page never fetches it: evaluating the panel is work for visitors who never open it.
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => fn());
    const { root } = await boot();
    await new Promise((r) => setTimeout(r, 1600));
    const launcher = root.querySelector('button')!;
    expect(panelScripts()).toHaveLength(0);
    launcher.dispatchEvent(new Event('pointerenter'));
    launcher.dispatchEvent(new Event('focus'));
    expect(panelScripts()).toHaveLength(1);
  });

  it('toggles the panel from the launcher once it has loaded', async () => {
    const { root } = await boot();
    root.querySelector('button')!.click();
    await loadPanel();
    root.querySelector('button')!.click();
    expect(calls).toEqual(['open:false', 'toggle']);
  });

  it('shows a focused dialog skeleton at once when opened before the panel arrives, and hides it on close', async () => {
    const { api, root } = await boot();
    // Drawn hidden at start-up (laid out before the press, so showing it is a restyle).
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.hidden).toBe(true);
    const launcher = root.querySelector('button')!;
    launcher.click();
    expect(dialog.hidden).toBe(false);
    // The launcher says the dialog is open already, as the panel will once it arrives.
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Ask a question');
    expect(root.activeElement).toBe(dialog.querySelector('textarea'));
    expect(root.activeElement?.getAttribute('aria-label')).toBe('Ask a question');
    api.ask('How do I pay?');
    expect(root.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    api.close();
    expect(dialog.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(root.activeElement).toBe(root.querySelector('button'));
    api.open();
    expect(dialog.hidden).toBe(false);
    expect(root.activeElement).toBe(dialog.querySelector('textarea'));
    // Escape closes the skeleton as it closes the panel, focus back on the launcher; other keys do not.
    const textarea = dialog.querySelector('textarea')!;
    // Typing is never cancelled (an `on…` handler returning false would cancel it).
    expect(
      textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true })),
    ).toBe(true);
    expect(dialog.hidden).toBe(false);
    textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog.hidden).toBe(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(root.activeElement).toBe(launcher);
  });

  it('treats a panel still starting up as not arrived: a press draws the skeleton and is replayed', async () => {
    const { root } = await boot();
    const launcher = root.querySelector('button')!;
    launcher.dispatchEvent(new Event('pointerenter'));
    let handBack: () => void = () => {};
    window.__amicusPanel = (ctx) =>
      new Promise((resolve) => {
        handBack = () => resolve(fakeMount(ctx));
      }).then((p) => p as Awaited<ReturnType<typeof fakeMount>>);
    const loaded = panelScripts()[0]?.onload?.(new Event('load'));
    launcher.click(); // during the panel's start-up
    expect(root.activeElement).toBe(root.querySelector('[role="dialog"] textarea'));
    expect(calls).toEqual([]);
    handBack();
    await loaded;
    expect(calls).toEqual(['open:false']);
  });

  it('opens on load without focus when data-open is set', async () => {
    await boot({ 'data-open': '' });
    await loadPanel();
    expect(calls).toEqual(['open:false']);
  });

  it('reports a panel that fails to load as an error event, and tries again later', async () => {
    const { api, root } = await boot();
    const errors: unknown[] = [];
    api.on('error', (d) => errors.push(d));
    root.querySelector('button')!.click();
    panelScripts()[0]?.onerror?.(new Event('error'));
    expect(errors).toEqual([{ code: 'load_failed' }]);
    root.querySelector('button')!.dispatchEvent(new Event('pointerenter'));
    expect(panelScripts()).toHaveLength(2);
  });
});
