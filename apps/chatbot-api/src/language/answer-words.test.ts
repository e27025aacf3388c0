import { describe, expect, it } from 'vitest';
import {
  joinerOf,
  joinsAll,
  NON_ENDING_ABBREVIATIONS,
  opensLeaning,
  opensWithBareAnswer,
  pointsAhead,
  withoutAnswerLabel,
  withoutJoiner,
  withoutQuestionLabel,
} from './answer-words.js';

describe('answer words (data/language/answer-words.json)', () => {
  it('reads the word that joins a list item to the next, and whether every item must hold', () => {
    expect(joinerOf('Are enrolled in VA health care, and')).toBe('and');
    expect(joinerOf('Are at least 65 years old, or')).toBe('or');
    expect(joinerOf('Tiene 65 años o más, o')).toBe('o');
    expect(joinerOf('Get Supplemental Security Income')).toBeNull();
    // A word that merely ends in a joiner's letters is no joiner.
    expect(joinerOf('Bring a photo ID and a pen')).toBeNull();
    expect(joinsAll('and')).toBe(true);
    expect(joinsAll('y')).toBe(true);
    expect(joinsAll('or')).toBe(false);
    expect(joinsAll(null)).toBe(false);
  });

  it('reads a sentence pointing at what follows it, "these steps" and "estos pasos" among them', () => {
    expect(pointsAhead('The steps are as follows.')).toBe(true);
    expect(pointsAhead('Follow these steps to change the phone number associated with your account.')).toBe(
      true,
    );
    expect(pointsAhead('Siga estos pasos para crear su cuenta de Login.gov.')).toBe(true);
    expect(pointsAhead('You can change your phone number on your account page.')).toBe(false);
  });

  it('drops the joiner from an item quoted without the next one', () => {
    expect(withoutJoiner('Are at least 65 years old, or ')).toBe('Are at least 65 years old');
    expect(withoutJoiner('Vive en el condado; y')).toBe('Vive en el condado');
    expect(withoutJoiner('Pay online or')).toBe('Pay online');
    expect(withoutJoiner('Pay online or by mail')).toBe('Pay online or by mail');
  });

  it('finds a bare yes or no opening an answer, in English and Spanish', () => {
    expect(opensWithBareAnswer('No. You can still file today.')).toBe(true);
    expect(opensWithBareAnswer('Yes, if you ask before your hearing.')).toBe(true);
    expect(opensWithBareAnswer('Sí. Puede presentarla hoy.')).toBe(true);
    expect(opensWithBareAnswer('Not yet. The court has not ruled.')).toBe(false);
    expect(opensWithBareAnswer('No one may record a hearing.')).toBe(false);
  });

  it('finds the pronoun or connective that makes a sentence lean on the one before it', () => {
    expect(opensLeaning('It takes 6 months.')).toBe(true);
    expect(opensLeaning('However, you can ask.')).toBe(true);
    expect(opensLeaning('In that case, the clerk decides.')).toBe(true);
    expect(opensLeaning('Sin embargo, puede pedir una prórroga.')).toBe(true);
    expect(opensLeaning('Además, debe traer su citación.')).toBe(true);
    // Only whole words: "items" is not "it", "thence" not "then".
    expect(opensLeaning('Items to bring: a photo ID.')).toBe(false);
    expect(opensLeaning('Thence to the clerk.')).toBe(false);
    expect(opensLeaning('You can pay online.')).toBe(false);
  });

  it('spells the abbreviations whose period ends no sentence as an escaped alternation', () => {
    const abbreviation = new RegExp(`^(?:${NON_ENDING_ABBREVIATIONS})$`);
    for (const a of ['U.S', 'Dr', 'e.g', 'EE.UU', 'v']) expect(abbreviation.test(a)).toBe(true);
    // The dots are literal: "U.S" does not match "UAS".
    expect(abbreviation.test('UAS')).toBe(false);
    expect(abbreviation.test('Court')).toBe(false);
  });

  it("drops an FAQ's question and answer labels, and nothing else that looks like one", () => {
    expect(withoutQuestionLabel('Q1: Who is a qualified individual with a disability?')).toBe(
      'Who is a qualified individual with a disability?',
    );
    expect(withoutQuestionLabel('Q7. Can I bring my dog?')).toBe('Can I bring my dog?');
    expect(withoutQuestionLabel('P: ¿Dónde pago la multa?')).toBe('¿Dónde pago la multa?');
    expect(withoutAnswerLabel('A: Yes, as long as the test is job-related.')).toBe(
      'Yes, as long as the test is job-related.',
    );
    expect(withoutAnswerLabel('R: Sí, en la ventanilla.')).toBe('Sí, en la ventanilla.');
    // Not labels: a P.O. box, a plan named "A", words that merely start with the letter.
    expect(withoutQuestionLabel('P.O. Box 1234')).toBe('P.O. Box 1234');
    expect(withoutAnswerLabel('A: plan for the week')).toBe('A: plan for the week');
    expect(withoutAnswerLabel('Answers to common questions')).toBe('Answers to common questions');
  });
});
