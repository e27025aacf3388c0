import type { WarrantInfoResponse } from '@amicus/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PartProps } from '../panel/part';
import { isSpanish } from '../theme';
import { ContactLines, problemText, useCardSheet } from './card-kit';
import { courtStrings } from './strings';

// "Do I have a warrant?": general information from the relay, never a lookup of a person. The question
// itself is not sent anywhere but the intent check.

export function WarrantCard({ message, chat, i18n }: PartProps) {
  const s = courtStrings(i18n.lang);
  const language = isSpanish(i18n.lang) ? 'es' : 'en';
  const ref = useRef<HTMLElement>(null);
  const [info, setInfo] = useState<WarrantInfoResponse | null>(null);
  const [error, setError] = useState('');
  useCardSheet(ref);

  useEffect(() => {
    chat
      .post<WarrantInfoResponse>('/api/warrants/info', { language })
      .then((got) => {
        setInfo(got);
        chat.status.value = got.title;
      })
      .catch((caught) => setError(problemText(caught, i18n, i18n.t('failed'))));
  }, []);

  const id = `amicus-w${message.id}`;
  return (
    <section
      class="msg bot card"
      ref={ref}
      lang={language}
      aria-labelledby={`${id}-h`}
      aria-busy={!info && !error}
    >
      {info ? (
        <>
          <h3 id={`${id}-h`}>{info.title}</h3>
          <p>{info.what_is_a_bench_warrant}</p>
          <p>{info.lookup_note}</p>
          {info.search_url && /^https?:/i.test(info.search_url) && (
            <p>
              <a href={info.search_url} target="_blank" rel="noopener noreferrer">
                {info.search_label ?? info.search_url}
              </a>
            </p>
          )}
          <h4>{s.resolve}</h4>
          <ul>
            {info.how_to_resolve.map((o) => (
              <li key={o.kind}>
                <strong>{o.title}</strong>
                <br />
                {o.text}
                <ContactLines phone={o.phone} email={o.email} url={o.url} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <h3 id={`${id}-h`}>{error ? i18n.t('failed') : s.warrantLoading}</h3>
      )}
      <p class="err" role="alert">
        {error}
      </p>
    </section>
  );
}
