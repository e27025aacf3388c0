import type { WireHelpContacts, WireHelpRendered } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import { helpSettings, saveHelpSettings } from '../api/answers-api.js';
import { AdminApiError, describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { TextField } from '../components/field.js';

const EMPTY: WireHelpContacts = {
  contact: { name: { en: '', es: '' }, phone: '', url: '', hours: { en: '', es: '' } },
  referral: { self_help: { en: '', es: '' }, lawyer_referral: { en: '', es: '' } },
};

/** The control of an API field: `contact.name.en` → `help-contact-name-en`. */
export const fieldId = (param: string) => `help-${param.replaceAll('.', '-').replaceAll('_', '-')}`;

/** A copy of `help` with the field at `path` (dot-separated) set to `value`. */
function withField(help: WireHelpContacts, path: string, value: string): WireHelpContacts {
  const copy = structuredClone(help) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) ?? ''] = value;
  return copy as unknown as WireHelpContacts;
}

function read(help: WireHelpContacts, path: string): string {
  let node: unknown = help;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return typeof node === 'string' ? node : '';
}

/** What staff enter, in order; `max` matches the relay's limits so most mistakes show before saving. */
const CONTACT_FIELDS = [
  { path: 'contact.name.en', label: 'Name (English)', max: 120, help: "For example: the Clerk's Office" },
  {
    path: 'contact.name.es',
    label: 'Name (Spanish)',
    max: 120,
    help: 'For example: la Secretaría del Tribunal',
  },
  { path: 'contact.phone', label: 'Phone', max: 40, help: 'For example: (555) 010-0100', type: 'tel' },
  {
    path: 'contact.url',
    label: 'Web page',
    max: 200,
    help: 'A page of the court, starting with https://',
    type: 'url',
  },
  {
    path: 'contact.hours.en',
    label: 'Hours (English)',
    max: 120,
    help: 'For example: Monday to Friday 8 a.m. to 4 p.m.',
  },
  {
    path: 'contact.hours.es',
    label: 'Hours (Spanish)',
    max: 120,
    help: 'For example: de lunes a viernes de 8 a 16 h',
  },
] as const;

const REFERRAL_FIELDS = [
  {
    path: 'referral.self_help.en',
    label: 'Self-help centre (English)',
    max: 250,
    help: 'For example: the Self-Help Center (Room 120)',
  },
  {
    path: 'referral.self_help.es',
    label: 'Self-help centre (Spanish)',
    max: 250,
    help: 'For example: el Centro de Autoayuda (sala 120)',
  },
  {
    path: 'referral.lawyer_referral.en',
    label: 'Lawyer referral (English)',
    max: 250,
    help: 'For example: the County Bar lawyer referral service, (555) 010-0300',
  },
  {
    path: 'referral.lawyer_referral.es',
    label: 'Lawyer referral (Spanish)',
    max: 250,
    help: 'For example: el servicio de referencia de abogados, (555) 010-0300',
  },
] as const;

/** Help texts starting so show an example in the field's own language (its `lang`, WCAG 3.1.2). */
const EXAMPLE = 'For example: ';

type FieldSpec = { path: string; label: string; max: number; help: string; type?: string };

/** Checks done before sending; the relay checks the same and more (its 400 names the field). */
export function checkHelp(help: WireHelpContacts): { path: string; message: string } | null {
  for (const f of [...CONTACT_FIELDS, ...REFERRAL_FIELDS] as readonly FieldSpec[]) {
    if (read(help, f.path).trim().length > f.max) {
      return { path: f.path, message: `${f.label} must be at most ${f.max} characters.` };
    }
  }
  const c = help.contact;
  const others = [c.name.es, c.phone, c.url, c.hours.en, c.hours.es].some((v) => v.trim() !== '');
  if (c.name.en.trim() === '' && others) {
    return { path: 'contact.name.en', message: 'Enter the English name: the other contact details need it.' };
  }
  const url = c.url.trim();
  if (url !== '' && !/^https?:\/\/\S+$/i.test(url)) {
    return { path: 'contact.url', message: 'Enter a web address starting with https://' };
  }
  return null;
}

function Preview({ rendered }: { rendered: WireHelpRendered }) {
  const rows: [string, string | undefined, 'en' | 'es'][] = [
    ['Contact, English', rendered.help_contact, 'en'],
    ['Contact, Spanish', rendered.help_contact_es, 'es'],
    ['Legal referral, English', rendered.legal_referral, 'en'],
    ['Legal referral, Spanish', rendered.legal_referral_es, 'es'],
  ];
  return (
    <section aria-labelledby="help-preview-h">
      <h2 id="help-preview-h">What the assistant says now</h2>
      <p>
        When it cannot answer, it says “For help, contact …”; asked for legal advice, it says it cannot give
        any and names the referral. Empty, it uses general wording: the court clerk's office, a self-help
        centre or a lawyer referral service.
      </p>
      <dl class="facts">
        {rows.map(([label, text, lang]) => (
          <div key={label} class="fact-row">
            <dt>{label}</dt>
            <dd lang={text ? lang : undefined}>{text ?? 'General wording (nothing set)'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AnswersPage() {
  const { api } = useServices();
  const [help, setHelp] = useState<WireHelpContacts>(EMPTY);
  const [rendered, setRendered] = useState<WireHelpRendered | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    helpSettings(api).then(
      (s) => {
        setHelp({ contact: s.contact, referral: s.referral });
        setRendered(s.rendered);
      },
      (err) => setStatus(`Could not load the contacts: ${describeError(err)}`),
    );
  }, [api]);

  const fail = (path: string, message: string) => {
    setErrors({ [path]: message });
    // After the render that ties the error to the field.
    setTimeout(() => document.getElementById(fieldId(path))?.focus(), 0);
  };

  async function save(e: Event) {
    e.preventDefault();
    const problem = checkHelp(help);
    if (problem) {
      setStatus('');
      fail(problem.path, problem.message);
      return;
    }
    setErrors({});
    setBusy(true);
    setStatus('Saving…');
    try {
      const saved = await saveHelpSettings(api, help);
      setHelp({ contact: saved.contact, referral: saved.referral });
      setRendered(saved.rendered);
      setStatus('Saved. New conversations use these contacts.');
    } catch (err) {
      const message = describeError(err);
      if (err instanceof AdminApiError && err.param && document.getElementById(fieldId(err.param))) {
        setStatus('Not saved: check the field marked below.');
        fail(err.param, message);
      } else {
        setStatus(`Not saved: ${message}`);
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (f: FieldSpec) => (
    <TextField
      key={f.path}
      id={fieldId(f.path)}
      label={f.label}
      help={
        f.help.startsWith(EXAMPLE) ? (
          <>
            {EXAMPLE}
            <span lang={f.path.endsWith('.es') ? 'es' : undefined}>{f.help.slice(EXAMPLE.length)}</span>
          </>
        ) : (
          f.help
        )
      }
      value={read(help, f.path)}
      onValue={(v) => setHelp(withField(help, f.path, v))}
      error={errors[f.path] ?? null}
      {...(f.type ? { type: f.type } : {})}
      {...(f.path.endsWith('.es') ? { lang: 'es' } : {})}
    />
  );

  return (
    <>
      <h1 tabIndex={-1}>Answers</h1>
      <p>
        Who the assistant sends people to when it cannot answer a question, and when someone asks for legal
        advice. Write each part in English and Spanish; a Spanish field left empty uses the English one.
      </p>
      <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="help-h">
        <h2 id="help-h">Who can help</h2>
        <fieldset>
          <legend>Contact for questions the assistant cannot answer</legend>
          {CONTACT_FIELDS.map(field)}
        </fieldset>
        <fieldset>
          <legend>Referral for legal advice</legend>
          {REFERRAL_FIELDS.map(field)}
        </fieldset>
        <button type="submit" class="button primary" disabled={busy}>
          Save contacts
        </button>
        <p role="status" class="muted">
          {status}
        </p>
      </form>
      {rendered ? <Preview rendered={rendered} /> : null}
    </>
  );
}
