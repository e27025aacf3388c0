import type { WireOrigins } from '@amicus/protocol/admin';
import { useEffect, useState } from 'preact/hooks';
import { AdminApiError, describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { TextField } from './field.js';

/** Returns the normalised origin, or an error sentence. */
export function parseOrigin(raw: string): { origin: string } | { error: string } {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'Enter a full address such as https://www.court.example.gov' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { error: 'The address must start with https:// or http://' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    return {
      error: 'Enter only the site address, without a path: for example https://www.court.example.gov',
    };
  }
  return { origin: url.origin };
}

export function OriginsEditor() {
  const { api } = useServices();
  const [origins, setOrigins] = useState<WireOrigins | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .origins()
      .then(setOrigins, (err) => setStatus(`Could not load the allowed sites: ${describeError(err)}`));
  }, [api]);

  async function save(list: string[], done: string) {
    setBusy(true);
    try {
      setOrigins(await api.saveOrigins(list));
      setStatus(done);
      return true;
    } catch (err) {
      const msg = describeError(err);
      if (err instanceof AdminApiError && err.param?.startsWith('origins')) setError(msg);
      else setStatus(`Not saved: ${msg}`);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(e: Event) {
    e.preventDefault();
    const parsed = parseOrigin(draft);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (origins?.effective.includes(parsed.origin)) {
      setError(`${parsed.origin} is already allowed.`);
      return;
    }
    setError(null);
    if (await save([...(origins?.stored ?? []), parsed.origin], `Added ${parsed.origin}.`)) setDraft('');
  }

  return (
    <section aria-labelledby="origins-h">
      <h2 id="origins-h">Sites allowed to show the chat</h2>
      <p>The widget answers only on these sites. Add every address where you paste the snippet.</p>
      <p role="status" class={status ? 'notice' : 'visually-hidden'}>
        {status}
      </p>
      {origins ? (
        <ul class="origin-list">
          {origins.configured.map((o) => (
            <li key={`c-${o}`}>
              <span class="url">{o}</span> <span class="muted">(set in the server configuration)</span>
            </li>
          ))}
          {origins.stored.map((o) => (
            <li key={`s-${o}`}>
              <span class="url">{o}</span>{' '}
              <button
                type="button"
                class="button small"
                disabled={busy}
                aria-label={`Remove ${o}`}
                onClick={() =>
                  void save(
                    origins.stored.filter((x) => x !== o),
                    `Removed ${o}.`,
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
          {origins.effective.length === 0 ? <li>No site is allowed yet.</li> : null}
        </ul>
      ) : null}
      <form onSubmit={add} noValidate class="inline-form">
        <TextField
          id="origin-new"
          label="Add a site"
          type="url"
          placeholder="https://www.court.example.gov"
          value={draft}
          onValue={setDraft}
          error={error}
          help="The site's address only: https:// and the host name, with a port if it has one."
        />
        <button type="submit" class="button primary" disabled={busy}>
          Add site
        </button>
      </form>
    </section>
  );
}
