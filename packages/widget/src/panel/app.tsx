import type { Ref } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Chat } from './chat';
import type { I18n } from './i18n';
import { Message } from './message';

// The dialog. It is rendered once, hidden; `mount.tsx` shows it and moves focus synchronously, so
// nothing here ever moves focus on its own (no autofocus, no focus in effects).

export interface AppProps {
  chat: Chat;
  i18n: I18n;
  suggestions: string[];
  /** Hosts answers may link to besides the pages they cite: the host page's and the relay's. */
  hosts: string[];
  panelRef: Ref<HTMLDivElement>;
  inputRef: Ref<HTMLTextAreaElement>;
  onClose(): void;
  onKeyDown(event: KeyboardEvent): void;
}

export function App({ chat, i18n, suggestions, hosts, panelRef, inputRef, onClose, onKeyDown }: AppProps) {
  const { t } = i18n;
  const messages = chat.messages.value;
  const busy = chat.busy.value;
  const wait = chat.wait.value;
  const notice = chat.notice.value;
  const transcript = useRef<HTMLElement>(null);
  const pinned = useRef(true);
  // Where the widget itself last put the view: the scroll event that follows is its own, not the
  // reader's, and arrives a frame later, when a fast answer may already have grown the transcript.
  const placed = useRef(-1);
  const count = useRef(0);
  // A new question (or a restored transcript) brings the view to its latest exchange.
  if (messages.length > count.current) pinned.current = true;
  count.current = messages.length;

  // Follow the answer as it streams only while the visitor is at the bottom, and not past the start of
  // the latest question until they scroll past it themselves: a long answer is read from its start, with
  // its question in view. (Scroll positions past the end are clamped by the browser.)
  //
  // Done in the next frame, before it is painted: reading positions lays the panel out, which that frame
  // does anyway; read here, it would add the layout to this task (the start-up's, the restored
  // transcript's), a long task on a slow phone.
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      const el = transcript.current;
      if (!el || !pinned.current) return;
      const asked = [...el.querySelectorAll('.user')].pop();
      const below = asked ? asked.getBoundingClientRect().top - el.getBoundingClientRect().top - 8 : -1;
      el.scrollTop = below < 0 ? el.scrollHeight : el.scrollTop + below;
      placed.current = el.scrollTop;
    });
  });

  const submit = (event?: Event) => {
    event?.preventDefault();
    if (busy) chat.stop();
    else void chat.ask(chat.draft.value);
  };

  return (
    <div
      ref={panelRef}
      class="panel"
      id="amicus-panel"
      role="dialog"
      aria-labelledby="amicus-title"
      hidden
      onKeyDown={onKeyDown}
    >
      <div class="head">
        <h2 id="amicus-title">{t('title')}</h2>
        {/* An icon, so the heading keeps the width at 320 px; asks first, as it cannot be undone. */}
        <button
          type="button"
          class="icon"
          aria-label={t('clear')}
          title={t('clear')}
          onClick={() => confirm(t('confirmClear')) && void chat.clear()}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />
          </svg>
        </button>
        <button type="button" class="icon" aria-label={t('close')} onClick={onClose}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" />
          </svg>
        </button>
      </div>
      <section
        ref={transcript}
        class="transcript"
        aria-label={t('transcript')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) even when it holds no link or button
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop !== placed.current)
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        <div class="intro">
          <p>{t('greeting')}</p>
          <p class="disclaimer">{t('disclaimer')}</p>
          {chat.courts.value && (
            <button type="button" class="link-btn" onClick={chat.court}>
              {t('court')}
            </button>
          )}
          {!messages.length && suggestions.length > 0 && (
            <ul class="suggest" aria-label={t('suggestionsLabel')}>
              {suggestions.map((q) => (
                <li key={q}>
                  <button type="button" onClick={() => void chat.ask(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {messages.map((m) => (
          <Message key={m.id} message={m} i18n={i18n} hosts={hosts} chat={chat} />
        ))}
      </section>
      <div class="notice" role="alert">
        {notice && <p>{t(notice)}</p>}
      </div>
      {wait > 0 && <p class="wait">{t('wait', { time: i18n.seconds(wait) })}</p>}
      <form class="composer" onSubmit={submit}>
        {/* aria-label rather than a visually hidden <label>: the loader's skeleton (loader.ts) draws this
            same box before the panel exists, and the panel renders into it without replacing it. */}
        <textarea
          ref={inputRef}
          aria-label={t('input')}
          placeholder={t('input')}
          rows={2}
          maxLength={4000}
          value={chat.draft.value}
          onInput={(e) => {
            chat.draft.value = e.currentTarget.value;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              if (!busy) submit();
            }
          }}
        />
        {/* One button that turns into Stop while answering: focus stays on it either way. */}
        <button type="submit" class="send" aria-disabled={!busy && wait > 0}>
          <span aria-hidden={busy}>{t('send')}</span>
          <span aria-hidden={!busy}>{t('stop')}</span>
        </button>
      </form>
      <div class="sr-only" role="status">
        {chat.status.value}
      </div>
    </div>
  );
}
