import type { AmicusApi, AmicusEventName, AmicusListener, PanelHandle } from './contract';
import LAUNCHER_CSS from './launcher.css?inline';
import { colorRule, isSpanish, pickLang } from './theme';

// `widget.js`: the only file a court's page loads up front. It draws the launcher, exposes
// `window.Amicus` (queueing calls) and fetches the panel bundle on idle, hover, focus or first press.
// Budget: 2 KB gzip, so no Preact here and option parsing is left to the panel.

type Call = [name: 'open' | 'close' | 'ask', text: string, activeAtCall: Element | null];

const script = (document.currentScript ??
  document.querySelector('script[src$="/widget.js"]')) as HTMLScriptElement | null;

if (script && !window.Amicus) boot(script);

function boot(script: HTMLScriptElement): void {
  const config = window.AmicusConfig ?? {};
  const data = script.dataset;
  const option = (name: string): unknown => data[name] ?? config[name];
  const lang = pickLang(option('lang') as string, document.documentElement.lang, navigator.language);
  let strings: Record<string, string> = (config.strings as Record<string, string>) ?? {};
  try {
    strings = { ...strings, ...JSON.parse(data.i18n ?? '{}') };
  } catch {
    // A malformed data-i18n is ignored here as in the panel: the launcher keeps its default label.
  }

  const host = document.createElement('amicus-widget');
  host.lang = lang;
  host.dataset.position = option('position') === 'left' ? 'left' : 'right';
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(LAUNCHER_CSS + colorRule(option('color')));
  root.adoptedStyleSheets = [sheet];

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.setAttribute('aria-expanded', 'false');
  // The icon is drawn in CSS (::before), so the loader carries no SVG-building code.
  launcher.textContent = strings.launcher ?? (isSpanish(lang) ? 'Haga una pregunta' : 'Ask a question');
  root.append(launcher);

  const listeners = new Map<AmicusEventName, Set<AmicusListener>>();
  const queue: Call[] = [];
  let panel: PanelHandle | undefined;
  let loading = false;

  const emit = (event: AmicusEventName, detail?: unknown): void => {
    for (const fn of listeners.get(event) ?? []) {
      try {
        fn(detail);
      } catch (error) {
        // A site's listener must not break the widget; rethrow outside our stack so it is reported.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  const run = (call: Call, focus: boolean): void => {
    const [name, text] = call;
    if (name === 'open') panel?.open(focus);
    else if (name === 'close') panel?.close();
    else panel?.ask(text, focus);
  };

  const load = (): void => {
    if (loading) return;
    loading = true;
    const el = document.createElement('script');
    el.src = new URL('panel.js', script.src).href;
    // Sites with a nonce-based CSP: scripts we insert need the same nonce.
    el.nonce = script.nonce ?? '';
    el.onload = () => {
      panel = window.__amicusPanel?.({
        settings: { src: script.src, dataset: data, config, lang },
        host,
        root,
        launcher,
        emit,
      });
      // Focus moves only if it is still where it was when the call was made: the visitor has not
      // gone elsewhere while the panel was loading.
      for (const call of queue.splice(0)) run(call, document.activeElement === call[2]);
    };
    el.onerror = () => {
      loading = false;
      el.remove();
      emit('error', { code: 'load_failed' });
    };
    document.head.append(el);
  };

  const call = (name: Call[0], text = ''): void => {
    const entry: Call = [name, text, document.activeElement];
    if (panel) run(entry, true);
    else {
      queue.push(entry);
      load();
    }
  };

  window.Amicus = {
    open: () => call('open'),
    close: () => call('close'),
    ask: (text) => call('ask', String(text)),
    on(event, fn) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(fn));
      return () => set.delete(fn);
    },
  } satisfies AmicusApi;

  launcher.onclick = () => (panel ? panel.toggle() : call('open'));
  for (const type of ['pointerenter', 'pointerdown', 'focus']) launcher.addEventListener(type, load);

  const attach = (): void => {
    document.body.append(host);
    const open = option('open');
    if (open === '' || open === 'true' || open === true) {
      // Opened for the visitor, not by them: the panel shows without taking focus.
      queue.push(['open', '', null]);
      load();
    } else if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 1500);
  };
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach);
}
