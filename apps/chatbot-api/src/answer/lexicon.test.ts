import { describe, expect, it } from 'vitest';
import { correctTypos, questionConcepts, searchQueries } from './lexicon.js';
import { splitUnits } from './sentences.js';
import { detectLanguage } from './terms.js';

describe('correctTypos', () => {
  it('fixes one-letter typos of court words and leaves other words alone', () => {
    expect(correctTypos(['trafic', 'tiket', 'interprete', 'patent', 'fishing'])).toEqual([
      'traffic',
      'ticket',
      'interprete',
      'patent',
      'fishing',
    ]);
  });
});

describe('questionConcepts', () => {
  it('reads a lexicon phrase as one concept that English and Spanish wordings both satisfy', () => {
    const concepts = questionConcepts('cuanto cuesta presentar un reclamo menor');
    const claims = concepts.find((c) => c.key === 'reclamo menor');
    expect(claims?.alternatives).toContainEqual(['small', 'claim']);
    expect(concepts.find((c) => c.key === 'cuesta')?.alternatives).toContainEqual(['fee']);
  });

  it('keeps a word the lexicon does not know as a concept of its own', () => {
    expect(questionConcepts('how do I patent an invention').map((c) => c.alternatives)).toEqual([
      [['patent']],
      [['invention']],
    ]);
  });
});

describe('searchQueries', () => {
  it('searches as asked and as the English and the Spanish pages say it', () => {
    const [asked, english, spanish] = searchQueries('¿Dónde está el juzgado?');
    expect(asked).toBe('donde esta el juzgado');
    expect(english).toContain('hall of justice');
    expect(spanish).toContain('palacio de justicia');
  });
});

describe('detectLanguage', () => {
  it('counts only function words that belong to one language', () => {
    expect(detectLanguage('donde me estaciono')).toBe('es');
    expect(detectLanguage('a que hora abre la corte')).toBe('es');
    expect(detectLanguage('can i get an interpreter')).toBe('en');
  });
});

describe('splitUnits', () => {
  it('labels a bare value with the term before it', () => {
    expect(
      splitUnits('Traffic\n(555) 010-0150\nBy mail to:\nPO Box 4500 Northfield').map((u) => u.text),
    ).toEqual(['Traffic: (555) 010-0150', 'By mail to: PO Box 4500 Northfield']);
  });

  it('does not end a sentence at an abbreviation', () => {
    expect(splitUnits('Call the U.S. Department of Justice. It answers calls.').map((u) => u.text)).toEqual([
      'Call the U.S. Department of Justice.',
      'It answers calls.',
    ]);
  });
});
