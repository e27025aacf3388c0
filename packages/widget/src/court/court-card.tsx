import type { CourtDateLookupResponse, CourtHearing } from '@amicus/protocol';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { PartProps } from '../panel/part';
import { isSpanish } from '../theme';
import { ContactLines, Linked, problemText, useCardSheet, useStepFocus } from './card-kit';
import { hearingIcs } from './ics';
import { ReminderForm } from './reminder-form';
import { type CourtStrings, courtStrings, fill } from './strings';
import { WarrantCard } from './warrant-card';

// The court-date card: its own chunk, loaded the first time a card is shown (the "Find my court date"
// action, or a question the relay's intent check recognised). It asks for a case number unless the
// question held one, shows what the court publishes about the hearings, and offers reminders.

export default function CourtCard(props: PartProps) {
  return props.message.card?.kind === 'warrant' ? <WarrantCard {...props} /> : <Lookup {...props} />;
}

function Lookup({ message, chat, i18n }: PartProps) {
  const s = courtStrings(i18n.lang);
  const language = isSpanish(i18n.lang) ? 'es' : 'en';
  const ref = useRef<HTMLElement>(null);
  const id = `amicus-c${message.id}`;
  const [draft, setDraft] = useState(message.card?.case_number ?? '');
  const [result, setResult] = useState<CourtDateLookupResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useCardSheet(ref);
  useStepFocus(ref, result, true);

  async function lookup(caseNumber: string) {
    if (!caseNumber.trim() || busy) return;
    setBusy(true);
    setError('');
    chat.status.value = s.searching;
    try {
      const found = await chat.post<CourtDateLookupResponse>('/api/court-dates/lookup', {
        case_number: caseNumber.trim(),
        language,
      });
      setResult(found);
      chat.status.value = found.found ? s.yours : s.notFound;
    } catch (caught) {
      // 404: the relay has no court dates configured (a case not found is a 200 with `found: false`).
      const text = problemText(caught, i18n, s.badCase, s.unavailable);
      setError((caught as { kind?: string }).kind === 'rateLimited' ? s.tooMany : text);
      chat.status.value = '';
    } finally {
      setBusy(false);
    }
  }

  // A question that held a case number is looked up at once.
  useEffect(() => {
    if (message.card?.case_number) void lookup(message.card.case_number);
  }, []);

  return (
    <section class="msg bot card" ref={ref} lang={language} aria-labelledby={`${id}-h`} aria-busy={busy}>
      {result ? (
        <>
          <h3 id={`${id}-h`} tabIndex={-1} data-focus>
            {result.found ? s.yours : s.notFound}
          </h3>
          <p>{fill(s.caseIs, result.case_number)}</p>
          {/* Not `h`: that name is the JSX factory here (vite.config.ts injects it). */}
          {result.hearings.map((one) => (
            <Hearing key={`${one.date}${one.time}`} hearing={one} result={result} s={s} lang={i18n.lang} />
          ))}
          <p>{result.message}</p>
          {!result.found && <Clerk result={result} s={s} />}
          {result.reminders_available && result.consent && (
            <ReminderForm caseNumber={result.case_number} consent={result.consent} chat={chat} i18n={i18n} />
          )}
          <button type="button" class="link-btn" onClick={() => setResult(null)}>
            {s.another}
          </button>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void lookup(draft);
          }}
        >
          <h3 id={`${id}-h`}>{s.find}</h3>
          <label for={`${id}-n`}>{s.caseLabel}</label>
          <p class="hint" id={`${id}-i`}>
            {s.caseHint}
          </p>
          <input
            id={`${id}-n`}
            data-focus
            type="text"
            aria-describedby={`${id}-i ${id}-e`}
            aria-invalid={!!error}
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            maxLength={64}
            value={draft}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <button type="submit" class="act" aria-disabled={busy}>
            {busy ? s.searching : s.search}
          </button>
        </form>
      )}
      <p class="err" id={`${id}-e`} role="alert">
        {error}
      </p>
    </section>
  );
}

/** `Monday, December 7, 2026` from `YYYY-MM-DD`, read as a calendar day (no time zone can shift it). */
function dayText(date: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  } catch {
    return date;
  }
}

/** `9:00 AM PST`, in the court's time zone; the court's own `HH:MM` when that cannot be formatted. */
function timeText(hearing: CourtHearing, lang: string): string | null {
  if (!hearing.starts_at) return hearing.time;
  try {
    return new Intl.DateTimeFormat(lang, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: hearing.time_zone,
      timeZoneName: 'short',
    }).format(new Date(hearing.starts_at));
  } catch {
    return hearing.time;
  }
}

function Hearing({
  hearing,
  result,
  s,
  lang,
}: {
  hearing: CourtHearing;
  result: CourtDateLookupResponse;
  s: CourtStrings;
  lang: string;
}) {
  const ics = useMemo(
    () =>
      URL.createObjectURL(
        new Blob([hearingIcs(hearing, result.case_number, result.court.name)], { type: 'text/calendar' }),
      ),
    [hearing],
  );
  useEffect(() => () => URL.revokeObjectURL(ics), [ics]);
  const place = [hearing.location_name, hearing.location_notes].filter(Boolean).join('\n');
  return (
    <>
      <dl>
        <dt>{s.date}</dt>
        <dd>{dayText(hearing.date, lang)}</dd>
        <dt>{s.time}</dt>
        <dd>{timeText(hearing, lang) ?? s.noTime}</dd>
        {place && (
          <>
            <dt>{s.place}</dt>
            <dd>{place}</dd>
          </>
        )}
        {hearing.hearing_type && (
          <>
            <dt>{s.type}</dt>
            <dd>{hearing.hearing_type}</dd>
          </>
        )}
        {hearing.virtual && (
          <>
            <dt>{s.join}</dt>
            <dd>
              {s.virtual}
              {hearing.virtual_notes && (
                <>
                  {'\n'}
                  <Linked text={hearing.virtual_notes} />
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <a class="act" href={ics} download={`court-date-${result.case_number}-${hearing.date}.ics`}>
        {s.calendar}
      </a>
    </>
  );
}

function Clerk({ result, s }: { result: CourtDateLookupResponse; s: CourtStrings }) {
  const { clerk } = result.court;
  return (
    <>
      <h4>{s.clerk}</h4>
      <p>
        {clerk.name}
        <ContactLines phone={clerk.phone} email={clerk.email} url={clerk.url} />
        {clerk.hours && (
          <>
            <br />
            {clerk.hours}
          </>
        )}
      </p>
    </>
  );
}
