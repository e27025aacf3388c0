import { describe, expect, it } from 'vitest';
import { stem } from '../language/stem.js';
import { words } from '../language/words.js';
import { fieldsOf, matchAndRelevance, matchOf, relevanceOf } from './chunk-match.js';
import { alternativeOf, type WeightedConcept } from './concept-weights.js';

function concept(key: string, weight: number): WeightedConcept {
  return { key, boost: 1, weight, known: true, alternatives: [alternativeOf([key], 1)] };
}

const concepts = [concept('exemption', 1), concept('6', 3)];
const prefixes = new Set(['ex', '6']);

describe('matchOf', () => {
  it("gives the weighted share of concepts named by the page's title", () => {
    const own = matchOf(
      fieldsOf('Exemption 6', ['Exemption 6'], 'Protects personal privacy.', prefixes),
      concepts,
    );
    const list = matchOf(
      fieldsOf('Exemptions', ['Exemptions'], 'Exemption 6 protects personal privacy.', prefixes),
      concepts,
    );
    expect(own.titleShare).toBe(1);
    expect(list.titleShare).toBe(0.25);
    // Both hold every concept somewhere: coverage alone cannot tell them apart.
    expect(own.coverage).toBe(1);
    expect(list.coverage).toBe(1);
  });

  it('counts headings in the field share but not in the title share', () => {
    const m = matchOf(
      fieldsOf('Glossary', ['Exemption 6'], 'Protects personal privacy.', prefixes),
      concepts,
    );
    expect(m.fieldShare).toBe(1);
    expect(m.titleShare).toBe(0);
  });

  it('tells a concept held only through a loose synonym from one held for sure', () => {
    const passport: WeightedConcept = {
      key: 'passport',
      boost: 1,
      weight: 3,
      known: false,
      alternatives: [alternativeOf(['passport'], 1), alternativeOf(['pass'], 0.45)],
    };
    const both = [concept('renew', 1), passport];
    const p = new Set(['re', 'pa']);
    const loose = matchOf(fieldsOf('Programs', [], 'Pass a swim test, then renew your permit.', p), both);
    expect(loose.matched).toEqual(['renew', 'passport']);
    expect(loose.loose).toEqual(['passport']);
    expect(loose.coverage).toBeCloseTo((1 + 3 * 0.45) / 4);
    expect(loose.sureCoverage).toBeCloseTo(1 / 4);
    const sure = matchOf(fieldsOf('Passports', [], 'Renew it by mail.', p), both);
    expect(sure.loose).toEqual([]);
    expect(sure.sureCoverage).toBe(1);
  });

  it('does not take a "non-" word for the word it negates', () => {
    const both = [concept('service', 1), concept('connected', 1)];
    const p = new Set(['se', 'co', 'no']);
    const non = matchOf(fieldsOf('Burial', [], 'For a non-service-connected death: $300.', p), both);
    expect(non.matched).toEqual(['connected']);
    const own = matchOf(fieldsOf('Burial', [], 'For a service-connected death: $2,000.', p), both);
    expect(own.matched).toEqual(['service', 'connected']);
    // A Spanish line goes through the other reader: the same rule.
    const es = matchOf(
      fieldsOf('Entierro', [], 'Muerte non-service-connected: $300 (según la ley).', p),
      both,
    );
    expect(es.matched).toEqual(['connected']);
  });
});

describe('fieldsOf', () => {
  const prefixes = new Set(['do', 'pa', 'fe', 'in', 'it', 'ta', 'ro', '2', 'a', 'ab']);
  /** The stem strings as words() and the stemmer make them, word by word. */
  const reference = (text: string, language: 'en' | 'es') =>
    ` ${words(text)
      .map((w) => (prefixes.has(w.slice(0, 2)) ? stem(w, language) : '_'))
      .join(' ')} `;

  it('reads the words of a field as words() does, ASCII or not', () => {
    for (const text of [
      "Don't PAY the 2nd fee-waiver form\tby mail. A' ab'c 'do it' paid.",
      'Información: ¿dónde pago la multa? It’s at Room 3B.',
      'tab\there\r\nnew line, control \u0001 char',
      "''",
      '',
    ]) {
      const fields = fieldsOf('', [], text, prefixes);
      expect(fields.words).toBe(words(text).length);
      expect(fields.body.en).toBe(reference(text, 'en'));
      expect(fields.body.es).toBe(reference(text, 'es'));
    }
  });

  it('finds alternatives among the stemmed words as in the stem strings', () => {
    const cs = [
      { key: 'fee', boost: 1, weight: 2, known: true, alternatives: [alternativeOf(['fees'], 1)] },
      {
        key: 'small claims',
        boost: 0.6,
        weight: 1,
        known: true,
        alternatives: [alternativeOf(['small', 'claims'], 1), alternativeOf(['claim'], 0.45)],
      },
    ];
    const fields = fieldsOf(
      'Fees',
      ['Small claims'],
      'Fee fee feeding. Small claims small claims claim; the fee for small small claims court.',
      new Set(['fe', 'sm', 'cl']),
    );
    const strings = (f: { en: string; es: string }) => ({ en: f.en, es: f.es });
    const viaStrings = matchAndRelevance(
      {
        words: fields.words,
        title: strings(fields.title),
        headings: strings(fields.headings),
        body: strings(fields.body),
      },
      cs,
      1.3,
      2,
    );
    const viaStems = matchAndRelevance(fields, cs, 1.3, 2);
    expect(viaStems).toEqual(viaStrings);
    expect(viaStems.relevance).toBeGreaterThan(0);
    expect(relevanceOf(fields, cs, 1.3, 2)).toBe(viaStrings.relevance);
    expect(viaStems.match.fieldShare).toBe(1);
  });
});
