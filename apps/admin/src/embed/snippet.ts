// Builds the embed snippet from the chosen options. Each option maps to a `data-` attribute the
// widget reads (packages/widget/src/options.ts); blank options are left out so the widget defaults apply.

export interface EmbedOptions {
  color: string;
  position: 'left' | 'right';
  title: string;
  greeting: string;
  /** One suggested question per line. */
  suggestions: string;
  lang: string;
  disclaimer: string;
}

export const DEFAULT_EMBED: EmbedOptions = {
  color: '#1d4ed8',
  position: 'right',
  title: '',
  greeting: '',
  suggestions: '',
  lang: 'en',
  disclaimer: '',
};

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function suggestionList(text: string): string[] {
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The widget takes `a|b|c`, or a JSON array when a question itself contains "|". */
function suggestionsAttribute(list: string[]): string {
  return list.some((s) => s.includes('|')) ? JSON.stringify(list) : list.join('|');
}

export function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value);
}

export function buildSnippet(relayOrigin: string, o: EmbedOptions): string {
  const attrs: [string, string][] = [['src', `${relayOrigin}/widget.js`]];
  if (isHexColor(o.color)) attrs.push(['data-color', o.color.toLowerCase()]);
  if (o.position === 'left') attrs.push(['data-position', 'left']);
  const add = (name: string, v: string) => {
    if (v.trim() !== '') attrs.push([name, v.trim()]);
  };
  add('data-title', o.title);
  add('data-greeting', o.greeting);
  const list = suggestionList(o.suggestions);
  if (list.length > 0) attrs.push(['data-suggestions', suggestionsAttribute(list)]);
  add('data-lang', o.lang);
  add('data-disclaimer', o.disclaimer);
  const lines = attrs.map(([k, v]) => `  ${k}="${escapeAttribute(v)}"`);
  return `<script\n${lines.join('\n')}\n  async\n></script>`;
}
