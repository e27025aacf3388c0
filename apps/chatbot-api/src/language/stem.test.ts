import { describe, expect, it } from 'vitest';
import { spanishInfinitives, stem } from './stem.js';

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
