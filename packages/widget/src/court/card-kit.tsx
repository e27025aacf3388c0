import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { I18n } from '../panel/i18n';
import CSS from './court.css?inline';

// Small pieces the court-date, reminder and warrant cards share.

let sheet: CSSStyleSheet | undefined;

/** Adopts the cards' stylesheet into the widget's shadow root, once (strict-CSP safe, like the panel's). */
export function useCardSheet(ref: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, []);
}

/**
 * After a step the visitor started has finished, focus goes to the new step's `[data-focus]` element, so
 * it is not lost with the button that disappeared (WCAG 2.4.3): only when focus was in the card or lost,
 * since a visitor who has moved on elsewhere is left alone. When the card first appears, focus moves into it
 * only if `first` and the visitor opened it from the panel's greeting ("Find my court date"), not while
 * they are in the question box.
 */
export function useStepFocus(ref: RefObject<HTMLElement>, step: unknown, first = false): void {
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const card = ref.current;
    const active = (card?.getRootNode() as ShadowRoot | undefined)?.activeElement;
    const go = mounted.current ? !active || card?.contains(active) : first && !!active?.closest('.intro');
    mounted.current = true;
    if (go) card?.querySelector<HTMLElement>('[data-focus]')?.focus();
  }, [step]);
}

const OWN_TEXT = new Set(['offline', 'network', 'timeout', 'server', 'rateLimited', 'quota']);

/**
 * The text for a failed request: `specific` for a rejected field (400), `gone` for 404/410, else the
 * panel's own text for the kind of failure (offline, timeout…).
 */
export function problemText(error: unknown, i18n: I18n, specific: string, gone?: string): string {
  const kind = (error as { kind?: string }).kind ?? 'failed';
  if (kind === 'failed') return specific;
  if (kind === 'notFound' && gone) return gone;
  return i18n.t(OWN_TEXT.has(kind) ? (kind as 'offline') : 'failed');
}

/** Plain text with its https links made clickable (joining notes of a virtual hearing, for example). */
export function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https:\/\/[^\s<>"]+[^\s<>".,;:!?)])/).map((part, i) =>
        i % 2 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Phone, e-mail and web page of the clerk or a helping agency, each on its own line when published. */
export function ContactLines({
  phone,
  email,
  url,
}: {
  phone: string | null;
  email: string | null;
  url: string | null;
}) {
  const lines = [
    phone && <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>,
    email && <a href={`mailto:${email}`}>{email}</a>,
    url && /^https?:/i.test(url) && (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
    ),
  ];
  return (
    <>
      {lines.map(
        (link, i) =>
          link && (
            <span key={i}>
              <br />
              {link}
            </span>
          ),
      )}
    </>
  );
}
