import { describe, expect, it } from 'vitest';
import { MAX_QUESTIONS, splitQuestions } from './several-questions.js';

describe('splitQuestions', () => {
  it('splits a message into the questions it asks, in order', () => {
    expect(splitQuestions('Where is the courthouse? How much is the filing fee?')).toEqual([
      'Where is the courthouse?',
      'How much is the filing fee?',
    ]);
    expect(splitQuestions('¿Dónde está el juzgado? ¿Cuánto cuesta la multa?')).toEqual([
      '¿Dónde está el juzgado?',
      '¿Cuánto cuesta la multa?',
    ]);
  });

  it('keeps statements with the question they lead to, and those after the last with it', () => {
    expect(splitQuestions('I got a ticket. Where do I pay it? And can I pay online? Thanks!')).toEqual([
      'I got a ticket. Where do I pay it?',
      'And can I pay online? Thanks!',
    ]);
  });

  it('reads one question, with or without context, as one', () => {
    expect(splitQuestions('where is the courthouse')).toEqual(['where is the courthouse']);
    expect(splitQuestions('My petition is due today. Is it too late to file?')).toEqual([
      'My petition is due today. Is it too late to file?',
    ]);
    // A question mark inside an address is no question's end.
    expect(splitQuestions('Is https://court.example/pay?case=12 the right page?')).toEqual([
      'Is https://court.example/pay?case=12 the right page?',
    ]);
  });

  it('joins a question with nothing to look for to the next one', () => {
    expect(splitQuestions('Hello? Is anyone there? Where is the courthouse?')).toEqual([
      'Hello? Is anyone there? Where is the courthouse?',
    ]);
    expect(splitQuestions('What? Where do I park? How much is parking?')).toEqual([
      'What? Where do I park?',
      'How much is parking?',
    ]);
    // The last one joins the one before it.
    expect(splitQuestions('Where do I park? How much is it?')).toEqual(['Where do I park? How much is it?']);
  });

  it(`reads more than ${MAX_QUESTIONS} questions as one message, as before`, () => {
    const many = 'Where is the courthouse? When is it open? How much is parking? Can I bring food?';
    expect(splitQuestions(many)).toEqual([many]);
  });
});
