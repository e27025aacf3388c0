import type { AmicusApi, AmicusEventName, AmicusListener, PanelHandle } from './contract';
import LAUNCHER_CSS from './launcher.css?inline';
import { colorRule, isSpanish, pickLang } from './theme';

// `widget.js`: the only file a court's page loads up front. It draws the launcher, exposes
// `window.Amicus` (queueing calls) and fetches the panel bundle on first intent: hover, focus or press
// (never on idle: evaluating it is work a visitor who never opens the widget should not pay for).
// Budget: 2 KB gzip, so no Preact here and option parsing is left to the panel.

type Call = [name: 'open' | 'close' | 'ask', text: string];

/** `<tag attr=…>kids</tag>` without innerHTML, small enough for the loader. */
const make = (tag: string, attrs: Record<string, string>, ...kids: (Node | string)[]): HTMLElement => {
  const el = document.createElement(tag);
  for (const name in attrs) el.setAttribute(name, attrs[name] as string);
  el.append(...kids);
  return el;
};

// A classic script always has itself as currentScript while it runs, inserted by a tag manager too.
const script = document.currentScript as HTMLScriptElement | null;

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
  // Only `left` is styled (launcher.css, panel.css): the right side is the default.
  if (option('position') === 'left') host.dataset.position = 'left';
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(LAUNCHER_CSS + colorRule(option('color')));
  root.adoptedStyleSheets = [sheet];

  // The icon is drawn in CSS (::before), so the loader carries no SVG-building code.
  const launcher = make(
    'button',
    { type: 'button', class: 'launcher', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' },
    strings.launcher ?? (isSpanish(lang) ? 'Haga una pregunta' : 'Ask a question'),
  ) as HTMLButtonElement;
  // The dialog's skeleton, shown (aria-busy while loading) when the visitor is quicker than panel.js.
  // Drawn now, hidden yet laid out (launcher.css), so that showing it and focusing its box is a restyle:
  // drawn in the press, a textarea taking focus laid the whole host page out in the visitor's task.
  // The panel renders into its parent <div>, and Preact reuses the matching dialog <div>, <form> and
  // <textarea>, so focus and anything typed stay put: focus is never moved asynchronously. Named like the
  // launcher until the panel's heading labels the dialog.
  const label = launcher.textContent as string;
  const input = make('textarea', { 'aria-label': label });
  const skeleton = make(
    'div',
    { role: 'dialog', 'aria-label': label, 'aria-busy': 'true', hidden: '' },
    make('form', {}, input),
  );
  root.append(launcher, make('div', {}, skeleton));

  const listeners = new Map<AmicusEventName, Set<AmicusListener>>();
  const queue: Call[] = [];
  let panel: PanelHandle | undefined;
  let loading = false;

  const emit = (event: AmicusEventName, detail?: unknown): void => {
    for (const fn of listeners.get(event) ?? []) {
      try {
        fn(detail);
      } catch (error) {
        // A site's listener must not break the widget; reported as uncaught, outside our stack.
        reportError(error);
      }
    }
  };

  const run = ([name, text]: Call, focus: boolean): void => {
    if (name === 'ask') panel?.ask(text, focus);
    // open(focus), or close() (which has no use for it).
    else panel?.[name](focus);
  };

  const load = (): void => {
    if (loading) return;
    loading = true;
    const el = document.createElement('script');
    // The panel's content-hashed name, written in at build time (`panel.js` in unit tests).
    el.src = new URL(import.meta.env.AMICUS_PANEL ?? 'panel.js', script.src).href;
    // A module, so that its parts load as chunks of their own (see vite.config.ts).
    el.type = 'module';
    // Sites with a nonce-based CSP: scripts we insert need the same nonce ('' when none: an HTML
    // element's nonce is never undefined, whatever the DOM types say).
    el.nonce = script.nonce as string;
    // Until the panel hands its handle back (its start-up takes a few tasks), presses draw the skeleton
    // and are queued, as before it arrived.
    el.onload = async () => {
      panel = await window.__amicusPanel?.({
        settings: { src: script.src, dataset: data, config, lang },
        host,
        root,
        launcher,
        emit,
      });
      // Never moves focus: this is later than the visitor's action (the skeleton took focus then).
      for (const call of queue.splice(0)) run(call, false);
    };
    el.onerror = () => {
      loading = false;
      el.remove();
      emit('error', { code: 'load_failed' });
    };
    document.head.append(el);
  };

  const call = (name: Call[0], text = ''): void => {
    if (panel) run([name, text], true);
    else {
      if (name === 'close') {
        // Closed before the panel arrived: the skeleton hides now, and focus in it returns to the launcher.
        if (skeleton.contains(root.activeElement)) launcher.focus();
        skeleton.hidden = true;
      } else {
        // Activated before panel.js has arrived: the skeleton shows and its box takes focus in this task.
        skeleton.hidden = false;
        input.focus();
      }
      // The launcher says whether the dialog (its skeleton, for now) is open, as the panel will.
      launcher.setAttribute('aria-expanded', `${!skeleton.hidden}`);
      queue.push([name, text]);
      load();
    }
  };

  // Escape closes the skeleton as it will close the panel (focus back to the launcher). The handler
  // returns nothing: an `on…` handler returning false would cancel every other key, typing included.
  skeleton.onkeydown = (event) => {
    if (event.key === 'Escape') call('close');
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
  // First intent. pointerenter also fires for touch and pen, just before pointerdown (Pointer Events):
  // no need for both; a press without either (keyboard, assistive tech) goes through onclick → call().
  launcher.onpointerenter = launcher.onfocus = load;

  const attach = (): void => {
    document.body.append(host);
    const open = option('open');
    if (open === '' || open === 'true' || open === true) {
      // Opened for the visitor, not by them: the panel shows without taking focus.
      queue.push(['open', '']);
      load();
    }
  };
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach);
}
