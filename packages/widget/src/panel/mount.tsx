import type { WidgetManifest } from '@amicus/protocol';
import { effect } from '@preact/signals-core';
import { createRef, render } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import type { PanelContext, PanelHandle } from '../contract';
import { readOptions } from '../options';
import { App, type AppProps } from './app';
import { createChat } from './chat';
import { createI18n } from './i18n';
import MESSAGES_CSS from './messages.css?inline';
import PANEL_CSS from './panel.css?inline';
import { createPersistence } from './persistence';
import { createRelayClient } from './relay-client';
import { lockPageScroll, trackVisualViewport } from './viewport';

// Wires the panel into the loader's shadow root. Opening and closing are done here, synchronously,
// so focus moves in the same task as the visitor's action (WCAG: no surprise focus moves).
//
// Start-up is split into tasks, so that none is a long task of the host page on a slow phone: the
// bundle's evaluation, then (each after a yield) the state, the styles, the shell (rendered hidden, yet
// laid out: see panel.css), and the restored transcript. The loader gets the handle once the shell is
// there: until then it treats the panel as not yet arrived (a press draws its skeleton, focused, and is
// replayed). The bundle carries a compile hint (vite.config.ts), so no step compiles code of its own.

const SHEET = '(max-width:639.98px),(max-height:520px)';
const FOCUSABLE = 'button:not([hidden]),a[href],textarea,[tabindex="0"]';

/** Ends the current task: the host page's own tasks get their turn before the next step. */
const pause = (): Promise<void> => new Promise((r) => setTimeout(r));

export async function mount({ settings, root, launcher, emit }: PanelContext): Promise<PanelHandle> {
  const options = readOptions(settings);
  const panelRef = createRef<HTMLDivElement>();
  const inputRef = createRef<HTMLTextAreaElement>();
  let isOpen = false;

  const show = (focus: boolean): void => {
    const panel = panelRef.current;
    if (!panel) return;
    if (!isOpen) {
      isOpen = true;
      const sheetMode = matchMedia(SHEET).matches;
      panel.setAttribute('aria-modal', String(sheetMode));
      panel.hidden = false;
      launcher.setAttribute('aria-expanded', 'true');
      lockPageScroll(true);
      emit('open');
    }
    // The panel is fixed in the viewport, so there is nothing to scroll to; scrolling into view would
    // lay the page out here instead of in the next frame.
    if (focus) inputRef.current?.focus({ preventScroll: true });
  };

  const close = (): void => {
    const panel = panelRef.current;
    if (!isOpen || !panel) return;
    const hadFocus = panel.contains(root.activeElement);
    isOpen = false;
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    lockPageScroll(false);
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

  // The first call of each of these compiles it: tens of ms at 4× slowdown, hence a task of their own.
  await pause();
  const i18n = createI18n(options.lang, options.strings);
  const persistence = createPersistence(options.storage);
  const client = createRelayClient({ relay: options.relay, store: persistence.session });
  const chat = createChat({ client, persistence, i18n, emit });

  await pause();
  // First, while layout is clean: it reads the visual viewport, which after a style change lays out.
  trackVisualViewport(root);
  const sheet = new CSSStyleSheet();
  // The panel's media queries (sheet mode, forced colours) come last so they override both files.
  sheet.replaceSync(MESSAGES_CSS + PANEL_CSS);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];

  await pause();
  // The loader's skeleton, when the visitor opened the dialog before the panel was ready: rendering into
  // it reuses its dialog, form and focused <textarea>, keeping focus and what was typed, and the panel
  // shows in this same task (hidden, it would drop focus). `lang` is on the host already.
  // (The loader draws it hidden at start-up: it counts only if shown.)
  const skeleton = root.querySelector<HTMLTextAreaElement>('[role=dialog]:not([hidden]) textarea');
  chat.draft.value ||= skeleton?.value ?? '';
  const container = root.querySelector('div') as HTMLDivElement;
  render(
    <Live
      chat={chat}
      i18n={i18n}
      suggestions={options.suggestions}
      hosts={[location.host, new URL(options.relay).host]}
      panelRef={panelRef}
      inputRef={inputRef}
      onClose={close}
      onKeyDown={onKeyDown}
    />,
    container,
  );
  launcher.setAttribute('aria-controls', 'amicus-panel');
  if (skeleton) show(false);

  // The transcript in a task of its own; a question asked meanwhile (a replayed Amicus.ask) waits for it.
  const restored = pause().then(() => void chat.restore());
  // Court dates are offered only where the relay has a scheduling service: its manifest says so (asked
  // after the transcript, in a task of its own). Until it answers, or if it cannot, the greeting has no
  // court-date action.
  restored
    .then(pause)
    .then(() => fetch(`${options.relay}/widget.json`))
    .then((r) => r.json())
    .then(
      (m: WidgetManifest) => {
        chat.courts.value = m.courtDates;
      },
      () => {},
    );

  return {
    open: show,
    close,
    toggle: () => (isOpen ? close() : show(true)),
    ask(text, focus) {
      show(focus);
      void restored.then(() => {
        if (chat.busy.value || chat.wait.value > 0) chat.draft.value = text;
        else void chat.ask(text);
      });
    },
  };
}

/**
 * The dialog, drawn again when a signal it shows changes: after the current task's other changes, as
 * Preact batches state. That is all the panel needs of @preact/signals' Preact adapter (1.4 KB gzip).
 */
function Live(props: AppProps) {
  const [, redraw] = useState(0);
  const { chat } = props;
  useLayoutEffect(() => {
    // The effect's first run only subscribes: this render already shows these values (drawing again
    // would double the first render, the largest task of the start-up).
    let subscribed = false;
    return effect(() => {
      for (const s of [
        chat.messages,
        chat.busy,
        chat.wait,
        chat.notice,
        chat.draft,
        chat.status,
        chat.courts,
      ])
        s.value;
      if (subscribed) redraw((n) => n + 1);
      subscribed = true;
    });
  }, []);
  return <App {...props} />;
}
