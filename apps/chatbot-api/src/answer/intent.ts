import { contentTerms, words } from './terms.js';

/** What kind of sentence answers the question, judged from its question words. */
export interface QuestionCue {
  /** Answer-side terms, weighted like context terms: they rank sentences, never decide coverage. */
  terms: string[];
  /** A few words added to the English and to the Spanish search query. */
  search: { en: string[]; es: string[] };
  /** Sentences matching one of these carry the kind of fact asked for (an address, hours, an amount). */
  patterns: RegExp[];
}

const ADDRESS =
  /\b\d{2,5}\s+(?:[\p{Lu}][\p{L}]+\s+){1,3}(?:Street|St\.|Avenue|Ave\.?|Road|Boulevard|Blvd\.?)|\b(?:Room|Sala)\s+\d+|\d+(?:st|nd|rd|th|\.º)\s+(?:floor|piso)|PO Box \d+/u;
const HOURS =
  /\b\d{1,2}:\d{2}\b|\b[ap]\.m\.|\b(?:monday|tuesday|wednesday|thursday|friday|lunes|martes|viernes|weekends?|fines de semana)\b/i;
const AMOUNT = /\$\s?\d|\b(?:free|no cost|no fee|gratis|gratuit[oa]s?|sin costo|cents|centavos)\b/i;
const DURATION = /\b\d+\s+(?:court\s+)?(?:days?|weeks?|months?|years?|dias|días|semanas|meses|años)\b/i;
const PHONE = /\(\d{3}\)\s?\d{3}-\d{4}|\b[\w.-]+@[\w-]+\.\w+/;

// Question words are stopwords, yet they say what kind of sentence answers: "where" wants an
// address, "when" wants hours, "how much" wants an amount.
const CUES: { cue: RegExp; expand: string; search: [string, string]; pattern: RegExp }[] = [
  {
    cue: /\b(where|wheres|donde|adonde|address|direccion|located|ubicad[oa])\b/,
    expand:
      'address street located location room floor building direccion calle ubicacion sala piso edificio',
    search: ['address location', 'direccion ubicacion'],
    pattern: ADDRESS,
  },
  {
    cue: /\b(when|cuando|hours?|horarios?|open|opens|abre|abierto|what time|a que hora|closed?|cierra)\b/,
    expand: 'hours open monday friday horario abierto lunes viernes',
    search: ['hours', 'horario'],
    pattern: HOURS,
  },
  {
    cue: /\b(how much|cost|costs|fee|fees|price|cuanto|cuanta|cuesta|costo|precio|paid|pagan)\b/,
    expand: 'fee cost amount cuota costo monto',
    search: ['fee cost', 'costo cuota'],
    pattern: AMOUNT,
  },
  {
    // "phone" alone is not enough: "can I bring my phone" does not ask for a number.
    cue: /\b(phone number|call|telephone|number|telefono|llamar|numero|email|contact|contacto|correo)\b/,
    expand: 'phone call email telefono llamar correo',
    search: ['phone', 'telefono'],
    pattern: PHONE,
  },
  {
    cue: /\b(how long|how soon|cuanto tiempo|cuantos dias|deadline|plazo)\b/,
    expand: 'days weeks months dias semanas meses',
    search: ['days months', 'dias meses'],
    pattern: DURATION,
  },
];

export function questionCues(question: string): QuestionCue {
  const text = words(question).join(' ');
  const cue: QuestionCue = { terms: [], search: { en: [], es: [] }, patterns: [] };
  for (const { cue: re, expand, search, pattern } of CUES) {
    if (!re.test(text)) continue;
    cue.terms.push(...contentTerms(expand));
    cue.search.en.push(...search[0].split(' '));
    cue.search.es.push(...search[1].split(' '));
    cue.patterns.push(pattern);
  }
  return cue;
}
