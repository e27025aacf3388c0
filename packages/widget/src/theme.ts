// The few settings the loader needs before the panel exists: language and launcher colour.
// Bundled into the 2 KB loader, so written small.

/** Spanish for any `es-*` tag; English otherwise (overridable string by string). */
export const isSpanish = (lang: string): boolean => /^es\b/i.test(lang);

/** `data-lang`, else the host page's `<html lang>`, else the browser's language. */
export const pickLang = (...candidates: (string | undefined)[]): string =>
  candidates.map((c) => c?.trim()).find(Boolean) ?? 'en';

/**
 * `data-color` becomes `--amicus-color`, with white or near-black text, whichever contrasts more.
 * Only hex colours are accepted (documented in the README): anything else keeps the default theme.
 */
export function colorRule(color: unknown): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(color ?? '').trim());
  if (!m) return '';
  const hex = (m[1] as string).replace(/^(.)(.)(.)$/, '$1$1$2$2$3$3');
  const lum = [0, 2, 4].reduce((sum, i, k) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return sum + [0.2126, 0.7152, 0.0722][k]! * (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  }, 0);
  // Contrast with white is 1.05/(L+.05), with black (L+.05)/.05: equal at L ≈ 0.179.
  return `:host{--amicus-color:#${hex};--amicus-on-color:${lum < 0.179 ? '#fff' : '#111'}}`;
}
