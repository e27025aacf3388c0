import { describe, expect, it } from 'vitest';
import { analyzeQuestion, questionLanguage } from './query.js';

describe('analyzeQuestion', () => {
  it('keeps the words of a question frame as weak concepts that never decide coverage', () => {
    const a = analyzeQuestion('how long does it take to get a divorce', null);
    const long = a.concepts.find((c) => c.key === 'frame:long');
    expect(long?.boost).toBeLessThan(1);
    expect(a.concepts.find((c) => c.key === 'long')).toBeUndefined();
    expect(a.concepts.some((c) => c.boost >= 1)).toBe(true);
  });

  it('counts one word said in two forms once, with the ways of saying both, but not two Spanish words of one stem', () => {
    const church = analyzeQuestion(
      'does the ada make my church put in a ramp? are churches covered by title iii',
      null,
    );
    const forms = church.concepts.filter((c) => c.alternatives.some((a) => a.words[0]?.startsWith('church')));
    expect(forms).toHaveLength(1);
    expect(forms[0]!.alternatives.map((a) => a.words.join(' '))).toEqual(
      expect.arrayContaining(['church', 'churches']),
    );
    const casa = analyzeQuestion('quiero vivir en mi casa, hay algun caso de la corte suprema', null);
    const keys = casa.concepts.flatMap((c) => c.alternatives[0]!.words);
    expect(keys).toEqual(expect.arrayContaining(['casa', 'caso']));
  });

  it('reads "how long does X last" and "¿cuánto dura?" as asking for a span of time', () => {
    const last = analyzeQuestion('how long does jury duty last', null);
    expect(last.intents).toEqual(['duration']);
    expect(last.concepts.find((c) => c.key === 'frame:last')?.boost).toBeLessThan(1);
    expect(last.concepts.filter((c) => c.boost >= 1).map((c) => c.key)).toHaveLength(1);
    // "Last" anywhere else is a word of the question; a length is still a length.
    expect(analyzeQuestion('what happens at the last hearing', null).concepts.map((c) => c.key)).toContain(
      'last',
    );
    expect(analyzeQuestion('how long does the ramp have to be', null).intents).toContain('measure');
    const dura = analyzeQuestion('¿cuánto dura el servicio de jurado?', null);
    expect(dura.intents).toEqual(['duration']);
    expect(dura.concepts.find((c) => c.key === 'frame:dura')?.boost).toBeLessThan(1);
  });

  it('reads "¿a qué hora…?" as asking for a time, as "what time" is: "hora" is not what it is about', () => {
    for (const q of ['¿a qué hora abre el juzgado?', '¿hasta qué hora está abierta la secretaría?']) {
      const a = analyzeQuestion(q, null);
      expect(a.intents).toContain('time');
      expect(a.concepts.find((c) => c.key === 'frame:hora')?.boost).toBeLessThan(1);
      expect(a.concepts.filter((c) => c.boost >= 1).flatMap((c) => c.alternatives[0]!.words)).not.toContain(
        'hora',
      );
    }
  });

  it('reads "a mí mismo" and "por mi cuenta" as saying who does it (myself, on my own), not what the question is about', () => {
    const strong = (q: string) =>
      analyzeQuestion(q, null)
        .concepts.filter((c) => c.boost >= 1)
        .map((c) => c.key);
    expect(strong('¿puedo representarme a mí mismo?')).not.toContain('mismo');
    expect(strong('¿puedo presentar la petición yo misma?')).not.toContain('misma');
    expect(strong('¿puedo solicitar la pensión por mi cuenta?')).not.toContain('cuenta');
    // "El mismo día" is the same day, and "mi cuenta" an account: the question is about them.
    expect(strong('¿puedo pagar el mismo día?')).toContain('mismo');
    expect(strong('¿cómo abro mi cuenta?').join(' ')).toMatch(/cuenta/);
  });

  it("keeps the previous question's intent for a follow-up without a question word, not for one asking about a situation", () => {
    const previous = 'how much is the filing fee for small claims';
    const saturday = analyzeQuestion('and on saturdays?', 'when is the clerk open');
    expect(saturday.followUp).toBe(true);
    expect(saturday.intents).toContain('time');
    const afford = analyzeQuestion("what if i can't afford it?", previous);
    expect(afford.followUp).toBe(true);
    expect(afford.intents).not.toContain('amount');
    expect(analyzeQuestion('how much is it?', 'what is traffic school').intents).toContain('amount');
  });

  it('reads criminal charges as accusations, not as a charge to pay', () => {
    const charges = analyzeQuestion('what are the charges against me', null);
    expect(charges.intents).not.toContain('amount');
    const alternatives = charges.concepts.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')));
    expect(alternatives).toContain('criminal charges');
    expect(alternatives).not.toContain('fee');
    expect(analyzeQuestion('can i drop the charges against my brother', null).intents).not.toContain(
      'amount',
    );
    expect(
      analyzeQuestion('i was charged with a misdemeanor, what happens next', null).intents,
    ).not.toContain('amount');
    expect(analyzeQuestion('how much will i be charged for copies', null).intents).toContain('amount');
  });

  it('asks for a kind of fact only as the asking clause names it, after what the visitor tells', () => {
    const intents = (q: string) => analyzeQuestion(q, null).intents;
    expect(
      intents('they tell deaf callers to keep hitting the space bar when they call. is that ok'),
    ).not.toContain('time');
    expect(
      intents('the clerk stopped answering my emails. is there someone above them i can go to'),
    ).not.toContain('email');
    expect(intents('i got a ticket in the mail. how much is it?')).toContain('amount');
    expect(intents('whats the deadline to appeal? i got the letter a month ago')).toContain('duration');
    // Without a story, the whole question asks.
    expect(intents('when is the clerk open')).toContain('time');
  });

  it('reads "open" and "close" with an object as doing so, not as asking for hours', () => {
    const intents = (q: string) => analyzeQuestion(q, null).intents;
    expect(intents('how do i open an account')).not.toContain('time');
    expect(intents('can i close my case')).not.toContain('time');
    expect(intents('¿cómo abro una cuenta?')).not.toContain('time');
    expect(intents('is the clerk open on saturday')).toContain('time');
    expect(intents('what time does the court close')).toContain('time');
    expect(intents('¿a qué hora cierran?')).toContain('time');
  });

  it('reads "too late" and "still time" as asking for a deadline', () => {
    expect(analyzeQuestion('is it too late to appeal', null).intents).toContain('duration');
    expect(analyzeQuestion('do i still have time to file', null).intents).toContain('duration');
    expect(analyzeQuestion('¿es demasiado tarde para apelar?', null).intents).toContain('duration');
    expect(analyzeQuestion('¿todavía estoy a tiempo de apelar?', null).intents).toContain('duration');
  });

  it('reads "in charge of" as responsible for, not as a charge to pay', () => {
    const office = analyzeQuestion(
      'which office is in charge of telling agencies how to follow the law',
      null,
    );
    expect(office.intents).not.toContain('amount');
    const alternatives = office.concepts.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')));
    expect(alternatives).toContain('responsible for');
    expect(alternatives).not.toContain('cost');
    // A charge to pay is still one.
    expect(analyzeQuestion('is there a charge for copies', null).intents).toContain('amount');
    expect(analyzeQuestion('how much do they charge for copies', null).intents).toContain('amount');
  });

  it('keeps the subject of "what does X mean" as full concepts', () => {
    const a = analyzeQuestion('what does readily achievable mean', null);
    expect(a.concepts.filter((c) => c.boost >= 1).map((c) => c.key)).toEqual(['readily', 'achievable']);
  });

  it("drops only the question's own language's function words", () => {
    // "son", "van" and "sea" are Spanish function words but English content words.
    const en = analyzeQuestion('my son needs a van accessible seat by the sea', null);
    expect(en.concepts.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')))).toEqual(
      expect.arrayContaining(['son', 'van', 'sea']),
    );
    // In a Spanish question they are still function words.
    const es = analyzeQuestion('¿son gratis los formularios?', null);
    expect(es.concepts.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')))).not.toContain('son');
    // Nor do the English function words of an English name it quotes.
    const named = analyzeQuestion('¿qué es el Freedom of Information Act?', null);
    expect(named.concepts.map((c) => c.key)).not.toContain('of');
  });

  it('keeps a dotted abbreviation or a slash compound of function words as one phrase concept', () => {
    const keys = (q: string) => analyzeQuestion(q, null).concepts.map((c) => c.key);
    expect(keys('can i use e.g. and i.e. in my writing')).toEqual(expect.arrayContaining(['e g', 'i e']));
    expect(keys('whats wrong with writing and/or')).toContain('and or');
    expect(
      analyzeQuestion('what is a/b testing', null).concepts.find((c) => c.key === 'a b')?.alternatives,
    ).toEqual([{ words: ['a', 'b'], weight: 1 }]);
    // Parts that are concepts of their own stay so: "pass/fail" is "pass" and "fail".
    expect(keys('is the class pass/fail')).not.toContain('pass fail');
    expect(keys('is the class pass/fail')).toEqual(expect.arrayContaining(['pass', 'fail']));
    // A dotted run longer than any abbreviation is no term ("u.s.a.u.s.a.…" pasted or held down).
    expect(keys(`what is ${'u.'.repeat(7)}`)).toEqual([]);
    expect(keys('what is u.s.c.a.')).toContain('u s c a');
  });

  it("gives a compound's WordNet synonyms to its last word's concept", () => {
    const a = analyzeQuestion('do they test blood sugar levels', null);
    const sugar = a.concepts.find((c) => c.key === 'sugar');
    expect(sugar?.alternatives).toContainEqual({ words: ['blood', 'glucose'], weight: 0.8 });
    // Both words stay concepts: the compound never has to appear whole.
    expect(a.concepts.some((c) => c.key === 'blood')).toBe(true);
  });

  it('reads "no longer", "any longer" and "anymore" as how the question is asked ("not now"), not as length', () => {
    const keys = (q: string) => analyzeQuestion(q, null).concepts.map((c) => c.key);
    expect(keys('i no longer have access to my email')).not.toContain('longer');
    expect(keys('i cant get into my email anymore')).not.toContain('anymore');
    // A length asked about is still a concept.
    expect(keys('is a longer appeal period allowed')).toContain('longer');
  });

  it('drops the particle of a function word\'s phrasal verb ("go back to work"), not a noun after a function word', () => {
    const keys = (q: string) => analyzeQuestion(q, null).concepts.map((c) => c.key);
    expect(keys('i get disability checks but want to go back to work')).not.toContain('back');
    expect(keys('can i get back my deposit')).not.toContain('back');
    expect(keys('i hurt my back at work')).toContain('back');
    expect(keys('sign the back of the form')).toContain('back');
  });

  it('reads "that it worked", "if it went through" and "did it work" as asking whether something succeeded', () => {
    const keys = (q: string) => analyzeQuestion(q, null).concepts.map((c) => c.key);
    expect(keys('how do i check that my registration worked')).toContain('worked');
    expect(keys('how do i check that it worked')).not.toContain('worked');
    expect(keys('did it work')).not.toContain('work');
    // Work itself asked about stays a concept.
    expect(keys('i worked for the post office')).toContain('worked');
  });

  it('reads "keep" and "continue" before a verb in -ing as how the question is asked, not what it is about', () => {
    const keys = (q: string) => analyzeQuestion(q, null).concepts.map((c) => c.key);
    expect(keys('i keep getting security codes i did not ask for')).toContain('frame:keep');
    expect(keys('the recaptcha check keeps failing')).not.toContain('keeps');
    expect(keys('sigo recibiendo cartas del tribunal')).toContain('frame:sigo');
    // Keeping something is what is asked about.
    expect(keys('how long do you keep my records')).toContain('keep');
  });

  it('reads a verb and its particle as the phrasal verb WordNet lists, not as the verb alone', () => {
    const concept = (q: string, key: string) => analyzeQuestion(q, null).concepts.find((c) => c.key === key);
    const words = (q: string, key: string) => concept(q, key)?.alternatives.map((a) => a.words.join(' '));
    // "find out" is to learn: never "search" or "look up", the lexicon's equivalents of "find".
    expect(words('when will i find out my trial date', 'find out')).toEqual(
      expect.arrayContaining(['find out', 'ascertain']),
    );
    expect(words('when will i find out my trial date', 'find out')).not.toContain('search');
    expect(concept('when will i find out my trial date', 'find')).toBeUndefined();
    // Inflected verbs too, and the verb alone still counts, less surely ("pays" for "pay out").
    expect(concept('when are benefits paid out', 'paid out')?.alternatives).toContainEqual({
      words: ['paid'],
      weight: 0.6,
    });
    // An irregular verb's phrase in its base form is the question's own ("speed up" for "sped up"):
    // stemming does not reach it.
    expect(concept('can the request be sped up', 'sped up')?.alternatives).toEqual(
      expect.arrayContaining([
        { words: ['speed', 'up'], weight: 1 },
        { words: ['speed'], weight: 0.6 },
      ]),
    );
    // Split by an object pronoun, it is the same verb: "sort this out" is not "sort".
    expect(words('who can help sort this out', 'sort out')).toContain('sort out');
    expect(concept('who can help sort this out', 'sort')).toBeUndefined();
    expect(words('can i pay it back later', 'pay back')).toContain('repay');
    // A noun between them is the verb's object, not its particle.
    expect(concept('can i sort my files out', 'sort out')).toBeUndefined();
    // One WordNet lists that no curated table does: its WordNet synonyms.
    expect(words('when do the benefits pay out', 'pay out')).toContain('disburse');
    // One a curated table lists is the table's: "look up" stays the lexicon's "search", "fill out" is
    // the plain words' "complete".
    const lookUp = analyzeQuestion('how do i look up my case', null).concepts;
    expect(
      lookUp
        .find((c) => c.alternatives[0]!.words.join(' ') === 'look up')
        ?.alternatives.map((a) => a.words.join(' ')),
    ).toContain('search');
    expect(words('how do i fill out the form', 'fill out')).toContain('complete');
    // And a longer lexicon phrase holding one stays whole: "don't show up" is failing to appear.
    const noShow = analyzeQuestion('what happens if i dont show up to court', null).concepts;
    expect(noShow.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')))).toContain('fail to appear');
    // A preposition opens a phrase of its own: "take … to court" is no "take to" (to like).
    expect(concept('what should i take to court', 'take to')).toBeUndefined();
  });

  it('adds a noun WordNet lists with a function word in it as a phrase concept of its own', () => {
    const compound = (q: string) => analyzeQuestion(q, null).concepts.filter((c) => c.compound);
    const down = compound('do i need a down payment for a home loan');
    expect(down.map((c) => c.alternatives)).toEqual([[{ words: ['down', 'payment'], weight: 1 }]]);
    // Its words keep their own concepts; an inflected head is the same compound.
    expect(analyzeQuestion('down payment', null).concepts.length).toBeGreaterThan(1);
    expect(compound('are down payments required').map((c) => c.key)).toEqual(['down payments']);
    expect(compound('how long is the statute of limitations').map((c) => c.key)).toEqual([
      'statute of limitations',
    ]);
    // Not a compound of content words only, nor one edged by an article, nor a phrasal verb.
    expect(compound('do they test blood sugar levels')).toEqual([]);
    expect(compound('where is the city hall')).toEqual([]);
    expect(compound('how do i sign up for reminders')).toEqual([]);
    expect(compound('what is the power of a judge')).toEqual([]);
  });

  it("gives an English word its derivationally related forms, below the word's own weight", () => {
    const a = analyzeQuestion('how much is the fee to be admitted to practice', null);
    const admitted = a.concepts.find((c) => c.key === 'admitted');
    expect(admitted?.alternatives[0]).toEqual({ words: ['admitted'], weight: 1 });
    expect(admitted?.alternatives).toContainEqual({ words: ['admission'], weight: 0.6 });
    // A Spanish word is not looked up in WordNet (it is English), but its English equivalents are,
    // as an English question's word is: "admisión" is "admission", and pages write "admit".
    const es = analyzeQuestion('¿cuánto cuesta la admisión?', null);
    const admision = es.concepts.find((c) => c.key === 'admision');
    expect(admision?.alternatives).toContainEqual({ words: ['admission'], weight: 0.8 });
    expect(admision?.alternatives).toContainEqual({ words: ['admit'], weight: 0.6 });
    expect(
      analyzeQuestion('¿dónde está la ventanilla?', null).concepts.flatMap((c) => c.alternatives),
    ).not.toContainEqual(expect.objectContaining({ words: ['ventanilla'], weight: 0.6 }));
  });

  it("gives a concept's irregular English verb forms, as sure as the word they come from", () => {
    const lose = analyzeQuestion('what do i do if i lose my card', null).concepts.find(
      (c) => c.key === 'lose',
    );
    expect(lose?.alternatives).toContainEqual({ words: ['lost'], weight: 1 });
    // A Spanish word's English equivalent gets them too: "perdí" is "lose", and pages say "lost".
    const perdi = analyzeQuestion('perdí mi tarjeta', null).concepts.flatMap((c) => c.alternatives);
    expect(perdi.map((x) => x.words.join(' '))).toEqual(expect.arrayContaining(['lose', 'lost']));
  });

  it('lets a question that negates meet a page\'s "non-" word, and only then', () => {
    const of = (q: string) =>
      analyzeQuestion(q, null).concepts.flatMap((c) => c.alternatives.map((a) => a.words.join(' ')));
    expect(of('do you help people who do not speak english')).toContain('nonenglish');
    expect(of('do you help people who speak english')).not.toContain('nonenglish');
    // Only what the negator negates, a few words on: not every word of the question.
    expect(of('do you help people who do not speak english')).not.toContain('nonhelp');
  });

  it('finds the formal "deceased" for an everyday "dead" or "died"', () => {
    for (const q of ['records about my dead father', 'my father died, how do i get his records']) {
      const all = analyzeQuestion(q, null).concepts.flatMap((c) =>
        c.alternatives.map((a) => a.words.join(' ')),
      );
      expect(all).toContain('deceased');
    }
  });

  it('gives a Spanish word the words English pages write for its English equivalent', () => {
    const viuda = analyzeQuestion('soy viuda, ¿qué beneficios tengo?', null).concepts.find(
      (c) => c.key === 'viuda',
    );
    const said = viuda?.alternatives.map((a) => a.words.join(' '));
    expect(said).toEqual(expect.arrayContaining(['widow', 'surviving spouse']));
    // As sure as the English equivalent itself.
    expect(viuda?.alternatives.find((a) => a.words.join(' ') === 'surviving spouse')?.weight).toBe(
      viuda?.alternatives.find((a) => a.words.join(' ') === 'widow')?.weight,
    );
  });

  it('marks the concepts said only after the question as context', () => {
    const a = analyzeQuestion('how do i appeal a denial? i got the letter last month', null);
    const key = (w: string) => a.concepts.find((c) => c.alternatives[0]?.words.includes(w));
    expect(key('appeal')?.context).toBeUndefined();
    expect(key('letter')?.context).toBe(true);
  });

  it('marks the concepts said only before the clause that asks as context', () => {
    const a = analyzeQuestion('i got a jury summons but i cant go that week, can i postpone it', null);
    const postpone = a.concepts.find((c) => c.alternatives[0]?.words.includes('postpone'));
    expect(postpone?.context).toBeUndefined();
    expect(a.concepts.filter((c) => c.context).length).toBeGreaterThanOrEqual(2);
    // A word said in both parts is asked about.
    const both = analyzeQuestion('my ticket came in the mail, can i pay the ticket online', null);
    expect(both.concepts.find((c) => c.alternatives[0]?.words.includes('ticket'))?.context).toBeUndefined();
    expect(analyzeQuestion('can i postpone jury duty', null).concepts.some((c) => c.context)).toBe(false);
  });
});

describe('questionLanguage', () => {
  it('reads a question of Spanish legal words without function words as Spanish', () => {
    expect(questionLanguage('multa')).toBe('es');
    expect(questionLanguage('juzgado horario')).toBe('es');
    expect(analyzeQuestion('multa', null).language).toBe('es');
  });

  it('keeps a question with an English word, or with function words, as detected', () => {
    expect(questionLanguage('jury')).toBe('en');
    expect(questionLanguage('tribunal')).toBe('en');
    expect(questionLanguage('multa parking')).toBe('en');
    expect(questionLanguage('where do i pay my multa')).toBe('en');
    expect(questionLanguage('¿dónde pago?')).toBe('es');
  });

  it('reads a fragment of everyday Spanish words as Spanish, and one of English words with a Spanish-looking word as English', () => {
    // Glossary words that are no English words: "consulta gratuita", "servicios gratuitos".
    expect(questionLanguage('consulta gratuita')).toBe('es');
    expect(questionLanguage('servicios gratuitos')).toBe('es');
    // "gratis" is English too; "abogado" is Spanish only.
    expect(questionLanguage('abogado gratis')).toBe('es');
    expect(questionLanguage('la multa')).toBe('es');
    // A plural the lay-legal table does not write is still its Spanish word.
    expect(questionLanguage('exenciones foia')).toBe('es');
    // "va" is a Spanish verb as well as an agency's initials: the English words decide.
    expect(questionLanguage('va health care')).toBe('en');
    expect(questionLanguage('va benefits')).toBe('en');
    expect(analyzeQuestion('va benefits', null).language).toBe('en');
    // Two function words or more, or Spanish punctuation: as detected.
    expect(questionLanguage('va a la corte')).toBe('es');
    expect(questionLanguage('the fine')).toBe('en');
  });
});
