import type { IntentResponse } from '@amicus/protocol';
import phrases from './intent-phrases.json' with { type: 'json' };
import { normalizeCaseNumber } from './lookup.js';

/** Lower case, accents and punctuation gone, single spaces: how questions and phrases are compared. */
export function foldText(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const fold = (list: string[]) => list.map((p) => foldText(p));
const COURT_DATE = fold([...phrases.court_date.en, ...phrases.court_date.es]);
const WARRANT = fold([...phrases.warrant.en, ...phrases.warrant.es]);

export interface IntentOptions {
  /** The court's case-number pattern (unanchored source); undefined when court dates are off. */
  caseNumberSource: string | undefined;
}

/**
 * What a question is about, before the knowledge base is asked. A case number in the text or a phrase
 * about one's own court date means a look-up card; a warrant phrase means the warrant information.
 * Warrant questions win over court-date phrases ("I missed my court date, do I have a warrant?").
 */
export function classifyIntent(text: string, { caseNumberSource }: IntentOptions): IntentResponse {
  const folded = foldText(text);
  if (WARRANT.some((p) => folded.includes(p))) return { kind: 'warrant' };
  if (caseNumberSource === undefined) return { kind: 'none' };
  const match = new RegExp(`(?<![A-Za-z0-9])(?:${caseNumberSource})(?![A-Za-z0-9])`, 'i').exec(text);
  if (match) return { kind: 'court_date', case_number: normalizeCaseNumber(match[0]) };
  if (COURT_DATE.some((p) => folded.includes(p))) return { kind: 'court_date' };
  return { kind: 'none' };
}
