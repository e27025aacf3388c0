import type { WireCitation } from '@amicus/protocol';
import { useSignal } from '@preact/signals';
import { useMemo } from 'preact/hooks';
import type { ChatMessage } from './chat';
import { collectSources, visibleWhileStreaming } from './citation-markers';
import type { I18n } from './i18n';
import { renderMarkdown, safeHref } from './markdown';

// One transcript entry. Sources are disclosures opened by click, tap or Enter on a marker or on the
// "Sources (N)" list — never by hover — and each source is listed once however often it is cited.

interface Props {
  message: ChatMessage;
  i18n: I18n;
  onRetry(message: ChatMessage): void;
}

export function Message({ message, i18n, onRetry }: Props) {
  const { t } = i18n;
  if (message.role === 'user') {
    return (
      <div class="msg user">
        <span class="sr-only">{t('you')}: </span>
        <p>{message.content}</p>
      </div>
    );
  }
  return <Answer message={message} i18n={i18n} onRetry={onRetry} />;
}

function Answer({ message, i18n, onRetry }: Props) {
  const { t } = i18n;
  const shown = useSignal<number | null>(null);
  const open = shown.value;
  const sources = useMemo(() => collectSources(message.citations), [message.citations]);
  const streaming = message.state === 'streaming';
  const text = streaming ? visibleWhileStreaming(message.content) : message.content;
  const detailId = (c: WireCitation) => `amicus-src-${message.id}-${c.index}`;
  const toggle = (c: WireCitation) => {
    shown.value = open === c.index ? null : c.index;
  };
  const name = (c: WireCitation) => t('source', { n: c.index });

  const blocks = renderMarkdown(text, (n, raw) => {
    // Citations arrive with `done`: until then a marker shows as the same pill, not yet a button.
    if (streaming) return <span class="cite">{t('source', { n })}</span>;
    const c = sources.byIndex.get(n);
    if (!c) return raw;
    return (
      <button
        type="button"
        class="cite"
        aria-expanded={open === c.index}
        aria-controls={detailId(c)}
        onClick={() => toggle(c)}
      >
        {t('source', { n })}
        <span class="sr-only">: {c.title}</span>
      </button>
    );
  });

  return (
    <div class="msg bot" aria-busy={streaming}>
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
            <button type="button" class="link-btn" onClick={() => onRetry(message)}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
      {message.state === 'stopped' && <p class="flag">{t('stopped')}</p>}
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
                    aria-expanded={open === c.index}
                    aria-controls={detailId(c)}
                    onClick={() => toggle(c)}
                  >
                    {name(c)}: {c.title}
                  </button>
                  <div class="detail" id={detailId(c)} hidden={open !== c.index}>
                    <p class="detail-title">{c.title}</p>
                    <p class="preview">{c.preview}</p>
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
