import { type FeedbackRating, type FeedbackRequest, MAX_FEEDBACK_COMMENT_CHARS } from '@amicus/protocol';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { PartProps } from '../panel/part';
import { isSpanish } from '../theme';
import CSS from './feedback.css?inline';

// Thumbs up / down under each finished answer, then an optional short comment: its own chunk, loaded with
// the first finished answer. The panel's polite status region says "Thanks"; nothing moves focus.

const en = {
  label: 'Was this answer helpful?',
  up: 'Helpful',
  down: 'Not helpful',
  comment: 'Tell us more (optional)',
  send: 'Send',
  thanks: 'Thank you for your feedback.',
  failed: 'Your feedback could not be sent. Please try again.',
};
const es: typeof en = {
  label: '¿Le sirvió esta respuesta?',
  up: 'Me sirvió',
  down: 'No me sirvió',
  comment: 'Cuéntenos más (opcional)',
  send: 'Enviar',
  thanks: 'Gracias por su opinión.',
  failed: 'No se pudo enviar su opinión. Intente de nuevo.',
};

/** Ratings given in this page's life, by conversation and answer: a re-render keeps the pressed state. */
const given = new Map<string, FeedbackRating>();
let sheet: CSSStyleSheet | undefined;
const ICONS: Record<FeedbackRating, string> = {
  up: 'M2 21h4V9H2zM23 10a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L14.2 1 7.6 7.6C7.2 8 7 8.5 7 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1.2-.7z',
  down: 'M15 3H6c-.8 0-1.5.5-1.8 1.2l-3 7.1L1 12v2a2 2 0 0 0 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1L9.8 23l6.6-6.6c.4-.4.6-.9.6-1.4V5a2 2 0 0 0-2-2m4 0v12h4V3z',
};

export default function Feedback({ message, chat, i18n }: PartProps) {
  const s = isSpanish(i18n.lang) ? es : en;
  const conversation = chat.conversationId();
  const index = chat.indexOf(message);
  const key = `${conversation}:${index}`;
  const [rating, setRating] = useState(given.get(key));
  const [comment, setComment] = useState('');
  const [commented, setCommented] = useState(false);
  const [error, setError] = useState('');
  const busy = useRef(false);
  const id = useMemo(() => `amicus-f${message.id}`, [message.id]);
  const ref = useRef<HTMLDivElement>(null);

  if (!conversation || index < 0) return null;

  async function send(body: FeedbackRequest): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setError('');
    try {
      await chat.post('/api/feedback', body);
      chat.status.value = s.thanks;
      return true;
    } catch {
      setError(s.failed);
      return false;
    } finally {
      busy.current = false;
    }
  }

  const rate = async (value: FeedbackRating) => {
    const before = rating;
    setRating(value);
    if (await send({ conversation_id: conversation, message_index: index, rating: value }))
      given.set(key, value);
    else setRating(before);
  };

  return (
    <div
      class="fb"
      ref={(el) => {
        ref.current = el;
        const root = el?.getRootNode();
        if (!(root instanceof ShadowRoot)) return;
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(CSS);
        }
        if (!root.adoptedStyleSheets.includes(sheet))
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields; a <fieldset> would bring a border and a legend to hide */}
      <div role="group" aria-label={s.label} class="thumbs">
        {(['up', 'down'] as const).map((value) => (
          <button
            key={value}
            type="button"
            class="icon thumb"
            aria-label={s[value]}
            title={s[value]}
            aria-pressed={rating === value}
            onClick={() => void rate(value)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={ICONS[value]} />
            </svg>
          </button>
        ))}
      </div>
      {rating && !commented && (
        <form
          class="fb-form"
          onSubmit={async (e) => {
            e.preventDefault();
            const text = comment.trim();
            if (!text) return;
            if (await send({ conversation_id: conversation, message_index: index, rating, comment: text }))
              setCommented(true);
          }}
        >
          <label for={`${id}-c`}>{s.comment}</label>
          <textarea
            id={`${id}-c`}
            rows={2}
            maxLength={MAX_FEEDBACK_COMMENT_CHARS}
            value={comment}
            onInput={(e) => setComment(e.currentTarget.value)}
          />
          <button type="submit" class="link-btn">
            {s.send}
          </button>
        </form>
      )}
      {/* Only when there is one: role="alert" is announced as it is inserted, and an empty alert under
          every answer would be noise in the transcript (and one more alert for the panel's own notice). */}
      {error && (
        <p class="err" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
