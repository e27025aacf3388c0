import { useState } from 'preact/hooks';
import { SelectField, TextArea, TextField } from '../components/field.js';
import { LivePreview } from '../components/live-preview.js';
import { OriginsEditor } from '../components/origins-editor.js';
import { buildSnippet, DEFAULT_EMBED, type EmbedOptions, isHexColor } from '../embed/snippet.js';

export function EmbedPage() {
  const [o, setO] = useState<EmbedOptions>(DEFAULT_EMBED);
  const [copied, setCopied] = useState('');
  const set = (k: keyof EmbedOptions) => (v: string) => setO({ ...o, [k]: v });
  const snippet = buildSnippet(location.origin, o);
  const colorError = isHexColor(o.color)
    ? null
    : 'Enter a colour as # and 3 or 6 hex digits, for example #1d4ed8.';

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('Snippet copied to the clipboard.');
    } catch {
      // Clipboard access can be refused; selecting the text lets staff copy with the keyboard.
      const code = document.getElementById('snippet-code');
      if (code) getSelection()?.selectAllChildren(code);
      setCopied('Could not copy automatically; the snippet is selected, press Ctrl+C (or ⌘+C) to copy it.');
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Embed the chat</h1>
      <p>
        Choose how the chat looks, then paste the snippet into the court website's pages, just before
        &lt;/body&gt;.
      </p>
      <div class="embed-grid">
        <form class="embed-options" onSubmit={(e) => e.preventDefault()} noValidate>
          <div class="field">
            <label for="embed-color-picker">Colour</label>
            <div class="color-row">
              <input
                id="embed-color-picker"
                type="color"
                value={isHexColor(o.color) && o.color.length === 7 ? o.color : '#1d4ed8'}
                onInput={(e) => set('color')(e.currentTarget.value)}
              />
            </div>
          </div>
          <TextField
            id="embed-color"
            label="Colour code"
            value={o.color}
            onValue={set('color')}
            error={colorError}
            spellcheck={false}
          />
          <SelectField
            id="embed-position"
            label="Position"
            value={o.position}
            onValue={set('position')}
            options={[
              { value: 'right', label: 'Bottom right' },
              { value: 'left', label: 'Bottom left' },
            ]}
          />
          <TextField
            id="embed-title"
            label="Title"
            value={o.title}
            onValue={set('title')}
            help="Shown at the top of the chat. Leave empty for the default."
          />
          <TextField
            id="embed-greeting"
            label="Greeting"
            value={o.greeting}
            onValue={set('greeting')}
            help="The first message visitors see."
          />
          <TextArea
            id="embed-suggestions"
            label="Suggested questions"
            rows={3}
            value={o.suggestions}
            onValue={set('suggestions')}
            help="One question per line; visitors can press one instead of typing."
          />
          <SelectField
            id="embed-lang"
            label="Language"
            value={o.lang}
            onValue={set('lang')}
            options={[
              { value: '', label: "The page's language" },
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Spanish' },
            ]}
          />
          <TextArea
            id="embed-disclaimer"
            label="Disclaimer"
            rows={2}
            value={o.disclaimer}
            onValue={set('disclaimer')}
            help="For example: This assistant gives general information, not legal advice."
          />
        </form>
        <LivePreview options={o} />
      </div>
      <section aria-labelledby="snippet-h">
        <h2 id="snippet-h">Snippet</h2>
        <pre class="snippet">
          <code id="snippet-code">{snippet}</code>
        </pre>
        <button type="button" class="button primary" onClick={() => void copy()}>
          Copy snippet
        </button>
        <p role="status" class="muted">
          {copied}
        </p>
      </section>
      <OriginsEditor />
    </>
  );
}
