import { describe, expect, it } from 'vitest';
import type { ConceptPassage, ConceptSearchResult } from '../knowledge/concept-search.js';
import type { FactIntent } from '../language/facts.js';
import { MAX_LIST_ITEMS, pickUnits, trimToBudget } from './pick-units.js';
import {
  conceptScorer,
  factHeading,
  inRange,
  numberRanges,
  phraseCounter,
  questionNumbers,
  type ScoredUnit,
  scoreUnits,
  statementHeading,
} from './score-units.js';

function matching(keys: string[]): ConceptSearchResult {
  return {
    passages: [],
    concepts: [],
    matching: keys.map((key) => ({
      key,
      weight: 1,
      alternatives: [{ words: [key.replace(/^\w+:/, '')], weight: 1 }],
    })),
  };
}

describe('conceptScorer', () => {
  it('scores by what the question is about, not by its frame or intent hints', () => {
    const score = conceptScorer(matching(['search', 'tool', 'frame:work', 'intent:process']));
    // "work" and "process" alone give nothing; the sentence about the tool scores as fully on topic.
    expect(score('We work hard on the process.')).toBe(0);
    expect(score('The search tool uses machine learning.')).toBe(1);
  });
});

describe('statementHeading', () => {
  it('takes a heading that states something', () => {
    const h = 'Requirement: WCAG 2.1 Level AA is the technical standard for web content and mobile apps.';
    expect(statementHeading(h)).toBe(h);
    expect(statementHeading('Most people serve one day or one trial and are then done.')).not.toBeNull();
  });

  it('leaves labels and questions', () => {
    expect(statementHeading('Filing fees')).toBeNull();
    expect(statementHeading('How do I file a complaint about a state or local government?')).toBeNull();
    expect(statementHeading('Requirements for Web and Mobile App Accessibility')).toBeNull();
    expect(statementHeading(undefined)).toBeNull();
  });
});

describe('factHeading', () => {
  it('takes a heading stating the kind of fact asked for', () => {
    expect(factHeading('Conduct between 6 to 9 interviews', ['count'])).not.toBeNull();
    expect(factHeading('Pay within 30 days', ['duration'])).not.toBeNull();
  });

  it('leaves labels, questions, other kinds of fact and questions asking for none', () => {
    expect(factHeading('Exemption 6', ['count'])).toBeNull();
    expect(factHeading('Can I bring 2 guests?', ['count'])).toBeNull();
    expect(factHeading('Conduct between 6 to 9 interviews', ['place'])).toBeNull();
    expect(factHeading('Conduct between 6 to 9 interviews', [])).toBeNull();
  });
});

describe('scoreUnits', () => {
  const passage = (headingPath: string[]) =>
    ({
      title: 'Fact sheet: new rule on web accessibility',
      headingPath,
      text: 'This rule sets a technical standard.\nIt applies to cities.',
    }) as unknown as ConceptPassage;

  it('quotes a statement heading first, scored under its parent headings', () => {
    const score = conceptScorer(matching(['technical', 'standard', 'rule']));
    const heading = 'Requirement: WCAG 2.1 Level AA is the technical standard for web content and apps.';
    const units = scoreUnits(passage(['Fact sheet: new rule on web accessibility', heading]), score, []);
    expect(units.map((u) => u.unit.position)).toEqual([0, 1, 2]);
    expect(units[0]!.unit.text).toBe(heading);
    // "rule" is in the parent heading: the statement holds every concept of the question.
    expect(units[0]!.concepts).toBe(1);
  });

  it("scores what each unit holds beyond its section's title and headings", () => {
    const score = conceptScorer(matching(['recaptcha', 'check', 'antivirus']));
    const page = {
      title: 'Security check failed (reCAPTCHA)',
      headingPath: ['Security check failed (reCAPTCHA)', 'How do I access my account?'],
      text: '- Turn off your VPN.\n- Run antivirus software in case malware interferes with security checks.',
    } as unknown as ConceptPassage;
    const [vpn, antivirus] = scoreUnits(page, score, []);
    expect(antivirus!.concepts).toBeCloseTo(2 / 3);
    // "check" is what the page is headed by; only "antivirus" is the item's own.
    expect(antivirus!.distinct).toBeCloseTo(1 / 3);
    expect(vpn!.distinct).toBe(0);
  });

  it('quotes a sub-section heading stating the fact asked for, and its body explains it', () => {
    const score = conceptScorer(matching(['interviews', 'paraphrase']));
    const page = {
      title: 'Paraphrase testing',
      headingPath: ['Paraphrase testing', 'Conduct between 6 to 9 interviews'],
      text: 'Ask the participant to read to a stopping point. Take notes in their words.',
    } as unknown as ConceptPassage;
    const units = scoreUnits(page, score, ['count']);
    expect(units[0]!.unit.text).toBe('Conduct between 6 to 9 interviews');
    expect(units[0]!.fact).toBe(true);
    const picked = pickUnits(units, ['count'], true);
    expect(picked.map((u) => u.unit.text)).toEqual([
      'Conduct between 6 to 9 interviews',
      'Ask the participant to read to a stopping point.',
    ]);
    // Not for a question that asks for no fact, nor for the page's own heading.
    expect(scoreUnits(page, score, [])[0]!.unit.text).toMatch(/^Ask the participant/);
    const top = { ...page, headingPath: ['Conduct between 6 to 9 interviews'] } as ConceptPassage;
    expect(scoreUnits(top, score, ['count'])[0]!.unit.text).toMatch(/^Ask the participant/);
  });

  it('adds nothing for a label heading', () => {
    const score = conceptScorer(matching(['technical', 'standard']));
    const units = scoreUnits(passage(['Fact sheet: new rule on web accessibility', 'Standards']), score, []);
    expect(units.map((u) => u.unit.text)).toEqual([
      'This rule sets a technical standard.',
      'It applies to cities.',
    ]);
  });
});

const unit = (
  text: string,
  position: number,
  concepts: number,
  fact: boolean,
  listItem = false,
): ScoredUnit => ({
  unit: { text, listItem, position },
  concepts,
  fact,
});

describe('pickUnits: facts', () => {
  it('adds no unrelated sentence to a fact that names nothing of the question', () => {
    const units = [
      unit('Your most recent tax return', 0, 0, false, true),
      unit('Health Eligibility Center 2957 Clairmont Rd., Atlanta, GA 30329', 1, 0, true),
    ];
    expect(pickUnits(units, ['place'], true).map((u) => u.unit.position)).toEqual([1]);
  });

  it('quotes a fact whose lead-in names the question ("Mail it to:" then the address)', () => {
    const units = [
      unit('Do not mail cash.', 0, 0.3, false),
      unit('Mail it to:', 1, 0.3, false),
      unit('Traffic Division PO Box 4500 Northfield, EX 10220', 2, 0, true),
      unit('Mail early: the payment must reach the court by the due date.', 3, 0.6, false),
    ];
    const picked = pickUnits(units, ['place'], false).map((u) => u.unit.text);
    expect(picked).toContain('Traffic Division PO Box 4500 Northfield, EX 10220');
    expect(picked[0]).toBe('Mail it to:');
  });

  it('quotes a fact that leads into a list with the list', () => {
    const units = [
      unit('Care is free of charge as long as:', 0, 0.5, true),
      unit('Your provider recommends it, and', 1, 0.5, false, true),
      unit('You stay enrolled in care', 2, 0.5, false, true),
      unit('Order online or by phone.', 3, 0, false),
    ];
    expect(pickUnits(units, ['amount'], false).map((u) => u.unit.position)).toEqual([0, 1, 2]);
  });

  it('does not quote a fact that nothing ties to the question', () => {
    const units = [unit('Parking is free.', 0, 0, true), unit('Mail your payment early.', 1, 0.6, false)];
    expect(pickUnits(units, ['amount'], false).map((u) => u.unit.text)).toEqual(['Mail your payment early.']);
  });
});

describe('pickUnits: facts in a section titled for the question', () => {
  const units = [
    unit('Traffic school keeps a point off your record.', 0, 0.7, false),
    unit('Pay the full bail amount plus a $64 administrative fee to the court.', 1, 0, true),
  ];

  it('quotes the fact when the heading names the question', () => {
    expect(pickUnits(units, ['amount'], true).map((u) => u.unit.text)).toContain(
      'Pay the full bail amount plus a $64 administrative fee to the court.',
    );
  });

  it('does not when only the body matched', () => {
    expect(pickUnits(units, ['amount'], false).map((u) => u.unit.text)).not.toContain(
      'Pay the full bail amount plus a $64 administrative fee to the court.',
    );
  });
});

describe('pickUnits: a fact and the sentence most about the question', () => {
  it('quotes with the fact a sentence far more about the question', () => {
    const units = [
      unit('Juror pay is $15 for each day of service.', 0, 0.28, true),
      unit('Payments are mailed after your service ends.', 1, 0, false),
      unit('Your employer cannot fire you for jury service, but it does not have to pay you.', 2, 0.6, false),
    ];
    expect(pickUnits(units, ['amount'], false).map((u) => u.unit.position)).toEqual([0, 2]);
  });

  it('quotes the fact alone when it is about as much on topic', () => {
    const units = [
      unit('Divorce forms are on the forms page.', 0, 0.7, false),
      unit('The filing fee is $435.', 1, 0.5, true),
    ];
    expect(pickUnits(units, ['amount'], false).map((u) => u.unit.position)).toEqual([1]);
  });
});

describe('number ranges', () => {
  it('quotes a list of facts the question singles none of out, as a list, with a fact completing it', () => {
    const units = [
      unit('The court is closed on these days:', 0, 0.5, false),
      unit("New Year's Day--January 1", 1, 0, true, true),
      unit('Inauguration Day--Every fourth year', 2, 0, false, true),
      unit('Christmas Day--December 25', 3, 0, true, true),
      unit('Deadlines move to the next court day.', 4, 0, true),
      unit('Parking is free.', 5, 0, false),
    ];
    // In a section whose heading names the question ("Legal holidays"), as the table rows are.
    expect(pickUnits(units, ['time'], true).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
    // One item the question names is the answer alone.
    const named = units.map((u, i) => (i === 3 ? { ...u, concepts: 0.8 } : u));
    expect(pickUnits(named, ['time'], true).map((u) => u.unit.position)).not.toContain(1);
  });

  it('quotes the table row the question singles out alone, and all rows when none is singled out', () => {
    const rows = [
      unit('Fines — Speeding, 1 to 15 mph over: $238', 0, 0.4, true, true),
      unit('Fines — Speeding, 16 to 25 mph over: $367', 1, 0.4, true, true),
      unit('Fines — Running a red light: $490', 2, 0.2, true, true),
    ];
    // "red light ticket cost": the one row naming a red light.
    const red = rows.map((u, i) => (i === 2 ? { ...u, concepts: 0.9 } : u));
    expect(pickUnits(red, ['amount'], false).map((u) => u.unit.position)).toEqual([2]);
    // "speeding 10 over": two rows name speeding; the one whose range holds 10.
    const ten = rows.map((u, i) => (i === 0 ? { ...u, inRange: true } : u));
    expect(pickUnits(ten, ['amount'], false).map((u) => u.unit.position)).toEqual([0]);
    // "how much are speeding fines": both speeding rows, and the table's others.
    expect(pickUnits(rows, ['amount'], false).map((u) => u.unit.position)).toEqual([0, 1, 2]);
  });

  it('reads ranges, not phone numbers', () => {
    expect(numberRanges('51 to 75: 3; 1')).toEqual([[51, 75]]);
    expect(numberRanges('$1,500.01 to $5,000: $50')).toEqual([[1500.01, 5000]]);
    expect(numberRanges('de 10 a 20 días')).toEqual([[10, 20]]);
    expect(numberRanges('call (555) 010-0195 or 800-514-0301')).toEqual([]);
  });

  it('finds the row whose range holds a number the question gives', () => {
    expect(questionNumbers('how many spaces for a lot with 60 spaces')).toEqual([60]);
    expect(questionNumbers('fee for a $4,000 claim')).toEqual([4000]);
    expect(inRange('51 to 75: 3; 1', [60])).toBe(true);
    expect(inRange('76 to 100: 4; 1', [60])).toBe(false);
    expect(inRange('51 to 75: 3; 1', [])).toBe(false);
  });

  it('quotes the row holding the number before a row that merely matches more words', () => {
    const units = [
      { ...unit('Total parking spaces: minimum accessible spaces', 0, 0.6, true, true) },
      { ...unit('26 to 50: 2; 1', 1, 0.2, true, true) },
      { ...unit('51 to 75: 3; 1', 2, 0.2, true, true), inRange: true },
    ];
    const picked = pickUnits(units, ['count'], false).map((u) => u.unit.text);
    expect(picked).toContain('51 to 75: 3; 1');
    expect(picked).not.toContain('26 to 50: 2; 1');
  });

  it('counts a range holding the number as naming it', () => {
    const score = conceptScorer(matching(['60']));
    expect(score('51 to 75: 3; 1')).toBe(1);
    expect(score('76 to 100: 4; 1')).toBe(0);
  });
});

describe('pickUnits: a question the page asks itself', () => {
  it('quotes the answer that follows an FAQ question, not the question alone', () => {
    const units = [
      unit('Can a center charge extra for testing blood sugar?', 0, 0.9, false),
      unit('No, the center cannot add a surcharge for this service.', 1, 0.1, false),
      unit('Parking is in the rear lot.', 2, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 1]);
  });
});

/** A passage's units, scored 1 where they hold `word` (lines are paragraphs). */
const unitsOf = (text: string, word: string, facts: FactIntent[] = []) =>
  scoreUnits({ text } as ConceptPassage, (t) => (t.includes(word) ? 1 : 0), facts);

describe('pickUnits: reading on', () => {
  it('takes a sentence that leans on the best one, in English and Spanish', () => {
    const units = [
      unit('Parking is free.', 0, 0, false),
      unit('The FOIA does not apply to the courts.', 1, 1, false),
      unit('It also does not apply to state and local governments.', 2, 0, false),
      unit('Requests are answered in 20 days.', 3, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([1, 2]);
    const es = [
      unit('La ley no se aplica a los tribunales.', 0, 1, false),
      unit('Sin embargo, los tribunales publican sus registros.', 1, 0, false),
    ];
    expect(pickUnits(es, [], false)).toHaveLength(2);
  });

  it('takes the sentence a best sentence leans on', () => {
    const units = [
      unit('Agencies may withhold exempt information.', 0, 0.3, false),
      unit('This is done by blacking out the protected information.', 1, 1, false),
      unit('Requests are answered in 20 days.', 2, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 1]);
  });

  it("reads on through the rest of the best sentence's paragraph", () => {
    const units = unitsOf(
      'Everyone goes through a metal detector. Allow 30 minutes. Do not bring knives.\nParking is free.',
      'detector',
    );
    expect(pickUnits(units, [], false).map((u) => u.unit.text)).toEqual([
      'Everyone goes through a metal detector.',
      'Allow 30 minutes.',
      'Do not bring knives.',
    ]);
  });

  it('quotes a fact with the next sentence of its paragraph', () => {
    const units = unitsOf(
      'Report to Room 2 by 8:00 a.m. Allow time for parking.\nJurors are paid $15 a day.',
      'Report',
      ['time'],
    );
    expect(pickUnits(units, ['time'], false).map((u) => u.unit.text)).toEqual([
      'Report to Room 2 by 8:00 a.m.',
      'Allow time for parking.',
    ]);
  });

  it("reads an FAQ entry's first paragraph whole, past three sentences, and stops at the next", () => {
    const units = unitsOf(
      'Sometimes. There are two situations. They apply everywhere. First, a threat to life. Second, an urgency to inform.\nFees are extra.',
      'nothing',
    );
    expect(pickUnits(units, [], false, true).map((u) => u.unit.text)).toEqual([
      'Sometimes.',
      'There are two situations.',
      'They apply everywhere.',
      'First, a threat to life.',
      'Second, an urgency to inform.',
    ]);
    // Not under a heading that asks the question: three sentences at most, as before.
    const plain = unitsOf('Sometimes. Situations vary. Situations apply. Situations change.', 'Situations');
    expect(pickUnits(plain, [], false)).toHaveLength(3);
  });

  it('stops where the text turns to something else', () => {
    const units = [
      unit('The FOIA does not apply to the courts.', 0, 1, false),
      unit('Requests are answered in 20 days.', 1, 0, false),
      unit('It takes longer for large requests.', 2, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0]);
  });
});

describe('pickUnits: a list item the question singles out', () => {
  const list = [
    unit('We recognize these wartime periods:', 0, 0.3, false),
    unit('World War I (April 6, 1917, to November 11, 1918)', 1, 0.15, false, true),
    unit('World War II (December 7, 1941, to December 31, 1946)', 2, 0.15, false, true),
    unit('Korean conflict (June 27, 1950, to January 31, 1955)', 3, 0.22, false, true),
    unit('Gulf War (August 2, 1990, through a future date)', 4, 0.15, false, true),
  ];

  it('quotes the lead-in and that item', () => {
    expect(pickUnits(list, [], false).map((u) => u.unit.position)).toEqual([0, 3]);
  });

  it('reads the whole list when the item holds no more than the section is headed by', () => {
    // "The recaptcha check keeps failing" on a page titled "Security check failed": one tip names
    // "security checks", which every tip is about.
    const tips = list.map((u) => ({ ...u, distinct: 0 }));
    expect(pickUnits(tips, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
    const korean = list.map((u) => ({ ...u, distinct: u.unit.position === 3 ? 0.2 : 0 }));
    expect(pickUnits(korean, [], false).map((u) => u.unit.position)).toEqual([0, 3]);
  });

  it('reads the whole list when no item stands out', () => {
    const even = list.map((u) => (u.unit.listItem ? { ...u, concepts: 0.15 } : u));
    // The lead-in is read with its list, all of it: the items are not counted as sentences.
    expect(pickUnits(even, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads every condition a lead-in introduces, and stops at the list limit', () => {
    const conditions = [
      unit('You can use these tools if you meet all of these requirements. You:', 0, 0.4, false),
      ...Array.from({ length: MAX_LIST_ITEMS + 2 }, (_, i) =>
        unit(`Meet requirement number ${i + 1}, and`, i + 1, 0, false, true),
      ),
      unit('Other tools are described below.', MAX_LIST_ITEMS + 3, 0, false),
    ];
    expect(pickUnits(conditions, [], false).map((u) => u.unit.position)).toEqual(
      Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i),
    );
  });

  it('reads a lead-in after the best sentence with the list it introduces', () => {
    const units = [
      unit('Appointment tools let you schedule your appointments online.', 0, 0.8, false),
      unit('You can use these tools to:', 1, 0, false),
      unit('Schedule some appointments online', 2, 0.6, false, true),
      unit('Cancel appointments made online', 3, 0.5, false, true),
      unit('Other services are by phone.', 4, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3]);
    // Every item of the list a quoted lead-in introduces is read, about the question or not.
    const plain = units.map((u, i) => (i === 3 ? { ...u, concepts: 0 } : u));
    expect(pickUnits(plain, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3]);
    // A lead-in whose list is about something else ends the answer.
    const off = units.map((u) => (u.unit.listItem ? { ...u, concepts: 0.1 } : u));
    expect(pickUnits(off, [], false).map((u) => u.unit.position)).toEqual([0]);
  });

  it('reads on from a best sentence that points at what follows it, to the list it points at', () => {
    const units = [
      unit('You may get burial allowances if any of the below relationships describes you.', 0, 0.8, false),
      unit('One of these must describe your relationship.', 1, 0, false),
      unit('You’re:', 2, 0, false),
      unit('The surviving spouse, or', 3, 0, false, true),
      unit('A surviving child', 4, 0, false, true),
      unit('Transport costs are covered too.', 5, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
    // A list right after the pointing sentence is read with it; in Spanish too.
    const direct = [
      unit('Puede pedir un plan de pagos si cumple los requisitos que siguen.', 0, 0.8, false),
      unit('Tener ingresos bajos', 1, 0, false, true),
      unit('Vivir en el condado', 2, 0, false, true),
      unit('Las multas se pagan en línea.', 3, 0, false),
    ];
    expect(pickUnits(direct, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2]);
    // A sentence pointing nowhere stops where the text turns to something else.
    const plain = units.map((u, i) =>
      i === 0 ? { ...u, unit: { ...u.unit, text: 'You may get burial allowances.' } } : u,
    );
    expect(pickUnits(plain, [], false).map((u) => u.unit.position)).toEqual([0]);
  });

  it('quotes a list item from the middle of its list with the lead-in that says what the items are', () => {
    const units = [
      unit('Courts must comply with the ADA, including for example:', 0, 0.2, false),
      unit('When a caseworker visits your home.', 1, 0, false, true),
      unit('When you are in court, in a hearing about custody.', 2, 0.9, false, true),
      unit('Individual treatment matters.', 3, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 2]);
    // Not a prose unit that leads into nothing.
    const plain = units.map((u, i) =>
      i === 0 ? { ...u, unit: { ...u.unit, text: 'Courts must comply.' } } : u,
    );
    expect(pickUnits(plain, [], false).map((u) => u.unit.position)).toEqual([2]);
  });

  it('reads the prose a quoted lead-in introduces', () => {
    const units = unitsOf(
      "The search tool uses logic and machine learning. Here's how it all comes together:\nPathway logic: first, it checks common requests.\nAgency matching: then it looks at agency names.",
      'machine learning',
    );
    const picked = pickUnits(units, [], false).map((u) => u.unit.text);
    expect(picked[1]).toBe("Here's how it all comes together:");
    expect(picked[2]).toBe('Pathway logic: first, it checks common requests.');
  });
});

describe('pickUnits: "why"', () => {
  const units = [
    unit('Posting PDF versions of documents seems an obvious choice.', 0, 0.6, false),
    unit('Users avoid reading PDF files at all costs.', 1, 0.6, false),
    unit('PDF files:', 2, 0.4, false),
    unit('Are slow to open', 3, 0, false, true),
    unit('Are not mobile-friendly', 4, 0, false, true),
  ];

  it('quotes the list of reasons whose lead-in names what is asked about', () => {
    expect(pickUnits(units, ['reason'], false).map((u) => u.unit.position)).toEqual([2, 3, 4]);
  });

  it('reads the sentences when no lead-in ties a list to the question', () => {
    const untied = units.map((u) => (u.unit.position === 2 ? { ...u, concepts: 0 } : u));
    expect(pickUnits(untied, ['reason'], true).map((u) => u.unit.position)).toEqual([0, 1]);
  });
});

describe('phraseCounter', () => {
  it("counts the question's two-word phrases a text says as the question does", () => {
    const count = phraseCounter('is a one sentence paragraph ok?');
    expect(count('There is nothing wrong with an occasional one-sentence paragraph.')).toBe(1);
    expect(count('Write paragraphs of three to eight sentences.')).toBe(0);
    // Function words between them break a phrase: "paragraph of one sentence" is not said as asked.
    expect(count('A paragraph of one sentence.')).toBe(0);
    expect(phraseCounter('what is it')('anything')).toBe(0);
  });

  it('settles a tie between sentences holding the same concepts', () => {
    const passage = {
      documentId: 'd',
      chunkIndex: 0,
      text: 'Experts recommend paragraphs of three to eight sentences. There is nothing wrong with an occasional one-sentence paragraph.',
      sourceFilename: 'x',
      title: 'Write short paragraphs',
      headingPath: ['Write short paragraphs'],
      score: 1,
    } as unknown as ConceptPassage;
    const scorer = conceptScorer(matching(['sentence', 'paragraph']));
    const question = 'is a one sentence paragraph ok?';
    const plain = pickUnits(scoreUnits(passage, scorer, []), [], false);
    expect(plain[0]!.unit.text).toMatch(/^Experts recommend/);
    const withPhrases = pickUnits(
      scoreUnits(passage, scorer, [], [], () => false, phraseCounter(question)),
      [],
      false,
    );
    expect(withPhrases[0]!.unit.text).toMatch(/^There is nothing wrong/);
  });
});

describe('pickUnits: a list asked for', () => {
  const hub = [
    unit('Other benefits and services', 0, 0, false),
    unit('Life Insurance: explore your options and find out how to apply.', 1, 0.2, false, true),
    unit('Burial Benefits: learn how to plan a burial service.', 2, 0, false, true),
    unit('Education and Training: apply for the GI Bill to help pay for college.', 3, 0.9, false, true),
    unit('Housing Assistance: find out how to buy a home.', 4, 0, false, true),
  ];

  it('quotes the one item of an untitled list that holds the question, not its neighbours', () => {
    expect(pickUnits(hub, ['steps'], false).map((u) => u.unit.position)).toEqual([0, 3]);
  });

  it('quotes the whole list when the section is titled for the question', () => {
    expect(pickUnits(hub, ['steps'], true).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('quotes the whole list when its lead-in names the question', () => {
    const led = [unit('To apply for education benefits, you need:', 0, 0.5, false), ...hub.slice(1)];
    expect(pickUnits(led, ['list'], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
  });

  // "What should I wear to court" in a section listing what to bring, its dress code after the list.
  const bring = [
    unit('Your summons and a photo ID.', 0, 0, false, true),
    unit('A sweater: courtrooms can be cold.', 1, 0.2, false, true),
    unit('Lunch money or a packed lunch.', 2, 0, false, true),
    unit('Dress comfortably but respectfully: no shorts or hats in courtrooms.', 3, 0.9, false),
  ];

  it('quotes a sentence after the list that holds more of the question than any item', () => {
    expect(pickUnits(bring, ['list'], true).map((u) => u.unit.position)).toEqual([3]);
  });

  it('still quotes the list when no sentence holds more of the question, or steps are asked for', () => {
    const plain = bring.map((u) => (u.unit.position === 3 ? { ...u, concepts: 0.2 } : u));
    expect(pickUnits(plain, ['list'], true).map((u) => u.unit.position)).toEqual([0, 1, 2]);
    expect(pickUnits(bring, ['list', 'steps'], true).map((u) => u.unit.position)).toEqual([0, 1, 2]);
  });

  it('quotes every step of an eight-step how-to, so the reader is not left halfway', () => {
    const steps = [
      unit('Follow these steps to change your password:', 0, 0.8, false),
      ...[
        'Go to the sign-in page.',
        'Enter your email.',
        'Enter your password.',
        'Select "Sign in".',
        'Open your account page.',
        'Select "Edit" next to the password.',
        'Enter the new password.',
        'Select "Change password".',
      ].map((t, i) => unit(t, i + 1, 0.1, false, true)),
    ];
    expect(pickUnits(steps, ['steps'], true).map((u) => u.unit.position)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('quotes, for "how do I", a sentence far more about the question than any list', () => {
    // "How do I appeal" in a section whose only list is what to bring to the hearing.
    expect(pickUnits(bring, ['steps'], false).map((u) => u.unit.position)).toEqual([3]);
    // Not when an item of the list is nearly as much about it (that item, singled out, answers).
    const close = bring.map((u) => (u.unit.position === 1 ? { ...u, concepts: 0.5 } : u));
    expect(pickUnits(close, ['steps'], false).map((u) => u.unit.position)).toEqual([1]);
  });
});

describe('pickUnits: one condition of a list of conditions', () => {
  const lead = unit('At least one of these must be true. You:', 0, 0.3, false);
  const items = (joiner: string) => [
    unit(`Are at least 65 years old, ${joiner}`, 1, 0.5, false, true),
    unit(`Are totally and permanently disabled, ${joiner}`, 2, 0.1, false, true),
    unit(`Are a patient in a nursing home, ${joiner}`, 3, 0.1, false, true),
    unit('Get Supplemental Security Income', 4, 0.1, false, true),
  ];

  it('quotes the condition the question singles out, without the "or" that joined it to the next', () => {
    const picked = pickUnits([lead, ...items('or')], [], false);
    expect(picked.map((u) => u.unit.position)).toEqual([0, 1]);
    expect(picked[1]!.unit.text).toBe('Are at least 65 years old');
  });

  it('quotes every condition when all of them must hold ("and")', () => {
    const all = unit('All of these must be true. You:', 0, 0.3, false);
    const picked = pickUnits([all, ...items('and')], [], false);
    expect(picked.map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('pickUnits: a fact that completes a list', () => {
  it('reads the line after a list of facts as the end of its last item when that item is left open', () => {
    const units = [
      unit('Mail the form, or a letter with the same information, to:', 0, 0.5, false),
      unit('U.S. Department of Justice', 1, 0, false, true),
      unit('Civil Rights Division: 950 Pennsylvania Avenue, NW', 2, 0, true, true),
      unit('Washington, DC 20530.', 3, 0, true),
    ];
    const picked = pickUnits(units, ['place'], true);
    expect(picked.map((u) => u.unit.text)).toEqual([
      'Mail the form, or a letter with the same information, to:',
      'U.S. Department of Justice',
      'Civil Rights Division: 950 Pennsylvania Avenue, NW, Washington, DC 20530.',
    ]);
  });
});

describe('pickUnits: nested lists', () => {
  /** A unit written under a list item, `depth` levels down. */
  const under = (text: string, position: number, concepts: number, listItem: boolean, depth: number) => ({
    ...unit(text, position, concepts, false, listItem),
    unit: { text, listItem, position, depth },
  });
  const steps = [
    unit('Follow these steps to create your account:', 0, 0.5, false),
    ...Array.from({ length: 9 }, (_, i) => unit(`Step ${i + 1} of the form.`, i + 1, 0, false, true)),
    under('Use at least twelve characters.', 10, 0, true, 1),
    under('Avoid your birthday.', 11, 0.5, true, 1),
    unit('Step 10 of the form.', 12, 0, false, true),
    unit('Step 11 of the form.', 13, 0, false, true),
  ];

  it("counts a how-to's steps, not what is written under them, and quotes each step with its details", () => {
    const picked = pickUnits(steps, ['steps'], true).map((u) => u.unit.position);
    // Ten steps (the most a how-to quotes) and the two lines under the ninth.
    expect(picked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('quotes the steps first within the budget, then the details holding most of the question', () => {
    const long = (i: number) => `Step ${i} ${'of a long form to fill in, '.repeat(3)}then continue.`;
    const units = [
      unit(long(1), 0, 0, false, true),
      under('First detail, about nothing asked.', 1, 0, false, 1),
      unit(long(2), 2, 0, false, true),
      under('A detail about the question asked.', 3, 0.5, false, 1),
      ...Array.from({ length: 8 }, (_, i) => unit(long(i + 3), i + 4, 0, false, true)),
    ];
    const kept = trimToBudget(units);
    const top = kept.filter((u) => !u.unit.depth);
    expect(top.length).toBeGreaterThan(6);
    expect(kept.map((u) => u.unit.text)).toContain('A detail about the question asked.');
    expect(kept.map((u) => u.unit.text)).not.toContain('First detail, about nothing asked.');
    // A detail never comes without the item it is under.
    expect(
      trimToBudget([...units.slice(0, 1), ...units.slice(4), units[3]!]).map((u) => u.unit.position),
    ).not.toContain(3);
  });

  it('reads on through the steps a sentence points at, with what is written under them', () => {
    const units = [
      unit('Follow these steps to create your account.', 0, 1, false),
      unit('Enter your email address.', 1, 0, false, true),
      under('Choose one you can always reach.', 2, 0, false, 1),
      unit('Click Submit.', 3, 0, false, true),
      unit('Our office is closed on holidays.', 4, 0, false),
    ];
    expect(pickUnits(units, [], false).map((u) => u.unit.position)).toEqual([0, 1, 2, 3]);
  });

  it('keeps a detail with the sentences before it in its paragraph, and a detail leading in only with what follows it', () => {
    const long = `Set up a second layer of security ${'for your account, '.repeat(30)}now.`;
    const inPara = (text: string, position: number, concepts: number, paragraph: number) => ({
      ...under(text, position, concepts, false, 1),
      unit: { text, listItem: false, position, depth: 1, paragraph },
    });
    const units = [
      unit('Enter your email address.', 0, 0, false, true),
      inPara('Choose one you can always reach.', 1, 0, 1),
      inPara('You can add another address to your account later.', 2, 0.5, 1),
      unit(long, 3, 0, false, true),
      inPara('More secure:', 4, 0, 4),
      under(`Security key ${'or a face or touch unlock, '.repeat(20)}`, 5, 0, true, 1),
    ];
    const kept = trimToBudget(units).map((u) => u.unit.position);
    expect(kept).toEqual([0, 1, 2, 3]);
  });

  it('quotes the paragraph a list ends pointing at ("to the address below:")', () => {
    const units = [
      unit('Ask for a waiver of the filing fee:', 0, 0.5, false),
      unit('Fill in the form.', 1, 0.5, false, true),
      unit('File the form to your case:', 2, 0.5, false, true),
      under('If you filed on paper, mail it to the address below:', 3, 0.5, true, 1),
      unit('Clerk of the Court, 400 Second Street, Washington, DC 20217', 4, 0, false),
      unit('Need help? Call us.', 5, 0, false),
    ];
    expect(pickUnits(units, ['steps'], true).map((u) => u.unit.position)).toEqual([0, 1, 2, 3, 4]);
  });
});
