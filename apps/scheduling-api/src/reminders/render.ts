import type { EventRow } from '../events/store.js';
import { zonedToInstant } from '../time/zoned-time.js';
import type { FlowTemplates } from './flow.js';

interface Context {
  court: string;
  event: EventRow;
  place: string;
  language: string;
  timeZone: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A reminder's subject and text in the client's language, dates written the way that language does. */
export function renderReminder(
  templates: FlowTemplates,
  channel: 'sms' | 'email',
  { court, event, place, language, timeZone }: Context,
): { subject: string | null; content: string } {
  const at = zonedToInstant(event.date, event.time ?? '00:00', timeZone);
  const locale = language === 'es' ? 'es-US' : 'en-US';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at);
  const time =
    event.time === null
      ? ''
      : new Intl.DateTimeFormat(locale, {
          timeZone,
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(at);
  const join = event.virtual === 1 && event.virtual_notes ? ` ${event.virtual_notes}` : '';
  const kind = event.type ?? event.description ?? (language === 'es' ? 'audiencia' : 'hearing');
  // Agency types are written as labels ("Traffic arraignment"); the sentence continues them in lower case.
  const type = kind.charAt(0).toLowerCase() + kind.slice(1);
  // The templates end the place with their own full stop.
  const values = { court, type, date, time, place: place.replace(/[.\s]+$/, ''), join };
  return {
    subject: channel === 'email' ? fill(templates.subject, values) : null,
    content: fill(channel === 'sms' ? templates.sms : templates.email, values),
  };
}
