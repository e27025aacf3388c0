import type { WireCitation } from '@amicus/protocol';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Chat, ChatMessage } from './chat';
import { collectSources, visibleWhileStreaming } from './citation-markers';
import type { I18n } from './i18n';
import { detectLang } from './language';
import { Lazy, preload } from './lazy';
import { renderMarkdown, safeHref } from './markdown';

// One transcript entry. Sources are disclosures opened by click, tap or Enter on a marker or on the
// "Sources (N)" list — never by hover — and each source is listed once however often it is cited.

interface Props {
  message: ChatMessage;
  i18n: I18n;
  /** Hosts links may always point to: the host page's and the relay's (see `LinkHosts`). */
  hosts: readonly string[];
  chat: Chat;
}

// Separate chunks: fetched the first time a card or a finished answer is shown.
const court = () => import('../court/court-card');
const feedback = () => import('../feedback/feedback');

export function Message(props: Props) {
  const { message, i18n } = props;
  // Each message carries its own language (WCAG 3.1.2), and the labels in it follow that language.
  const own = i18n.for(message.lang ?? detectLang(message.content) ?? i18n.lang);
  const { t } = own;
  if (message.role === 'user') {
    return (
      <div class="msg user" lang={own.lang}>
        <span class="sr-only">{t('you')}: </span>
        <p>{message.content}</p>
      </div>
    );
  }
  if (message.card) return <Lazy load={court} props={{ message, chat: props.chat, i18n }} />;
  return <Answer {...props} i18n={own} />;
}

function Answer({ message, i18n, hosts, chat }: Props) {
  const { t } = i18n;
  // The open source and the control that opened it (a marker's position, or -1 for the sources list):
  // only that control shows as expanded, though several markers may cite the same source.
  const [shown, setShown] = useState<[source: number, by: number] | null>(null);
  const [open, by] = shown ?? [];
  const box = useRef<HTMLDivElement>(null);
  const focusDetail = useRef('');
  const sources = useMemo(() => collectSources(message.citations, document.title), [message.citations]);
  // Besides the court's own hosts, an answer may link only to the pages it cites.
  const linkHosts = new Set(hosts);
  for (const c of message.citations) {
    const href = c.url && safeHref(c.url);
    if (href) linkHosts.add(new URL(href).host);
  }
  const streaming = message.state === 'streaming';
  // Fetched while the answer streams, so that feedback shows with the finished answer, not a moment after
  // (which would leave a reader at the bottom of the transcript just above it).
  if (streaming) void preload(feedback);
  // A stopped or cut answer can end inside a marker (`[Sour`): held back as while streaming.
  const text = message.state === 'done' ? message.content : visibleWhileStreaming(message.content);
  const detailId = (c: WireCitation) => `amicus-src-${message.id}-${c.index}`;
  const toggle = (c: WireCitation, from: number) => {
    const opening = open !== c.index || by !== from;
    setShown(opening ? [c.index, from] : null);
    // From a marker in the text, the source's detail (under the answer) is brought into view and
    // takes focus, as a footnote does; from the list it opens right below its button, which keeps focus.
    focusDetail.current = opening && from >= 0 ? detailId(c) : '';
  };
  useLayoutEffect(() => {
    if (focusDetail.current) box.current?.querySelector<HTMLElement>(`#${focusDetail.current}`)?.focus();
    focusDetail.current = '';
  });

  let markers = 0;
  const blocks = renderMarkdown(
    text,
    (n, raw) => {
      const at = markers++;
      const c = sources.byIndex.get(n);
      // No citations (yet): while streaming, or an answer stopped before they came, a marker is the same
      // pill, not a button; an unknown number in a cited answer stays as written.
      if (!c) return message.citations.length ? raw : <span class="cite">{t('source', { n })}</span>;
      return (
        <button
          type="button"
          class="cite"
          aria-expanded={open === c.index && by === at}
          aria-controls={detailId(c)}
          onClick={() => toggle(c, at)}
        >
          {t('source', { n })}
          <span class="sr-only">: {c.title}</span>
        </button>
      );
    },
    linkHosts,
  );

  return (
    <div class="msg bot" aria-busy={streaming} lang={i18n.lang} ref={box}>
      <span class="sr-only">{t('assistant')}: </span>
      {blocks}
      {streaming && !text && (
        <p class="typing" aria-hidden="true">
          …
        </p>
      )}
      {message.state === 'incomplete' && (
        <p class="flag">
          {t('incomplete')}{' '}
          {message.retry && (
            <button type="button" class="link-btn" onClick={() => chat.retry(message)}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
      {message.state === 'stopped' && <p class="flag">{t('stopped')}</p>}
      {message.state === 'done' && <Lazy load={feedback} props={{ message, chat, i18n }} />}
      {sources.list.length > 0 && (
        <div class="sources">
          <p class="sources-title" id={`amicus-sources-${message.id}`}>
            {t('sources', { n: sources.list.length })}
          </p>
          <ul aria-labelledby={`amicus-sources-${message.id}`}>
            {sources.list.map((c) => {
              const href = c.url && /^https?:/i.test(c.url) ? safeHref(c.url) : null;
              return (
                <li key={c.index}>
                  <button
                    type="button"
                    class="source"
                    aria-expanded={open === c.index && by === -1}
                    aria-controls={detailId(c)}
                    onClick={() => toggle(c, -1)}
                  >
                    {t('source', { n: c.index })}: {c.title}
                  </button>
                  <div class="detail" id={detailId(c)} hidden={open !== c.index} tabIndex={-1}>
                    <p class="detail-title">{c.title}</p>
                    {/* Passages keep their lists and emphasis: shown as such, not as raw Markdown. */}
                    <div class="preview">{renderMarkdown(c.preview)}</div>
                    {href && (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {t('openPage')}
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
