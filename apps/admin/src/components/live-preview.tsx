import { useEffect, useState } from 'preact/hooks';
import { buildSnippet, type EmbedOptions } from '../embed/snippet.js';
import { CheckboxField } from './field.js';

/** Typing in the options reloads the preview this long after the last keystroke, not on every key. */
const RELOAD_DELAY_MS = 400;

/**
 * The real widget, loaded with the chosen options into a same-origin `srcdoc` frame: a stand-in for a
 * court page. The frame inherits this page's CSP, and `/widget.js` is same-origin, so the snippet runs
 * exactly as staff will paste it. The frame is not sandboxed: the widget needs a real origin.
 */
export function LivePreview({ options }: { options: EmbedOptions }) {
  const [doc, setDoc] = useState('');
  const [opened, setOpened] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => {
      // Two preview-only attributes: `data-open` shows the panel at once, and `data-storage="local"`
      // keeps the preview's conversation apart from the Try it one (a frame shares this tab's
      // sessionStorage, and the Try it conversation belongs to another visitor token).
      const extra = `${opened ? '\n  data-open="true"' : ''}\n  data-storage="local"\n  async`;
      const snippet = buildSnippet(location.origin, options).replace('\n  async', extra);
      const lang = /^es\b/i.test(options.lang) ? 'es' : 'en';
      setDoc(
        `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Preview</title></head>` +
          `<body><main><h1>Court page</h1><p>This stands for a page of the court's website.</p></main>${snippet}</body></html>`,
      );
    }, RELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [JSON.stringify(options), opened]);
  return (
    <figure class="preview-frame">
      <figcaption>Live preview: the real chat with these options</figcaption>
      <CheckboxField
        id="preview-opened"
        label="Show the chat opened"
        checked={opened}
        onChecked={setOpened}
        help="Untick to see the closed button and where it sits on the page."
      />
      {doc ? <iframe class="live-preview" title="Preview of the chat on a court page" srcdoc={doc} /> : null}
    </figure>
  );
}
