import { isSpanish } from '../theme';

// Built-in English and Spanish. Any key can be overridden per site (`data-i18n`, `data-title`…,
// or `window.AmicusConfig.strings`); `{n}`, `{title}` and `{time}` are placeholders.
const en = {
  launcher: 'Ask a question',
  title: 'Court help',
  close: 'Close chat',
  clear: 'Clear conversation',
  confirmClear: 'Clear this conversation? It cannot be undone.',
  greeting: "Hello! Ask a question and I'll answer from this court's website, with sources.",
  disclaimer: 'General information, not legal advice.',
  suggestionsLabel: 'Suggested questions',
  transcript: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  input: 'Your question',
  send: 'Send',
  stop: 'Stop',
  answering: 'Answering…',
  answered: 'Answer: {text}',
  source: 'Source {n}',
  sources: 'Sources ({n})',
  openPage: 'Open the page (new tab)',
  incomplete: 'This answer is incomplete.',
  stopped: 'You stopped this answer.',
  retry: 'Try again',
  offline: 'You seem to be offline. Check your internet connection, then try again.',
  network: "We couldn't reach the court's assistant. Please try again.",
  timeout: 'The assistant took too long to answer. Please try again.',
  server: 'The assistant is having a problem right now. Please try again in a few minutes.',
  rateLimited: 'You have sent many questions in a short time. Please wait before asking again.',
  wait: 'You can ask again in {time}.',
  ready: 'You can ask again now.',
  quota: 'The assistant has reached its limit for now. Please try again later.',
  tooLong: 'Your question is too long. Please shorten it.',
  failed: 'Something went wrong. Please try again.',
  expired: 'Your earlier conversation is no longer available, so a new one has started.',
  cleared: 'Conversation cleared.',
  court: 'Find my court date',
};

export type Strings = typeof en;
export type StringKey = keyof Strings;

const es: Strings = {
  launcher: 'Haga una pregunta',
  title: 'Ayuda del tribunal',
  close: 'Cerrar chat',
  clear: 'Borrar conversación',
  confirmClear: '¿Borrar esta conversación? No se puede deshacer.',
  greeting:
    'Hola. Haga una pregunta y le responderé con información del sitio web del tribunal, con fuentes.',
  disclaimer: 'Información general, no asesoramiento legal.',
  suggestionsLabel: 'Preguntas sugeridas',
  transcript: 'Conversación',
  you: 'Usted',
  assistant: 'Asistente',
  input: 'Su pregunta',
  send: 'Enviar',
  stop: 'Detener',
  answering: 'Respondiendo…',
  answered: 'Respuesta: {text}',
  source: 'Fuente {n}',
  sources: 'Fuentes ({n})',
  openPage: 'Abrir la página (pestaña nueva)',
  incomplete: 'Esta respuesta está incompleta.',
  stopped: 'Usted detuvo esta respuesta.',
  retry: 'Intentar de nuevo',
  offline: 'Parece que no tiene conexión. Revise su conexión a internet e intente de nuevo.',
  network: 'No pudimos comunicarnos con el asistente del tribunal. Intente de nuevo.',
  timeout: 'El asistente tardó demasiado en responder. Intente de nuevo.',
  server: 'El asistente tiene un problema en este momento. Intente de nuevo en unos minutos.',
  rateLimited: 'Ha enviado muchas preguntas en poco tiempo. Espere antes de preguntar de nuevo.',
  wait: 'Podrá preguntar de nuevo en {time}.',
  ready: 'Ya puede preguntar de nuevo.',
  quota: 'El asistente llegó a su límite por ahora. Intente más tarde.',
  tooLong: 'Su pregunta es demasiado larga. Acórtela, por favor.',
  failed: 'Algo salió mal. Intente de nuevo.',
  expired: 'Su conversación anterior ya no está disponible; se inició una nueva.',
  cleared: 'Conversación borrada.',
  court: 'Buscar la fecha de mi audiencia',
};

export interface I18n {
  lang: string;
  t(key: StringKey, params?: Record<string, string | number>): string;
  /** "30 seconds" / "1 segundo", localized by Intl. */
  seconds(n: number): string;
  /**
   * The strings for one message in `tag` (its own language may differ from the widget's): this table when
   * the language is the same, else the built-in one for `tag`, since the site's overrides are in its own.
   */
  for(tag: string): I18n;
}

export function createI18n(lang: string, overrides: Record<string, string>): I18n {
  const table: Record<string, string> = { ...(isSpanish(lang) ? es : en), ...overrides };
  const base = isSpanish(lang) ? 'es' : 'en';
  // Made on first use (a countdown): the page's first Intl formatter loads locale data, which costs
  // tens of ms on a slow phone and would otherwise be part of the panel's start-up.
  let unit: Intl.NumberFormat | undefined;
  const format = (tag: string) =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: 'second', unitDisplay: 'long' });
  const seconds = (n: number): string => {
    try {
      unit ??= format(lang);
    } catch {
      // An invalid `data-lang` tag must not break the widget.
      unit = format(base);
    }
    return unit.format(n);
  };
  let other: I18n | undefined;
  const self: I18n = {
    lang,
    for(tag) {
      if (isSpanish(tag) === isSpanish(lang)) return self;
      other ??= createI18n(tag, {});
      return other;
    },
    // Most strings have no parameters: they are not run through the pattern (the panel's first render
    // calls this for every label, on a slow phone's start-up).
    t: (key, params) =>
      params
        ? (table[key] ?? en[key]).replace(/\{(\w+)\}/g, (m, name: string) =>
            name in params ? String(params[name]) : m,
          )
        : (table[key] ?? en[key]),
    seconds,
  };
  return self;
}
