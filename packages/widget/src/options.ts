import type { LoaderSettings, StorageKind, WidgetOptions } from './contract';

// Read once, at the edge: the panel resolves every option here, from what the loader saw, and passes
// the result down. (The loader itself reads only what the launcher needs: see theme.ts.)
// `data-` attributes win over `window.AmicusConfig`, which lets a site set options (and strings) from
// its own script when a CMS makes attributes awkward.

type Source = (name: string) => unknown;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** `data-suggestions` is either a JSON array or a `|`-separated list. */
export function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && !!v.trim());
  const raw = text(value);
  if (!raw) return [];
  if (raw[0] === '[') {
    try {
      return parseList(JSON.parse(raw));
    } catch {
      // Not JSON after all: fall back to the pipe-separated form.
    }
  }
  return raw
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseStrings(value: unknown): Record<string, string> {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return {};
    }
  }
  const out: Record<string, string> = {};
  if (data && typeof data === 'object') {
    for (const [key, v] of Object.entries(data)) if (typeof v === 'string') out[key] = v;
  }
  return out;
}

export function readOptions({ src, dataset, config = {}, lang }: LoaderSettings): WidgetOptions {
  const get: Source = (name) => dataset[name] ?? config[name];
  const strings = { ...parseStrings(config.strings), ...parseStrings(dataset.i18n) };
  for (const key of ['title', 'greeting', 'disclaimer'] as const) {
    const value = text(get(key));
    if (value) strings[key] = value;
  }
  const flag = get('open');
  return {
    relay: new URL(src).origin,
    assets: new URL('.', src).href,
    lang,
    position: get('position') === 'left' ? 'left' : 'right',
    storage: (get('storage') === 'local' ? 'local' : 'session') satisfies StorageKind,
    open: flag === true || flag === '' || flag === 'true',
    suggestions: parseList(get('suggestions')),
    strings,
  };
}
