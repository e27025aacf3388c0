// Query and sentence terms for the extractive answerer, for English and Spanish court content.
// Deliberately light: accent folding, stopwords and suffix stripping are enough to match
// "pagar"/"pago"/"pagos" or "tickets"/"ticket" without a full Snowball stemmer.

const EN_STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both
  but by can could did do does doing down during each few for from further had has have having he her here hers him
  his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out
  over own same she should so some such than that the their theirs them then there these they this those through to
  too under until up very was we were what when where which while who whom why will with would you your yours
  please tell know need want get got also may might must shall us let lets im ive id dont cant
  whats wheres hows whos thats isnt wont didnt doesnt go going gonna wanna make happen happens anyone someone much many
  instead rather still ever really just actually possible long take takes soon
  hi hey ok okay thanks`.split(/\s+/),
);

const ES_STOPWORDS = new Set(
  `a al algo algunas algunos ante antes como con contra cual cuales cuando cuanto de del desde donde dos el ella ellas
  ellos en entre era eran es esa esas ese eso esos esta estan estas este esto estos fue fueron ha hace hacer han hasta
  hay la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque
  que quien quienes se sea ser si sin sobre son su sus tambien te tengo tiene tienen todo todos tu tus un una unas
  uno unos usted ustedes y ya yo puedo puede pueden quiero necesito saber favor cómo qué dónde cuándo
  llego llegó pido hago hacer tengo debo voy ir dar estoy esta está hay alguien alguna algun nuestro
  cuánto cuánta cuántos cuántas cuanta cuantos cuantas les`
    .split(/\s+/)
    .map(fold),
);

const SPANISH_HINTS = new Set(
  `como que donde cuando puedo debo necesito quiero tribunal corte multa pagar pago cita audiencia jurado ayuda
  formulario formularios horario horarios reclamos menores familia divorcio custodia informacion el la los las
  del para por una un es esta son mi hola gracias buenos buenas dias`.split(/\s+/),
);

/** Lower-case and strip diacritics so "información" and "informacion" are one term. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// Longest first; stems keep at least 3 characters so short words are not emptied.
const SUFFIXES = [
  'aciones',
  'iciones',
  'amiento',
  'imiento',
  'mente',
  'ciones',
  'ations',
  'ation',
  'ments',
  'ment',
  'ingly',
  'ances',
  'ences',
  'ness',
  'able',
  'ible',
  'ando',
  'iendo',
  'ados',
  'idos',
  'adas',
  'idas',
  'cion',
  'sion',
  'ing',
  'ies',
  'ied',
  'ers',
  'ado',
  'ido',
  'ada',
  'ida',
  'es',
  'ed',
  'er',
  'ly',
  'ar',
  'ir',
  'as',
  'os',
  's',
  'a',
  'o',
  'e',
  'y',
];

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Every word of the text, folded (stopwords kept): used for language detection. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of the text that carry content: folded, stopwords of both languages removed, not stemmed. */
export function contentWords(text: string): string[] {
  return words(text).filter(
    (w) => !EN_STOPWORDS.has(w) && !ES_STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)),
  );
}

/** Content terms: folded, stopwords of both languages removed, stemmed. */
export function contentTerms(text: string): string[] {
  return contentWords(text).map(stem);
}

export type Language = 'en' | 'es';

/** Spanish when the question shows Spanish punctuation or more Spanish than English function words. */
export function detectLanguage(text: string): Language {
  if (/[¿¡ñ]/i.test(text)) return 'es';
  let es = 0;
  let en = 0;
  for (const w of words(text)) {
    // A function word of both languages ("a", "me", "no") says nothing either way.
    const spanish = SPANISH_HINTS.has(w) || ES_STOPWORDS.has(w);
    const english = EN_STOPWORDS.has(w);
    if (spanish && !english) es++;
    if (english && !spanish) en++;
  }
  return es > en ? 'es' : 'en';
}
