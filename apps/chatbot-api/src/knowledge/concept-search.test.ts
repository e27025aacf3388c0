import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDeps } from '../../test/fixtures/temp-deps.js';
import { addTextDocument } from '../../test/fixtures/text-document.js';
import { analyzeQuestion, type Concept } from '../answer/query.js';
import { readOnFirstUse, searchConcepts, termEntry } from './concept-search.js';
import { weighConcepts } from './concept-weights.js';
import { phrasesFor, queryPhrases } from './fts-phrases.js';
import { chunkCount } from './term-stats.js';

let deps: ReturnType<typeof tempDeps>;
beforeEach(() => {
  deps = tempDeps();
});
afterEach(() => deps.close());

const addDoc = (title: string, text: string, sections: { heading: string; text: string }[] = []): string =>
  addTextDocument(deps.db, title, text, { sections });

const concept = (word: string): Concept => ({
  key: word,
  boost: 1,
  alternatives: [{ words: [word], weight: 1 }],
});

/** Ten one-chunk documents, "court" in nine of them (more than half: its BM25 IDF is at most zero). */
function commonWordSite(): { both: string; parkingOnly: string } {
  const both = addDoc('Garage', 'The court garage offers parking for visitors on weekdays.');
  const parkingOnly = addDoc('Street', 'The city garage offers parking for visitors on weekdays.');
  for (const subject of ['jury', 'fees', 'records', 'hours', 'forms', 'appeals', 'divorce', 'probate']) {
    addDoc(subject, `The court explains ${subject} to visitors on weekdays.`);
  }
  return { both, parkingOnly };
}

describe('concept search candidates', () => {
  it('leaves a word found in most chunks out of the full-text query, yet still ranks by it', () => {
    const { both } = commonWordSite();
    const concepts = [concept('court'), concept('parking')];
    const total = chunkCount(deps.db);
    const weighted = weighConcepts(deps.db, concepts, total);
    expect(phrasesFor(deps.db, weighted, 'kb_chunks_fts', total)).toEqual(['"parking"']);

    const result = searchConcepts(deps.db, {
      accountId: 'acc',
      namespaces: null,
      concepts,
      text: 'court parking',
      language: 'en',
      limit: 5,
    });
    expect(result.passages[0]?.documentId).toBe(both);
    expect(result.passages[0]?.match.matched).toEqual(expect.arrayContaining(['court', 'parking']));
  });

  it('ranks the page that writes a compound of the question above pages with its words apart', () => {
    const servicing = addDoc(
      'Servicing',
      'If you miss a loan payment, call us before your next payment is late.',
    );
    const buying = addDoc('Buying', 'Most home loans are made without a down payment.');
    for (const subject of ['jury', 'fees', 'records', 'hours'])
      addDoc(subject, `Court ${subject} for visitors.`);
    const result = searchConcepts(deps.db, {
      accountId: 'acc',
      namespaces: null,
      concepts: analyzeQuestion('do i need a down payment for a loan', null).concepts,
      text: 'do i need a down payment for a loan',
      language: 'en',
      limit: 5,
    });
    expect(result.passages.map((p) => p.documentId).slice(0, 2)).toEqual([buying, servicing]);
  });

  it('keeps the rarest word when a question is made only of common ones', () => {
    commonWordSite();
    const concepts = [concept('court'), concept('visitors')];
    const total = chunkCount(deps.db);
    const weighted = weighConcepts(deps.db, concepts, total);
    expect(phrasesFor(deps.db, weighted, 'kb_chunks_fts', total)).toEqual(['"court"']);

    const result = searchConcepts(deps.db, {
      accountId: 'acc',
      namespaces: null,
      concepts,
      text: 'court visitors',
      language: 'en',
      limit: 5,
    });
    expect(result.passages.length).toBeGreaterThan(0);
    expect(result.passages[0]?.match.matched).toEqual(expect.arrayContaining(['court', 'visitors']));
  });

  it('puts one of the forms the index stems alike in the full-text query', () => {
    commonWordSite();
    const concepts: Concept[] = [
      {
        key: 'fee',
        boost: 1,
        alternatives: [
          { words: ['fees'], weight: 1 },
          { words: ['fee'], weight: 0.9 },
          { words: ['charge'], weight: 0.5 },
        ],
      },
      concept('jury'),
    ];
    addDoc('Costs', 'There is a charge for copies.');
    const total = chunkCount(deps.db);
    const weighted = weighConcepts(deps.db, concepts, total);
    const phrases = phrasesFor(deps.db, weighted, 'kb_chunks_fts', total);
    expect(phrases).toContain('"fees"');
    expect(phrases).not.toContain('"fee"');
    expect(phrases).toEqual(expect.arrayContaining(['"charge"', '"jury"']));
  });
});

describe('following sections', () => {
  it("reads a concept's chunks with the next phrases when another concept's equivalents took every slot", () => {
    // "cost" and six rare equivalents, each on one page; "small claims" on three.
    const equivalents = ['price', 'charge', 'tariff', 'toll', 'levy', 'tithe'];
    for (const word of ['cost', ...equivalents]) addDoc(word, `The ${word} is shown on the notice.`);
    const fees = addDoc('Small claims', 'Small claims filing fees are listed in the table.');
    addDoc('Hearings', 'Small claims hearings are held on Tuesdays.');
    addDoc('Judges', 'Small claims judges are temporary judges.');
    for (const subject of ['jury', 'records', 'hours', 'forms', 'appeals', 'divorce', 'probate', 'parking']) {
      addDoc(subject, `The court explains ${subject} to visitors on weekdays.`);
    }
    const cost: Concept = {
      key: 'cost',
      boost: 1,
      alternatives: [
        { words: ['cost'], weight: 1 },
        ...equivalents.map((w) => ({ words: [w], weight: 0.85 })),
      ],
    };
    const claims: Concept = {
      key: 'claims',
      boost: 1,
      alternatives: [{ words: ['small', 'claims'], weight: 1 }],
    };
    const total = chunkCount(deps.db);
    const { phrases, more } = queryPhrases(
      deps.db,
      weighConcepts(deps.db, [cost, claims], total),
      'kb_chunks_fts',
      total,
    );
    expect(phrases).not.toContain('"small claims"');
    expect(more[0]).toBe('"small claims"');
    const search = (concepts: Concept[]) =>
      searchConcepts(deps.db, {
        accountId: 'acc',
        namespaces: null,
        concepts,
        text: 'how much does it cost to file small claims',
        language: 'en',
        limit: 20,
      });
    // Without the next phrases, no chunk holding "small claims" would be a candidate.
    expect(search([cost, claims]).passages.map((p) => p.documentId)).toContain(fees);
    // A concept carried over from the previous question comes after the question's own.
    const carried = { ...claims, boost: 0.5 };
    const again = queryPhrases(
      deps.db,
      weighConcepts(deps.db, [cost, carried], total),
      'kb_chunks_fts',
      total,
    );
    expect(again.more).toEqual(['"small claims"']);
  });

  it("ranks, for a follow-up, the section holding what it asks itself above one holding the previous question's words", () => {
    const page = addTextDocument(
      deps.db,
      'File a complaint',
      'How to file a complaint with the department.',
      {
        sections: [
          {
            heading: 'Complaints about a restaurant',
            text: 'A complaint can be about a restaurant or a hotel.',
          },
          { heading: 'By mail', text: 'Mail the form to the department.' },
        ],
      },
    );
    // "mail" is a common word of the site, "restaurant" a rare one.
    for (const subject of ['jury', 'records', 'hours', 'forms', 'appeals', 'divorce']) {
      addDoc(subject, `The court mails letters about ${subject} to visitors.`);
    }
    const carried = (word: string): Concept => ({ ...concept(word), boost: 0.5 });
    const result = searchConcepts(deps.db, {
      accountId: 'acc',
      namespaces: null,
      concepts: [concept('mail'), carried('complaint'), carried('restaurant')],
      text: 'can i do it by mail',
      language: 'en',
      limit: 5,
    });
    expect(result.passages[0]?.documentId).toBe(page);
    expect(result.passages[0]?.headingPath?.at(-1)).toBe('By mail');
  });

  it('gives a top passage the sections after it on its page', () => {
    addDoc('Complaints', 'There are two options for filing a grievance:', [
      { heading: 'By mail', text: 'Send the form to the clerk.' },
      { heading: 'Online', text: 'Use the portal.' },
    ]);
    const result = searchConcepts(deps.db, {
      accountId: 'acc',
      namespaces: null,
      concepts: [concept('grievance')],
      text: 'grievance',
      language: 'en',
      limit: 5,
    });
    expect(result.passages[0]?.following?.map((f) => f.headingPath)).toEqual([
      ['Complaints', 'By mail'],
      ['Complaints', 'Online'],
    ]);
    expect({ ...result.passages[0] }.following?.[1]?.text).toContain('portal');
  });

  it('ranks a term\'s own entry higher for "what does X mean"', () => {
    const transcripts = addDoc('Transcripts', 'Copies of the record.', [
      { heading: 'Waiver requests', text: 'Ask the clerk for a waiver form.' },
    ]);
    const glossary = addDoc('Glossary', 'Terms used on this site.', [
      { heading: 'Waiver', text: 'Permission not to pay a fee.' },
    ]);
    for (const subject of ['jury', 'fees', 'records', 'hours'])
      addDoc(subject, `The court explains ${subject}.`);
    const scores = (defines: boolean) =>
      new Map(
        searchConcepts(deps.db, {
          accountId: 'acc',
          namespaces: null,
          concepts: [concept('waiver')],
          text: 'what does waiver mean',
          language: 'en',
          limit: 5,
          defines,
        }).passages.map((p) => [p.documentId, p.match.score]),
      );
    const [plain, defining] = [scores(false), scores(true)];
    // The entry headed by the term alone gains as much as a page titled by it; the other does not.
    expect(defining.get(glossary)! - plain.get(glossary)!).toBeCloseTo(0.5);
    expect(defining.get(transcripts)).toBe(plain.get(transcripts));
  });

  it('keeps a page\'s introduction among its sections for "what is X", however many sections name X more', () => {
    const page = addDoc(
      'Waivers',
      'A waiver lets you skip a fee you cannot pay.',
      ['Waiver forms', 'Waiver hearings', 'Waiver appeals', 'Waiver renewals', 'Waiver records'].map((h) => ({
        heading: h,
        text: `The waiver clerk handles ${h.toLowerCase()}: ask the waiver desk about a waiver.`,
      })),
    );
    const sections = (defines: boolean) => {
      const [best] = searchConcepts(deps.db, {
        accountId: 'acc',
        namespaces: null,
        concepts: [concept('waiver')],
        text: 'what is a waiver',
        language: 'en',
        limit: 5,
        defines,
      }).passages;
      expect(best?.documentId).toBe(page);
      return [best!, ...(best!.sections ?? [])].map((p) => p.headingPath?.length ?? 0);
    };
    // Four other sections are kept; the introduction (under no sub-heading) is not one of them…
    expect(sections(false)).not.toContain(1);
    // …unless the question asks what the page's subject is.
    expect(sections(true)).toContain(1);
  });

  it("tells a term's own heading from a label or a question naming more", () => {
    const concepts = [
      { alternatives: [{ words: ['pro', 'se'] }, { words: ['self', 'help'] }] },
      { alternatives: [{ words: ['case'] }] },
    ];
    const isTermEntry = termEntry(concepts);
    expect(isTermEntry('Pro Se')).toBe(true);
    expect(isTermEntry('Pro Se Case (S Case)')).toBe(true);
    expect(isTermEntry('Pro Se Transcripts')).toBe(false);
    expect(isTermEntry('What is a pro se case?')).toBe(false);
    expect(isTermEntry('(S Case)')).toBe(false);
    expect(isTermEntry(undefined)).toBe(false);
  });

  it('reads a deferred property once, when first used, unless it was set', () => {
    const reads: string[] = [];
    const o: { x?: number; y?: number } = {};
    readOnFirstUse(o, 'x', () => {
      reads.push('x');
      return 1;
    });
    readOnFirstUse(o, 'y', () => {
      reads.push('y');
      return 2;
    });
    expect(reads).toEqual([]);
    expect(o.x).toBe(1);
    expect(o.x).toBe(1);
    o.y = 3;
    expect(o.y).toBe(3);
    expect(reads).toEqual(['x']);
  });
});
