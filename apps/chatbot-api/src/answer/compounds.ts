import { isParticle } from '../language/cues.js';
import { findPlainPhrases } from '../language/glossary.js';
import { irregularForms } from '../language/irregular-forms.js';
import { isNounCompound, phrasalVerb, synonyms } from '../language/wordnet.js';
import { isFunctionWord, words } from '../language/words.js';
import { DERIVED_WEIGHT, EVERYDAY_WEIGHT, SYNONYM_WEIGHT } from './equivalent-weights.js';
import type { Alternative, Concept } from './query.js';

/*
 * Concepts of several words of an English question, as WordNet lists them: phrasal verbs ("find out"
 * is not "find"), compounds whose synonyms say the same ("blood sugar" → "blood glucose") and nouns
 * holding a function word ("down payment", "statute of limitations").
 */

/**
 * A phrasal verb at word i ("find out" in "when will i find out"), as WordNet lists it, or null. Its
 * verb alone means something else ("find": search), so the verb's equivalents never stand for it.
 */
function phrasalAt(ws: readonly string[], i: number, frame: ReadonlySet<number>, gap = 0): string | null {
  const [verb, particle] = [ws[i], ws[i + 1 + gap]];
  if (verb === undefined || particle === undefined || !isParticle(particle)) return null;
  if (frame.has(i) || frame.has(i + 1 + gap) || isFunctionWord(verb, 'en')) return null;
  return phrasalVerb(verb, particle, irregularForms(verb));
}

/** An object pronoun a phrasal verb's particle may follow ("sort this out", "fill it out"). */
const OBJECT_PRONOUN = /^(it|this|that|these|those|them|him|her|me|us|everything|something|anything)$/;

/**
 * The concept of a phrasal verb: the question's words, the verb alone less surely ("pays" for "pay
 * out"), and WordNet's synonyms of the phrasal verb ("learn", "ascertain" for "find out").
 */
function phrasalConcept(verb: string, particle: string, lemma: string, boost: number): Concept {
  const own = [verb, particle];
  // The lemma is the question's own phrase in its base form ("speed up" for "sped up"), which
  // stemming does not reach for an irregular verb.
  const base = words(lemma);
  const alternatives: Alternative[] = [
    { words: own, weight: 1 },
    { words: [verb], weight: DERIVED_WEIGHT },
  ];
  if (base.join(' ') !== own.join(' ')) {
    alternatives.push({ words: base, weight: 1 });
    if (base[0] !== verb) alternatives.push({ words: [base[0]!], weight: DERIVED_WEIGHT });
  }
  for (const syn of synonyms(lemma)) {
    const w = words(syn);
    if (!alternatives.some((a) => a.words.join(' ') === w.join(' ')))
      alternatives.push({ words: w, weight: SYNONYM_WEIGHT });
  }
  return { key: own.join(' '), boost, alternatives };
}

/**
 * The phrasal verbs of an English question. One a curated table lists as a phrase is the table's: a
 * longer lexicon phrase holding it ("don't show up": failing to appear) keeps it whole, and a plain-
 * words phrase ("fill out", "find out") takes it in conceptsOf. Either way the lexicon's match of the
 * verb alone is never used (`positions`). Only one no table lists is a concept here (`own`: the
 * positions it covers). One split by an object pronoun ("sort this out", "pay it back") is always a
 * concept here: the tables match adjacent words only.
 */
export function phrasalVerbs(
  ws: readonly string[],
  frame: ReadonlySet<number>,
  lexicon: readonly { start: number; length: number }[],
  boost: number,
): { concepts: Concept[]; positions: Set<number>; own: number[] } {
  const concepts: Concept[] = [];
  const positions = new Set<number>();
  const own: number[] = [];
  for (let i = 0; i + 1 < ws.length; i++) {
    // The particle of a function word's phrasal verb ("go back", "get back") is no more what the
    // question is about than its verb: "go back to work" asks about work.
    if (
      isFunctionWord(ws[i]!, 'en') &&
      isParticle(ws[i + 1]!) &&
      !frame.has(i + 1) &&
      phrasalVerb(ws[i]!, ws[i + 1]!, irregularForms(ws[i]!)) !== null
    ) {
      own.push(i + 1);
      i++;
      continue;
    }
    const lemma = phrasalAt(ws, i, frame);
    // A particle after an object pronoun ("sort this out") is the same verb's, split.
    if (lemma === null && OBJECT_PRONOUN.test(ws[i + 1] ?? '')) {
      const split = phrasalAt(ws, i, frame, 1);
      if (
        split !== null &&
        !lexicon.some((m) => m.length > 1 && m.start <= i + 2 && i < m.start + m.length)
      ) {
        positions.add(i);
        positions.add(i + 2);
        concepts.push(phrasalConcept(ws[i]!, ws[i + 2]!, split, boost));
        own.push(i, i + 2);
        i += 2;
        continue;
      }
    }
    if (lemma === null) continue;
    if (lexicon.some((m) => m.length > 1 && m.start <= i && i < m.start + m.length)) continue;
    positions.add(i);
    positions.add(i + 1);
    if (!findPlainPhrases(ws.slice(i, i + 2), new Set()).some((m) => m.length === 2)) {
      concepts.push(phrasalConcept(ws[i]!, ws[i + 1]!, lemma, boost));
      own.push(i, i + 1);
    }
    i++;
  }
  return { concepts, positions, own };
}

/** Longest compound looked up in WordNet, in words. */
const MAX_COMPOUND = 3;

/**
 * WordNet's synonyms of a compound the question writes ("blood sugar" → "blood glucose", "log in"
 * → "log on", "day care" → "daycare") become alternatives of its last word's concept (the head of
 * an English compound): a page saying "blood glucose tests" then holds the question's "sugar". The
 * words stay concepts of their own, so the compound never has to appear whole. Only compounds that
 * no lexicon or everyday phrase took, and only for words that are concepts of their own.
 */
export function addCompoundSynonyms(
  ws: readonly string[],
  out: Concept[],
  covered: ReadonlySet<number>,
  frame: ReadonlySet<number>,
): void {
  for (let i = 0; i < ws.length; i++) {
    if (covered.has(i) || frame.has(i) || isFunctionWord(ws[i]!, 'en')) continue;
    for (let n = Math.min(MAX_COMPOUND, ws.length - i); n >= 2; n--) {
      const span = ws.slice(i, i + n);
      const head = out.find((c) => c.key === span[n - 1]);
      if (!head || span.some((_, k) => covered.has(i + k) || frame.has(i + k))) continue;
      // A synonym that is one of the compound's own words ("number" for "phone number") is broader.
      const found = synonyms(span.join('_'))
        .map((syn) => words(syn))
        .filter((w) => w.length > 1 || !span.includes(w[0]!))
        .filter((w) => w.join(' ') !== span.join(' '));
      if (found.length === 0) continue;
      for (const w of found) {
        if (!head.alternatives.some((a) => a.words.join(' ') === w.join(' ')))
          head.alternatives.push({ words: w, weight: EVERYDAY_WEIGHT });
      }
      break;
    }
  }
}

/** Articles: a compound never starts or ends with one ("the city" is no term a question asks about). */
const ARTICLE = /^(a|an|the)$/;

/**
 * Nouns WordNet lists as one whose words include a function word ("down payment", "power of
 * attorney", "statute of limitations"): the function word is no concept, so the words alone would
 * find any page about payments or attorneys. The compound, as a phrase, is a concept of its own
 * besides its words' concepts; it weighs only when the site writes it (concept-weights.ts).
 */
export function addNounCompounds(ws: readonly string[], out: Concept[], frame: ReadonlySet<number>): void {
  for (let i = 0; i < ws.length; i++) {
    for (let n = Math.min(MAX_COMPOUND, ws.length - i); n >= 2; n--) {
      const span = ws.slice(i, i + n);
      if (ARTICLE.test(span[0]!) || ARTICLE.test(span[n - 1]!)) continue;
      if (span.some((_, k) => frame.has(i + k))) continue;
      const fn = span.map((w) => isFunctionWord(w, 'en'));
      // A function word inside, and a content word last (so never function words only).
      if (!fn.some(Boolean) || fn[n - 1]) continue;
      const key = span.join(' ');
      if (out.some((c) => c.key === key) || !isNounCompound(key)) continue;
      out.push({ key, boost: 1, compound: true, alternatives: [{ words: span, weight: 1 }] });
      i += n - 1;
      break;
    }
  }
}
