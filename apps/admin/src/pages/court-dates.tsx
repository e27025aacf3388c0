import type { WireCourtDatesStatus, WireOutbox } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import {
  consentLogUrl,
  courtDatesOutbox,
  courtDatesStatus,
  forgetDestination,
  saveConsentText,
} from '../api/court-dates-api.js';
import { AdminApiError, describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { SelectField, TextArea, TextField } from '../components/field.js';
import { TableWrap } from '../components/table-wrap.js';

type Enabled = Extract<WireCourtDatesStatus, { enabled: true }>;
type Language = 'en' | 'es';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };
const COUNT_LABELS: [keyof Enabled['counts'], string][] = [
  ['lookups', 'Look-ups'],
  ['codes_sent', 'Codes sent'],
  ['opt_ins', 'Confirmed opt-ins'],
  ['opt_outs', 'Confirmed stops'],
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Integration({ s }: { s: Enabled }) {
  const ok = s.check.ok;
  return (
    <section aria-labelledby="cd-integration-h">
      <h2 id="cd-integration-h">Integration</h2>
      <dl class="facts">
        <div class="fact-row">
          <dt>Scheduling service</dt>
          <dd>{s.server_url}</dd>
        </div>
        <div class="fact-row">
          <dt>Connection</dt>
          <dd>
            {ok ? 'Working: the token was accepted just now' : `Failing: ${s.check.error ?? 'unknown error'}`}
          </dd>
        </div>
        <div class="fact-row">
          <dt>Token valid until</dt>
          <dd>{when(s.status.token_expires_at)}</dd>
        </div>
        <div class="fact-row">
          <dt>Last error</dt>
          <dd>{s.status.last_error ? `${s.status.last_error} (${when(s.status.last_error_at)})` : 'None'}</dd>
        </div>
        {s.status.retry_after ? (
          <div class="fact-row">
            <dt>Paused until</dt>
            <dd>
              {when(s.status.retry_after)} (the service asked us to wait; visitors are told to try again
              shortly)
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Settings({ s }: { s: Enabled }) {
  return (
    <section aria-labelledby="cd-settings-h">
      <h2 id="cd-settings-h">Settings</h2>
      <p class="muted">Set in the relay's environment (SCHEDULING_* variables); see the README.</p>
      <dl class="facts">
        <div class="fact-row">
          <dt>Court name in messages</dt>
          <dd>{s.court_name ?? '—'}</dd>
        </div>
        <div class="fact-row">
          <dt>Case-number pattern</dt>
          <dd>
            <code>{s.case_number_pattern}</code>
          </dd>
        </div>
        <div class="fact-row">
          <dt>Confidential event types (answered as “not found”)</dt>
          <dd>{s.confidential_types.length ? s.confidential_types.join(', ') : 'None'}</dd>
        </div>
      </dl>
    </section>
  );
}

function Counts({ s }: { s: Enabled }) {
  return (
    <section aria-labelledby="cd-counts-h">
      <h2 id="cd-counts-h">Activity</h2>
      <TableWrap label="Activity counts">
        <table>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Today (UTC)</th>
              <th scope="col">Last 30 days</th>
            </tr>
          </thead>
          <tbody>
            {COUNT_LABELS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{s.counts[key].today}</td>
                <td>{s.counts[key].last_30_days}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <p class="muted">Phones and e-mails kept for reminders now: {s.subscribed_destinations} (encrypted).</p>
    </section>
  );
}

function ConsentEditor({ s, onSaved }: { s: Enabled; onSaved: () => void }) {
  const { api } = useServices();
  const [texts, setTexts] = useState<Record<Language, string>>({
    en: s.consent.en.text,
    es: s.consent.es.text,
  });
  const [errors, setErrors] = useState<Record<Language, string | null>>({ en: null, es: null });
  const [status, setStatus] = useState('');

  async function save(language: Language, e: Event) {
    e.preventDefault();
    const text = texts[language].trim();
    if (text === '') {
      setErrors({ ...errors, [language]: 'Enter the consent text.' });
      return;
    }
    setErrors({ ...errors, [language]: null });
    setStatus('Saving…');
    try {
      const saved = await saveConsentText(api, language, text);
      setStatus(`Saved the ${LANGUAGE_NAMES[language]} text as version ${saved.version}.`);
      onSaved();
    } catch (err) {
      const message = describeError(err);
      if (err instanceof AdminApiError && err.param === 'text') setErrors({ ...errors, [language]: message });
      setStatus(`Not saved: ${message}`);
    }
  }

  return (
    <section aria-labelledby="cd-consent-h">
      <h2 id="cd-consent-h">Consent text</h2>
      <p>
        Shown before the consent box of the reminder form. Each save makes a new version; the consent log
        records the version each person agreed to. <code>{'{court}'}</code> becomes the court's name.
      </p>
      {(['en', 'es'] as const).map((language) => (
        <form key={language} onSubmit={(e) => void save(language, e)} noValidate>
          <TextArea
            id={`consent-${language}`}
            label={`${LANGUAGE_NAMES[language]} (version ${s.consent[language].version})`}
            value={texts[language]}
            onValue={(v) => setTexts({ ...texts, [language]: v })}
            error={errors[language]}
            rows={5}
            lang={language}
          />
          <button type="submit" class="button primary">
            Save {LANGUAGE_NAMES[language]} text
          </button>
        </form>
      ))}
      <p role="status" class="muted">
        {status}
      </p>
    </section>
  );
}

function ConsentLog() {
  const { api } = useServices();
  const [channel, setChannel] = useState<'sms' | 'email'>('sms');
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function forget(e: Event) {
    e.preventDefault();
    if (destination.trim() === '') {
      setError('Enter the phone number or e-mail address.');
      return;
    }
    setError(null);
    setStatus('Deleting…');
    try {
      const result = await forgetDestination(api, channel, destination.trim());
      setDestination('');
      const provider =
        result.detached === null
          ? ' The scheduling service could not be reached: try again to stop its reminders too.'
          : ` Removed from ${result.detached} hearing${result.detached === 1 ? '' : 's'} at the scheduling service.`;
      setStatus(
        `Deleted ${result.deleted.destinations} stored copies and ${result.deleted.consent_log} consent-log rows.${provider}`,
      );
    } catch (err) {
      const message = describeError(err);
      if (err instanceof AdminApiError && err.param === 'destination') setError(message);
      setStatus(`Not deleted: ${message}`);
    }
  }

  return (
    <section aria-labelledby="cd-log-h">
      <h2 id="cd-log-h">Consent log</h2>
      <p>
        Time, consent version and language, and keyed hashes of the phone or e-mail, the case number and the
        visitor's network: never the values themselves. Downloads are recorded in the audit log.
      </p>
      <p>
        <a class="button" href={consentLogUrl(api)} download>
          Download the consent log (CSV)
        </a>
      </p>
      <form onSubmit={(e) => void forget(e)} noValidate aria-labelledby="cd-forget-h">
        <h3 id="cd-forget-h">Delete a person's data</h3>
        <SelectField
          id="forget-channel"
          label="Kind"
          value={channel}
          onValue={(v) => setChannel(v === 'email' ? 'email' : 'sms')}
          options={[
            { value: 'sms', label: 'Phone (text messages)' },
            { value: 'email', label: 'E-mail' },
          ]}
        />
        <TextField
          id="forget-destination"
          label={channel === 'sms' ? 'Phone number' : 'E-mail address'}
          value={destination}
          onValue={setDestination}
          error={error}
          autocomplete="off"
        />
        <button type="submit" class="button">
          Delete
        </button>
        <p role="status" class="muted">
          {status}
        </p>
      </form>
    </section>
  );
}

function Outbox() {
  const { api } = useServices();
  const [outbox, setOutbox] = useState<WireOutbox | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    courtDatesOutbox(api).then(
      (o) => {
        setOutbox(o);
        setError(null);
      },
      (err) => setError(describeError(err)),
    );
  useEffect(() => void load(), [api]);

  return (
    <section aria-labelledby="cd-outbox-h">
      <h2 id="cd-outbox-h">Demo outbox</h2>
      <p class="muted">
        What the embedded scheduling service “sent” (nothing leaves this machine). The provider's own service
        has no outbox here.
      </p>
      <button type="button" class="button" onClick={() => void load()}>
        Refresh outbox
      </button>
      {error ? <p class="field-error">Could not load the outbox: {error}</p> : null}
      {outbox && !outbox.available ? <p>No outbox: the scheduling service is not the embedded one.</p> : null}
      {outbox?.available && outbox.data.length === 0 ? <p>No messages yet.</p> : null}
      {outbox?.available && outbox.data.length > 0 ? (
        <TableWrap label="Demo outbox">
          <table>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Kind</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Scheduled</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.map((m) => (
                <tr key={m.uuid}>
                  <td>{m.to}</td>
                  <td>{m.origin === 'reminder' ? 'Reminder' : 'One-off'}</td>
                  <td>{m.content}</td>
                  <td>{m.last_status}</td>
                  <td>{m.scheduled_at ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
    </section>
  );
}

export function CourtDatesPage() {
  const { api } = useServices();
  const [status, setStatus] = useState<WireCourtDatesStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    courtDatesStatus(api).then(setStatus, (err) => setError(describeError(err)));
  }, [api, version]);

  return (
    <>
      <h1 tabIndex={-1}>Court dates and reminders</h1>
      <p>
        Visitors look up a hearing by case number and opt in to text or e-mail reminders, through the court's
        scheduling service.
      </p>
      {error ? <p class="field-error">Could not load the status: {error}</p> : null}
      {status === null && !error ? <p>Loading…</p> : null}
      {status && !status.enabled ? (
        <p>
          Court dates are off. Set SCHEDULING_SERVER_URL, SCHEDULING_CLIENT_ID and SCHEDULING_CLIENT_SECRET to
          turn them on (<code>npm start</code> does it for the demo).
        </p>
      ) : null}
      {status?.enabled ? (
        <>
          <Integration s={status} />
          <Settings s={status} />
          <Counts s={status} />
          <ConsentEditor s={status} onSaved={() => setVersion((v) => v + 1)} />
          <ConsentLog />
          <Outbox />
        </>
      ) : null}
    </>
  );
}
