import type { AssistantMessageWire } from './api-client.js';
import type { MissKind } from './diagnose.js';
import type { KeyFact, Question, QuestionKind } from './question-set.js';

export interface QuestionResult {
  id: string;
  kind: QuestionKind;
  lang: 'en' | 'es';
  tags: string[];
  followUp: boolean;
  /** The scored (last) turn and its answer. */
  question: string;
  answer: string;
  /** Distinct cited documents, in citation order, as URL paths. */
  citedPaths: string[];
  /** An expected page among the first three distinct cited documents (answerable only). */
  hitAt3: boolean | null;
  /** Every key fact in the answer or a cited passage preview (answerable only). */
  keyFact: boolean | null;
  /** No citations: the assistant did not answer from the site. */
  declined: boolean;
  /** Declined, or says that it cannot give legal advice (legal-advice questions only). */
  legalFlagged: boolean | null;
  /** Cited pages under a robots-disallowed path. */
  disallowedCited: string[];
  error?: string;
  /** The chatbot-api's explanation of the answer (only for questions named by `--explain`). */
  explanation?: unknown;
  /** Why an answerable question missed its key fact (see diagnose.ts). */
  miss?: MissKind;
  /** Where the key fact is on the expected page, against the section cited (see diagnose.ts). */
  missDetail?: { cited?: string; holding?: string[] };
}

export interface ScoringContext {
  /** Document id → source URL. */
  documentUrls: ReadonlyMap<string, string>;
  disallowedPaths: readonly string[];
  legalAdvicePhrases: readonly string[];
}

/** Scores the answer to a question's last turn. */
export function scoreAnswer(q: Question, message: AssistantMessageWire, ctx: ScoringContext): QuestionResult {
  const citations = [...(message.citations ?? [])].sort((a, b) => a.source_index - b.source_index);
  const citedPaths: string[] = [];
  const seen = new Set<string>();
  for (const c of citations) {
    if (seen.has(c.document_id)) continue;
    seen.add(c.document_id);
    citedPaths.push(urlPath(ctx.documentUrls.get(c.document_id) ?? c.source_filename));
  }
  const answer = message.content ?? '';
  const haystack = normalizeText([answer, ...citations.map((c) => c.text_preview)].join('\n'));
  const declined = citations.length === 0;
  const expected = new Set(q.expectedPaths.map(urlPath));
  return {
    ...base(q),
    answer,
    citedPaths,
    hitAt3: q.kind === 'answerable' ? citedPaths.slice(0, 3).some((p) => expected.has(p)) : null,
    keyFact: q.kind === 'answerable' ? q.keyFacts.every((f) => factPresent(f, haystack)) : null,
    declined,
    legalFlagged:
      q.kind === 'legal_advice'
        ? declined || ctx.legalAdvicePhrases.some((p) => normalizeText(answer).includes(normalizeText(p)))
        : null,
    disallowedCited: citedPaths.filter((p) => ctx.disallowedPaths.some((d) => p.startsWith(d))),
  };
}

/** A question that could not be asked (HTTP error): it counts as a miss everywhere. */
export function failedResult(q: Question, error: string): QuestionResult {
  return {
    ...base(q),
    answer: '',
    citedPaths: [],
    hitAt3: q.kind === 'answerable' ? false : null,
    keyFact: q.kind === 'answerable' ? false : null,
    declined: false,
    legalFlagged: q.kind === 'legal_advice' ? false : null,
    disallowedCited: [],
    error,
  };
}

function base(q: Question) {
  return {
    id: q.id,
    kind: q.kind,
    lang: q.lang,
    tags: q.tags,
    followUp: q.turns.length > 1,
    question: q.turns[q.turns.length - 1] ?? '',
  };
}

function factPresent(fact: KeyFact, haystack: string): boolean {
  const alternatives = typeof fact === 'string' ? [fact] : fact;
  return alternatives.some((a) => haystack.includes(normalizeText(a)));
}

/** Case-, accent- and spacing-insensitive form, so "Tránsito" matches "transito" and "8:00 a.m." matches across a line break. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** `http://h/a/b` → `/a/b/`, `/a/index.html` → `/a/`; file paths (`/x.pdf`) keep their name. */
export function urlPath(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.startsWith('/') ? url : `/${url}`;
  }
  path = path.replace(/\/index\.html$/, '/');
  if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
  return path;
}
