import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { addTextDocument } from '../../test/fixtures/text-document.js';
import { analyzeQuestion } from '../answer/query.js';
import { weighConcepts } from './concept-weights.js';
import { chunkCount } from './term-stats.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

const addPage = (title: string, text: string): void => {
  addTextDocument(deps.db, title, text, { accountId: 'acct' });
};

const weigh = (question: string, language: 'en' | 'es' = 'en') =>
  weighConcepts(deps.db, analyzeQuestion(question, null).concepts, chunkCount(deps.db), language);

describe('weighConcepts', () => {
  beforeEach(() => {
    addPage('Small claims', 'File a small claims case for up to $12,500. The filing fee is $75.');
    addPage('Traffic', 'Pay a traffic ticket online or by mail.');
  });

  it('lets a number the site never writes rank weakly instead of deciding coverage', () => {
    const amount = weigh('filing fee for a 4000 small claims case').find((c) => c.key === '4000');
    expect(amount?.known).toBe(false);
    expect(amount?.boost).toBeLessThan(1);
  });

  it('keeps a number the site writes as a full concept', () => {
    const fee = weigh('is the fee 75').find((c) => c.key === '75');
    expect(fee?.known).toBe(true);
    expect(fee?.boost).toBe(1);
  });

  it('lets a person the site never names rank weakly, as said by the visitor, not asked about', () => {
    const grandfather = weigh('can i file a small claims case for my grandfather').find(
      (c) => c.key === 'grandfather',
    );
    expect(grandfather?.known).toBe(false);
    expect(grandfather?.incidental).toBe(true);
    expect(grandfather?.boost).toBeLessThan(1);
    // A thing the site never names is still what the question is about.
    const passport = weigh('can i file a small claims case for my passport').find(
      (c) => c.key === 'passport',
    );
    expect(passport?.incidental).toBeUndefined();
    expect(passport?.boost).toBe(1);
  });

  it('lets a word the site never writes, told only in the story, rank weakly but remember its weight', () => {
    const concepts = weigh('i keep getting threats. can i pay the filing fee online?');
    const threats = concepts.find((c) => c.key === 'threats');
    expect(threats?.incidental).toBe(true);
    expect(threats?.boost).toBeLessThan(1);
    expect(threats?.told).toBeGreaterThan(threats?.weight ?? Number.POSITIVE_INFINITY);
    // Said in the clause that asks, it is what the question is about.
    const asked = weigh('can i pay the filing fee for my threats online?').find((c) => c.key === 'threats');
    expect(asked?.incidental).toBeUndefined();
    expect(asked?.told).toBeUndefined();
  });

  it('keeps a compound of the question only when the site writes it', () => {
    addPage('Home loans', 'Most loans are made without a down payment.');
    expect(weigh('do i need a down payment').find((c) => c.key === 'down payment')?.known).toBe(true);
    // "power of attorney" is not on the site: its words decide alone, and "attorney" stays unknown.
    const asked = analyzeQuestion('can i pay with a power of attorney', null).concepts;
    expect(asked.map((c) => c.key)).toContain('power of attorney');
    const concepts = weigh('can i pay with a power of attorney');
    expect(concepts.map((c) => c.key)).not.toContain('power of attorney');
    expect(concepts.find((c) => c.key === 'power')?.known).toBe(false);
  });

  it('keeps an unknown word as a full concept that weighs the most', () => {
    const concepts = weigh('how do i renew my passport');
    const passport = concepts.find((c) => c.key === 'passport');
    expect(passport?.known).toBe(false);
    expect(passport?.boost).toBe(1);
    expect(passport?.weight).toBe(Math.max(...concepts.map((c) => c.weight)));
  });

  it('weighs an unknown word no more than the heaviest known one when the question names three known things', () => {
    const concepts = weigh('how many spots do small claims traffic tickets get');
    const spots = concepts.find((c) => c.key === 'spots');
    expect(spots?.known).toBe(false);
    const known = concepts.filter((c) => c.known && !c.key.includes(':'));
    expect(known.length).toBeGreaterThanOrEqual(3);
    expect(spots?.weight).toBe(Math.max(...known.map((c) => c.weight)));
    const fewer = weigh('how many spots do small claims get');
    const alone = fewer.find((c) => c.key === 'spots');
    expect(alone?.weight).toBeGreaterThan(Math.max(...fewer.filter((c) => c.known).map((c) => c.weight)));
  });

  it("searches a Spanish question's word in English too when the site's few Spanish lines hold it", () => {
    addPage('Veteran ID card', 'A Veteran ID card proves you served. Veterans apply online.');
    addPage('Veteran pension', 'A Veteran pension pays a monthly amount to wartime Veterans.');
    addPage('Nota', 'Si usted es veterano, llame a la oficina.');
    const veterano = weigh('tarjeta de veterano', 'es').find((c) => c.key === 'veterano');
    expect(veterano?.corrected).toBe('veteran');
    const english = veterano?.alternatives.find((a) => a.words.join(' ') === 'veteran');
    // The translation keeps its full weight: it is not a broader word than the Spanish one.
    expect(english?.weight).toBe(0.85);
    // A word the glossary translates keeps its translation, not a look-alike ("paga" is not "page").
    addPage('Pages', 'Each page of the form must be signed.');
    const paga = weigh('¿el tribunal me paga?', 'es').find((c) => c.key === 'paga');
    expect(paga?.alternatives.map((a) => a.words.join(' '))).toContain('pay');
    expect(paga?.alternatives.map((a) => a.words.join(' '))).not.toContain('page');
    // An English question's word keeps its own: no cognate is looked for.
    expect(weigh('veteran card').find((c) => c.key === 'veteran')?.corrected).toBeUndefined();
  });

  it('finds the English cognate of a Spanish word that no regular ending gives', () => {
    addPage('Abbreviations', 'Use no more than three abbreviations in one document.');
    const abreviaturas = weigh('¿cuántas abreviaturas puedo usar?', 'es').find(
      (c) => c.key === 'abreviaturas',
    );
    expect(abreviaturas?.known).toBe(true);
    expect(abreviaturas?.corrected).toBe('abbrevi');
    // An English question's unknown word is a typo or a subject the site lacks, never a cognate.
    expect(weigh('how many abreviaturas').find((c) => c.key === 'abreviaturas')?.known).toBe(false);
  });

  it("weighs a concept said only before the asking clause at 0.6 of itself, still as the question's own", () => {
    const mail = (c: { alternatives: { words: string[] }[] }) => c.alternatives[0]?.words.includes('mail');
    const asked = weigh('can i pay my traffic ticket by mail').find(mail);
    const context = weigh('i got a ticket in the mail, can i pay online').find(mail);
    expect(context?.weight).toBeCloseTo(0.6 * asked!.weight);
    expect(context?.boost).toBe(1);
  });

  it('reads an unknown word as two words the site writes, but not a run longer than any word', () => {
    expect(weigh('smallclaims filing fee').find((c) => c.key === 'smallclaims')?.corrected).toBe(
      'small claims',
    );
    // Each split point costs a look-up as long as the run: a pasted 60-letter token is left alone.
    addPage('Codes', `Codes ${'q'.repeat(30)} ${'z'.repeat(30)} are listed.`);
    const run = `${'q'.repeat(30)}${'z'.repeat(30)}`;
    const token = weigh(`what is ${run}`).find((c) => c.key === run);
    expect(token?.known).toBe(false);
    expect(token?.corrected).toBeUndefined();
  });

  it("corrects a typo against the index of the question's language first", () => {
    addPage('Ventanilla', 'Pague en la ventanilla del tribunal.');
    // The Spanish index holds Snowball stems ("ventanill"), the English one the word as porter leaves it.
    expect(weigh('¿donde esta la ventanila?', 'es').find((c) => c.key === 'ventanila')?.corrected).toBe(
      'ventanill',
    );
    expect(weigh('where is the ventanila', 'en').find((c) => c.key === 'ventanila')?.corrected).toBe(
      'ventanilla',
    );
  });

  it('does not take a Spanish word the glossary translates for a typo of a word the site writes', () => {
    addPage('Cada caso', 'Cada caso tiene su propia fecha.');
    // "cara" (expensive) is one letter from "cada" ("cad"); the site writes neither it nor "expensive".
    const cara = weigh('¿la solicitud me va a salir cara?', 'es').find((c) => c.key === 'cara');
    expect(cara?.corrected).toBeUndefined();
    expect(cara?.known).toBe(false);
    // A misspelt word the glossary does not know is still corrected.
    expect(weigh('¿cada caso tiene su propia feha?', 'es').find((c) => c.key === 'feha')?.corrected).toBe(
      'fech',
    );
  });
});
