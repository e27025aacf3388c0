import { describe, expect, it } from 'vitest';
import { spanishFirstPersonInfinitives, spanishInfinitives, stem } from './stem.js';

describe('stem', () => {
  it('meets the forms of a word in English and in Spanish', () => {
    expect(stem('payments', 'en')).toBe(stem('payment', 'en'));
    expect(stem('pagan', 'es')).toBe(stem('pago', 'es'));
  });

  it("drops an acronym's plural s, which Porter2 keeps when no vowel comes before it", () => {
    expect(stem('pdfs', 'en')).toBe(stem('pdf', 'en'));
    expect(stem('dvds', 'en')).toBe('dvd');
    expect(stem('ids', 'en')).toBe(stem('id', 'en'));
    // A word with a vowel is Porter2's to stem, as before.
    expect(stem('bus', 'en')).toBe('bus');
  });

  it('keeps apart English words Porter2 stems like an unrelated word, each with its own forms', () => {
    for (const [a, b] of [
      ['probation', 'probate'],
      ['business', 'busy'],
      ['officers', 'office'],
      ['accountant', 'account'],
      ['several', 'severe'],
      ['organization', 'organ'],
      ['relatives', 'related'],
      ['witness', 'wit'],
      ['department', 'depart'],
    ])
      expect(stem(a!, 'en'), `${a} / ${b}`).not.toBe(stem(b!, 'en'));
    expect(stem('officers', 'en')).toBe(stem('officer', 'en'));
    expect(stem('organized', 'en')).toBe(stem('organizations', 'en'));
    // Words the table does not list are Porter2's, as before.
    expect(stem('offices', 'en')).toBe(stem('office', 'en'));
    expect(stem('businesses', 'en')).toBe(stem('business', 'en'));
  });

  it('meets a Spanish plural and its singular where Snowball alone stems them apart', () => {
    for (const [singular, plural] of [
      ['mujer', 'mujeres'],
      ['lugar', 'lugares'],
      ['ciudad', 'ciudades'],
      ['interes', 'intereses'],
      ['luz', 'luces'],
      ['juez', 'jueces'],
      ['ojo', 'ojos'],
      ['dia', 'dias'],
    ]) {
      expect(stem(plural!, 'es'), plural).toBe(stem(singular!, 'es'));
    }
    // Singulars and plurals Snowball already kept together still are, and a "-ce" word is not
    // taken for a "-z" one.
    for (const [a, b] of [
      ['avance', 'avances'],
      ['mes', 'meses'],
      ['papel', 'papeles'],
      ['pago', 'pagos'],
      ['pagar', 'pagan'],
      ['tiene', 'tienes'],
      // A plural in "-bles" is of a singular in "-ble", not of one ending in "-bl".
      ['elegible', 'elegibles'],
      ['disponible', 'disponibles'],
      ['responsable', 'responsables'],
      ['ley', 'leyes'],
    ]) {
      expect(stem(b!, 'es'), b).toBe(stem(a!, 'es'));
    }
    expect(stem('juzgado', 'es')).not.toBe(stem('juez', 'es'));
  });

  it('gives the infinitives a verb form may come from when its ending needs an accent to be stripped', () => {
    expect(spanishInfinitives('recibio')).toEqual(['reciber', 'recibir']);
    expect(spanishInfinitives('pagaria')).toContain('pagar');
    expect(spanishInfinitives('pagara')).toEqual(['pagar']);
    expect(spanishInfinitives('pedira')).toEqual(['pedir']);
    expect(spanishInfinitives('pago')).toEqual([]);
  });
});

describe('spanishFirstPersonInfinitives', () => {
  it('gives the infinitives of a verb in the first person after a question word or an object pronoun', () => {
    expect(spanishFirstPersonInfinitives('llevo', 'que')).toContain('llevar');
    expect(spanishFirstPersonInfinitives('pago', 'lo')).toContain('pagar');
    expect(spanishFirstPersonInfinitives('pospongo', 'como')).toContain('posponer');
    expect(spanishFirstPersonInfinitives('traigo', 'que')).toContain('traer');
    expect(spanishFirstPersonInfinitives('hago', 'que')).toContain('hacer');
    expect(spanishFirstPersonInfinitives('ofrezco', 'yo')).toContain('ofrecer');
    expect(spanishFirstPersonInfinitives('pierdo', 'si')).toEqual([]);
    expect(spanishFirstPersonInfinitives('pierdo', 'no')).toContain('perder');
    expect(spanishFirstPersonInfinitives('vuelvo', 'cuando')).toContain('volver');
  });

  it('gives none for a word that is not such a verb where it stands', () => {
    // A noun after an article, a reflexive verb ("me presento": presentarse), a word not in "-o".
    expect(spanishFirstPersonInfinitives('caso', 'el')).toEqual([]);
    expect(spanishFirstPersonInfinitives('presento', 'me')).toEqual([]);
    expect(spanishFirstPersonInfinitives('paga', 'como')).toEqual([]);
    expect(spanishFirstPersonInfinitives('pago', undefined)).toEqual([]);
  });
});
