import { describe, expect, it } from 'vitest';
import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import { composeAnswer } from './compose.js';
import { analyzeQuestion } from './query.js';

/** A retrieved passage as concept search returns it, covering the question as stated. */
function passage(
  path: string,
  title: string,
  text: string,
  match: { score: number; coverage: number; ownCoverage?: number },
): ConceptPassage {
  return {
    documentId: path,
    chunkIndex: 0,
    text,
    sourceFilename: `https://court.example${path}`,
    title,
    headingPath: [title],
    score: 1,
    match: {
      coverage: match.coverage,
      ownCoverage: match.ownCoverage ?? match.coverage,
      fieldShare: 0,
      titleShare: 0,
      matched: ['interpreter'],
      missing: [],
      loose: [],
      sureCoverage: match.coverage,
      score: match.score,
    },
  };
}

function search(passages: ConceptPassage[]): ConceptSearchResult {
  return {
    passages,
    concepts: [{ key: 'interpreter', label: 'interpreter', weight: 2, known: true }],
    matching: [
      {
        key: 'interpreter',
        weight: 2,
        alternatives: [
          { words: ['interpreter'], weight: 1 },
          { words: ['interprete'], weight: 0.85 },
        ],
      },
    ],
  };
}

/**
 * A search for the given concepts over the passages: each concept's first word is the question's own
 * (weight 1), the others its equivalents at the weight given (0.85, a lexicon equivalent, by default).
 */
function searchOf(
  passages: ConceptPassage[],
  concepts: { key: string; weight: number; words: (string | [string, number])[]; known?: boolean }[],
): ConceptSearchResult {
  return {
    passages,
    concepts: concepts.map((c) => ({ key: c.key, label: c.key, weight: c.weight, known: c.known ?? true })),
    matching: concepts.map((c) => ({
      key: c.key,
      weight: c.weight,
      alternatives: c.words.map((w, i) =>
        typeof w === 'string'
          ? { words: w.split(' '), weight: i === 0 ? 1 : 0.85 }
          : { words: w[0].split(' '), weight: w[1] },
      ),
    })),
  };
}

type TestConcepts = Parameters<typeof searchOf>[1];

/** The answer to `question` over the passages, searched for the given concepts (see searchOf). */
function answerOf(question: string, passages: ConceptPassage[], concepts: TestConcepts): string {
  return composeAnswer({
    analysis: analyzeQuestion(question, null),
    search: searchOf(passages, concepts),
    cite: true,
  }).content;
}

/**
 * A page whose best section (score 2) is headed `section[0]` and one of its other sections, an
 * FAQ-style entry (score 1.6) headed `entry[0]`; both cover the question. `ask` answers from it.
 */
function pageWithEntry(path: string, title: string, section: [string, string], entry: [string, string]) {
  const page = passage(path, title, section[1], { score: 2, coverage: 1 });
  page.headingPath = [title, section[0]];
  const sub = passage(path, title, entry[1], { score: 1.6, coverage: 1 });
  sub.headingPath = [title, entry[0]];
  page.sections = [sub];
  const ask = (question: string, previous: string | null = null) =>
    composeAnswer({ analysis: analyzeQuestion(question, previous), search: search([page]), cite: true })
      .content;
  return { page, entry: sub, ask };
}

describe('composeAnswer', () => {
  it('answers "when" from a section whose own heading states the date, over a page that only names a year', () => {
    const must = passage(
      '/law/',
      'Law and requirements',
      '- designate a senior official for plain writing\n- train agency staff in plain writing',
      { score: 2.5, coverage: 1 },
    );
    must.headingPath = ['Law and requirements', 'By July 13, 2011, agencies must:'];
    const act = passage(
      '/law/template/',
      'Plain writing page template',
      'The Plain Writing Act of 2010 promotes clear government communication.',
      { score: 2.2, coverage: 0.7 },
    );
    const content = answerOf(
      'by when did agencies have to name a senior official for plain writing',
      [must, act],
      [
        { key: 'agencies', weight: 2, words: ['agencies'] },
        { key: 'senior', weight: 3, words: ['senior'] },
        { key: 'official', weight: 3, words: ['official'] },
        { key: 'writing', weight: 1, words: ['writing'] },
      ],
    );
    expect(content).toMatch(/^By July 13, 2011, agencies must:/);
    expect(content).toContain('designate a senior official');
  });

  it('says an answer may not be about the story told when words the site never writes were left out of coverage', () => {
    const waiver = passage('/fees/', 'Fee waivers', 'You may ask the agency to waive its fees.', {
      score: 2,
      coverage: 1,
    });
    const ask = (told?: number) => {
      const found = searchOf(
        [waiver],
        [
          { key: 'waive', weight: 2, words: ['waive'] },
          { key: 'fees', weight: 2, words: ['fees'] },
        ],
      );
      for (const c of found.matching) c.own = true;
      // "visa", told in the story and found nowhere: incidental, at a tenth of its weight.
      found.concepts.push({ key: 'visa', label: 'visa', weight: 0.3, known: false });
      found.matching.push({
        key: 'visa',
        weight: 0.3,
        incidental: true,
        ...(told === undefined ? {} : { told }),
        alternatives: [{ words: ['visa'], weight: 1 }],
      });
      return composeAnswer({
        analysis: analyzeQuestion('can they waive the fees? im on a visa', null),
        search: found,
        cite: true,
      }).content;
    };
    // Counted at its whole weight, the story word would leave the page short of half the question.
    expect(ask(5)).toMatch(/^I couldn't find an answer to exactly that, but this part of the site may help:/);
    expect(ask(5)).toContain('waive its fees');
    // A light one would not: the answer is given plainly.
    expect(ask(1)).toMatch(/^You may ask the agency to waive its fees/);
    expect(ask()).toMatch(/^You may ask the agency to waive its fees/);
  });

  it('declines a question whose words a passage holds only in passing (a low rank score), though it holds them all', () => {
    const ask = (score: number) =>
      composeAnswer({
        analysis: analyzeQuestion('do i need an interpreter', null),
        search: search([
          passage('/glossary/', 'Glossary', 'Interpreter: see Language access.', { score, coverage: 1 }),
        ]),
        cite: true,
      });
    expect(ask(0.9).outcome).toBe('not_found');
    expect(ask(0.9).explanation.reason).toMatch(/holds only in passing|rank score/);
    expect(ask(2).outcome).toBe('answered');
  });

  it('answers a question that tells a story from the page holding most of it, saying it may not be exactly what was asked', () => {
    const story =
      'my son is deaf and got arrested, the police cuffed his hands behind his back so he could not sign or write. what should they do';
    const things = ['deaf', 'arrested', 'police', 'cuffed', 'hands', 'behind', 'back', 'sign', 'write'];
    const concepts = things.map((key) => ({ key, weight: 2, words: [key], known: key !== 'cuffed' }));
    // A section of the page holding the given things.
    const section = (heading: string, text: string, matched: string[], score: number) => {
      const p = passage('/criminal-justice/', 'Criminal Justice', text, {
        score,
        coverage: matched.length / things.length,
      });
      p.headingPath = ['Criminal Justice', heading];
      p.match.matched = matched;
      return p;
    };
    const page = (matchedHere: string[], matchedThere: string[]) => {
      const best = section(
        'Reasonable modifications',
        'Handcuffing a person who is deaf in front of the body instead of behind the body lets them sign or write notes.',
        matchedHere,
        1,
      );
      best.sections = [
        section(
          'Arrests',
          'Police officers must communicate effectively with people who are arrested.',
          matchedThere,
          0.8,
        ),
      ];
      return best;
    };
    const answer = (question: string, p: ConceptPassage) =>
      composeAnswer({
        analysis: analyzeQuestion(question, null),
        search: searchOf([p], concepts),
        cite: true,
      });
    // Four of nine things in the best section, two more in another: the page holds two thirds of the story.
    const told = answer(story, page(['deaf', 'behind', 'sign', 'write'], ['police', 'arrested']));
    expect(told.outcome).toBe('answered');
    expect(told.content).toMatch(
      /^I couldn't find an answer to exactly that, but this part of the site may help:/,
    );
    expect(told.content).toContain('in front of the body');
    // In the visitor's language.
    const contado = answer(
      'mi hijo es sordo y lo arrestaron, la policía le esposó las manos detrás de la espalda y no podía hacer señas ni escribir. ¿qué tienen que hacer?',
      page(['deaf', 'behind', 'sign', 'write'], ['police', 'arrested']),
    );
    expect(contado.content).toMatch(
      /^No encontré una respuesta exacta a eso, pero esta parte del sitio puede ayudarle:/,
    );
    // A page ranked above the one answering, holding less of the story, is offered too.
    const above = passage('/arrests/', 'Arrests of Deaf People', 'Officers must use an interpreter.', {
      score: 1.5,
      coverage: 3 / 9,
    });
    above.match.matched = ['deaf', 'police', 'arrested'];
    const offered = composeAnswer({
      analysis: analyzeQuestion(story, null),
      search: searchOf([above, page(['deaf', 'behind', 'sign', 'write'], ['police', 'arrested'])], concepts),
      cite: true,
    });
    expect(offered.content).toContain('in front of the body');
    expect(offered.content).toMatch(/More on this:\n- Arrests of Deaf People \[Source 2\]/);
    // Not when the page holds less than half of it.
    expect(answer(story, page(['deaf', 'behind', 'sign'], ['police'])).outcome).toBe('not_found');
    // Nor for a question naming a few things, whose answer one section must hold.
    const few = searchOf(
      [page(['deaf', 'sign'], ['police'])],
      concepts.filter((c) => ['deaf', 'sign', 'police', 'cuffed'].includes(c.key)),
    );
    expect(
      composeAnswer({
        analysis: analyzeQuestion('can deaf people sign to the police when cuffed', null),
        search: few,
        cite: true,
      }).outcome,
    ).toBe('not_found');
    // Nor for legal advice: the general information given must be about what was asked.
    expect(
      answer(
        `${story}. should i sue the police`,
        page(['deaf', 'behind', 'sign', 'write'], ['police', 'arrested']),
      ).outcome,
    ).toBe('legal_advice');
    expect(
      answer(
        `${story}. should i sue the police`,
        page(['deaf', 'behind', 'sign', 'write'], ['police', 'arrested']),
      ).content,
    ).not.toContain('in front of the body');
  });

  it('answers an English question from an English page even when a Spanish page matched better', () => {
    const spanish = passage(
      '/es/interpretes/',
      'Intérpretes',
      'El tribunal ofrece un intérprete gratuito para todas las audiencias.',
      { score: 2.2, coverage: 0.95 },
    );
    const english = passage(
      '/interpreters/',
      'Interpreters',
      'The court provides an interpreter free of charge for every hearing.',
      { score: 1.9, coverage: 0.55 },
    );
    const composed = composeAnswer({
      analysis: analyzeQuestion('do i need to pay for an interpreter', null),
      search: search([spanish, english]),
      cite: true,
    });
    expect(composed.outcome).toBe('answered');
    expect(composed.sources.map((s) => s.documentId)).toEqual(['/interpreters/']);
    expect(composed.content).toContain('free of charge');
  });

  it('still answers a Spanish question from an English page when no Spanish page covers it', () => {
    const english = passage(
      '/interpreters/',
      'Interpreters',
      'The court provides an interpreter free of charge for every hearing.',
      { score: 1.9, coverage: 0.8 },
    );
    const composed = composeAnswer({
      analysis: analyzeQuestion('¿necesito pagar por un intérprete?', null),
      search: search([english]),
      cite: true,
    });
    expect(composed.outcome).toBe('answered');
    expect(composed.sources.map((s) => s.documentId)).toEqual(['/interpreters/']);
  });

  it('answers a Spanish question from a Spanish page nearly as good, though an English FAQ entry asks it', () => {
    const english = passage(
      '/service-animals/',
      'Service Animals',
      'No. These animals provide comfort just by being with a person, so they are not service animals.',
      { score: 2, coverage: 1 },
    );
    english.headingPath = ['Service Animals', 'Are emotional support animals service animals?'];
    const spanish = passage(
      '/es/animales/',
      'Animales de servicio',
      'Si la mera presencia del perro de apoyo emocional proporciona comodidad, no es un animal de servicio.',
      { score: 1.7, coverage: 1 },
    );
    spanish.headingPath = ['Animales de servicio', 'Perros de apoyo emocional'];
    const concepts = [
      { key: 'apoyo', weight: 2, words: ['apoyo', 'support'] },
      { key: 'emocional', weight: 2, words: ['emocional', 'emotional'] },
      { key: 'animal', weight: 1.5, words: ['animal', 'animals'] },
      { key: 'servicio', weight: 1.5, words: ['servicio', 'service'] },
    ];
    expect(
      answerOf('¿un animal de apoyo emocional es un animal de servicio?', [english, spanish], concepts),
    ).toMatch(
      /^Si la mera presencia del perro de apoyo emocional proporciona comodidad, no es un animal de servicio\. \[Source 1\]/,
    );
  });

  it("answers a follow-up from a passage that holds the previous question's concepts", () => {
    // Holds "processed faster" (carried over) but not the follow-up's own "show".
    const faster = passage(
      '/expedited/',
      'Expedited processing',
      'You can ask for faster processing if you demonstrate a compelling need for the interpreter.',
      { score: 2, coverage: 0.7, ownCoverage: 0.3 },
    );
    const followUp = composeAnswer({
      analysis: analyzeQuestion('what do i have to show?', 'can i get my request processed faster'),
      search: search([faster]),
      cite: true,
    });
    expect(followUp.outcome).toBe('answered');
    expect(followUp.sources.map((s) => s.documentId)).toEqual(['/expedited/']);
    // Asked on its own, the same question is not covered by that passage.
    const alone = composeAnswer({
      analysis: analyzeQuestion('what do i have to show?', null),
      search: search([faster]),
      cite: true,
    });
    expect(alone.outcome).toBe('not_found');
  });
});

describe('composeAnswer: a number the visitor gives', () => {
  it('answers from the section whose table has the range holding it', () => {
    const features = passage(
      '/parking/',
      'Parking',
      'Accessible parking spaces need a 60-inch access aisle.',
      { score: 3, coverage: 1 },
    );
    const table = passage(
      '/parking/',
      'Parking',
      'Total spaces | Accessible spaces | Van spaces\n26 to 50 | 2 | 1\n51 to 75 | 3 | 1',
      { score: 2.5, coverage: 0.6 },
    );
    const composed = composeAnswer({
      analysis: analyzeQuestion('how many accessible parking spaces for a lot with 60 spaces', null),
      search: search([features, table]),
      cite: true,
    });
    expect(composed.content).toContain('51 to 75: Accessible spaces: 3');
    expect(composed.content).not.toContain('60-inch');
  });
});

describe('composeAnswer: "when"', () => {
  it('answers from a section with a date rather than one with only a year', () => {
    const example = passage('/rule/', 'Rule', 'Example: a city posted the document in 2020.', {
      score: 3,
      coverage: 1,
    });
    const deadline = passage('/rule/', 'Rule', 'Cities must comply by April 24, 2026.', {
      score: 2.5,
      coverage: 1,
    });
    const composed = composeAnswer({
      analysis: analyzeQuestion('when do cities need an interpreter', null),
      search: search([example, deadline]),
      cite: true,
    });
    expect(composed.content).toContain('April 24, 2026');
  });

  it('names other pages that cover the question nearly as well, by title, each with its own marker', () => {
    const fees = passage(
      '/interpreters/',
      'Interpreters | Superior Court',
      'The court provides an interpreter free of charge.',
      {
        score: 2,
        coverage: 0.9,
      },
    );
    const hearings = passage(
      '/hearings/',
      'Your hearing | Superior Court',
      'Ask for an interpreter when you file.',
      {
        score: 1.7,
        coverage: 0.8,
      },
    );
    const distant = passage('/jury/', 'Jury service | Superior Court', 'Jurors may ask for an interpreter.', {
      score: 1.2,
      coverage: 0.6,
    });
    const spanish = passage(
      '/es/interpretes/',
      'Intérpretes | Tribunal',
      'El tribunal ofrece un intérprete gratuito.',
      {
        score: 1.9,
        coverage: 0.8,
      },
    );
    const composed = composeAnswer({
      analysis: analyzeQuestion('do i need to pay for an interpreter', null),
      search: search([fees, spanish, hearings, distant]),
      cite: true,
    });
    expect(composed.sources.map((s) => s.documentId)).toEqual(['/interpreters/', '/hearings/']);
    expect(composed.content).toContain('free of charge. [Source 1]');
    expect(composed.content).toMatch(/More on this:\n- Your hearing \[Source 2\]$/);
    // Without citations there is nothing to tap: no list.
    const plain = composeAnswer({
      analysis: analyzeQuestion('do i need to pay for an interpreter', null),
      search: search([fees, hearings]),
      cite: false,
    });
    expect(plain.content).not.toContain('More on this');
  });

  it('names first the page a quoted item names by its title, even one that covers the question less', () => {
    const hub = passage(
      '/services/',
      'Services | Superior Court',
      '- Jury service: Respond to your summons online.\n- Court interpreters: The court provides an interpreter free of charge for any hearing.',
      { score: 1.2, coverage: 0.9 },
    );
    const page = passage('/interpreters/', 'Court interpreters | Superior Court', 'Ask the clerk.', {
      score: 1.5,
      coverage: 0.3,
    });
    const composed = composeAnswer({
      analysis: analyzeQuestion('is an interpreter free', null),
      search: search([page, hub]),
      cite: true,
    });
    expect(composed.content).toContain(
      'Court interpreters: The court provides an interpreter free of charge',
    );
    expect(composed.sources.map((s) => s.documentId)).toEqual(['/services/', '/interpreters/']);
    expect(composed.content).toMatch(/More on this:\n- Court interpreters \[Source 2\]$/);
  });

  it('answers from a section of the best page that holds all the question when the best one does not', () => {
    const title = 'Register to vote in Ohio | Vote.gov';
    const how = passage('/register/oh/', title, 'Start your online registration on the state website.', {
      score: 2,
      coverage: 0.75,
    });
    how.headingPath = [title, 'How to register to vote'];
    const deadlines = passage('/register/oh/', title, '- In person: up to and including on Election Day', {
      score: 1.9,
      coverage: 1,
    });
    deadlines.headingPath = [title, 'Voter registration deadlines'];
    how.sections = [deadlines];
    const concepts = [
      { key: 'register', weight: 1, words: ['register', ['registration', 0.85] as [string, number]] },
      { key: 'election', weight: 1, words: ['election'] },
      { key: 'day', weight: 1, words: ['day'] },
    ];
    expect(answerOf('can i register on election day', [how], concepts)).toContain(
      'up to and including on Election Day',
    );
    // Far below the best section, it does not.
    deadlines.match.score = 1.2;
    expect(answerOf('can i register on election day', [how], concepts)).toContain(
      'Start your online registration',
    );
  });

  it('answers from the start of a section headed by the question asked (an FAQ entry)', () => {
    const faq = passage(
      '/faq/',
      'Frequently asked questions',
      'No. The court provides one for free. Ask the clerk for an interpreter when you file.',
      { score: 2, coverage: 1 },
    );
    faq.headingPath = ['Frequently asked questions', 'Can I bring my own interpreter?'];
    const composed = composeAnswer({
      analysis: analyzeQuestion('can i bring my own interpreter', null),
      search: search([faq]),
      cite: true,
    });
    expect(composed.content).toMatch(/^No\. The court provides one for free\. Ask the clerk/);
    // Under a heading that is not the question, the sentence about it leads.
    faq.headingPath = ['Frequently asked questions', 'Fees'];
    const plain = composeAnswer({
      analysis: analyzeQuestion('can i bring my own interpreter', null),
      search: search([faq]),
      cite: true,
    });
    expect(plain.content).toMatch(/^Ask the clerk for an interpreter/);
  });

  it('answers "who can" from an entry asking "am I eligible", not from one asking "can I"', () => {
    const { entry, ask } = pageWithEntry(
      '/interpreters/',
      'Interpreters',
      [
        'How does the court choose an interpreter?',
        'The court keeps a list of certified interpreters for every language.',
      ],
      ['Am I eligible to be an interpreter?', 'You must pass the state certification exam.'],
    );
    expect(ask('who can be an interpreter')).toMatch(/^You must pass the state certification exam\./);
    entry.headingPath = ['Interpreters', 'Can I bring my own interpreter?'];
    expect(ask('who can be an interpreter')).toMatch(/^The court keeps a list/);
  });

  it('answers from an FAQ entry asking the question over a section that only names its words more', () => {
    const { page, entry, ask } = pageWithEntry(
      '/remote/',
      'Remote hearings',
      [
        'What is a breakout room?',
        'Breakout rooms are private: an interpreter can meet you there before the hearing.',
      ],
      ['Can I bring my own interpreter?', 'No. The court provides one for free.'],
    );
    expect(ask('can i bring my own interpreter')).toMatch(/^No\. The court provides one for free\./);
    // Staff see the page's other sections with their scores in the explanation.
    const explained = composeAnswer({
      analysis: analyzeQuestion('can i bring my own interpreter', null),
      search: search([page]),
      cite: true,
    }).explanation;
    expect(explained.passages[0]?.sections).toEqual([
      { headings: entry.headingPath, score: 1.6, coverage: 1, missing: [] },
    ]);
    // An entry that asks another kind of question ("who…" against "can I…") does not answer it.
    entry.headingPath = ['Remote hearings', 'Who can be an interpreter?'];
    expect(ask('can i bring my own interpreter')).toMatch(/^Breakout rooms are private/);
    // Nor one that scores far lower, nor for a follow-up, which asks something else about the subject.
    entry.headingPath = ['Remote hearings', 'Can I bring my own interpreter?'];
    expect(ask('and can i bring an interpreter', 'what is a breakout room')).toMatch(/^Breakout rooms/);
    entry.match = { ...entry.match, score: 1.2 };
    expect(ask('can i bring my own interpreter')).toMatch(/^Breakout rooms are private/);
  });

  it('answers "how many" from a sub-section whose heading states the number, over a better-scored intro', () => {
    const intro = passage(
      '/interpreters/',
      'Interpreters',
      'An interpreter can help at one hearing or at many. The service is free.',
      { score: 2, coverage: 1 },
    );
    const section = passage('/interpreters/', 'Interpreters', 'Call the clerk or use the online form.', {
      score: 1.6,
      coverage: 1,
    });
    section.headingPath = ['Interpreters', 'Ask for an interpreter 5 days before the hearing'];
    intro.sections = [section];
    const composed = composeAnswer({
      analysis: analyzeQuestion('how many days ahead do i ask for an interpreter', null),
      search: search([intro]),
      cite: true,
    });
    expect(composed.content).toMatch(
      /^Ask for an interpreter 5 days before the hearing\. Call the clerk or use the online form\./,
    );
    // A heading that names none of the question's words is a label, not the answer.
    section.headingPath = ['Interpreters', 'Within 5 days'];
    const plain = composeAnswer({
      analysis: analyzeQuestion('how many days ahead do i ask for an interpreter', null),
      search: search([intro]),
      cite: true,
    });
    expect(plain.content).toMatch(/^An interpreter can help/);
  });

  it('never answers an English question with a Spanish note inside an English section', () => {
    const section = passage(
      '/interpreters/',
      'Interpreters',
      'Solicite un intérprete en la secretaría del tribunal antes de su audiencia. Ask the clerk for an interpreter before your hearing.',
      { score: 2, coverage: 1 },
    );
    const english = composeAnswer({
      analysis: analyzeQuestion('how do i get an interpreter', null),
      search: search([section]),
      cite: true,
    });
    expect(english.content).toMatch(/^Ask the clerk for an interpreter before your hearing\./);
    expect(english.content).not.toContain('Solicite');
    // A Spanish question may still be answered from either.
    const spanish = composeAnswer({
      analysis: analyzeQuestion('¿cómo pido un intérprete?', null),
      search: search([section]),
      cite: true,
    });
    expect(spanish.content).toContain('Solicite un intérprete');
  });

  it('declines an English question only a Spanish page covers, and answers a Spanish one from an English page', () => {
    const spanishPage = passage(
      '/es/interpretes/',
      'Intérpretes',
      'Solicite un intérprete en la secretaría del tribunal antes de su audiencia, por teléfono o en persona.',
      { score: 2, coverage: 1 },
    );
    const english = composeAnswer({
      analysis: analyzeQuestion('how do i get an interpreter', null),
      search: search([spanishPage]),
      cite: true,
    });
    expect(english.outcome).toBe('not_found');
    expect(english.content).not.toContain('Solicite');
    expect(english.explanation.reason).toMatch(/only pages in another language/);
    const englishPage = passage(
      '/interpreters/',
      'Interpreters',
      'Ask the clerk for an interpreter before your hearing.',
      {
        score: 2,
        coverage: 1,
      },
    );
    const spanish = composeAnswer({
      analysis: analyzeQuestion('¿cómo pido un intérprete?', null),
      search: search([englishPage]),
      cite: true,
    });
    expect(spanish.content).toContain('Ask the clerk for an interpreter');
  });

  it('answers an English question from an English page whose section holds a longer Spanish note', () => {
    const mixed = passage(
      '/interpreters/',
      'Interpreters',
      [
        '- Ask the clerk for an interpreter at least five days before your hearing',
        'Obtenga instrucciones en Español. Solicite un intérprete en la secretaría del tribunal antes de su audiencia, por teléfono o en persona, y diga qué idioma habla.',
      ].join('\n'),
      { score: 2, coverage: 1 },
    );
    const other = passage('/hearings/', 'Hearings', 'An interpreter may join a hearing by video.', {
      score: 1.6,
      coverage: 1,
    });
    const composed = composeAnswer({
      analysis: analyzeQuestion('how do i get an interpreter', null),
      search: search([mixed, other]),
      cite: true,
    });
    expect(composed.content).toMatch(/^Ask the clerk for an interpreter at least five days/);
    // A Spanish page is not English for a line of English on it.
    mixed.title = 'Intérpretes del tribunal';
    const spanishPage = composeAnswer({
      analysis: analyzeQuestion('how do i get an interpreter', null),
      search: search([mixed, other]),
      cite: true,
    });
    expect(spanishPage.content).toMatch(/^An interpreter may join a hearing by video\./);
  });

  it('declines when every passage holds just one of the two things asked and little of the question', () => {
    const page = passage('/id-cards/', 'ID cards', 'You can also show a passport at the door.', {
      score: 1,
      coverage: 0.52,
    });
    page.match.matched = ['passport'];
    const twoThings: ConceptSearchResult = {
      passages: [page],
      concepts: [
        { key: 'renew', label: 'renew', weight: 5.4, known: false },
        { key: 'passport', label: 'passport', weight: 5.7, known: true },
      ],
      matching: [
        { key: 'renew', weight: 5.4, alternatives: [{ words: ['renew'], weight: 1 }] },
        { key: 'passport', weight: 5.7, alternatives: [{ words: ['passport'], weight: 1 }] },
      ],
    };
    const ask = () =>
      composeAnswer({
        analysis: analyzeQuestion('how do i renew my passport', null),
        search: twoThings,
        cite: true,
      });
    expect(ask().outcome).toBe('not_found');
    // Staff read why: not too little coverage (52 % is enough), but only one of the two things held.
    expect(ask().explanation.reason).toMatch(/holds only one of the things it names \(renew, passport\)/);
    // The one thing held carrying most of the question is enough.
    page.match.coverage = 0.7;
    page.match.ownCoverage = 0.7;
    page.match.sureCoverage = 0.7;
    expect(ask().outcome).toBe('answered');
  });

  it('does not count the word asking for the kind of fact ("call" in "who do I call about…") as a thing named', () => {
    const page = passage(
      '/family/',
      'Family Law',
      'The Department of Child Support Services can open a case at no cost, at (555) 010-0300.',
      { score: 1, coverage: 0.59 },
    );
    page.match.matched = ['support'];
    const result: ConceptSearchResult = {
      passages: [page],
      concepts: [
        { key: 'call', label: 'call', weight: 2.2, known: true },
        { key: 'support', label: 'child support', weight: 3.2, known: true },
        { key: 'intent:contact', label: 'phone', weight: 0.7, known: true },
      ],
      matching: [
        { key: 'call', weight: 2.2, alternatives: [{ words: ['call'], weight: 1 }] },
        { key: 'support', weight: 3.2, alternatives: [{ words: ['child', 'support'], weight: 1 }] },
        {
          key: 'intent:contact',
          weight: 0.7,
          alternatives: [
            { words: ['phone'], weight: 1 },
            { words: ['call'], weight: 1 },
          ],
        },
      ],
    };
    const answer = composeAnswer({
      analysis: analyzeQuestion('who do i call about child support', null),
      search: result,
      cite: true,
    });
    expect(answer.outcome).toBe('answered');
    expect(answer.content).toContain('(555) 010-0300');
  });

  it('does not count a thing held only through a loose synonym as a second thing in common', () => {
    // "how do i renew my passport" on a page that says "renew" and, elsewhere, "pass a swim test":
    // WordNet's "pass" for "passport" is no evidence that the page is about passports.
    const page = passage(
      '/programs/',
      'Programs',
      'Participants must pass a swim test and renew their permit.',
      {
        score: 1,
        coverage: 0.67,
      },
    );
    page.match.matched = ['renew', 'passport'];
    page.match.loose = ['passport'];
    page.match.sureCoverage = 0.41;
    const twoThings = searchOf(
      [page],
      [
        { key: 'renew', weight: 4.6, words: ['renew'] },
        { key: 'passport', weight: 6.6, words: ['passport', ['pass', 0.45]], known: false },
      ],
    );
    const ask = () =>
      composeAnswer({
        analysis: analyzeQuestion('how do i renew my passport', null),
        search: twoThings,
        cite: true,
      });
    expect(ask().outcome).toBe('not_found');
    // Both held for sure: two things in common are evidence enough.
    page.match.loose = [];
    page.match.sureCoverage = 0.67;
    expect(ask().outcome).toBe('answered');
  });

  it('answers a which question from a section that names the kind of thing asked for', () => {
    const hours = passage(
      '/locations/',
      'Hours and Locations',
      'The Hall of Justice is open Monday to Friday, 7:30 a.m. to 5:00 p.m.',
      {
        score: 2.4,
        coverage: 0.74,
      },
    );
    hours.headingPath = ['Hours and Locations', 'Hall of Justice'];
    hours.match.matched = ['hall', 'justice'];
    const transit = passage(
      '/locations/',
      'Hours and Locations',
      'Transit routes 4 and 12 stop one block from the Hall of Justice.',
      {
        score: 2.1,
        coverage: 1,
      },
    );
    transit.chunkIndex = 1;
    transit.headingPath = ['Hours and Locations', 'Getting here'];
    transit.match.matched = ['bus', 'hall', 'justice'];
    const ask = (question: string, passages: ConceptPassage[]) =>
      composeAnswer({
        analysis: analyzeQuestion(question, null),
        search: searchOf(passages, [
          { key: 'bus', weight: 1.9, words: ['bus', 'transit'] },
          { key: 'hall', weight: 2.8, words: ['hall'] },
          { key: 'justice', weight: 2.8, words: ['justice'] },
        ]),
        cite: true,
      }).content;
    expect(ask('which bus goes to the hall of justice', [hours, transit])).toMatch(
      /^Transit routes 4 and 12/,
    );
    // Nearly as good a match is needed: a section far behind the best one does not answer.
    transit.match.score = 1.2;
    expect(ask('which bus goes to the hall of justice', [hours, transit])).toMatch(
      /^The Hall of Justice is open/,
    );
  });

  it('answers from the best section when it is an FAQ entry asking the question, before a section with a fact', () => {
    const faq = passage(
      '/faq/',
      'FAQ',
      'It varies with how complex the request is and how many requests are waiting.',
      {
        score: 2,
        coverage: 1,
      },
    );
    faq.headingPath = ['FAQ', 'How long does an interpreter request take?'];
    const statute = passage('/statute/', 'Statute', 'The court shall answer within 20 days of the request.', {
      score: 1.8,
      coverage: 0.8,
    });
    const ask = composeAnswer({
      analysis: analyzeQuestion('how long does an interpreter request take', null),
      search: search([faq, statute]),
      cite: true,
    });
    expect(ask.content).toMatch(/^It varies with how complex/);
  });

  it('answers "how does X work" from a section headed "How it works"', () => {
    const future = passage(
      '/tool/',
      'Search tool',
      'We will keep improving the search tool as people use it.',
      {
        score: 2,
        coverage: 1,
      },
    );
    future.headingPath = ['Search tool', 'Shaping the future'];
    const how = passage(
      '/tool/',
      'Search tool',
      'The search tool uses logic and machine learning to find results.',
      {
        score: 1.8,
        coverage: 1,
      },
    );
    how.chunkIndex = 1;
    how.headingPath = ['Search tool', 'How it works'];
    const ask = (passages: ConceptPassage[]) =>
      composeAnswer({
        analysis: analyzeQuestion('how does the search tool work', null),
        search: searchOf(passages, [
          { key: 'search', weight: 2, words: ['search'] },
          { key: 'tool', weight: 2, words: ['tool'] },
          { key: 'frame:work', weight: 0.6, words: ['work'] },
        ]),
        cite: true,
      }).content;
    expect(ask([future, how])).toMatch(/^The search tool uses logic and machine learning/);
    // Not a section far behind the best one.
    how.match.score = 1.2;
    expect(ask([future, how])).toMatch(/^We will keep improving/);
  });

  it('quotes a glossary entry with the term it defines', () => {
    const entry = passage('/glossary/', 'Glossary', 'A person who translates what is said in court.', {
      score: 2,
      coverage: 1,
    });
    entry.headingPath = ['Glossary', 'Interpreter'];
    const ask = (question: string) =>
      composeAnswer({ analysis: analyzeQuestion(question, null), search: search([entry]), cite: true })
        .content;
    expect(ask('what does interpreter mean')).toMatch(/^Interpreter: A person who translates/);
    // Only for a definition, and only under a heading that is the term.
    expect(ask('do i get an interpreter')).toMatch(/^A person who translates/);
    entry.headingPath = ['Glossary', 'Court interpreter services'];
    expect(ask('what does interpreter mean')).toMatch(/^A person who translates/);
  });

  it('answers "what is X" from the entry of the term X, quoted from its start, over an FAQ entry naming X', () => {
    const term = passage(
      '/glossary/',
      'Glossary',
      'A letter from the agency. You have 90 days after it is mailed to ask for a hearing.',
      { score: 2, coverage: 1 },
    );
    term.headingPath = ['Glossary', 'Interpreter notice'];
    const faq = passage(
      '/faq/',
      'Questions',
      'Call the clerk the same day. The clerk will find another one.',
      { score: 1.9, coverage: 1 },
    );
    faq.headingPath = [
      'Questions',
      'My interpreter notice says the interpreter cannot come. What should I do?',
    ];
    const concepts = [
      { key: 'interpreter', weight: 2, words: ['interpreter'] },
      { key: 'notice', weight: 1.5, words: ['notice'] },
    ];
    const ask = (question: string, passages: ConceptPassage[]) => answerOf(question, passages, concepts);
    expect(ask('what is an interpreter notice', [term, faq])).toMatch(
      /^Interpreter notice: A letter from the agency\. You have 90 days/,
    );
    // A question that asks for something else about it is answered by the FAQ entry.
    expect(ask('what should i do about my interpreter notice', [term, faq])).toMatch(/^Call the clerk/);
  });

  it('answers "what is X" on a page about X from its introduction, over a section naming X more', () => {
    const rules = passage(
      '/interpreters/',
      'Interpreters',
      'An interpreter must not talk to a party about the case. The interpreter swears an oath.',
      { score: 2, coverage: 1 },
    );
    rules.headingPath = ['Interpreters', 'Rules for interpreters'];
    const intro = passage(
      '/interpreters/',
      'Interpreters',
      'The court gives you a person who speaks your language at every hearing, for free.',
      { score: 1.8, coverage: 1 },
    );
    intro.headingPath = ['Interpreters'];
    for (const p of [rules, intro]) p.match = { ...p.match, titleShare: 1 };
    rules.sections = [intro];
    const ask = (question: string) =>
      composeAnswer({ analysis: analyzeQuestion(question, null), search: search([rules]), cite: true })
        .content;
    expect(ask('what is an interpreter')).toMatch(/^The court gives you a person who speaks your language/);
    // Another question about it is answered by the section about it.
    expect(ask('does an interpreter swear an oath')).toMatch(/^The interpreter swears an oath/);
    // Nor when the page is not about X (its title does not name it).
    for (const p of [rules, intro]) p.match = { ...p.match, titleShare: 0 };
    expect(ask('what is an interpreter')).toMatch(/^An interpreter must not talk/);
  });

  it('answers "what is X" from the introduction of a page whose title names all of X the page holds', () => {
    const steps = passage(
      '/caregivers/',
      'Program for Family Caregivers',
      'To apply to the caregiver program, fill out the caregiver form and sign it.',
      { score: 2, coverage: 0.8 },
    );
    steps.headingPath = ['Program for Family Caregivers', 'How do I apply?'];
    const intro = passage(
      '/caregivers/',
      'Program for Family Caregivers',
      'If you care for a family member with a disability at home, we want to support you.',
      { score: 1.8, coverage: 0.8 },
    );
    intro.headingPath = ['Program for Family Caregivers'];
    for (const p of [steps, intro]) p.match = { ...p.match, titleShare: 0.8 };
    steps.sections = [intro];
    const concepts = [
      { key: 'caregiver', weight: 2, words: ['caregiver'] },
      { key: 'program', weight: 2, words: ['program'] },
      { key: 'court', weight: 1, words: ['court'] },
    ];
    const ask = () => answerOf('what is the court caregiver program', [steps], concepts);
    // "Court" is on no part of the page: the title still names all the page holds of the question.
    expect(ask()).toMatch(/^If you care for a family member/);
    // A title naming less than the page holds does not make the page about X.
    for (const p of [steps, intro]) p.match = { ...p.match, titleShare: 0.4 };
    expect(ask()).toMatch(/^To apply to the caregiver program/);
  });

  it('quotes a page introduction without its heading when the introduction opens with it', () => {
    const intro = passage(
      '/pension/',
      'Pension Benefits | Agency',
      'Pension benefits give monthly payments to people with limited income.',
      { score: 2, coverage: 1 },
    );
    intro.headingPath = ['Pension Benefits'];
    intro.match = { ...intro.match, titleShare: 1 };
    const concepts = [{ key: 'pension', weight: 2, words: ['pension', 'benefits'] }];
    expect(answerOf('what is a pension', [intro], concepts)).toMatch(
      /^Pension benefits give monthly payments/,
    );
    intro.text = 'They give monthly payments to people with limited income.';
    expect(answerOf('what is a pension', [intro], concepts)).toMatch(
      /^Pension Benefits: They give monthly payments/,
    );
  });

  it('answers "how do I X" from the best page\'s section headed by a label naming X', () => {
    const numbers = passage(
      '/court-dates/',
      'Court dates',
      'Every case number has two letters for the kind of case. See traffic tickets to look up a ticket.',
      { score: 2, coverage: 1 },
    );
    numbers.headingPath = ['Court dates', 'Your case number'];
    const lookUp = passage(
      '/court-dates/',
      'Court dates',
      'Find the number on your papers, then type it in the search box.',
      { score: 1.8, coverage: 1 },
    );
    lookUp.headingPath = ['Court dates', 'Look up your case'];
    numbers.sections = [lookUp];
    const concepts = [
      { key: 'look up', weight: 2, words: ['look up'] },
      { key: 'case', weight: 1.5, words: ['case'] },
    ];
    const ask = (question: string) => answerOf(question, [numbers], concepts);
    expect(ask('how do i look up my case')).toMatch(/^Find the number on your papers/);
    // Only for "how do I": a question that asks something else about it reads the best section.
    expect(ask('can i look up a case by its letters')).toMatch(/^See traffic tickets to look up a ticket/);
  });

  it('answers "how do I X" on a page about X from its how-to section, not the section naming X most', () => {
    const special = passage(
      '/headstones/',
      'Request Headstones',
      'We provide memorial headstones when remains are missing. Headstones for those buried at sea are engraved "In Memory of".',
      { score: 2, coverage: 1 },
    );
    special.headingPath = ['Request Headstones', 'Special arrangements'];
    const apply = passage(
      '/headstones/',
      'Request Headstones',
      'For a headstone, fill out VA Form 40-1330 and fax it with the discharge papers.',
      { score: 1.7, coverage: 1 },
    );
    apply.headingPath = ['Request Headstones', 'How do I apply for a memorial item?'];
    special.sections = [apply];
    const concepts = [{ key: 'headstone', weight: 2, words: ['headstone'] }];
    const ask = (question: string) => answerOf(question, [special], concepts);
    special.match = { ...special.match, titleShare: 1 };
    expect(ask('how do i get a headstone')).toMatch(/^For a headstone, fill out VA Form 40-1330/);
    // Another kind of question about it reads the best section.
    expect(ask('are headstones engraved')).toMatch(/^We provide memorial headstones/);
    // Not on a page whose title names less than the page holds of the question.
    special.match = { ...special.match, titleShare: 0.4 };
    expect(ask('how do i get a headstone')).toMatch(/^We provide memorial headstones/);
  });

  it('answers "what is the address of X" from the section headed by X, over one mentioning a place', () => {
    const interpreters = passage(
      '/locations/',
      'Hours and Locations',
      'Interpreters are available at both locations. Ask at the interpreter office, Room 105.',
      { score: 2, coverage: 0.55 },
    );
    interpreters.headingPath = ['Hours and Locations', 'Interpreters'];
    const hall = passage(
      '/locations/',
      'Hours and Locations',
      'The main courthouse is at 100 Main Street, Exampleton, EX 10010.',
      { score: 1.9, coverage: 0.72 },
    );
    hall.headingPath = ['Hours and Locations', 'Hall of Justice (main courthouse)'];
    interpreters.sections = [hall];
    const concepts = [
      { key: 'courthouse', weight: 2, words: ['courthouse', 'locations'] },
      { key: 'intent:place', weight: 0.6, words: ['address'] },
    ];
    const ask = () => answerOf('what is the address of the courthouse', [interpreters], concepts);
    expect(ask()).toMatch(/100 Main Street/);
    // Not when that section holds no more of the question than the best one.
    hall.match = { ...hall.match, coverage: 0.55, ownCoverage: 0.55 };
    expect(ask()).toMatch(/Room 105/);
  });

  it('reads a section in the context of its page introduction: "where do I mail" the certificate the introduction describes', () => {
    const concepts = [
      { key: 'mail', weight: 2, words: ['mail'] },
      { key: 'certificate', weight: 2, words: ['certificate'] },
      { key: 'signed', weight: 2, words: ['signed'] },
      { key: 'president', weight: 3, words: ['president'] },
      { key: 'intent:place', weight: 0.6, words: ['address'] },
    ];
    const total = 9;
    const section = (heading: string[], text: string, matched: string[], score: number) => {
      const p = passage('/certificates/', 'Memorial Certificates', text, {
        score,
        coverage: matched.reduce((n, k) => n + concepts.find((c) => c.key === k)!.weight, 0) / total,
      });
      p.headingPath = heading;
      p.match.matched = matched;
      return p;
    };
    const intro = section(
      ['Memorial Certificates'],
      'A memorial certificate is an engraved paper certificate signed by the president.',
      ['certificate', 'signed', 'president'],
      2,
    );
    const byMail = section(
      ['Memorial Certificates', 'How to apply', 'By mail'],
      'Mail the request form to: Memorial Service, 5109 Russell Road, Quantico, VA 22134.',
      ['mail', 'certificate'],
      1.8,
    );
    intro.sections = [byMail];
    const ask = () =>
      answerOf('where do i mail the request for the certificate signed by the president', [intro], concepts);
    // The section holds mail and certificate (4 of 9), the introduction what else the question says.
    expect(ask()).toMatch(/5109 Russell Road/);
    // Without the introduction, the section holds too little of the question to answer it.
    byMail.headingPath = ['Memorial Certificates'];
    intro.headingPath = ['Memorial Certificates', 'About'];
    expect(ask()).toMatch(/engraved paper certificate/);
  });

  it('answers a story from the section of its page stating the kind of fact asked for (a phone number to call)', () => {
    const told =
      'we have a va backed mortgage and my husband got laid off in march. we are 2 payments behind now and really scared. is there someone we can call for help?';
    const things = [
      'mortgage',
      'husband',
      'laid off',
      'march',
      'payments',
      'behind',
      'scared',
      'call',
      'help',
    ];
    const concepts = [
      ...things.map((key) => ({ key, weight: 2, words: [key] })),
      { key: 'intent:contact', weight: 0.6, words: ['phone'] },
    ];
    const section = (heading: string, text: string, matched: string[], score: number) => {
      const p = passage('/trouble-paying/', 'Trouble Making Payments', text, {
        score,
        coverage: (2 * matched.length) / (2 * things.length),
      });
      p.headingPath = heading === '' ? ['Trouble Making Payments'] : ['Trouble Making Payments', heading];
      p.match.matched = matched;
      return p;
    };
    const intro = section(
      '',
      'If you fall far behind on your mortgage payments, your servicer can take your house.',
      ['mortgage', 'payments', 'behind'],
      1.6,
    );
    const counselling = section(
      'What should I do if I am having trouble paying?',
      'If you would like our help, please contact a loan technician at 1-877-827-3702.',
      ['help', 'payments'],
      1.3,
    );
    const plans = section(
      'How can I avoid foreclosure?',
      'A repayment plan lets you catch up.',
      ['laid off', 'help'],
      1.4,
    );
    intro.sections = [plans, counselling];
    const content = answerOf(told, [intro], concepts);
    expect(content).toMatch(/^I couldn't find an answer to exactly that/);
    expect(content).toContain('1-877-827-3702');
  });

  it('adds where to reach someone from another section of the same page, after the answer', () => {
    const concepts = [
      { key: 'counseling', weight: 2, words: ['counseling'] },
      { key: 'parents', weight: 2, words: ['parents', 'parent'] },
      { key: 'contact', weight: 1, words: ['contact'] },
      { key: 'intent:contact', weight: 0.6, words: ['phone'] },
    ];
    const section = (heading: string, text: string, score: number) => {
      const p = passage('/counseling/', 'Bereavement Counseling', text, { score, coverage: 0.6 });
      p.headingPath = ['Bereavement Counseling', heading];
      return p;
    };
    const eligible = section(
      'Can I get counseling?',
      'You may get counseling if you are the parent of a Servicemember who died on active duty.',
      2,
    );
    const reach = section(
      'How do I get these benefits?',
      'To access counseling services, contact our staff:\n- By phone at 1-202-461-6530, or\n- By email at help@va.example\n\nOur staff will find a center near you.',
      1.1,
    );
    reach.chunkIndex = 2;
    eligible.sections = [reach];
    const question = 'can parents get counseling and who do we contact';
    expect(answerOf(question, [eligible], concepts)).toBe(
      [
        'You may get counseling if you are the parent of a Servicemember who died on active duty. [Source 1]',
        '',
        'To access counseling services, contact our staff:',
        '',
        '- By phone at 1-202-461-6530, or',
        '- By email at help@va.example [Source 1]',
      ].join('\n'),
    );
    // Not a section whose contact says nothing of the question.
    reach.text = 'Write to us:\n- By phone at 1-202-461-6530, or\n- By email at help@va.example';
    expect(answerOf(question, [eligible], concepts)).not.toContain('1-202-461-6530');
  });

  it('does not add an amount from another section of the page: it belongs to what that section says', () => {
    const fees = passage('/fees/', 'Fees', 'You can ask the court to waive the filing fee.', {
      score: 2,
      coverage: 1,
    });
    fees.headingPath = ['Fees', 'Waivers'];
    const appeal = passage('/fees/', 'Fees', 'A notice of appeal costs $605 to file.', {
      score: 1,
      coverage: 0.5,
    });
    appeal.headingPath = ['Fees', 'Appeals'];
    appeal.chunkIndex = 1;
    fees.sections = [appeal];
    const concepts = [
      { key: 'fee', weight: 2, words: ['fee', 'costs'] },
      { key: 'waive', weight: 2, words: ['waive'] },
    ];
    expect(answerOf('how much is the fee if they waive it', [fees], concepts)).not.toContain('$605');
  });

  it('answers "what happens if" from a section headed by the question\'s frame, not a label naming one word', () => {
    const deadlines = passage(
      '/traffic/',
      'Pay a Traffic Ticket',
      'If you do not pay your ticket by the due date, the court adds a fee of up to $100.',
      { score: 2, coverage: 1 },
    );
    deadlines.headingPath = ['Pay a Traffic Ticket', 'Deadlines and what happens if you miss one'];
    const contest = passage(
      '/traffic/',
      'Pay a Traffic Ticket',
      'You can contest the ticket in writing or in person.',
      { score: 1.8, coverage: 1 },
    );
    contest.headingPath = ['Pay a Traffic Ticket', 'Contest a ticket'];
    deadlines.sections = [contest];
    const concepts = [
      { key: 'pay', weight: 1.7, words: ['pay'] },
      { key: 'ticket', weight: 1.8, words: ['ticket'] },
      { key: 'frame:happens', weight: 1.1, words: ['happens'] },
    ];
    expect(answerOf('what happens if i dont pay my ticket', [deadlines], concepts)).toMatch(
      /^If you do not pay your ticket/,
    );
  });

  it("does not answer with a list item that only repeats the question's words", () => {
    const places = passage('/title-iii/', 'Businesses Open to the Public', '- Movie theaters.\n- Banks.', {
      score: 2,
      coverage: 1,
    });
    const captions = passage(
      '/communication/',
      'Effective Communication',
      'Movie theaters must show captions at every showing of a digital movie.',
      { score: 1.6, coverage: 1 },
    );
    const concepts = [{ key: 'movie theaters', weight: 2, words: ['movie theaters'] }];
    const ask = () => answerOf('do movie theaters have to have captions', [places, captions], concepts);
    expect(ask()).toMatch(/^Movie theaters must show captions/);
    // A list item that says something the question did not is an answer.
    places.text = '- Movie theaters must be accessible.\n- Banks.';
    expect(ask()).toMatch(/^Movie theaters must be accessible/);
  });

  it("does not answer with an FAQ's list of its own questions", () => {
    const contents = passage(
      '/trial/',
      'During trial',
      '- What happens if I miss my trial date?\n- Can I bring a witness to my trial?\n- Who represents the agency?',
      { score: 2, coverage: 1 },
    );
    const rule = passage(
      '/rules/',
      'Rules',
      'If you miss your trial date, the judge may dismiss your case.',
      { score: 1.5, coverage: 1 },
    );
    const concepts = [
      { key: 'miss', weight: 2, words: ['miss'] },
      { key: 'trial', weight: 1.5, words: ['trial'] },
    ];
    expect(answerOf('what if i miss my trial', [contents, rule], concepts)).toMatch(
      /^If you miss your trial date, the judge may dismiss/,
    );
  });

  it('does not take a heading over a list of links for the entry defining the term', () => {
    const links = passage(
      '/pension/',
      'Pension Benefits',
      '- Pension eligibility: see if you qualify.\n- How to apply for a pension: find out how.',
      { score: 2, coverage: 1 },
    );
    links.headingPath = ['Pension Benefits', 'Pension'];
    const defined = passage(
      '/pension/about/',
      'About pensions',
      'A pension is a monthly payment for people with limited income.',
      { score: 1.8, coverage: 1 },
    );
    defined.headingPath = ['About pensions', 'Pension'];
    const concepts = [{ key: 'pension', weight: 2, words: ['pension'] }];
    expect(answerOf('what is a pension', [links, defined], concepts)).toMatch(
      /^A pension is a monthly payment/,
    );
  });

  it("answers from the best page when its title asks the question more closely than another page's FAQ entry", () => {
    const howTo = passage(
      '/interpreters/apply/',
      'How to request an interpreter | Court',
      'Fill out the interpreter form and give it to the clerk.',
      { score: 2, coverage: 1 },
    );
    howTo.headingPath = ['How to request an interpreter', 'The form'];
    const cancel = passage(
      '/interpreters/faq/',
      'Interpreter questions | Court',
      'Call the clerk at least two days before the hearing.',
      { score: 1.8, coverage: 1 },
    );
    cancel.headingPath = [
      'Interpreter questions',
      'How do I cancel my interpreter request after I show up late?',
    ];
    const concepts = [
      { key: 'interpreter', weight: 2, words: ['interpreter'] },
      { key: 'request', weight: 1, words: ['request', ['ask for', 0.85] as [string, number]] },
    ];
    const ask = (question: string) => answerOf(question, [howTo, cancel], concepts);
    expect(ask('how do i request an interpreter')).toMatch(/^Fill out the interpreter form/);
    // Under a title that asks less of the question, the entry asking it answers.
    howTo.title = 'Forms | Court';
    howTo.headingPath = ['Forms', 'Interpreter form'];
    expect(ask('how do i request an interpreter')).toMatch(/^Call the clerk/);
  });

  it('answers from a page whose title asks the question, ranked a little below a page that only names it', () => {
    const hub = passage(
      '/services/',
      'Court services | Court',
      'Interpreters, forms and fee waivers are here.',
      {
        score: 2,
        coverage: 1,
      },
    );
    hub.headingPath = ['Court services', 'Interpreters'];
    const howTo = passage(
      '/interpreters/request/',
      'How to request an interpreter | Court',
      'Call the interpreter office at least five days before your hearing.',
      { score: 1.7, coverage: 1 },
    );
    howTo.headingPath = ['How to request an interpreter', 'By phone'];
    const concepts = [
      { key: 'interpreter', weight: 2, words: ['interpreter'] },
      { key: 'request', weight: 1, words: ['request'] },
    ];
    const ask = (question: string, passages: ConceptPassage[]) => answerOf(question, passages, concepts);
    expect(ask('how do i request an interpreter', [hub, howTo])).toMatch(/^Call the interpreter office/);
    // A title that asks another kind of question ("Who can request…") does not.
    howTo.title = 'Who can request an interpreter | Court';
    expect(ask('how do i request an interpreter', [hub, howTo])).toMatch(
      /^Interpreters, forms and fee waivers/,
    );
  });

  it('answers from the FAQ entry that asks the question and little else, of two that hold it all', () => {
    const other = passage('/faq/', 'Questions', 'Only certified interpreters may be used in a trial.', {
      score: 2,
      coverage: 1,
    });
    other.headingPath = ['Questions', 'Which interpreters are accepted at a trial?'];
    const what = passage('/faq/', 'Questions', 'An interpreter repeats in your language what is said.', {
      score: 1.9,
      coverage: 1,
    });
    what.headingPath = ['Questions', 'What is an interpreter?'];
    const composed = composeAnswer({
      analysis: analyzeQuestion('what is an interpreter', null),
      search: search([other, what]),
      cite: true,
    });
    expect(composed.content).toMatch(/^An interpreter repeats in your language/);
  });

  /** The answer to `question` from one section of one page, headed `heading`, reading `text`. */
  const answerUnder = (heading: string, text: string, question: string) => {
    const section = passage('/page/', 'A page', text, { score: 2, coverage: 1 });
    section.headingPath = ['A page', heading];
    return composeAnswer({ analysis: analyzeQuestion(question, null), search: search([section]), cite: true })
      .content;
  };

  it('reads a section that opens with a parenthesis together with its heading', () => {
    const question = 'who do i complain to about an airline';
    expect(
      answerUnder(
        'Issues with Air Travel',
        '(involving a specific airline): File with the Department of Transportation.',
        question,
      ),
    ).toMatch(/^Issues with Air Travel \(involving a specific airline\): File with the Department/);
    // A section that opens with ordinary text stands on its own.
    expect(
      answerUnder('Issues with Air Travel', 'File with the Department of Transportation.', question),
    ).toMatch(/^File with the Department/);
  });

  it('quotes the FAQ question a bare "No." answers', () => {
    const heading = 'My petition is due today. Is it too late to file?';
    const question = 'my petition is due today, what can i still do';
    expect(
      answerUnder(heading, 'No. You can still file electronically or mail your petition today.', question),
    ).toMatch(/^My petition is due today\. Is it too late to file\? No\. You can still file/);
    // An answer that does not open with a bare yes or no stands on its own.
    expect(
      answerUnder(heading, 'You can still file electronically or mail your petition today.', question),
    ).toMatch(/^You can still file/);
  });

  it('quotes the FAQ question before a bare "No." unless it asks the yes-or-no question closely', () => {
    const concepts = [
      { key: 'interpreter', weight: 2, words: ['interpreter'] },
      { key: 'bring', weight: 1, words: ['bring'] },
    ];
    const answer = (heading: string) => {
      const entry = passage('/faq/', 'Questions', 'No. The court provides one for free.', {
        score: 2,
        coverage: 1,
      });
      entry.headingPath = ['Questions', heading];
      return answerOf('can i bring an interpreter', [entry], concepts);
    };
    expect(answer('Can I bring an interpreter?')).toMatch(/^No\. The court provides one/);
    // A heading that holds the question but asks about much else is said with its "No.".
    expect(
      answer(
        'Can I bring an interpreter who is my relative to a video hearing held by another county on a weekend?',
      ),
    ).toMatch(/^Can I bring an interpreter who is my relative .*\? No\. The court provides one/);
  });

  it('quotes an FAQ question and its answer without their "Q3:" and "A:" labels', () => {
    expect(
      answerUnder(
        'Q3: Is it too late to file my petition today?',
        'A: No. You can still file electronically or mail your petition today.',
        'my petition is due today, what can i still do',
      ),
    ).toMatch(/^Is it too late to file my petition today\? No\. You can still file/);
  });

  it('follows a "how do I" answer with the sub-sections headed by the question\'s words, one per way', () => {
    const intro = passage(
      '/interpreters/',
      'Interpreters',
      'You can ask for an interpreter online or by phone.',
      {
        score: 2,
        coverage: 1,
      },
    );
    intro.headingPath = ['Interpreters'];
    intro.following = [
      {
        headingPath: ['Interpreters', 'Interpreter online'],
        text: 'Use the request form. It takes a minute.',
      },
      { headingPath: ['Interpreters', 'Parking'], text: 'Parking is free.' },
      { headingPath: ['Interpreters', 'Interpreter by phone'], text: 'Call the clerk at 555-0100.' },
    ];
    const ask = (question: string) =>
      composeAnswer({ analysis: analyzeQuestion(question, null), search: search([intro]), cite: true })
        .content;
    expect(ask('how do i get an interpreter')).toBe(
      [
        'You can ask for an interpreter online or by phone.',
        '',
        '- Interpreter online: Use the request form.',
        '- Interpreter by phone: Call the clerk at 555-0100. [Source 1]',
      ].join('\n'),
    );
    // Not for other questions, nor with only one such sub-section.
    expect(ask('is there an interpreter')).toBe(
      'You can ask for an interpreter online or by phone. [Source 1]',
    );
    intro.following = intro.following.slice(0, 2);
    expect(ask('how do i get an interpreter')).toBe(
      'You can ask for an interpreter online or by phone. [Source 1]',
    );
  });
});

describe('composeAnswer: "how many"', () => {
  /** A search for "interpreter" and "hearing", both the question's own words. */
  function twoConcepts(passages: ConceptPassage[]): ConceptSearchResult {
    const concept = (key: string) => ({ key, weight: 2, alternatives: [{ words: [key], weight: 1 }] });
    return {
      passages,
      concepts: ['interpreter', 'hearing'].map((key) => ({ key, label: key, weight: 2, known: true })),
      matching: [concept('interpreter'), concept('hearing')],
    };
  }
  const ask = (question: string, passages: ConceptPassage[]) =>
    composeAnswer({ analysis: analyzeQuestion(question, null), search: twoConcepts(passages), cite: true })
      .content;

  it('quotes the number of the thing counted, not another number in the same section', () => {
    const section = passage(
      '/interpreters/',
      'Interpreters',
      'Last year 300 hearings had an interpreter. Each party may bring two interpreters to a hearing.',
      { score: 2, coverage: 1 },
    );
    expect(ask('how many interpreters can i bring to a hearing', [section])).toMatch(
      /^Each party may bring two interpreters/,
    );
    // "How many hearings" counts the other thing.
    expect(ask('how many hearings had an interpreter', [section])).toMatch(/^Last year 300 hearings/);
  });

  it('answers from the section whose count is most about the question', () => {
    const staff = passage('/staff/', 'Staff', 'Two interpreters work at the courthouse.', {
      score: 2,
      coverage: 1,
    });
    const rules = passage('/rules/', 'Rules', 'You may bring two interpreters to a hearing.', {
      score: 1.7,
      coverage: 1,
    });
    expect(ask('how many interpreters can i bring to a hearing', [staff, rules])).toMatch(/^You may bring/);
    // A number of something else does not count ("Two clerks").
    rules.text = 'Two clerks help at a hearing with an interpreter.';
    expect(ask('how many interpreters can i bring to a hearing', [staff, rules])).toMatch(
      /^Two interpreters/,
    );
  });

  it('answers "how many times" from the section saying "twice", not one counting something else', () => {
    const staff = passage('/staff/', 'Staff', 'Two interpreters work at each hearing.', {
      score: 2,
      coverage: 1,
    });
    const rules = passage('/rules/', 'Rules', 'You may ask for a new hearing with an interpreter twice.', {
      score: 1.7,
      coverage: 1,
    });
    const found = twoConcepts([staff, rules]);
    found.matching.push({ key: 'frame:times', weight: 1, alternatives: [{ words: ['times'], weight: 1 }] });
    const composed = composeAnswer({
      analysis: analyzeQuestion('how many times can i ask for a hearing with an interpreter', null),
      search: found,
      cite: true,
    });
    expect(composed.content).toMatch(/^You may ask for a new hearing with an interpreter twice/);
  });

  it('answers "how old" with the number of years old, not another span of time', () => {
    const section = passage(
      '/interpreters/',
      'Interpreters',
      'An interpreter must have worked for 5 years. An interpreter must be at least 21 years old.',
      { score: 2, coverage: 1 },
    );
    const found = twoConcepts([section]);
    // The question's frame word, as concept search carries it.
    found.matching.push({ key: 'frame:old', weight: 1, alternatives: [{ words: ['old'], weight: 1 }] });
    const composed = composeAnswer({
      analysis: analyzeQuestion('how old does an interpreter have to be', null),
      search: found,
      cite: true,
    });
    expect(composed.content).toMatch(/^An interpreter must be at least 21/);
  });
});

describe('composeAnswer: a bare word is no answer', () => {
  it('passes over a section whose only quotable text is one word, and declines when no other answers', () => {
    const states = passage('/centers/', 'Centers', '- Texas', { score: 2, coverage: 0.8 });
    const composed = composeAnswer({
      analysis: analyzeQuestion('interpreter in texas', null),
      search: search([states]),
      cite: true,
    });
    expect(composed.outcome).toBe('not_found');
    const page = passage('/interpreters/', 'Interpreters', 'Ask the clerk for an interpreter.', {
      score: 1.5,
      coverage: 0.8,
    });
    const next = composeAnswer({
      analysis: analyzeQuestion('interpreter in texas', null),
      search: search([states, page]),
      cite: true,
    });
    expect(next.content).toMatch(/^Ask the clerk for an interpreter\./);
  });

  it('does not count the words of the lead-in quoted with a bare list item', () => {
    const states = passage('/centers/', 'Centers', 'This office serves:\n- Oklahoma\n- Texas', {
      score: 2,
      coverage: 0.8,
    });
    const ask = () =>
      composeAnswer({
        analysis: analyzeQuestion('interpreter in texas', null),
        search: search([states]),
        cite: true,
      });
    expect(ask().outcome).toBe('not_found');
    // An item that says something is an answer, with its lead-in.
    states.text = 'This office serves:\n- Oklahoma\n- Texas, where an interpreter comes to every hearing';
    expect(ask().content).toMatch(/^This office serves:\n\n- Texas, where an interpreter/);
  });
});

describe('composeAnswer: a follow-up and an FAQ entry', () => {
  /** A search that matches the analysis's own concepts, as concept search would. */
  function searchFor(analysis: ReturnType<typeof analyzeQuestion>, passages: ConceptPassage[]) {
    const concepts = analysis.concepts.map((c) => ({
      key: c.key,
      weight: 2 * c.boost,
      alternatives: c.alternatives,
    }));
    return {
      passages,
      concepts: concepts.map((c) => ({ key: c.key, label: c.key, weight: c.weight, known: true })),
      matching: concepts,
    };
  }

  it("answers from an entry whose heading asks the follow-up's own question", () => {
    const page = passage(
      '/batteries/',
      'Order hearing aid batteries',
      'Order hearing aid batteries online, by mail or by phone.',
      { score: 2, coverage: 1 },
    );
    const entry = passage('/batteries/', 'Order hearing aid batteries', 'You get them free of charge.', {
      score: 1.7,
      coverage: 1,
    });
    entry.headingPath = ['Order hearing aid batteries', 'Are hearing aid batteries free?'];
    page.sections = [entry];
    const ask = (question: string) => {
      const analysis = analyzeQuestion(question, 'how do i order hearing aid batteries');
      return composeAnswer({ analysis, search: searchFor(analysis, [page]), cite: true }).content;
    };
    expect(ask('are they free?')).toMatch(/^You get them free of charge\./);
    // An entry that only names the subject carried from the previous question does not answer it.
    entry.headingPath = ['Order hearing aid batteries', 'Are hearing aid batteries for sale?'];
    expect(ask('are they free?')).toMatch(/^Order hearing aid batteries online/);
  });
});
