import { describe, expect, it } from 'vitest';
import { fieldsOf, matchOf } from './chunk-match.js';
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
});
