import { useEffect, useState } from 'preact/hooks';
import { describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { TryExplain } from '../components/try-explain.js';

// The real widget bundle (owned by packages/widget) boots once per page and keeps `window.Amicus`.
// Its launcher element is kept here when leaving this page, and put back on return, so the widget
// shows only on Try it while its conversation survives navigation.
let widgetHost: Element | null = null;

/** The relay caches its origin allowlist for 5 s; a just-added origin works after that. */
const ALLOWLIST_CACHE_MS = 5_500;

function loadWidget(onError: () => void): void {
  if (window.Amicus) {
    if (widgetHost && !widgetHost.isConnected) document.body.append(widgetHost);
    return;
  }
  const s = document.createElement('script');
  s.src = `${location.origin}/widget.js`;
  s.async = true;
  s.dataset.title = 'Amicus (preview)';
  s.addEventListener('error', onError);
  document.body.append(s);
}

type State = 'checking' | 'needs-allow' | 'allowing' | 'ready' | 'failed';

export function TryItPage() {
  const { api } = useServices();
  const [state, setState] = useState<State>('checking');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // The widget API answers only allowlisted sites, and this admin page is a site like any other.
    api.origins().then(
      (o) => setState(o.effective.includes(location.origin) ? 'ready' : 'needs-allow'),
      // Without the list we still try: the widget itself explains a refusal.
      () => setState('ready'),
    );
    return () => {
      widgetHost = document.querySelector('amicus-widget');
      widgetHost?.remove();
    };
  }, [api]);

  useEffect(() => {
    if (state === 'ready') loadWidget(() => setState('failed'));
  }, [state]);

  async function allow() {
    setState('allowing');
    setError(null);
    try {
      const current = await api.origins();
      await api.saveOrigins([...current.stored, location.origin]);
      await new Promise((r) => setTimeout(r, ALLOWLIST_CACHE_MS));
      setState('ready');
    } catch (err) {
      setError(describeError(err));
      setState('needs-allow');
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Try it</h1>
      <p>
        Ask the assistant questions exactly as a visitor would, to check its answers and the sources it cites
        right after you add documents. It uses the live knowledge base.
      </p>
      {state === 'needs-allow' || state === 'allowing' ? (
        <div class="notice">
          <p>
            The chat only works on allowed sites, and this admin site ({location.origin}) is not one of them
            yet.
          </p>
          <button
            type="button"
            class="button primary"
            disabled={state === 'allowing'}
            onClick={() => void allow()}
          >
            {state === 'allowing' ? 'Allowing…' : 'Allow the chat on this admin site'}
          </button>
          <p class="muted">You can remove it later on the Embed page.</p>
        </div>
      ) : null}
      <p role="status">
        {state === 'allowing' ? 'Allowing this site; the chat will be ready in a few seconds…' : ''}
      </p>
      {error ? (
        <p role="alert" class="form-error">
          {error}
        </p>
      ) : null}
      {state === 'ready' ? (
        <>
          <p>
            <button type="button" class="button primary" onClick={() => window.Amicus?.open()}>
              Open the chat
            </button>
          </p>
          <p class="muted">The chat also opens from the “Ask a question” button in the corner of the page.</p>
        </>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" class="form-error">
          The chat widget could not be loaded from /widget.js. Check that the relay serves the widget.
        </p>
      ) : null}
      <TryExplain />
    </>
  );
}
