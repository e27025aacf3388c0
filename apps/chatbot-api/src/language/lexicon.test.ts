import { describe, expect, it } from 'vitest';
import { findLexiconPhrases } from './lexicon.js';
import { words } from './words.js';

const groupOf = (text: string) => findLexiconPhrases(words(text))[0]?.groups[0];

describe('the lay-legal table', () => {
  it('makes a lay word stand for its legal words, in both languages', () => {
    const divorce = groupOf('divorce');
    expect(divorce?.en.map((p) => p.join(' '))).toContain('dissolution of marriage');
    expect(groupOf('divorcio')).toBe(divorce);
  });

  it('reads "last day" and "cutoff" as a deadline, as pages write it', () => {
    const deadline = groupOf('deadline');
    expect(groupOf('the last day to register')).toBe(deadline);
    expect(groupOf('whats the cutoff')).toBe(deadline);
    expect(groupOf('el ultimo dia para registrarme')).toBe(deadline);
  });

  it('finds a group from a Spanish verb form written without its accent ("pagaría", "pagará")', () => {
    const spanish = (text: string) => findLexiconPhrases(words(text), 'es')[0]?.groups[0];
    expect(spanish('pagaria')).toBe(groupOf('pagar'));
    expect(spanish('pagara')).toBe(groupOf('pagar'));
    // Only in a Spanish question.
    expect(groupOf('pagaria')).toBeUndefined();
  });

  it('finds a group from a Spanish verb in the first person after a question word or a pronoun', () => {
    const groups = (text: string) => findLexiconPhrases(words(text), 'es').flatMap((m) => m.groups);
    expect(groups('¿cómo pospongo mi audiencia?')).toContain(groupOf('posponer'));
    expect(groups('¿qué llevo al jurado?')).toContain(groupOf('llevar'));
    expect(groups('¿dónde lo pago?')).toContain(groupOf('pagar'));
    // "Me presento" is "presentarse", to appear, not "presentar", to file.
    expect(groups('¿qué pasa si no me presento?')).not.toContain(groupOf('presentar'));
  });

  it('finds a group from a regular plural the table does not write, in both languages', () => {
    const spanish = (text: string) => findLexiconPhrases(words(text), 'es').flatMap((m) => m.groups);
    const english = (text: string) => findLexiconPhrases(words(text), 'en').flatMap((m) => m.groups);
    expect(spanish('¿cuáles son los teléfonos?')).toContain(groupOf('telefono'));
    // "menores" is written only inside "menores de edad"; alone it is still the plural of "menor".
    expect(spanish('derechos de los menores')).toContain(groupOf('menor'));
    expect(spanish('números de teléfono')).toContain(groupOf('telefono'));
    expect(english('phone calls')).toContain(groupOf('call'));
    // Only a singular the table writes, and never a word of three letters.
    expect(spanish('los mas')).toEqual([]);
  });

  it('holds no single word that means something else outside the group', () => {
    // A legal separation is not a divorce, and a company is dissolved too.
    expect(groupOf('separation')).toBeUndefined();
    expect(groupOf('dissolution')).toBeUndefined();
    expect(groupOf('separacion')).toBeUndefined();
  });

  it('keeps a holiday apart from a weekend: the days differ though the court is closed on both', () => {
    expect(groupOf('holiday')).not.toBe(groupOf('weekend'));
    expect(groupOf('feriado')).toBe(groupOf('holiday'));
    expect(groupOf('sabado')).toBe(groupOf('weekend'));
  });

  it('keeps broader or merely related words out of a group', () => {
    // A license is not always a driver's license; a tax credit is not a tax; security is not a weapon.
    expect(groupOf('license')).toBeUndefined();
    expect(groupOf('licencia')).toBeUndefined();
    expect(groupOf('drivers license')).toBe(groupOf('licencia de conducir'));
    expect(groupOf('tax credit')).not.toBe(groupOf('tax'));
    expect(groupOf('security')).not.toBe(groupOf('weapon'));
    expect(groupOf('discrimination')).toBeUndefined();
    expect(groupOf('vision')).toBeUndefined();
  });

  it('says "can\'t pay" in English as the Spanish side says "no puedo pagar"', () => {
    expect(groupOf("i can't pay the fee")).toBe(groupOf('no puedo pagar'));
    expect(groupOf('cannot pay')).toBe(groupOf('fee waiver'));
  });
});
