import type { Passage } from '../knowledge/search.js';

/** Wire shape of one citation; `title` is an additive extension the relay uses to name sources. */
export interface CitationWire {
  source_index: number;
  document_id: string;
  source_filename: string;
  chunk_index: number;
  text_preview: string;
  score: number;
  title: string;
}

const MARKER = /\[Source (\d{1,3})\]/g;
const PREVIEW_CHARS = 240;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_CHARS) return flat;
  const cut = flat.slice(0, PREVIEW_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), PREVIEW_CHARS / 2))}…`;
}

/** Removes markers that name no source (a language model may invent `[Source 9]`), with their leading space. */
export function dropUnknownMarkers(content: string, sourceCount: number): string {
  return content.replace(/ ?\[Source (\d{1,3})\]/g, (m, n: string) => {
    const i = Number(n);
    return i >= 1 && i <= sourceCount ? m : '';
  });
}

/** Pieces of a line for `sentencesOf`: a marker, a run of spaces, a run of other text, a lone `[`. */
const LINE_PIECE = /\[Source \d{1,3}\]|\s+|[^\s[]+|\[/g;
const ENDS_SENTENCE = /[.!?…]$/;

/**
 * A line cut into sentences, each with the markers that follow its end (`Pay online. [Source 1]`);
 * the spaces between sentences are dropped. One pass: a line of thousands of markers costs no more
 * than their number.
 */
function sentencesOf(line: string): string[] {
  const pieces = line.match(LINE_PIECE) ?? [];
  const out: string[] = [];
  let current = '';
  let ended = false;
  let at = 0;
  for (const piece of pieces) {
    at += piece.length;
    if (/^\s/.test(piece)) {
      if (ended && current !== '' && at < line.length && !line.startsWith('[Source', at)) {
        out.push(current);
        current = '';
        ended = false;
      } else current += piece;
      continue;
    }
    current += piece;
    // A marker keeps what came before it (the end of a sentence, or not); text decides anew.
    if (!piece.startsWith('[Source ')) ended = ENDS_SENTENCE.test(piece);
  }
  out.push(current);
  return out;
}

/**
 * A language model's text without the sentences that cite a source it was not given (`[Source 9]`
 * of six): such a sentence did not come from the knowledge base. Markers of known sources stay.
 */
export function dropUnsupportedSentences(content: string, sourceCount: number): string {
  const known = (n: string) => Number(n) >= 1 && Number(n) <= sourceCount;
  return content
    .split(/(\n+)/)
    .map((line) =>
      /^\n+$/.test(line)
        ? line
        : sentencesOf(line)
            .filter((sentence) => [...sentence.matchAll(MARKER)].every((m) => known(m[1]!)))
            .join(' '),
    )
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Citations for the markers the final text actually carries (after stop sequences or the token
 * limit cut it), in order of first use; `sources[i]` is `[Source i+1]`.
 */
export function citationsFor(content: string, sources: readonly Passage[]): CitationWire[] {
  const seen = new Set<number>();
  const out: CitationWire[] = [];
  for (const m of content.matchAll(MARKER)) {
    const index = Number(m[1]);
    const passage = sources[index - 1];
    if (!passage || seen.has(index)) continue;
    seen.add(index);
    out.push({
      source_index: index,
      document_id: passage.documentId,
      source_filename: passage.sourceFilename,
      chunk_index: passage.chunkIndex,
      text_preview: preview(passage.text),
      score: Math.round(passage.score * 10_000) / 10_000,
      title: passage.title,
    });
  }
  return out;
}
