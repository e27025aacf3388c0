import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../answer/query.js';
import { dataLines } from './data-files.js';
import { findGlossaryPhrases, findPlainPhrases } from './glossary.js';
import { words } from './words.js';

const english = (text: string, skip: number[] = []) =>
  findGlossaryPhrases(words(text), new Set(skip)).map((m) => ({
    at: m.start,
    length: m.length,
    english: m.english.map((p) => p.join(' ')),
  }));

describe('the Spanish→English glossary', () => {
  it('finds a regular form by its stem and an irregular form as the entry lists it', () => {
    expect(english('cómo elimino mi cuenta')).toContainEqual(
      expect.objectContaining({ at: 1, length: 1, english: expect.arrayContaining(['delete', 'remove']) }),
    );
    // "cuestan" (costar) is listed as written: the price, not a slope.
    expect(english('cuanto cuestan las copias')[0]).toMatchObject({ at: 1, english: ['cost', 'price'] });
  });

  it('knows the common words of writing and documents ("párrafos", "oraciones", "siglas")', () => {
    expect(english('el largo de los párrafos')).toContainEqual(
      expect.objectContaining({ english: ['paragraph'] }),
    );
    expect(english('cuántas oraciones por párrafo')).toContainEqual(
      expect.objectContaining({ english: ['sentence'] }),
    );
    expect(english('puedo usar siglas')).toContainEqual(
      expect.objectContaining({ english: ['acronym', 'initialism'] }),
    );
  });

  it('finds a verb form written without the accent its ending needs ("recibió", "vivía", "contestaría")', () => {
    for (const form of ['recibio', 'recibira', 'recibia'])
      expect(english(form)[0]?.english[0], form).toBe('receive');
    expect(english('vivia')[0]?.english[0]).toBe('live');
    expect(english('contestaria')[0]?.english[0]).toBe('answer');
    // Only where an entry writes the infinitive: a noun with such an ending finds nothing through it.
    expect(english('secretaria')).toEqual([]);
  });

  it("finds a stem-changing verb's first person from the third person its entry lists", () => {
    // "perder, pierde, …" → "pierdo"; "volver, vuelve, …" → "vuelvo".
    expect(english('lo pierdo si me caso')[0]).toMatchObject({
      at: 1,
      english: expect.arrayContaining(['lose']),
    });
    expect(english('vuelvo mañana')[0]).toMatchObject({ at: 0, english: expect.arrayContaining(['return']) });
  });

  it('matches an expression as one, longest first, accents folded', () => {
    expect(english('¿Dónde pongo mi fecha de nacimiento?')).toContainEqual({
      at: 3,
      length: 3,
      english: ['date of birth', 'birth date'],
    });
  });

  it("gives a frequent word its own entry, not another word's that Snowball stems alike", () => {
    // "hombres" / "hombro", "importante" / "importe", "licencia" / "licenciamiento", "sola" / "sol".
    expect(english('hombres')[0]?.english).toEqual(['man', 'men']);
    expect(english('es importante')[0]?.english).toEqual(['important']);
    expect(english('licencia')[0]?.english).toContain('license');
    expect(english('licencia')[0]?.english).not.toContain('military discharge');
    expect(english('estoy sola')).toEqual([]);
  });

  it('starts no match on a function word and skips words already covered', () => {
    // "para" is a preposition here, not a form of "parar" (to stop).
    expect(english('para')).toEqual([]);
    expect(english('necesito mi contrasena', [2])).not.toContainEqual(expect.objectContaining({ at: 2 }));
    expect(english('necesito mi contrasena')).toContainEqual(
      expect.objectContaining({ at: 2, english: ['password'] }),
    );
  });
});

describe('questions with glossary words', () => {
  it('gives a Spanish question English equivalents, weaker than its own words', () => {
    const a = analyzeQuestion('¿Cómo cambio mi contraseña?', null);
    const password = a.concepts.find((c) => c.key === 'contrasena');
    expect(password?.alternatives[0]).toEqual({ words: ['contrasena'], weight: 1 });
    expect(password?.alternatives).toContainEqual({ words: ['password'], weight: 0.8 });
  });

  it('reads an English question with the plain-words table, not the Spanish glossary', () => {
    // "red" and "once" are Spanish words too (network, eleven): not here.
    const red = analyzeQuestion('is the red form needed once a year', null);
    expect(red.language).toBe('en');
    expect(red.concepts.flatMap((c) => c.alternatives).every((x) => x.weight !== 0.8)).toBe(true);
    // A plain word finds the formal one a page writes, in any form, and keeps its WordNet synonyms.
    const buy = analyzeQuestion('where do I buy bus passes', null);
    const bought = buy.concepts.find((c) => c.key === 'buy');
    expect(bought?.alternatives).toContainEqual({ words: ['purchase'], weight: 0.8 });
    expect(bought?.alternatives.some((x) => x.weight < 0.8)).toBe(true);
    const moved = analyzeQuestion('I moved, how do I update my address', null);
    expect(moved.concepts.find((c) => c.key === 'moved')?.alternatives).toContainEqual({
      words: ['relocate'],
      weight: 0.8,
    });
  });
});

describe('plain-words.en.tsv and everyday.en.tsv', () => {
  const lines = [...dataLines('plain-words.en.tsv'), ...dataLines('everyday.en.tsv')];

  it('have one tab a line, lower case, and each plain form on one line of one file only', () => {
    expect(lines.filter((l) => l.split('\t').length !== 2 || l !== l.toLowerCase())).toEqual([]);
    const forms = lines.flatMap((l) => (l.split('\t')[0] ?? '').split(',').map((f) => f.trim()));
    expect(forms.filter((f, i) => forms.indexOf(f) !== i)).toEqual([]);
  });

  it('match every form of an entry, also forms of one length that start alike', () => {
    for (const question of ['how do i become a foster mom', 'how do i become a foster dad']) {
      const found = findPlainPhrases(words(question), new Set());
      expect(found.map((m) => m.english.map((p) => p.join(' ')))).toContainEqual(
        expect.arrayContaining(['foster carer']),
      );
    }
  });

  it('give an everyday word the other words pages write for it', () => {
    const daycare = analyzeQuestion('is there a daycare near the courthouse', null);
    expect(daycare.concepts.find((c) => c.key === 'daycare')?.alternatives).toContainEqual({
      words: ['child', 'care'],
      weight: 0.8,
    });
    const phone = analyzeQuestion('can i text the clerk on my cellphone', null);
    expect(phone.concepts.find((c) => c.key === 'cellphone')?.alternatives).toContainEqual({
      words: ['mobile', 'phone'],
      weight: 0.8,
    });
  });
});
