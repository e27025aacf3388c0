import type { ConceptPassage } from '../knowledge/concept-search.js';
import { detectLanguage, isSpanishSentence, type Language, words } from '../language/words.js';
import { splitUnits } from './sentences.js';

/*
 * Which passages can answer a visitor in their language: a page in it, or, for English, an English
 * page whose section also holds a Spanish note; English answers a Spanish question when nothing in
 * Spanish covers it, never the other way round.
 */

/** A section in the question's language may score this much lower than the best one. */
const SAME_LANGUAGE_RATIO = 0.65;

/** The language a passage is written in, read from its title and opening. */
export function passageLanguage(p: ConceptPassage): Language {
  return detectLanguage(`${p.title} ${p.text.slice(0, 600)}`);
}

/** English words a passage needs, outside its Spanish sentences, to answer an English question. */
const ENGLISH_WORDS = 10;

/**
 * Whether a passage says something in the visitor's language: it is written in it, or, for English,
 * it is on an English page and its English sentences say enough (a section with a Spanish note,
 * "Obtenga instrucciones en Español…", reads as Spanish overall; its English sentences still answer).
 */
function speaks(p: ConceptPassage, language: Language): boolean {
  if (passageLanguage(p) === language) return true;
  // A Spanish page ("Presente una queja") is not English for an address line or a name on it.
  if (language !== 'en' || detectLanguage(p.title) !== 'en') return false;
  let english = 0;
  for (const u of splitUnits(p.text)) {
    if (!isSpanishSentence(u.text) && detectLanguage(u.text) === 'en') english += words(u.text).length;
    if (english >= ENGLISH_WORDS) return true;
  }
  return false;
}

/** A passage of a page written in Spanish, by its title and opening ("Intérpretes", "Dispositivos de movilidad"). */
export function onSpanishPage(p: ConceptPassage): boolean {
  return passageLanguage(p) === 'es' && detectLanguage(p.title) === 'es';
}

/** English answers a Spanish question when nothing better exists; Spanish never answers English. */
export function readable(p: ConceptPassage, language: Language): boolean {
  return speaks(p, language) || language === 'es';
}

/**
 * The passage to quote: the best candidate, or one in the question's language nearly as good, among
 * the candidates, then among the other covering passages and their pages' other sections.
 */
export function choosePrimary(
  candidates: readonly ConceptPassage[],
  language: Language,
  covering: readonly ConceptPassage[] = [],
): ConceptPassage {
  const best = candidates[0]!;
  if (speaks(best, language)) return best;
  const same = [...candidates, ...covering.flatMap((p) => [p, ...(p.sections ?? [])])].find(
    (p) =>
      passageLanguage(p) === language &&
      p.match.score >= best.match.score * SAME_LANGUAGE_RATIO &&
      p.match.ownCoverage >= best.match.ownCoverage - 0.2,
  );
  return same ?? best;
}
