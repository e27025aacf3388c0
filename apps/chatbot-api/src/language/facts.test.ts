import { describe, expect, it } from 'vitest';
import { FACT_INTENTS, factPatterns, isExactFact, isFact, isSimpleText, simpleForm } from './facts.js';

const SENTENCES = [
  'Visit us at 123 Main Street, Suite 200, Springfield, IL 62701.',
  'The clerk’s office is in Room 3B on the 2nd floor — open 8:30 a.m. to 4:30 p.m.',
  'Mail it to P.O. Box 1234 or call (555) 123-4567 / 1-800-ASK-LAWS; e-mail help@court.example.gov.',
  'The fee is $25 (25 dollars); there is no charge for a waiver.',
  'File within 30 days, by March 3, 2024, Monday to Friday.',
  'Signs must be 12 inches tall, 1:24 scale, 50 % of the wall.',
  'TTY users dial 711. Two copies, one original.',
  'calle Mayor 5, avenida central, sin costo, dentro de 10 días',
  '“Quoted” text… with non\u00a0breaking spaces, € 20 and £3 ± 1.',
  'nothing here at all',
];

/** Deterministic strings from ASCII and the non-ASCII characters simple text may hold. */
function fuzzed(n: number): string[] {
  const pool = [
    ...'aBcDeKkSsTt0123456789 $.,:-()/@\'"\n',
    'street',
    'st.',
    'room',
    'floor',
    'box',
    'am',
    'p.m.',
    'dollars',
    'free',
    'march',
    'days',
    'inches',
    '’',
    '“',
    '–',
    '€',
    '\u00a0',
  ];
  let s = 7;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () =>
    Array.from({ length: 4 + Math.floor(next() * 30) }, () => pool[Math.floor(next() * pool.length)]).join(
      '',
    ),
  );
}

describe('fact patterns', () => {
  it('match simple text the same in their simple form as in full', () => {
    let simplified = 0;
    for (const intent of FACT_INTENTS) {
      for (const p of factPatterns(intent)) {
        if (p.simple !== p.full) simplified++;
        for (const text of [...SENTENCES, ...fuzzed(400)].filter(isSimpleText)) {
          expect(p.simple.test(text), `${p.full.source} on ${JSON.stringify(text)}`).toBe(p.full.test(text));
        }
      }
    }
    expect(simplified).toBeGreaterThan(10);
    expect(SENTENCES.filter(isSimpleText).length).toBe(SENTENCES.length - 1);
  });

  it('matches a pattern marked "(?-i)" with case: a street address has a capitalized name', () => {
    expect(simpleForm('[\\p{Lu}\\d][\\p{L}.]*', true)?.source).toBe('[A-Z\\d][A-Za-z.]*');
    expect(isFact('The court is at 100 Main Street.', ['place'])).toBe(true);
    expect(isFact('Visit 2500 Lake Avenue, Northfield.', ['place'])).toBe(true);
    expect(isFact('Call (555) 010-0195 at least 5 court days before your hearing.', ['place'])).toBe(false);
    expect(isFact('You must answer within 20 days in the same way.', ['place'])).toBe(false);
  });

  it('turns \\p{Lu} and \\p{L} into ASCII letters and leaves other Unicode syntax alone', () => {
    expect(simpleForm('[\\p{Lu}\\d][\\p{L}.]*\\s+\\p{L}')?.source).toBe('[A-Za-z\\d][A-Za-z.]*\\s+[A-Za-z]');
    expect(simpleForm('\\p{N}+')).toBeNull();
    expect(simpleForm('\\u{1F600}')).toBeNull();
  });

  it('finds facts in text with letters beyond ASCII through the full patterns', () => {
    expect(isFact('Oficina en calle Álamo 5', ['place'])).toBe(true);
    expect(isFact('cuesta 20 dólares', ['amount'])).toBe(true);
    expect(isFact('Room 12 is on the left', ['place'])).toBe(true);
    expect(isFact('nothing to see', ['place', 'amount', 'contact'])).toBe(false);
  });

  it('reads a Spanish sentence saying something costs nothing as an amount, as "no fee" is', () => {
    expect(isFact('There is no fee or cost involved.', ['amount'])).toBe(true);
    expect(isFact('No existen tarifas o costos para esto.', ['amount'])).toBe(true);
    expect(isFact('No hay ningún costo por presentar la solicitud.', ['amount'])).toBe(true);
    expect(isFact('El trámite no tiene costo.', ['amount'])).toBe(true);
    expect(isFact('Se puede presentar sin cargo.', ['amount'])).toBe(true);
    // A cost named without saying there is none is not an amount.
    expect(isFact('La dependencia le informará de los costos.', ['amount'])).toBe(false);
    expect(isFact('No sabemos cuándo se fijarán las tarifas.', ['amount'])).toBe(false);
  });
});

describe('a "when" answered by a deadline relative to an event', () => {
  it.each([
    'Register at least 15 days before Election Day.',
    'Transcripts are viewable 90 days after the date of the trial.',
    'File your appeal within 30 days.',
    'You have 60 calendar days from the date of the notice.',
    'Presente la apelación dentro de 30 días.',
    'Hasta 15 días antes de la elección.',
    'Your batteries should arrive within 7-10 days.',
    'Order 5 to 10 days before you run out.',
    "You'll get an email within 24 hours of visiting a Post Office.",
    'Call 2 hours before your hearing.',
    'Recibirá un correo dentro de 24 horas.',
  ])('takes "%s" as a time fact', (text) => {
    expect(isFact(text, ['time'])).toBe(true);
  });

  it('leaves a number of days that is no deadline', () => {
    expect(isFact('The course takes 15 days of training.', ['time'])).toBe(false);
  });
});

describe('the month of May', () => {
  it.each(['The office closed on May 9.', 'It opened in May 2024.', 'Filing starts in May.', 'el 5 de mayo'])(
    'is a time in "%s"',
    (text) => {
      expect(isFact(text, ['time'])).toBe(true);
    },
  );

  it('is not the verb "may"', () => {
    expect(isFact('You may be eligible to order free batteries online.', ['time'])).toBe(false);
    expect(isFact('A requester may qualify for expedited processing.', ['time'])).toBe(false);
  });
});

describe('a length in words, pages or characters answers "how long"', () => {
  it.each([
    'Paragraphs of no more than 150 words.',
    'A brief may not exceed 30 pages.',
    'Un máximo de 500 palabras.',
  ])('takes "%s" as a measure', (text) => {
    expect(isFact(text, ['measure'])).toBe(true);
  });

  it('leaves words about pages without a number', () => {
    expect(isFact('Read the pages in order.', ['measure'])).toBe(false);
  });
});

describe('isExactFact', () => {
  it('takes a day and month or a clock time as the exact answer to "when"', () => {
    expect(isExactFact('Comply by April 24, 2026.', ['time'])).toBe(true);
    expect(isExactFact('Antes del 24 de abril de 2026.', ['time'])).toBe(true);
    expect(isExactFact('Open from 8:30 a.m.', ['time'])).toBe(true);
  });

  it('does not take a bare year, which still counts as a loose time fact', () => {
    const text = 'A document first posted on its website in 2020.';
    expect(isFact(text, ['time'])).toBe(true);
    expect(isExactFact(text, ['time'])).toBe(false);
  });

  it('is isFact for kinds without a looser form', () => {
    expect(isExactFact('The fee is $35.', ['amount'])).toBe(true);
    expect(isExactFact('There is a fee.', ['amount'])).toBe(false);
  });
});

describe('count facts', () => {
  it('takes a number of things, in digits or in words', () => {
    expect(isFact('You need to find three people to test it.', ['count'])).toBe(true);
    expect(isFact('Most people serve one day.', ['count'])).toBe(true);
    expect(isFact('Conduct between 6 to 9 interviews', ['count'])).toBe(true);
    expect(isFact('Necesita dos copias.', ['count'])).toBe(true);
  });

  it('takes how many times, as "twice" or "three times"', () => {
    expect(isFact('Test at least twice.', ['count'])).toBe(true);
    expect(isFact('You may renew it three times.', ['count'])).toBe(true);
    expect(isFact('Puede pedirlo dos veces.', ['count'])).toBe(true);
    expect(isFact('At times the office is busy.', ['count'])).toBe(false);
  });

  it('leaves number words that count nothing', () => {
    expect(isFact('One-on-one sessions work best.', ['count'])).toBe(false);
    expect(isFact('Pay a one-time fee.', ['count'])).toBe(false);
    expect(isFact('No one will call you.', ['count'])).toBe(false);
    expect(isFact('Use one of the forms below.', ['count'])).toBe(false);
    expect(isFact('Llene uno de los formularios.', ['count'])).toBe(false);
  });
});

describe('frequency facts', () => {
  it('takes how often, in either language', () => {
    for (const t of [
      'Renew your registration every 2 years.',
      'Reports are filed annually.',
      'The board meets once a month.',
      'Se paga cada mes.',
      'Se reúne dos veces al año.',
    ])
      expect(isFact(t, ['frequency'])).toBe(true);
  });

  it('is not "every" before something other than a stretch of time', () => {
    expect(isFact('Every member must sign.', ['frequency'])).toBe(false);
    expect(isFact('Within a year of the decision.', ['frequency'])).toBe(false);
  });
});

describe('a state and ZIP code', () => {
  it('is a place after a city', () => {
    expect(isFact('Health Eligibility Center, Atlanta, GA 30329', ['place'])).toBe(true);
  });

  it('is not any two letters before five digits', () => {
    expect(isFact('Based on a study of 45237 page views.', ['place'])).toBe(false);
  });
});

describe('a span of time written in words answers "how long"', () => {
  it('reads "one day", "two weeks" and "tres meses" as durations', () => {
    expect(isFact('Most people serve one day or one trial.', ['duration'])).toBe(true);
    expect(isFact('Jurors are on call for two weeks.', ['duration'])).toBe(true);
    expect(isFact('Acabado este período de tres meses, llame a la línea.', ['duration'])).toBe(true);
    expect(isFact('El plazo es aproximadamente un mes.', ['duration'])).toBe(true);
  });

  it('leaves a number word that counts something else', () => {
    expect(isFact('Bring one copy of the form and two photos.', ['duration'])).toBe(false);
  });
});
