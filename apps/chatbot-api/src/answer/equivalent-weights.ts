import { STRONG_ALTERNATIVE } from '../knowledge/concept-weights.js';

/*
 * How surely each kind of equivalent says what the question's own word says (the word itself weighs
 * 1): query analysis and the multi-word concepts (compounds.ts) weigh alternatives with these.
 */

/** The curated lexicon's equivalents (lay and legal, English and Spanish). */
export const LEXICON_WEIGHT = 0.85;
/**
 * An everyday word's equivalents (the Spanish glossary's English words, the formal words agencies write
 * for a plain English one): just sure enough to make the word known, less sure than the lexicon.
 */
export const EVERYDAY_WEIGHT = STRONG_ALTERNATIVE;
/** A WordNet synonym of the word's most frequent senses: the least sure equivalent. */
export const SYNONYM_WEIGHT = 0.45;
/**
 * A derivationally related word ("admission" for "admitted"): surer than a WordNet synonym, less sure
 * than the curated lexicon's equivalents.
 */
export const DERIVED_WEIGHT = 0.6;
