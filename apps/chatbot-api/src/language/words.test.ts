import { describe, expect, it } from 'vitest';
import { contentWords, isFunctionWord, words } from './words.js';

describe('function words', () => {
  it('leaves out how a question is asked: "till" and "til" as "until", stance adverbs as "really"', () => {
    expect(contentWords('how long till i hear back')).toEqual(['long', 'hear', 'back']);
    expect(isFunctionWord('til')).toBe(true);
    expect(contentWords('what does it actually mean')).toEqual(['mean']);
  });

  it('leaves out adverbs of frequency as it does "often": "never" says how often, not what about', () => {
    expect(contentWords('the text with the code never shows up')).toEqual(['text', 'code', 'shows']);
    expect(contentWords('do i always need my license')).toEqual(['license']);
  });

  it('leaves out the forms of the reporting verbs "say" and "tell": what was said is what is asked', () => {
    expect(contentWords('i got a text saying my benefits stop')).toEqual(['text', 'benefits', 'stop']);
    expect(contentWords('the clerk told me to come back')).toEqual(['clerk', 'come', 'back']);
  });

  it('leaves out "aren\'t" as it does "isn\'t", and the semi-modals as "must": "supposed to", "ought to"', () => {
    expect(contentWords("aren't they supposed to do something different")).toEqual(['different']);
    expect(contentWords('what am i supposed to show them')).toEqual(['show']);
    expect(contentWords('ought i to bring proof')).toEqual(['bring', 'proof']);
  });

  it('leaves out Spanish "más" and "menos" as English "more" and "most", and chat spellings such as "pa"', () => {
    expect(contentWords('cuanto es lo mas que da la va pa arreglar mi casa', 'es')).toEqual([
      'da',
      'arreglar',
      'casa',
    ]);
    expect(contentWords('xq tengo que pagar al menos la mitad', 'es')).toEqual(['pagar', 'mitad']);
  });

  it('leaves out prepositions as it does "via": "per mile", "besides a ramp"', () => {
    expect(contentWords('how much does the state pay per mile')).toEqual(['state', 'pay', 'mile']);
    expect(contentWords('anything besides a ramp, except stairs')).toEqual(['ramp', 'stairs']);
  });

  it('leaves out "vs" and "versus", which relate what a question compares, in English and Spanish', () => {
    expect(contentWords('shall vs must in a regulation')).toEqual(['shall', 'regulation']);
    expect(contentWords('chapter 7 versus chapter 13')).toEqual(['chapter', '7', 'chapter', '13']);
    expect(contentWords('multa vs citacion', 'es')).toEqual(['multa', 'citacion']);
  });

  it('leaves out negative pronouns as it does "somebody": "pain nobody can explain", "nomás", "ahí"', () => {
    expect(contentWords('joint pain nobody can explain, nothing to do with service')).toEqual([
      'joint',
      'pain',
      'explain',
      'service',
    ]);
    expect(contentWords('nomas tienen uno en la recepcion', 'es')).toEqual(['recepcion']);
    expect(contentWords('ahi salen los nombres y nadie me dice', 'es')).toEqual(['salen', 'nombres', 'dice']);
  });

  it('leaves out the closed-class words a general list names: "several", "según", "hemos"', () => {
    expect(contentWords('i called several times, thus i wonder')).toEqual(['called', 'times', 'wonder']);
    expect(contentWords('hemos esperado meses segun la carta', 'es')).toEqual(['esperado', 'meses', 'carta']);
  });

  it('leaves out placeholder words as it does "things" and "lots": "my stuff", "a bunch of times"', () => {
    expect(contentWords('do i lose my stuff if i close my account')).toEqual(['lose', 'close', 'account']);
    expect(contentWords('i typed my password wrong a bunch of times')).toEqual([
      'typed',
      'password',
      'wrong',
      'times',
    ]);
  });

  it('leaves out copular verbs as it does "be": the words they link are what is asked', () => {
    expect(contentWords('when did the ada become law')).toEqual(['ada', 'law']);
    expect(contentWords('how do i become a juror')).toEqual(['juror']);
    expect(contentWords('it seems my check is late')).toEqual(['check', 'late']);
  });

  it('keeps what the question is about, in either language', () => {
    expect(contentWords('¿Dónde pago la multa?')).toEqual(['pago', 'multa']);
    expect(isFunctionWord('ticket')).toBe(false);
    // What staff may ask is what the question is about ("what can a store employee ask me").
    expect(contentWords('what can a store employee ask me')).toEqual(['store', 'employee', 'ask']);
  });
});

describe('words', () => {
  it('joins "non-" to the word it negates, so it never reads as that word', () => {
    expect(words('Non-service-connected care')).toEqual(['nonservice', 'connected', 'care']);
    expect(words('a non-TTY phone, or none - not one')).toEqual([
      'a',
      'nontty',
      'phone',
      'or',
      'none',
      'not',
      'one',
    ]);
  });
});
