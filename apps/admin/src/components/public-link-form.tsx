import { useRef, useState } from 'preact/hooks';
import { AdminApiError, describeError } from '../api/errors.js';
import { saveDocumentLink } from '../api/insights-api.js';
import type { DocumentView } from '../api/upstream-fields.js';
import { useServices } from '../app-context.js';
import { TextField } from './field.js';

type Errors = { url?: string; title?: string };

/** The same rule the relay applies: a full http(s) address without a user name or password. */
export function checkPublicUrl(value: string): string | null {
  if (value === '') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return 'Use an address that starts with https://.';
    if (url.username || url.password) return 'Leave the user name and password out of the address.';
    return null;
  } catch {
    return 'Enter a full web address, like https://court.example/forms/fee-waiver.pdf.';
  }
}

/**
 * Where the public can open an uploaded file, and the title it is cited under. Uploaded files have no
 * address of their own, so until staff give one their citations in the widget cannot link anywhere.
 */
export function PublicLinkForm({ doc }: { doc: DocumentView }) {
  const { api } = useServices();
  const [url, setUrl] = useState(doc.publicLink?.url ?? '');
  const [title, setTitle] = useState(doc.publicLink?.title ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusField = (name: keyof Errors) =>
    // After the render that shows the error, so the field is read with its message.
    setTimeout(() => form.current?.querySelector<HTMLInputElement>(`#link-${name}`)?.focus(), 0);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    const urlError = checkPublicUrl(url.trim());
    if (urlError) {
      setErrors({ url: urlError });
      setStatus(null);
      focusField('url');
      return;
    }
    setBusy(true);
    setErrors({});
    setStatus(null);
    try {
      const saved = await saveDocumentLink(api, doc.id, {
        url: url.trim() || null,
        title: title.trim() || null,
      });
      setUrl(saved.url ?? '');
      setTitle(saved.title ?? '');
      setStatus(
        saved.url
          ? 'Saved. Citations of this file now link to its public address.'
          : 'Saved. Citations of this file do not link anywhere.',
      );
    } catch (err) {
      if (err instanceof AdminApiError && (err.param === 'url' || err.param === 'title')) {
        setErrors({ [err.param]: err.message });
        focusField(err.param);
      } else {
        setStatus(`Could not save: ${describeError(err)}`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="public-link-h">
      <h2 id="public-link-h">Public link</h2>
      <p>
        When the assistant cites this file, the citation can link to where the public finds it on your
        website.
      </p>
      <form ref={form} onSubmit={submit} noValidate>
        <TextField
          id="link-url"
          label="Public address (URL)"
          type="url"
          inputMode="url"
          value={url}
          onValue={setUrl}
          error={errors.url}
          help="For example https://court.example/forms/fee-waiver.pdf. Leave empty for no link."
          autoComplete="off"
        />
        <TextField
          id="link-title"
          label="Title shown to the public"
          value={title}
          onValue={setTitle}
          error={errors.title}
          help="Leave empty to use the file's own title."
          maxLength={200}
          autoComplete="off"
        />
        <p role="status" class={status ? 'notice' : 'visually-hidden'}>
          {status}
        </p>
        <button type="submit" class="button primary" aria-disabled={busy ? 'true' : undefined}>
          {busy ? 'Saving…' : 'Save link'}
        </button>
      </form>
    </section>
  );
}
