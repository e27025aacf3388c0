import { describe, expect, it } from 'vitest';
import {
  askedWords,
  askingClause,
  countedWords,
  frameWordPositions,
  intentHints,
  intentsOf,
  negatedWords,
  questionKind,
} from './cues.js';
import { isFact } from './facts.js';
import { words } from './words.js';

const frameWords = (q: string) => [...frameWordPositions(q)].map((i) => words(q)[i]);

describe('frameWordPositions: the money a cost verb already says', () => {
  it('reads "money" after "cost" as part of how the question is asked', () => {
    expect(frameWords('does it cost money to use the portal')).toEqual(['money']);
    expect(frameWords('¿la mediación cuesta dinero?')).toEqual(['dinero']);
    // Money asked about in its own right stays a concept.
    expect(frameWords('how much money can i get')).toEqual([]);
  });

  it('reads "right now" and "right next to" as when and where, not as a legal right', () => {
    expect(frameWords('i cant pay my ticket right now')).toEqual(['right', 'now']);
    expect(frameWords('can my friends sit right next to me')).toEqual(['right']);
    expect(frameWords('do i have the right to an interpreter')).toEqual([]);
  });

  it('reads when what the visitor tells happened ("2 weeks ago", "hace 3 meses") as their story, not the subject', () => {
    expect(
      frameWords('i asked for expedited processing 2 weeks ago, how long does the agency have').sort(),
    ).toEqual(['2', 'ago', 'how', 'long', 'weeks']);
    expect(frameWords('i filed a couple of months ago')).toEqual(['a', 'couple', 'of', 'months', 'ago']);
    expect(frameWords('presenté mi solicitud hace tres meses y no sé nada')).toEqual([
      'hace',
      'tres',
      'meses',
    ]);
    // A duration the visitor asks about stays what the question is about.
    expect(frameWords('is the deadline 30 days')).toEqual([]);
    expect(frameWords('¿cuántos meses tengo para apelar?')).toEqual([]);
  });

  it('reads "what\'s wrong with" as how the question is asked: it asks about what follows', () => {
    expect(frameWords('whats wrong with writing and/or')).toEqual(['whats', 'wrong', 'with']);
    expect(frameWords('¿qué tiene de malo usar siglas?')).toEqual(['que', 'tiene', 'de', 'malo']);
    // Something wrong asked about in its own right stays a concept.
    expect(frameWords('what if the court got my address wrong')).toEqual([]);
  });

  it('reads "maximum" and "minimum" as how an amount is asked, not what it is about', () => {
    // A site that says "How much you can ask for: up to $12,500" never writes "maximum".
    expect(frameWords('what is the maximum i can sue for in small claims')).toEqual(['maximum']);
    expect(frameWords('¿cuál es el monto mínimo?')).toEqual(['minimo']);
    // "max", as people type it, asks the same.
    expect(frameWords('max coverage on vgli?')).toEqual(['max']);
    expect(intentsOf('max coverage on vgli?')).toContain('amount');
  });
});

describe('frameWordPositions', () => {
  it('marks the words of "how long does it take", not what the question is about', () => {
    expect(frameWords('How long does it take to get a divorce?')).toEqual([
      'how',
      'long',
      'does',
      'it',
      'take',
    ]);
  });

  it('marks "take" and "last" that end "how long does X take", not X', () => {
    expect(frameWords('how long does a divorce take')).toEqual(['how', 'long', 'take']);
    expect(frameWords('how long will my jury service last')).toEqual(['how', 'long', 'last']);
    // "Take" that says what is asked about is no frame.
    expect(frameWords('how long do i have to take the class')).toEqual(['how', 'long']);
  });

  it('marks only "mean" in "what does X mean"', () => {
    expect(frameWords('what does readily achievable mean')).toEqual(['mean']);
  });

  it('marks the comparison in "the difference between X and Y", not X or Y', () => {
    expect(frameWords('whats the difference between a small tax case and a regular case')).toEqual([
      'difference',
      'between',
    ]);
    expect(frameWords('¿cuál es la diferencia entre una multa y una citación?')).toEqual([
      'diferencia',
      'entre',
    ]);
  });

  it('reads Spanish frames', () => {
    expect(frameWords('¿Qué pasa si no pago la multa?')).toEqual(['que', 'pasa']);
    expect(frameWords('cuanto tiempo tarda el tramite')).toEqual(['cuanto', 'tiempo', 'tarda']);
  });

  it('marks the verb of "how does X work", "what is X for" and "what does X do", not X', () => {
    expect(frameWords('how does the search tool work')).toEqual(['work']);
    expect(frameWords('what is the self-help center for')).toEqual(['for']);
    expect(frameWords('what does the clerk do')).toEqual(['do']);
    expect(frameWords('¿cómo funciona el portal?')).toEqual(['como', 'funciona']);
  });

  it('marks the hedge "I think" and "creo que": what the visitor thinks is the question', () => {
    expect(frameWords('i think someone hacked my account what should i do')).toEqual(['i', 'think']);
    expect(frameWords('¿creo que alguien entró a mi cuenta, qué hago?')).toEqual(['creo', 'que']);
    // "Creo" alone may be "I create": only "creo que" is a hedge.
    expect(frameWords('¿cómo creo una cuenta?')).toEqual([]);
  });

  it('reads "tips for" and "consejos para" as asking for a list, its words as the frame', () => {
    expect(intentsOf('tips for taking pictures of my id')).toContain('list');
    expect(intentsOf('consejos para tomar fotos de mi identificación')).toContain('list');
    // "What are the …s" asks for the set of them.
    expect(intentsOf('what are the ask me 3 questions patients should ask')).toContain('list');
    expect(intentsOf('what were the main exemptions')).toContain('list');
    expect(intentsOf('what is the filing fee')).not.toContain('list');
    expect(frameWords('tips for taking pictures of my id')).toEqual(['tips', 'for']);
  });

  it('marks nothing in a question without a frame', () => {
    expect(frameWordPositions('how wide is a van accessible parking space').size).toBe(0);
  });

  it('reads "why" and "por qué" as asking for reasons', () => {
    expect(intentsOf("why shouldn't i post pdfs")).toContain('reason');
    expect(intentsOf('¿por qué no es bueno poner muchos PDF?')).toContain('reason');
    expect(intentsOf('how do i post a pdf')).not.toContain('reason');
  });

  it('reads "what do I bring" as asking for a list, in English and in Spanish', () => {
    expect(intentsOf('what do i need to bring to jury duty')).toContain('list');
    expect(intentsOf('¿qué debo llevar al jurado?')).toContain('list');
    expect(intentsOf('¿qué llevo al servicio de jurado?')).toContain('list');
    expect(intentsOf('¿qué traigo a mi audiencia?')).toContain('list');
  });

  it('reads "what is X" and "what is an X of Y" as asking what X is, unless it asks for a fact about it', () => {
    expect(intentsOf('what is a stipulation')).toEqual(['definition']);
    expect(intentsOf('what is a notice of deficiency')).toEqual(['definition']);
    expect(intentsOf('what is the statute of limitations')).toEqual(['definition']);
    expect(intentsOf('what is a higher level review')).toEqual(['definition']);
    // The visitor's own ("my case number") is no term to define.
    expect(intentsOf('what is my case number')).not.toContain('definition');
    // An address, a cost or hours asked for are that fact, not a definition.
    expect(intentsOf('what is the address of the court')).toEqual(['place']);
    expect(intentsOf('what is the cost of a ticket')).toEqual(['amount']);
    expect(intentsOf('what is the fee')).toEqual(['amount']);
    expect(intentsOf('what is the best way to pay a ticket online')).not.toContain('definition');
    // (Hours asked as "what are the …s" are also a list: of opening times.)
    expect(intentsOf('what are the court hours')).toEqual(['time', 'list']);
    // A fee waiver is a waiver: what it is is asked.
    expect(intentsOf('what is a fee waiver')).toContain('definition');
  });

  it('reads a line\'s number and "the number for" as a phone number, "the number of" as a count', () => {
    expect(intentsOf('what is the veterans crisis line number')).toContain('phone');
    expect(intentsOf('whats the number for the clerk')).toContain('contact');
    expect(intentsOf('is there a hotline')).toContain('phone');
    expect(intentsOf('what is the number of jurors')).toEqual(['count']);
    // A phone number "of" the court is no count.
    expect(intentsOf('what is the phone number of the court')).toEqual(['phone']);
    expect(intentsOf('is there a limit on the total number of claims')).toContain('count');
  });

  it('reads a question naming a phone or an e-mail as asking for one, one naming no channel for any contact', () => {
    expect(intentsOf('what is the phone number for the tax court')).toEqual(['phone']);
    expect(intentsOf('¿cuál es el número de teléfono del juzgado?')).toEqual(['phone']);
    expect(intentsOf('what is the email of the clerk')).toEqual(['email']);
    expect(intentsOf('what is the e-mail address of the clerk')).toEqual(['email']);
    expect(intentsOf('¿cuál es la dirección de correo electrónico del juzgado?')).toEqual(['email']);
    expect(intentsOf("what is the court's mailing address")).toEqual(['place']);
    expect(isFact('Call the Court at (202) 521-0700.', ['email'])).toBe(false);
    expect(intentsOf('who do i contact about my case')).toContain('contact');
    // "Call" as a verb asks for a contact; "calendar call" (the first day of a trial session) does not.
    expect(intentsOf('can i call the clerk')).toContain('contact');
    expect(intentsOf('call the court')).toContain('contact');
    expect(intentsOf('what happens at calendar call')).not.toContain('contact');
    expect(isFact('Call the Court at (202) 521-0700.', ['phone'])).toBe(true);
    expect(isFact('Write to admissions@ustaxcourt.gov.', ['phone'])).toBe(false);
    expect(isFact('Write to admissions@ustaxcourt.gov.', ['contact'])).toBe(true);
    // A TTY line is a phone fact with its number, not a sentence about TTY calls.
    expect(isFact('TTY: 711', ['phone'])).toBe(true);
    expect(isFact('All call takers must be able to recognize TTY calls.', ['phone'])).toBe(false);
  });

  it('reads "cuántos"/"cuántas" as how many, "cuánto"/"cuánta" as how much, as in English', () => {
    expect(intentsOf('cuantas personas necesito para una prueba')).toEqual(['count']);
    expect(intentsOf('how many people do i need for a test')).toEqual(['count']);
    expect(intentsOf('cuanto me cobran por la copia')).toContain('amount');
    expect(intentsOf('cuanta plata necesito')).toContain('amount');
    expect(intentsOf('cuantos dolares cuesta')).toContain('amount');
  });

  it('reads "cuanto tardan" as how long, not how much', () => {
    expect(intentsOf('cuanto tardan en responder mi queja')).toEqual(['duration']);
    expect(intentsOf('cuanto cuesta la copia')).toContain('amount');
  });

  it('reads the plural "amounts" as asking for an amount', () => {
    expect(intentsOf('What are the burial allowance amounts for a service-connected death?')).toContain(
      'amount',
    );
  });

  it('reads "how often" as asking for a frequency, and its words and "how many times" as its frame', () => {
    expect(intentsOf('how often do i have to renew it')).toContain('frequency');
    expect(intentsOf('¿cada cuánto tengo que renovarlo?')).toContain('frequency');
    expect(frameWords('how often do i have to renew it')).toEqual(['how', 'often']);
    expect(frameWords('how many times should i test a document')).toEqual(['how', 'many', 'times']);
  });

  it('reads "how far ahead" and "how early" as asking when, not how far away', () => {
    expect(intentsOf('how far ahead will i find out when my trial is')).toContain('duration');
    expect(intentsOf('how far ahead will i find out when my trial is')).not.toContain('measure');
    expect(frameWords('how far in advance do i get notice')).toEqual(['how', 'far', 'in', 'advance']);
    expect(questionKind('how early should i arrive')).toBe('duration');
    expect(intentsOf('how far is the parking lot')).toContain('measure');
  });

  it('reads "how long do I have to" as asking for time, and "how long does a ramp have to be" for a length', () => {
    expect(intentsOf('how long do i have to file an ada complaint')).toContain('duration');
    expect(intentsOf('how long do i have to file an ada complaint')).not.toContain('measure');
    expect(intentsOf('how long can we stay')).not.toContain('measure');
    expect(intentsOf('how long does an agency have to respond to my request')).not.toContain('measure');
    expect(intentsOf('how long does the access aisle have to be')).toContain('measure');
    expect(intentsOf('how long is the ramp')).toContain('measure');
  });

  it('marks the verb of getting in "where can I get X": the question is where X is', () => {
    expect(frameWords('where can i pick up a flag for the funeral')).toEqual(['pick', 'up']);
    expect(frameWords('¿dónde puedo conseguir una bandera?')).toContain('conseguir');
    expect(frameWords('¿dónde consigo una bandera?')).toContain('consigo');
    // Not what is done there ("where can I pay"), nor getting asked some other way.
    expect(frameWords('where can i pay my ticket')).not.toContain('pay');
    expect(frameWords('how do i get a flag')).not.toContain('get');
  });

  it('reads "how old" as asking for an age, not about something old', () => {
    expect(frameWords('how old do i have to be to get a pension')).toEqual(['how', 'old']);
    expect(intentsOf('how old do i have to be to get a pension')).toContain('duration');
    expect(questionKind('how old do i have to be')).toBe('duration');
    expect(intentsOf('¿qué edad necesito para la pensión?')).toContain('duration');
  });

  it('leaves the intent cues reading the frame', () => {
    expect(intentsOf('how long does it take')).toContain('duration');
  });
});

describe('intentsOf: advice nobody here may give', () => {
  it.each([
    'Should I plead guilty?',
    'is my landlord breaking the law by keeping my deposit',
    'how much money can i get if i sue the store',
    'my neighbor hit my car, can i sue him',
    'what should i say to the judge so i keep my license',
    'is it legal for them to ask for my medical records',
    'can they make me give my social security number',
    'can you write my appeal letter for me',
    '¿Debería declararme culpable?',
    'es ilegal que me pidan eso',
    '¿cuánto dinero puedo recibir si demando?',
    '¿es mejor declararme culpable?',
    'can i get my deportation case dismissed',
    '¿puedo lograr que desestimen mi caso?',
    // Any other "should I" is read as advice, the cautious side.
    'should i put my house in my kids name so i qualify for the pension',
    'should we go to trial',
    '¿debo firmar el acuerdo?',
    'should i get a lawyer',
    'how early should i get divorced',
    // What a lawsuit may win, however the suit is named.
    'i want to sue my landlord, how much could i get',
    'do i have a strong enough case',
    'how much can we recover',
    '¿cuánto puedo cobrar si demando a la tienda?',
  ])('flags "%s"', (q) => {
    expect(intentsOf(q)).toContain('advice');
  });

  it.each([
    'What should I bring to court?',
    'how do i sue someone in small claims',
    'how much is the filing fee',
    'can i pay my ticket online',
    '¿Cómo presento una demanda de reclamos menores?',
    'do i have a right to a free interpreter',
    '¿por qué es mejor pagar en línea?',
    'how do i get my case dismissed',
    'can i get my ticket dismissed if i go to traffic school',
    // "Should I" about the practical side of coming to court asks for a fact.
    'should i arrive early for jury duty',
    'Should I bring copies of my documents to my hearing?',
    'should i wear a suit to court',
    'should i call the clerk before i come',
    '¿Debo llevar a mis hijos al juzgado?',
    '¿debo llegar temprano?',
    'how early should i get to court',
    'should i get there early',
    'should i be there before 8',
    // The most a court hears, not what a case may win.
    'how much can i sue for in small claims',
    'how much can i ask for in small claims',
    // An amount a program pays is a fact, not the outcome of a case.
    'how much can we get back as a tax credit for a ramp',
    'how much money can i get in disability compensation',
    '¿cuánto puedo recibir de pensión?',
  ])('does not flag the procedural question "%s"', (q) => {
    expect(intentsOf(q)).not.toContain('advice');
  });
});

describe('intentsOf: whom to call, in Spanish', () => {
  it('reads "llamo" as asking whom to call, but not "me llamo" (my name is)', () => {
    expect(intentsOf('¿a qué número llamo?')).toContain('contact');
    expect(intentsOf('¿a quién llamamos si no podemos ir?')).toContain('contact');
    expect(intentsOf('me llamo Ana, ¿dónde está el juzgado?')).not.toContain('contact');
  });
});

describe('questionKind', () => {
  it.each([
    ['who can make a foia request', 'eligibility'],
    ['Am I eligible to use the appointments tools?', 'eligibility'],
    ['¿quién puede pedir un intérprete?', 'eligibility'],
    ['who can i call about my case', 'person'],
    ['who is the judge', 'person'],
    ['Where do I send my request?', 'place'],
    ['when is the court open', 'time'],
    ['how long will it take', 'duration'],
    ['¿cuánto tarda la respuesta?', 'duration'],
    ['How much does it cost to use DAWSON?', 'quantity'],
    ['how do i order a transcript', 'manner'],
    ['What is a breakout room?', 'thing'],
    ['¿Dónde está el juzgado?', 'place'],
    ['¿puedo pagar en línea?', 'yesno'],
    ['What if I move or change my address?', 'any'],
    ['¿qué pasa si no me presento?', 'any'],
    // A Spanish question word after its preposition.
    ['¿a qué número llamo?', 'thing'],
    ['¿en qué piso está la oficina?', 'thing'],
    ['¿a qué hora abren?', 'time'],
    ['¿por qué me multaron?', 'reason'],
  ])('"%s" asks for %s', (q, kind) => {
    expect(questionKind(q)).toBe(kind);
  });

  it('reads the last sentence, from its first clause that opens with a question word', () => {
    expect(questionKind('My petition is due today. Is it too late to file a petition?')).toBe('yesno');
    expect(questionKind('i got a jury summons but i cant go that week, can i postpone it')).toBe('yesno');
    expect(questionKind('if i buy a seat how many tickets')).toBeNull();
  });
});

describe('askingClause', () => {
  it('tells the context a visitor gives from the clause that asks', () => {
    expect(askingClause('i got a jury summons but i cant go that week, can i postpone it')).toEqual({
      kind: 'yesno',
      start: 11,
    });
    expect(askingClause('My petition is due today. Is it too late to file?')).toEqual({
      kind: 'yesno',
      start: 5,
    });
    expect(askingClause('where is the court')).toEqual({ kind: 'place', start: 0 });
    expect(askingClause('my ticket is late')).toBeNull();
  });

  it('reads a run of marks as the end of a sentence, however long the run', () => {
    expect(askingClause('My petition is due today!!! Is it too late?!')).toEqual({ kind: 'yesno', start: 5 });
    expect(askingClause('¿¿Dónde está el juzgado??')).toEqual({ kind: 'place', start: 0 });
    expect(askingClause('?'.repeat(100_000))).toBeNull();
  });

  it('finds a question asked without punctuation after what the visitor tells', () => {
    expect(askingClause('i am thinking about suicide who do i call')).toEqual({ kind: 'person', start: 5 });
    expect(askingClause('i got a ticket in the mail can i pay online')).toEqual({ kind: 'yesno', start: 7 });
    expect(askingClause('my landlord kept my deposit how much can we sue for')).toEqual({
      kind: 'quantity',
      start: 5,
    });
    expect(askingClause('if i buy a seat for a concert how many tickets can i buy')).toEqual({
      kind: 'quantity',
      start: 8,
    });
    // Not in a sentence longer than a question: each word tried reads the rest of it.
    expect(askingClause(`${'fee '.repeat(24_999)}can i pay`)).toBeNull();
    // A question word with no question after it is no question ("i know who you are").
    expect(askingClause('i know who you are')).toBeNull();
  });

  it('finds the question asked before what the visitor then tells', () => {
    expect(askingClause('whats the deadline to appeal a denial? i got the letter a month ago')).toEqual({
      kind: 'thing',
      start: 0,
      end: 7,
    });
    expect(askingClause('My ticket came today. Can I pay online? I live far away.')).toEqual({
      kind: 'yesno',
      start: 4,
      end: 8,
    });
    // Only a sentence that asks, with its question mark.
    expect(askingClause('I know what you mean. My ticket came today.')).toBeNull();
  });
});

describe('countedWords', () => {
  it('reads what a counting question counts, up to the next function word', () => {
    expect(countedWords('how many people do i need to test it with?')).toEqual(['people']);
    expect(countedWords('how many foia exemptions are there')).toEqual(['foia', 'exemptions']);
    expect(countedWords('¿Cuántas abreviaturas puedo usar?')).toEqual(['abreviaturas']);
    expect(countedWords('what is the number of jurors on a jury')).toEqual(['jurors']);
    expect(countedWords('how many of the accessible spots have to be van accessible')).toEqual([
      'accessible',
      'spots',
    ]);
    expect(countedWords('¿cuántas de las audiencias son virtuales?')).toEqual(['audiencias']);
  });

  it('is empty for a question that counts nothing', () => {
    expect(countedWords('how much is the filing fee')).toEqual([]);
    expect(countedWords('how many are there')).toEqual([]);
  });
});

describe('askedWords', () => {
  it('reads the kind of thing a which/what question asks for', () => {
    expect(askedWords('which bus goes to the hall of justice')).toEqual(['bus']);
    expect(askedWords('What kind of headings are best?')).toEqual(['headings']);
    expect(askedWords('¿Qué formulario necesito?')).toEqual(['formulario']);
    // In the clause that asks, after the context the visitor gives.
    expect(askedWords('i got a summons, what form do i fill out')).toEqual(['form']);
    expect(askedWords('which grammar checker app should i buy')).toEqual(['grammar', 'checker']);
  });

  it('reads nothing when the opener is followed by a verb, a frame or a kind of fact', () => {
    expect(askedWords('what is active voice')).toEqual([]);
    expect(askedWords('what happens if i miss my court date')).toEqual([]);
    expect(askedWords('¿qué pasa si no pago?')).toEqual([]);
    expect(askedWords('what number do i call')).toEqual([]);
    expect(askedWords('how do i pay which fee')).toEqual([]);
  });
});

describe('intentHints', () => {
  it('hints steps with words that say steps, not with "process", which pages use for processing', () => {
    expect(intentHints('steps')).toContain('steps');
    // "Processed request", "el procesador de pagos": not instructions.
    expect(intentHints('steps')).not.toContain('process');
    expect(intentHints('steps')).not.toContain('proceso');
  });
});

describe('negatedWords', () => {
  it('reads the few words after a negator, in either language', () => {
    expect([...negatedWords("i don't speak english, can you help")]).toEqual(['speak', 'english', 'can']);
    expect([...negatedWords('¿qué pasa si no hablo inglés?')]).toEqual(['hablo', 'ingles']);
    expect(negatedWords('i speak english').size).toBe(0);
  });
});

describe('intentsOf: the plural of a noun the question asks for', () => {
  it.each([
    ['what are the phone numbers of the clerk', 'phone'],
    ['¿cuáles son los teléfonos del juzgado?', 'phone'],
    ['court e-mails and contacts', 'contact'],
    ['list of court addresses', 'place'],
    ['¿cuáles son las direcciones de los juzgados?', 'place'],
    ['what are the prices of copies', 'amount'],
    ['¿qué fechas hay para la audiencia?', 'time'],
  ])('reads "%s" as asking for: %s', (question, intent) => {
    expect(intentsOf(question)).toContain(intent);
  });
});

describe("intentsOf: the visitor's own address", () => {
  it.each([
    'if i change my address in dawson on one case will it update on the other',
    'how do i update my address',
    'cómo cambiar mi dirección en el caso',
  ])('reads "%s" as asking for no place: they know their own address', (question) => {
    expect(intentsOf(question)).not.toContain('place');
  });

  it.each([
    'what is the address of the courthouse',
    "what is the court's new address",
    'where do i send my change of address form',
    '¿cuál es la dirección del juzgado?',
  ])('still reads "%s" as asking for a place', (question) => {
    expect(intentsOf(question)).toContain('place');
  });
});
