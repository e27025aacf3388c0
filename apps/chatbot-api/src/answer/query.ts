import { STRONG_ALTERNATIVE } from '../knowledge/concept-weights.js';
import {
  askingClause,
  cueText,
  frameWordPositions,
  type Intent,
  intentHints,
  intentsOf,
  negatedWords,
  questionKind,
} from '../language/cues.js';
import { FACT_INTENTS } from '../language/facts.js';
import { findGlossaryPhrases, findPlainPhrases } from '../language/glossary.js';
import { irregularForms } from '../language/irregular-forms.js';
import { findLexiconPhrases, isSpanishLegalWord } from '../language/lexicon.js';
import { stem } from '../language/stem.js';
import { derivations, isEnglishWord, synonyms } from '../language/wordnet.js';
import { contentWords, detectLanguage, isFunctionWord, type Language, words } from '../language/words.js';
import { addCompoundSynonyms, addNounCompounds, phrasalVerbs } from './compounds.js';
import { DERIVED_WEIGHT, EVERYDAY_WEIGHT, LEXICON_WEIGHT, SYNONYM_WEIGHT } from './equivalent-weights.js';

/*
 * Query analysis: what a question is about (its concepts, each with the ways a page may say it) and
 * what kind of answer it wants (its intents). Question words and filler never become concepts; a
 * concept stands for the question's own word, its lay/legal and English/Spanish equivalents from the
 * lexicon, and WordNet synonyms, each alternative weighted by how surely it means the same.
 */

export interface Alternative {
  /** Folded words, matched as a phrase (stemmed). */
  words: string[];
  /** 1 for the question's own words, less for equivalents. */
  weight: number;
}

export interface Concept {
  key: string;
  /** 1 for the question's own concepts; lower for those carried over from the previous turn. */
  boost: number;
  /** Only in the context the visitor gives before asking ("i got a summons, …"): it weighs less. */
  context?: boolean;
  /**
   * A compound of the question that holds a function word ("down payment", "power of attorney"): it
   * adds to its words' own concepts and counts only when the site writes it (see addNounCompounds).
   */
  compound?: boolean;
  alternatives: Alternative[];
}

export interface QueryAnalysis {
  question: string;
  language: Language;
  intents: Intent[];
  concepts: Concept[];
  /** True when the previous user turn was folded in (a short or anaphoric follow-up). */
  followUp: boolean;
}

/** A follow-up's previous question lends its concepts at this boost. */
const CARRIED_BOOST = 0.6;
/** Intent hints weigh this much: they rank passages, never decide coverage. */
const HINT_BOOST = 0.3;
/** Words of question frames ("how long does it take") weigh as much as intent hints. */
const FRAME_BOOST = HINT_BOOST;
/** Pronouns and openers that point back at the previous question. */
const ANAPHORA =
  /^(and|y|also|tambien|what about|and what about|y (que|si|donde|cuando|cuanto|como))\b|\b(it|that|this|those|them|there|eso|esto|ese|esa|ahi|alli|lo)\b/;

/** A word's WordNet derived forms ("admit" for "admission") that are not alternatives yet. */
function addDerived(alternatives: Alternative[], word: string): void {
  for (const d of derivations(word))
    if (!alternatives.some((a) => a.words.length === 1 && a.words[0] === d))
      alternatives.push({ words: [d], weight: DERIVED_WEIGHT });
}

/** Concepts of one question text (no carry-over). */
function conceptsOf(text: string, boost: number, language: Language = questionLanguage(text)): Concept[] {
  const ws = words(text);
  const out: Concept[] = [];
  const covered = new Set<number>();
  const frame = frameWordPositions(text);
  const lexicon = findLexiconPhrases(ws, language);
  // Phrasal verbs ("find out"): the lexicon's equivalents of their verb alone ("find": search) mean
  // something else (see compounds.ts).
  const phrasal = language === 'en' ? phrasalVerbs(ws, frame, lexicon, boost) : null;
  for (const c of phrasal?.concepts ?? []) out.push(c);
  for (const i of phrasal?.own ?? []) covered.add(i);
  for (const m of lexicon) {
    const own = ws.slice(m.start, m.start + m.length);
    if (own.some((_, k) => phrasal?.positions.has(m.start + k))) continue;
    // A phrase made only of function words ("how much") or of a question frame names a group only
    // through an intent.
    if (own.every((w, k) => isFunctionWord(w) || frame.has(m.start + k))) continue;
    for (let k = m.start; k < m.start + m.length; k++) covered.add(k);
    const alternatives: Alternative[] = [{ words: own, weight: 1 }];
    for (const g of m.groups) {
      for (const p of [...g.en, ...g.es]) {
        if (!alternatives.some((a) => a.words.join(' ') === p.join(' ')))
          alternatives.push({ words: p, weight: LEXICON_WEIGHT });
      }
    }
    out.push({ key: `g${m.groups.map((g) => g.id).join('+')}`, boost, alternatives });
  }
  // Everyday words: a Spanish question's English equivalents from the glossary, for English pages
  // (the word itself stays first, for Spanish pages); an English question's plain words, the formal
  // words agencies write for them.
  {
    const find = language === 'es' ? findGlossaryPhrases : findPlainPhrases;
    for (const m of find(ws, new Set([...covered, ...frame]))) {
      const own = ws.slice(m.start, m.start + m.length);
      for (let k = m.start; k < m.start + m.length; k++) covered.add(k);
      const alternatives: Alternative[] = [{ words: own, weight: 1 }];
      for (const p of m.english) alternatives.push({ words: p, weight: EVERYDAY_WEIGHT });
      // A Spanish word's English equivalent brings the words English pages write for it, as an
      // English question's word does ("viuda" → "widow" → "surviving spouse").
      if (language === 'es') {
        for (const p of m.english) {
          for (const e of findPlainPhrases(p, new Set())) {
            if (e.start !== 0 || e.length !== p.length) continue;
            for (const q of e.english)
              if (!alternatives.some((a) => a.words.join(' ') === q.join(' ')))
                alternatives.push({ words: q, weight: EVERYDAY_WEIGHT });
          }
        }
      }
      // A Spanish word's one-word English equivalents bring their derived forms, as an English
      // question's word does ("admisión": "admission", and pages write "admit").
      if (language === 'es') for (const p of m.english) if (p.length === 1) addDerived(alternatives, p[0]!);
      // An English word keeps its WordNet synonyms too (below, for words no table lists).
      if (language === 'en' && own.length === 1)
        for (const syn of synonyms(own[0]!)) alternatives.push({ words: words(syn), weight: SYNONYM_WEIGHT });
      // A phrasal verb's verb alone is a looser form of it ("pays" for "pay out"), as in phrasalConcept.
      if (own.length === 2 && phrasal?.positions.has(m.start) && phrasal.positions.has(m.start + 1))
        alternatives.push({ words: [own[0]!], weight: DERIVED_WEIGHT });
      const key = own.join(' ');
      if (!out.some((c) => c.key === key)) out.push({ key, boost, alternatives });
    }
  }
  // An English question keeps the words that are only Spanish function words ("my son", "a van");
  // a Spanish one drops the function words of both languages, as it often quotes an English name
  // ("Freedom of Information Act").
  const content = new Set(contentWords(text, language === 'en' ? 'en' : undefined));
  ws.forEach((w, i) => {
    if (covered.has(i) || !content.has(w)) return;
    if (frame.has(i)) {
      // A frame word ("long" in "how long does it take") is how the question is asked; pages that
      // ask the same question in a heading still rank higher, but it never decides coverage.
      out.push({ key: `frame:${w}`, boost: boost * FRAME_BOOST, alternatives: [{ words: [w], weight: 1 }] });
      return;
    }
    if (out.some((c) => c.key === w)) return;
    const alternatives: Alternative[] = [{ words: [w], weight: 1 }];
    for (const s of /\d/.test(w) ? [] : synonyms(w)) {
      alternatives.push({ words: words(s), weight: SYNONYM_WEIGHT });
    }
    if (language === 'en' && !/\d/.test(w)) addDerived(alternatives, w);
    out.push({ key: w, boost, alternatives });
  });
  if (language === 'en') {
    addCompoundSynonyms(ws, out, covered, frame);
    addNounCompounds(ws, out, frame);
  }
  addWrittenTerms(text, out);
  // Words said before the clause that asks ("i got a jury summons but i cant go that week, can i
  // postpone it") set the scene; the asking clause says what is wanted.
  const clause = askingClause(text);
  const start = clause?.start ?? 0;
  const end = clause?.end ?? ws.length;
  if (start > 0 || end < ws.length) {
    for (const c of out) {
      const own = c.alternatives[0]!.words;
      const at = ws.findIndex((_, i) => own.every((o, k) => ws[i + k] === o));
      if (
        at >= 0 &&
        (at + own.length <= start || at >= end) &&
        !ws.slice(start, end).some((w) => own.includes(w))
      )
        c.context = true;
    }
  }
  // The same lexicon group named twice ("how much is the fee") is one concept, and so is one word
  // said in two forms ("my church … are churches covered"): both find the same passages, and
  // counting the word twice would make it half the question. The second form's ways of saying it
  // join the first's.
  const formOf = (c: Concept) => {
    const own = c.alternatives[0]!.words;
    if (own.length !== 1 || c.key.includes(':')) return null;
    // A Spanish word's English stem must agree too: Spanish Snowball gives "casa" and "caso" one stem.
    return language === 'en' ? stem(own[0]!, 'en') : `${stem(own[0]!, 'es')} ${stem(own[0]!, 'en')}`;
  };
  const kept: Concept[] = [];
  const byForm = new Map<string, Concept>();
  for (const c of out) {
    const form = formOf(c);
    const same = kept.find((o) => o.key === c.key) ?? (form === null ? undefined : byForm.get(form));
    if (!same) {
      kept.push(c);
      if (form !== null) byForm.set(form, c);
    } else if (same.key !== c.key)
      for (const a of c.alternatives)
        if (!same.alternatives.some((x) => x.words.join(' ') === a.words.join(' ')))
          same.alternatives.push(a);
  }
  return kept;
}

/** A dotted abbreviation ("e.g.", "i.e.", "U.S.") or a slash compound ("and/or", "pass/fail"). */
const WRITTEN_TERM = /(?<![\p{L}\p{N}.])(?:\p{L}\.){2,}|(?<![\p{L}\p{N}/])\p{L}+\/\p{L}+(?![\p{L}\p{N}/])/gu;
/** Letters of the longest dotted abbreviation ("U.S.C.A."): a longer run is no term a page writes. */
const WRITTEN_TERM_PARTS = 6;

/**
 * Terms written with dots or a slash whose parts alone are no concept ("e.g." is two letters,
 * "and/or" two function words): the parts, as a phrase, are one concept. Pages write them the
 * same way, so the phrase finds them ("Don't use e.g. or i.e.", "avoid and/or").
 */
function addWrittenTerms(text: string, out: Concept[]): void {
  for (const m of text.matchAll(WRITTEN_TERM)) {
    const parts = words(m[0]);
    if (parts.length < 2 || parts.length > WRITTEN_TERM_PARTS) continue;
    if (parts.some((w) => w.length > 1 && !isFunctionWord(w))) continue;
    const key = parts.join(' ');
    if (!out.some((c) => c.key === key))
      out.push({ key, boost: 1, alternatives: [{ words: parts, weight: 1 }] });
  }
}

/**
 * An English word's irregular forms go with each one-word way of saying a concept ("lose" finds "if
 * it's lost", "lost" finds "if you lose", "children" finds "child care"), as sure as the word they
 * come from.
 */
function addIrregularForms(c: Concept): void {
  if (c.key.includes(':')) return;
  for (const a of [...c.alternatives]) {
    if (a.words.length !== 1) continue;
    for (const f of irregularForms(a.words[0]!)) {
      if (!c.alternatives.some((x) => x.words.length === 1 && x.words[0] === f))
        c.alternatives.push({ words: [f], weight: a.weight });
    }
  }
}

/**
 * A question that negates a word ("if I don't speak English", "I'm not a citizen") may be answered
 * by a page's "non-" word ("non-English speaking", "noncitizens"), which passages hold joined
 * ("nonenglish", see `joinNegations`): the negated word, and its sure equivalents, get that form.
 */
function addNegatedForms(concepts: readonly Concept[], question: string): void {
  const negated = negatedWords(question);
  if (negated.size === 0) return;
  for (const c of concepts) {
    const own = c.alternatives[0]?.words;
    if (c.key.includes(':') || !own || !own.some((w) => negated.has(w))) continue;
    for (const a of [...c.alternatives]) {
      if (a.words.length !== 1 || a.weight < STRONG_ALTERNATIVE || a.words[0]!.startsWith('non')) continue;
      const form = `non${a.words[0]}`;
      if (!c.alternatives.some((x) => x.words.length === 1 && x.words[0] === form))
        c.alternatives.push({ words: [form], weight: a.weight });
    }
  }
}

export function isFollowUp(question: string, own: readonly Concept[]): boolean {
  return own.length <= 1 || (own.length <= 3 && ANAPHORA.test(cueText(question)));
}

export function analyzeQuestion(question: string, previous: string | null): QueryAnalysis {
  const language = questionLanguage(question);
  const own = conceptsOf(question, 1, language);
  const followUp = previous !== null && isFollowUp(question, own);
  const concepts = [...own];
  if (followUp) {
    for (const c of conceptsOf(previous, CARRIED_BOOST)) {
      if (!concepts.some((o) => o.key === c.key)) concepts.push(c);
    }
  }
  for (const c of concepts) addIrregularForms(c);
  addNegatedForms(concepts, question);
  let intents = askedIntents(question);
  // "How much is it?" asks for an amount; the previous question says of what. A follow-up without
  // a question word of its own ("and on Saturdays?") keeps the previous question's intent; one
  // asking about a situation ("what if I can't afford it?") asks for whatever applies to it.
  if (followUp && intents.length === 0 && questionKind(question) !== 'any') intents = intentsOf(previous);
  // What pages write next to the fact asked for ("address" for where) ranks passages, weakly.
  for (const intent of intents) {
    const hints = intentHints(intent);
    if (hints.length === 0) continue;
    concepts.push({
      key: `intent:${intent}`,
      boost: HINT_BOOST,
      alternatives: hints.map((h) => ({ words: [h], weight: 1 })),
    });
  }
  return { question, language, intents, concepts, followUp };
}

/**
 * The question's language: detectLanguage's, except for a question of content words with at most one
 * function word and nothing else Spanish about it (no "¿", "¡", "ñ" or accent): there the content
 * words decide, Spanish when more are Spanish only (a Spanish legal word or a word of the Spanish
 * glossary that is no English word) than English only, English in the other case ("multa",
 * "juzgado horario", "consulta gratuita", "abogado gratis" are Spanish; "va benefits", whose "va" is
 * also a Spanish verb, is English).
 */
export function questionLanguage(question: string): Language {
  const detected = detectLanguage(question);
  const ws = words(question);
  if (ws.length === 0 || /[¿¡ñáéíóú]/i.test(question) || ws.filter((w) => isFunctionWord(w)).length > 1) {
    return detected;
  }
  const spanish = (w: string) => isSpanishLegalWord(w) || findGlossaryPhrases([w], NO_SKIP).length > 0;
  let spanishOnly = 0;
  let englishOnly = 0;
  for (const w of ws) {
    const es = spanish(w);
    const en = isEnglishWord(w);
    if (es && !en) spanishOnly++;
    else if (en && !es) englishOnly++;
  }
  if (spanishOnly === englishOnly) return detected;
  return spanishOnly > englishOnly ? 'es' : 'en';
}

const NO_SKIP: ReadonlySet<number> = new Set();

/**
 * The question's intents, of which the kinds of fact asked for (an amount, a time, a phone…) only as
 * its asking clause says them, when the visitor tells something first: "when they call" or "my
 * emails" in the story asks for no time or e-mail address ("…keep hitting the space bar when they
 * call. is that ok").
 */
function askedIntents(question: string): Intent[] {
  const intents = intentsOf(question);
  const clause = askingClause(question);
  if (clause === null || clause.start === 0) return intents;
  const ws = words(question);
  const asked = new Set(intentsOf(ws.slice(clause.start, clause.end ?? ws.length).join(' ')));
  return intents.filter((i) => asked.has(i) || !(FACT_INTENTS as readonly string[]).includes(i));
}
