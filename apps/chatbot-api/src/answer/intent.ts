import { contentTerms, words } from './terms.js';

// Question words are stopwords, yet they say what kind of sentence answers: "where" wants an
// address, "when" wants hours. Each cue adds a few answer-side words, weighted like context terms
// (they rank sentences, they never decide whether the question is covered).
const CUES: { cue: RegExp; expand: string }[] = [
  {
    cue: /^(where|donde)$/,
    expand:
      'address street located location room floor building direccion calle ubicacion sala piso edificio',
  },
  {
    cue: /^(when|cuando|hours?|horarios?|open|abierto)$/,
    expand: 'hours open monday friday a.m. p.m. horario abierto lunes viernes',
  },
  {
    cue: /^(cost|costs|fee|fees|cuanto|cuesta|costo|precio)$/,
    expand: 'fee cost pay amount cuota costo pagar monto',
  },
  {
    cue: /^(phone|call|telephone|telefono|llamar|email|contact|contacto)$/,
    expand: 'phone call email telefono llamar correo',
  },
];

export function intentTerms(question: string): string[] {
  const ws = words(question);
  const out = new Set<string>();
  for (const { cue, expand } of CUES) {
    if (ws.some((w) => cue.test(w))) for (const t of contentTerms(expand)) out.add(t);
  }
  // "how much" is two stopwords together.
  if (/\bhow much\b/.test(ws.join(' '))) for (const t of contentTerms('fee cost amount')) out.add(t);
  return [...out];
}
