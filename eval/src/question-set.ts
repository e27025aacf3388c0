import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A key fact: one string, or alternatives of which any one counts. */
export type KeyFact = string | string[];

export type QuestionKind = 'answerable' | 'legal_advice' | 'out_of_scope';

export interface Question {
  id: string;
  kind: QuestionKind;
  lang: 'en' | 'es';
  tags: string[];
  /** One question, or a short conversation whose last turn is scored. */
  turns: string[];
  /** Pages (URL paths) that answer it; any one counts. Optional for legal-advice questions. */
  expectedPaths: string[];
  /** Every fact must be present; a fact is present when any of its alternatives is. */
  keyFacts: KeyFact[];
}

export interface QuestionSet {
  site: string;
  description: string;
  /** Site directory, relative to the repository root. */
  root: string;
  /** Path prefixes the site's robots.txt disallows. */
  disallowedPaths: string[];
  heldout: boolean;
  questions: Question[];
}

const KINDS: readonly QuestionKind[] = ['answerable', 'legal_advice', 'out_of_scope'];

export class QuestionSetError extends Error {
  override name = 'QuestionSetError';
}

/** Every `*.json` in `dir` (and `dir/heldout/`, marked held-out), validated; all problems reported at once. */
export async function loadQuestionSets(dir: string): Promise<QuestionSet[]> {
  const sets: QuestionSet[] = [];
  for (const [folder, heldout] of [
    [dir, false],
    [join(dir, 'heldout'), true],
  ] as const) {
    let names: string[];
    try {
      names = (await readdir(folder)).filter((n) => n.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const file = join(folder, name);
      sets.push(parseQuestionSet(JSON.parse(await readFile(file, 'utf8')), heldout, basename(file)));
    }
  }
  return sets;
}

/** Turns the file's snake_case wire shape into a QuestionSet, or throws listing every problem. */
export function parseQuestionSet(raw: unknown, heldout: boolean, label = 'question set'): QuestionSet {
  const problems: string[] = [];
  const obj = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) problems.push('not a JSON object');
  const str = (v: unknown, where: string): string => {
    if (typeof v === 'string' && v.length > 0) return v;
    problems.push(`${where}: expected a non-empty string`);
    return '';
  };
  const strings = (v: unknown, where: string, { optional = false } = {}): string[] => {
    if (v === undefined && optional) return [];
    if (Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length > 0)) return v as string[];
    problems.push(`${where}: expected an array of non-empty strings`);
    return [];
  };
  const ids = new Set<string>();
  const rawQuestions = Array.isArray(obj.questions) ? obj.questions : [];
  if (!Array.isArray(obj.questions)) problems.push('questions: expected an array');
  const questions = rawQuestions.map((q: unknown, i: number): Question => {
    const rq = isRecord(q) ? q : {};
    const at = `questions[${i}]`;
    const id = str(rq.id, `${at}.id`);
    if (ids.has(id)) problems.push(`${at}.id: duplicate "${id}"`);
    ids.add(id);
    const kind = rq.kind as QuestionKind;
    if (!KINDS.includes(kind)) problems.push(`${at}.kind: expected one of ${KINDS.join(', ')}`);
    const lang = rq.lang === 'es' ? 'es' : 'en';
    if (rq.lang !== 'en' && rq.lang !== 'es') problems.push(`${at}.lang: expected "en" or "es"`);
    const turns = strings(rq.turns, `${at}.turns`);
    if (turns.length < 1 || turns.length > 3) problems.push(`${at}.turns: expected 1 to 3 turns`);
    const expectedPaths = strings(rq.expected_paths, `${at}.expected_paths`, {
      optional: kind !== 'answerable',
    });
    for (const p of expectedPaths)
      if (!p.startsWith('/')) problems.push(`${at}.expected_paths: "${p}" must start with /`);
    const keyFacts: KeyFact[] = [];
    if (kind === 'answerable') {
      if (!Array.isArray(rq.key_facts) || rq.key_facts.length === 0)
        problems.push(`${at}.key_facts: expected a non-empty array`);
      else
        for (const [j, f] of rq.key_facts.entries()) {
          if (typeof f === 'string' && f.length > 0) keyFacts.push(f);
          else keyFacts.push(strings(f, `${at}.key_facts[${j}]`));
        }
      if (expectedPaths.length === 0)
        problems.push(`${at}.expected_paths: an answerable question needs at least one`);
    }
    return {
      id,
      kind,
      lang,
      tags: strings(rq.tags, `${at}.tags`, { optional: true }),
      turns,
      expectedPaths,
      keyFacts,
    };
  });
  const set: QuestionSet = {
    site: str(obj.site, 'site'),
    description: typeof obj.description === 'string' ? obj.description : '',
    root: str(obj.root, 'root'),
    disallowedPaths: strings(obj.disallowed_paths, 'disallowed_paths', { optional: true }),
    heldout,
    questions,
  };
  if (problems.length > 0) throw new QuestionSetError(`${label}:\n  ${problems.join('\n  ')}`);
  return set;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
