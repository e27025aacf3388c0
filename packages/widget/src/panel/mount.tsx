import { createRef, render } from 'preact';
import type { PanelContext, PanelHandle } from '../contract';
import { readOptions } from '../options';
import { App } from './app';
import { createChat } from './chat';
import { createI18n } from './i18n';
import MESSAGES_CSS from './messages.css?inline';
import PANEL_CSS from './panel.css?inline';
import { createPersistence } from './persistence';
import { createRelayClient } from './relay-client';
import { lockPageScroll, trackVisualViewport } from './viewport';

// Wires the panel into the loader's shadow root. Opening and closing are done here, synchronously,
// so focus moves in the same task as the visitor's action (WCAG: no surprise focus moves).

const SHEET = '(max-width:639.98px),(max-height:520px)';
const FOCUSABLE = 'button:not([hidden]),a[href],textarea,[tabindex="0"]';

export function mount({ settings, root, launcher, emit }: PanelContext): PanelHandle {
  const options = readOptions(settings);
  const sheet = new CSSStyleSheet();
  // The panel's media queries (sheet mode, forced colours) come last so they override both files.
  sheet.replaceSync(MESSAGES_CSS + PANEL_CSS);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  const i18n = createI18n(options.lang, options.strings);
  const persistence = createPersistence(options.storage);
  const client = createRelayClient({ relay: options.relay, store: persistence.session });
  const chat = createChat({ client, persistence, i18n, emit });
  const panelRef = createRef<HTMLDivElement>();
  const inputRef = createRef<HTMLTextAreaElement>();
  let isOpen = false;
  let stopTracking = () => {};

  const open = (focus: boolean): void => {
    renderOnce();
    const panel = panelRef.current;
    if (!panel) return;
    if (!isOpen) {
      isOpen = true;
      const sheetMode = matchMedia(SHEET).matches;
      panel.setAttribute('aria-modal', String(sheetMode));
      panel.hidden = false;
      launcher.setAttribute('aria-expanded', 'true');
      lockPageScroll(true);
      stopTracking = trackVisualViewport(root);
      emit('open');
    }
    if (focus) inputRef.current?.focus();
  };

  const close = (): void => {
    const panel = panelRef.current;
    if (!isOpen || !panel) return;
    const hadFocus = panel.contains(root.activeElement);
    isOpen = false;
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    lockPageScroll(false);
    stopTracking();
    // Focus inside a hidden panel would be lost to <body>: hand it back to the launcher.
    if (hadFocus) launcher.focus();
    emit('close');
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      launcher.focus();
    } else if (event.key === 'Tab' && panelRef.current?.getAttribute('aria-modal') === 'true') {
      // The full-screen sheet is modal: keep Tab inside it.
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && root.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && root.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  // The first render (and the JIT work it triggers) costs tens of milliseconds on a slow phone: done at
  // first open, inside the visitor's click, it cannot become a long task of the host page's load.
  // Preact renders synchronously, so open() can still move focus in the same task.
  let rendered = false;
  function renderOnce(): void {
    if (rendered) return;
    rendered = true;
    // The loader's skeleton, when the visitor opened the dialog before this bundle arrived: rendering
    // into it reuses its dialog, form and focused <textarea>, keeping focus and what was typed.
    // (`lang` is on the host already: the loader chose it and readOptions keeps it.)
    const container = root.querySelector('div') as HTMLDivElement;
    chat.draft.value ||= root.querySelector('textarea')?.value ?? '';
    render(
      <App
        chat={chat}
        i18n={i18n}
        suggestions={options.suggestions}
        panelRef={panelRef}
        inputRef={inputRef}
        onClose={close}
        onKeyDown={onKeyDown}
      />,
      container,
    );
    launcher.setAttribute('aria-controls', 'amicus-panel');
  }
  void chat.restore();

  return {
    open,
    close,
    toggle: () => (isOpen ? close() : open(true)),
    ask(text, focus) {
      open(focus);
      if (chat.busy.value || chat.wait.value > 0) chat.draft.value = text;
      else void chat.ask(text);
    },
  };
}
