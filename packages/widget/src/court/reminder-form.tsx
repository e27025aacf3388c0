import type { ReminderChannel, ReminderConsent, ReminderResponse } from '@amicus/protocol';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { I18n } from '../panel/i18n';
import type { PartChat } from '../panel/part';
import { isSpanish } from '../theme';
import { problemText, useStepFocus } from './card-kit';
import { courtStrings, fill } from './strings';

// Opting in to reminders: the court's disclosure comes before the (unchecked) consent box, then a code sent
// to the phone or inbox proves the visitor holds it; nothing is subscribed before that. Stopping is
// confirmed the same way. Every request sends a code, so no answer tells whether someone was subscribed.

type Step = 'closed' | 'form' | 'code' | 'on' | 'off';

let seq = 0;

export interface ReminderFormProps {
  caseNumber: string;
  consent: ReminderConsent;
  chat: PartChat;
  i18n: I18n;
}

export function ReminderForm({ caseNumber, consent, chat, i18n }: ReminderFormProps) {
  const s = courtStrings(i18n.lang);
  const language = isSpanish(i18n.lang) ? 'es' : 'en';
  const id = useMemo(() => `amicus-r${++seq}`, []);
  const ref = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>('closed');
  const [channel, setChannel] = useState<ReminderChannel>('sms');
  const [destination, setDestination] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** Which request the code confirms, to send a new code for the same one. */
  const stopping = useRef(false);
  useStepFocus(ref, step);

  async function send<T>(path: string, body: unknown, bad: string, gone?: string): Promise<T | null> {
    if (busy) return null;
    setBusy(true);
    setError('');
    try {
      return await chat.post<T>(path, body);
    } catch (caught) {
      setError(problemText(caught, i18n, bad, gone));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function requestCode(stop: boolean) {
    if (!destination.trim()) {
      setError(s.badDestination);
      return;
    }
    const target = { case_number: caseNumber, channel, destination: destination.trim(), language };
    const sent = await send<ReminderResponse>(
      stop ? '/api/reminders/stop' : '/api/reminders',
      stop ? target : { ...target, consent: true, consent_version: consent.version },
      s.badDestination,
    );
    if (!sent) return;
    stopping.current = stop;
    setCode('');
    setStep('code');
    chat.status.value = fill(s.codeSent, destination.trim());
  }

  async function confirm() {
    const done = await send<ReminderResponse>(
      '/api/reminders/confirm',
      { code: code.replace(/\s/g, '') },
      s.wrongCode,
      s.oldCode,
    );
    if (!done) return;
    const on = done.status === 'subscribed';
    setStep(on ? 'on' : 'off');
    chat.status.value = on ? s.on : s.off;
  }

  const submit = (action: () => Promise<void>) => (event: Event) => {
    event.preventDefault();
    void action();
  };
  const errorId = `${id}-e`;

  return (
    <div ref={ref} class="reminders">
      {step === 'closed' && (
        <>
          <h4>{s.remindTitle}</h4>
          <button type="button" class="act" onClick={() => setStep('form')}>
            {s.remind}
          </button>
        </>
      )}
      {step === 'form' && (
        <form
          onSubmit={submit(async () => {
            if (agreed) await requestCode(false);
            else {
              setError(s.mustAgree);
              ref.current?.querySelector<HTMLElement>('[type="checkbox"]')?.focus();
            }
          })}
        >
          <h4 tabIndex={-1} data-focus>
            {s.remindTitle}
          </h4>
          <fieldset>
            <legend>{s.how}</legend>
            {(['sms', 'email'] as const).map((c) => (
              <label key={c}>
                <input
                  type="radio"
                  name={`${id}-c`}
                  value={c}
                  checked={channel === c}
                  onChange={() => setChannel(c)}
                />
                {s[c]}
              </label>
            ))}
          </fieldset>
          <label for={`${id}-d`}>{channel === 'sms' ? s.phone : s.address}</label>
          <input
            id={`${id}-d`}
            type={channel === 'sms' ? 'tel' : 'email'}
            autocomplete={channel === 'sms' ? 'tel' : 'email'}
            aria-describedby={errorId}
            maxLength={254}
            value={destination}
            onInput={(e) => setDestination(e.currentTarget.value)}
          />
          {/* The disclosure, before the box it is consent for, and that box's description. */}
          <p class="disclosure" id={`${id}-t`}>
            {consent.text}
            {consent.privacy_url && /^https?:/i.test(consent.privacy_url) && (
              <>
                {'\n'}
                <a href={consent.privacy_url} target="_blank" rel="noopener noreferrer">
                  {s.privacy}
                </a>
              </>
            )}
          </p>
          <label class="agree">
            <input
              type="checkbox"
              checked={agreed}
              aria-describedby={`${id}-t`}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
            />
            <span>{s.agree}</span>
          </label>
          <button type="submit" class="act" aria-disabled={busy}>
            {s.sendCode}
          </button>
          <button type="button" class="link-btn" onClick={() => void requestCode(true)}>
            {s.stop}
          </button>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={submit(confirm)}>
          <h4>{s.codeTitle}</h4>
          <p id={`${id}-s`}>{fill(s.codeSent, destination.trim())}</p>
          <label for={`${id}-k`}>{s.code}</label>
          <input
            id={`${id}-k`}
            data-focus
            type="text"
            inputMode="numeric"
            autocomplete="one-time-code"
            aria-describedby={`${id}-s ${errorId}`}
            maxLength={8}
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          <button type="submit" class="act" aria-disabled={busy}>
            {s.confirm}
          </button>
          <button type="button" class="link-btn" onClick={() => void requestCode(stopping.current)}>
            {s.newCode}
          </button>
        </form>
      )}
      {step === 'on' && (
        <>
          <h4 tabIndex={-1} data-focus>
            {s.on}
          </h4>
          <p>{fill(s.onText, caseNumber)}</p>
          <button type="button" class="act" onClick={() => void requestCode(true)}>
            {s.stop}
          </button>
        </>
      )}
      {step === 'off' && (
        <>
          <h4 tabIndex={-1} data-focus>
            {s.off}
          </h4>
          <p>{fill(s.offText, caseNumber)}</p>
        </>
      )}
      <p class="err" id={errorId} role="alert">
        {error}
      </p>
    </div>
  );
}
