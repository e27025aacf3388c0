import type { Pacer } from '../../knowledge/pacer.js';

/** Longest line handed on at once; longer ones (a file without line breaks) are cut at a space. */
const MAX_LINE = 64 * 1024;
const DECODE_SLICE = 1024 * 1024;

/**
 * The lines of a text without their `\n` / `\r\n`, as `text.split(/\r?\n/)` would give them, except
 * that a line over MAX_LINE characters comes in pieces. Lazy, so a parser can pause between lines
 * of a 25 MiB file instead of splitting it in one go.
 */
export function* linesOf(text: string): Generator<string> {
  let pos = 0;
  let newline = -1;
  while (pos <= text.length) {
    // Search for the next newline only once past the last one: a huge line is scanned once.
    if (newline < pos) {
      newline = text.indexOf('\n', pos);
      if (newline < 0) newline = text.length;
    }
    if (newline - pos > MAX_LINE) {
      const space = text.lastIndexOf(' ', pos + MAX_LINE);
      const cut = space > pos ? space : pos + MAX_LINE;
      yield text.slice(pos, cut);
      pos = cut;
      continue;
    }
    const end = newline > pos && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
    yield text.slice(pos, end);
    pos = newline + 1;
  }
}

/** UTF-8 bytes to text in 1 MiB slices (decoding 25 MiB at once holds the loop for tens of ms). */
export async function decodeUtf8(bytes: Uint8Array, pacer: Pacer): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += DECODE_SLICE) {
    parts.push(decoder.decode(bytes.subarray(i, i + DECODE_SLICE), { stream: true }));
    await pacer.tick();
  }
  parts.push(decoder.decode());
  return parts.join('');
}
