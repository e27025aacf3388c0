import type { AssistantMessageWire } from './api-client.js';
import type { KeyFact, Question } from './question-set.js';
import { normalizeText, urlPath } from './scoring.js';

/**
 * Why an answerable question missed its key fact, told from the index itself (no reading of the
 * question needed, so held-out sets can be summed up without anyone looking at them):
 * - `declined`: no citation although the site was indexed;
 * - `other-page`: the expected page is not among the cited ones;
 * - `sentence`: the expected page is cited and its cited section holds every key fact, but the
 *   answer quoted other sentences of it;
 * - `section`: the expected page is cited, another section of it holds every key fact;
 * - `split`: the expected page holds every key fact, but in no single section;
 * - `absent`: the expected page does not hold the key fact as written (the question set's wording,
 *   or text the extraction lost).
 */
export type MissKind = 'declined' | 'other-page' | 'sentence' | 'section' | 'split' | 'absent';

export const MISS_KINDS: readonly MissKind[] = [
  'declined',
  'other-page',
  'sentence',
  'section',
  'split',
  'absent',
];

export interface IndexedChunk {
  chunkIndex: number;
  /** The section's heading path, as the index stores it (JSON array). */
  headingPath: string;
  text: string;
}

export interface MissDiagnosis {
  kind: MissKind;
  /** The cited chunk of the expected page and the chunks of that page holding every key fact. */
  cited?: string;
  holding?: string[];
}

export interface DiagnoseContext {
  /** Document id → source URL. */
  documentUrls: ReadonlyMap<string, string>;
  /** The indexed chunks of a document, in order. */
  chunksOf(documentId: string): IndexedChunk[];
}

export function diagnoseMiss(
  q: Question,
  message: AssistantMessageWire,
  ctx: DiagnoseContext,
): MissDiagnosis {
  const citations = message.citations ?? [];
  if (citations.length === 0) return { kind: 'declined' };
  const expected = new Set(q.expectedPaths.map(urlPath));
  const cited = citations.find((c) => expected.has(urlPath(ctx.documentUrls.get(c.document_id) ?? '')));
  if (!cited) return { kind: 'other-page' };
  const chunks = ctx.chunksOf(cited.document_id);
  const holds = (text: string) => {
    const hay = normalizeText(text);
    return q.keyFacts.every((f) => factIn(f, hay));
  };
  const own = chunks.find((c) => c.chunkIndex === cited.chunk_index);
  const label = (c: IndexedChunk) => `#${c.chunkIndex} ${c.headingPath}`;
  const detail = {
    cited: own ? label(own) : `#${cited.chunk_index}`,
    holding: chunks.filter((c) => holds(c.text)).map(label),
  };
  if (own && holds(own.text)) return { kind: 'sentence', ...detail };
  if (detail.holding.length > 0) return { kind: 'section', ...detail };
  if (holds(chunks.map((c) => c.text).join('\n'))) return { kind: 'split', ...detail };
  return { kind: 'absent', ...detail };
}

function factIn(fact: KeyFact, haystack: string): boolean {
  const alternatives = typeof fact === 'string' ? [fact] : fact;
  return alternatives.some((a) => haystack.includes(normalizeText(a)));
}
