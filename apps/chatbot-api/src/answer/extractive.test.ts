import { describe, expect, it } from 'vitest';
import type { Passage } from '../knowledge/search.js';
import { composeExtractiveAnswer } from './extractive.js';
import { contentTerms, detectLanguage, fold, stem } from './terms.js';

const passage = (over: Partial<Passage>): Passage => ({
  documentId: 'd1',
  chunkIndex: 0,
  text: '',
  sourceFilename: 'http://court.test/page/',
  title: 'Page',
  score: 0.9,
  ...over,
});

const traffic = passage({
  title: 'Pay a Traffic Ticket',
  text: 'You can pay a traffic ticket online, by mail, or in person. Parking is free on Sundays. The due date on your ticket is the last day to pay.',
});
const jury = passage({
  documentId: 'd2',
  title: 'Jury Duty',
  text: 'You may ask to be excused from jury service for a hardship, for example:\n- you care for a young child;\n- serving would cause financial hardship.',
});
const multas = passage({
  documentId: 'd3',
  title: 'Multas de tránsito',
  text: 'Puede pagar su multa de tránsito por internet o por correo. La fecha límite aparece en su citación.',
});

const ask = (question: string, passages: Passage[], cite = true) =>
  composeExtractiveAnswer({
    question,
    previousQuestion: null,
    passages,
    language: detectLanguage(question),
    cite,
  });

describe('terms', () => {
  it('folds accents and stems English and Spanish forms alike', () => {
    expect(fold('Información')).toBe('informacion');
    expect(stem('tickets')).toBe(stem('ticket'));
    expect(stem('pagar')).toBe(stem('pago'));
    expect(stem('paying')).toBe(stem('pay'));
    expect(contentTerms('How do I pay the tickets?')).toEqual(['pay', 'ticket']);
  });

  it('detects Spanish questions', () => {
    expect(detectLanguage('¿Cómo pago una multa?')).toBe('es');
    expect(detectLanguage('donde esta la corte')).toBe('es');
    expect(detectLanguage('How do I pay a ticket?')).toBe('en');
  });
});

describe('composeExtractiveAnswer', () => {
  it('quotes the matching sentences, each ending in a marker numbered by first use', () => {
    const { content, sources } = ask('How do I pay a traffic ticket?', [jury, traffic]);
    expect(sources).toEqual([traffic]);
    expect(content).toContain('You can pay a traffic ticket online, by mail, or in person. [Source 1]');
    expect(content).not.toContain('Parking');
    for (const sentence of content.split(/(?<=\])\s+/)) expect(sentence).toMatch(/\[Source \d\]$/);
  });

  it('renders a list lead-in with its items as bullets', () => {
    const { content } = ask('Can I be excused from jury duty?', [jury]);
    expect(content.split('\n')).toEqual([
      'You may ask to be excused from jury service for a hardship, for example: [Source 1]',
      '- you care for a young child; [Source 1]',
      '- serving would cause financial hardship. [Source 1]',
    ]);
  });

  it('answers Spanish questions from Spanish passages', () => {
    const { content } = ask('¿Cómo puedo pagar mi multa?', [traffic, multas]);
    expect(content).toMatch(/^Puede pagar su multa de tránsito por internet o por correo\. \[Source 1\]/);
  });

  it('says the information does not cover it, in the question language, with no sources', () => {
    expect(ask('How do I renew a passport?', [traffic, jury])).toEqual({
      content: expect.stringContaining("couldn't find"),
      sources: [],
    });
    expect(ask('¿Cómo renuevo mi pasaporte?', [multas]).content).toMatch(/^No encontré/);
    expect(ask('hello', []).sources).toEqual([]);
  });

  it('leaves markers out when the bot does not cite', () => {
    const { content, sources } = ask('How do I pay a traffic ticket?', [traffic], false);
    expect(content).not.toContain('[Source');
    expect(sources).toEqual([]);
  });

  it('fills in a short follow-up from the previous question', () => {
    const { content } = composeExtractiveAnswer({
      question: 'and the due date?',
      previousQuestion: 'How do I pay a traffic ticket?',
      passages: [traffic],
      language: 'en',
      cite: true,
    });
    expect(content).toContain('The due date on your ticket is the last day to pay. [Source 1]');
  });
});

describe('small talk', () => {
  it('greets back in the question language instead of refusing', () => {
    expect(ask('Hello!', [traffic]).content).toMatch(/^Hello! Ask me/);
    expect(ask('¡Hola!', [traffic])).toEqual({ content: expect.stringMatching(/^¡Hola!/), sources: [] });
    expect(ask('gracias', [traffic]).content).toMatch(/^¡De nada!/);
  });

  it('judges a follow-up by its own terms, not the previous question', () => {
    const { content } = composeExtractiveAnswer({
      question: 'traffic ticket due date?',
      previousQuestion: 'hola',
      passages: [traffic],
      language: 'en',
      cite: true,
    });
    expect(content).toContain('[Source 1]');
  });
});

describe('question cues', () => {
  it('prefers the address sentence for a "where" question', () => {
    const clerk = passage({
      title: "Clerk's Office",
      text: [
        "The Clerk's Office handles filings.",
        "The Clerk's Office takes payments.",
        "The Clerk's Office keeps case records.",
        "The Clerk's Office certifies copies.",
        "The Clerk's Office answers questions.",
        "The Clerk's Office is at 100 Main Street, Room 110.",
      ].join(' '),
    });
    expect(ask("Where is the Clerk's Office?", [clerk]).content).toContain('100 Main Street');
    expect(ask("What does the Clerk's Office do?", [clerk]).content).not.toContain('100 Main Street');
  });
});

describe('page choice', () => {
  const fees = passage({
    documentId: 'd4',
    title: 'Small Claims',
    sourceFilename: 'http://court.test/small-claims/',
    text: [
      'Small claims filing fees',
      'Amount of your claim | Filing fee',
      '$1,500 or less | $30',
      '$1,500.01 to $5,000 | $50',
      '$5,000.01 to $12,500 | $75',
    ].join('\n'),
  });
  const home = passage({
    documentId: 'd5',
    title: 'Home',
    sourceFilename: 'http://court.test/',
    text: 'File a small claims case. Claims up to $12,500, with a small filing fee.',
  });

  it('answers "how much" with the whole fee table', () => {
    const { content } = ask('how much does it cost to file a small claims case', [fees]);
    expect(content.split('\n')).toEqual([
      '- Small claims filing fees — $1,500 or less: $30 [Source 1]',
      '- Small claims filing fees — $1,500.01 to $5,000: $50 [Source 1]',
      '- Small claims filing fees — $5,000.01 to $12,500: $75 [Source 1]',
    ]);
  });

  it('quotes the home page only when no other page covers the question', () => {
    expect(ask('small claims filing fee', [home, fees]).sources).toEqual([fees]);
    expect(ask('small claims filing fee', [home]).sources).toEqual([home]);
  });

  it('answers a Spanish question from an English page when only it covers the question', () => {
    const { content, sources } = ask('¿cuánto cuesta presentar un reclamo menor?', [multas, fees]);
    expect(sources).toEqual([fees]);
    expect(content).toContain('$5,000.01 to $12,500: $75');
  });

  it('prefers the page in the question language', () => {
    const multasTwin = passage({ ...multas, documentId: 'd6', text: `${multas.text} Pay online.` });
    expect(ask('How do I pay a traffic ticket?', [multasTwin, traffic]).sources[0]).toBe(traffic);
    expect(ask('¿Cómo puedo pagar mi multa de tránsito?', [traffic, multas]).sources[0]).toBe(multas);
  });
});
