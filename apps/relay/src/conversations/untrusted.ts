/** Small guards for data from the upstream, which the relay treats as untrusted input. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// C0 controls but tab and newlines, DEL, C1 controls; and UTF-16 surrogates without their pair,
// which would not survive UTF-8 encoding.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe to show: control characters dropped, lone surrogates replaced, at most `max` UTF-16 units. */
export function cleanText(value: string, max: number): string {
  let text = value.length > max ? value.slice(0, max) : value;
  text = text.replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd');
  return text;
}
