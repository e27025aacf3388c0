import { describe, expect, it } from 'vitest';
import { DEFAULT_CASE_NUMBER_PATTERN } from './config.js';
import { classifyIntent, foldText } from './intent.js';

const on = { caseNumberSource: DEFAULT_CASE_NUMBER_PATTERN };

describe('classifyIntent', () => {
  it.each([
    'When is my court date?',
    'what time is my hearing tomorrow',
    '¿Cuándo es mi audiencia?',
    'cuando tengo que ir a la corte',
    'I want text reminders for my hearing',
  ])('takes "%s" for a court-date question', (text) => {
    expect(classifyIntent(text, on)).toEqual({ kind: 'court_date' });
  });

  it('finds a case number inside a question and normalises it', () => {
    expect(classifyIntent('Info on ex-2026-sc-000456 please', on)).toEqual({
      kind: 'court_date',
      case_number: 'EX-2026-SC-000456',
    });
  });

  it('does not take a longer code for a case number', () => {
    expect(classifyIntent('ref XEX-2026-SC-0004567', on)).toEqual({ kind: 'none' });
  });

  it.each([
    'Do I have a warrant?',
    '¿Tengo una orden de arresto?',
    'I missed my court date, what happens now?',
    'No me presenté a la corte',
  ])('takes "%s" for a warrant question', (text) => {
    expect(classifyIntent(text, on)).toEqual({ kind: 'warrant' });
  });

  it('leaves everything else to the knowledge base', () => {
    expect(classifyIntent('How do I pay a traffic ticket?', on)).toEqual({ kind: 'none' });
    expect(classifyIntent('Where is the courthouse?', on)).toEqual({ kind: 'none' });
  });

  it('answers none for court-date questions when court dates are off, but still knows warrants', () => {
    expect(classifyIntent('When is my court date?', { caseNumberSource: undefined })).toEqual({
      kind: 'none',
    });
    expect(classifyIntent('bench warrant', { caseNumberSource: undefined })).toEqual({ kind: 'warrant' });
  });
});

describe('foldText', () => {
  it('drops case, accents and punctuation', () => {
    expect(foldText('¿Cuándo es MI audiencia?')).toBe(' cuando es mi audiencia ');
  });
});
