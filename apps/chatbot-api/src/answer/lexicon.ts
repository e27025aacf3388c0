import { contentTerms, contentWords, fold, stem, words } from './terms.js';

// A small bilingual court-domain lexicon. The public asks in its own words ("courthouse", "juzgado",
// "tiket", "where do i park") while pages say "Hall of Justice", "Palacio de Justicia", "parking
// garage"; and a Spanish question may only be answered by an English page. Each group lists words
// and phrases that mean the same thing to someone asking a court, English first then Spanish. A
// question word found in a group stands for the whole group: it is covered by a passage holding any
// of the group's entries. The first two entries of each language are what pages usually say: they
// make the English and the Spanish search queries of a question.
const GROUPS: { en: string; es: string }[] = [
  {
    en: 'hall of justice, locations, courthouse, court house, main courthouse, court building, location, address',
    es: 'palacio de justicia, ubicaciones, juzgado, edificio principal, ubicacion, direccion',
  },
  { en: 'court, courts', es: 'corte, tribunal, tribunales' },
  { en: 'location, locations, address, directions', es: 'ubicacion, ubicaciones, direccion, direcciones' },
  {
    en: 'parking, park, garage, parking lot',
    es: 'estacionamiento, estacionan, estacionar, estaciono, estacionarme, parqueo, parquear, aparcar',
  },
  {
    en: 'traffic ticket, ticket, tickets, citation, violation, speeding ticket, fine, fines',
    es: 'multa de transito, multa, multas, citacion, infraccion',
  },
  { en: 'traffic, driving', es: 'transito, trafico' },
  { en: 'speeding, speed', es: 'velocidad, exceso de velocidad' },
  { en: 'pay, paid, paying, payment, payments', es: 'pagar, pago, pague, pagan, pagos, pagado' },
  {
    en: 'fee, fees, cost, costs, price, charge, how much',
    es: 'cuota, costo, cuesta, cuestan, precio, cargo, tarifa, cuanto cuesta',
  },
  {
    en: 'hours, open, hour, opens, close, closed, closing, schedule, what time',
    es: 'horario, abierta, horarios, hora, abre, abierto, abierta, cierra, cerrado, a que hora',
  },
  {
    en: 'weekends, holidays, weekend, saturday, sunday',
    es: 'fines de semana, festivos, fin de semana, sabado, domingo',
  },
  { en: 'jury, jurors, juror, jury duty, jury service', es: 'jurado, jurados, servicio de jurado' },
  { en: 'summons, summoned', es: 'citacion, citado, convocatoria' },
  {
    en: 'excuse, excused, exempt, exemption, hardship, get out of',
    es: 'dispensar, dispensen, dispense, excusar, excusa, exento, exencion',
  },
  {
    en: 'postpone, postponement, reschedule, delay, defer',
    es: 'aplazar, aplace, aplazarla, posponer, cambiar fecha',
  },
  {
    en: 'small claims, small claim, small claims court',
    es: 'reclamos menores, reclamo menor, reclamos judiciales menores, demandas menores, demanda menor',
  },
  { en: 'sue, suing, claim, lawsuit', es: 'demandar, demanda, reclamo, reclamar' },
  { en: 'file, filing, submit', es: 'presentar, presentacion, presento, radicar' },
  { en: 'divorce, dissolution of marriage, divorced', es: 'divorcio, divorciarme, divorciarse' },
  { en: 'custody, visitation, parenting plan', es: 'custodia, visitas, regimen de visitas' },
  { en: 'child support, support', es: 'manutencion, pension alimenticia' },
  {
    en: 'interpreter, interpreters, translator, interpretation, translation',
    es: 'interprete, interpretes, traductor, interpretacion, traduccion',
  },
  { en: 'spanish', es: 'espanol' },
  { en: 'form, forms, paperwork', es: 'formulario, formularios' },
  {
    en: 'phone, contact, telephone, call, phone number',
    es: 'telefono, contacto, llamar, numero de telefono',
  },
  { en: 'email, e-mail', es: 'correo electronico' },
  { en: 'mail, by mail', es: 'correo, por correo' },
  { en: 'online, internet, website', es: 'internet, por internet, en linea' },
  {
    en: 'weapons, pocketknives, security screening, weapon, knife, knives, pocket knife, pocketknife, gun, scissors, pepper spray, security, screening',
    es: 'armas, navajas, arma, navaja, cuchillo, pistola, tijeras, gas pimienta, seguridad, control de seguridad',
  },
  {
    en: 'wheelchair accessible, accessible, wheelchair, accessibility, disability, accommodation',
    es: 'silla de ruedas, accesible, accesibilidad, discapacidad, adaptacion, adaptaciones',
  },
  {
    en: 'contest, not guilty, fight, dispute, challenge',
    es: 'impugnar, impugne, disputar, pelear, no culpable',
  },
  { en: 'traffic school', es: 'escuela de trafico' },
  { en: 'fee waiver, afford, waive, cannot pay', es: 'exencion de cuotas, no puedo pagar' },
  { en: 'lawyer, attorney, legal advice', es: 'abogado, asesoramiento legal' },
  { en: 'dress, wear, clothes, clothing, dress code', es: 'vestir, ropa, vestimenta, ponerme' },
  { en: 'bring, take with me', es: 'traer, llevar, traiga, lleve' },
  { en: 'wifi, wi-fi, internet access', es: 'wifi, wi-fi' },
  {
    en: 'ignore, ignoring, miss, missed, show up, fail to appear, no show',
    es: 'no responder, no presentarse, faltar, falte',
  },
  { en: 'deadline, due date, late', es: 'fecha limite, plazo, vence' },
];

/** A question concept: a lexicon group it names, or a word of its own. */
export interface Concept {
  /** The question's words it stands for, joined by a space: unique per concept. */
  key: string;
  /** Alternatives, each a sequence of stems that must all occur. */
  alternatives: string[][];
  /** How the pages say it, for the search query of each language; the question's words if no group. */
  en: string[];
  es: string[];
}

interface Group {
  alternatives: string[][];
  words: string[];
  en: string[];
  es: string[];
}

const split = (list: string) =>
  list
    .split(',')
    .map((p) => fold(p.trim()))
    .filter((p) => p !== '');

const groups: Group[] = GROUPS.map(({ en, es }) => {
  const phrases = [...split(en), ...split(es)];
  return {
    alternatives: phrases.map((p) => contentTerms(p)).filter((a) => a.length > 0),
    words: phrases,
    en: split(en).slice(0, 2),
    es: split(es).slice(0, 2),
  };
});

/** Folded surface words of the lexicon, for typo correction. */
const VOCABULARY = new Set(
  groups.flatMap((g) => g.words.flatMap((w) => w.split(/\s+/))).filter((w) => w.length >= 5),
);

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/**
 * Fixes one-letter typos ("trafic", "tiket", "interprter") against the lexicon's words only: a
 * general dictionary would "correct" names and case numbers.
 */
export function correctTypos(ws: readonly string[]): string[] {
  return ws.map((w) => {
    if (w.length < 5 || /\d/.test(w) || VOCABULARY.has(w)) return w;
    for (const v of VOCABULARY) if (withinOneEdit(w, v)) return v;
    return w;
  });
}

function startsWithAt(terms: readonly string[], seq: readonly string[], at: number): boolean {
  return seq.every((s, k) => terms[at + k] === s);
}

/**
 * The question's content words (typos fixed) as concepts: a phrase of the lexicon ("small claims",
 * "silla de ruedas") becomes one concept whose alternatives are all its group's entries (of every
 * group holding it); other words stand alone.
 */
export function questionConcepts(question: string): Concept[] {
  const ws = contentWords(correctTypos(words(question)).join(' '));
  const terms = ws.map(stem);
  const out: Concept[] = [];
  let i = 0;
  while (i < terms.length) {
    let length = 0;
    let matched: Group[] = [];
    for (const g of groups) {
      for (const alt of g.alternatives) {
        if (alt.length < length || !startsWithAt(terms, alt, i)) continue;
        if (alt.length > length) matched = [];
        length = alt.length;
        if (!matched.includes(g)) matched.push(g);
      }
    }
    if (length === 0) {
      out.push({ key: ws[i]!, alternatives: [[terms[i]!]], en: [ws[i]!], es: [ws[i]!] });
      i++;
      continue;
    }
    const own = terms.slice(i, i + length);
    out.push({
      key: ws.slice(i, i + length).join(' '),
      alternatives: dedupe([own, ...matched.flatMap((g) => g.alternatives)]),
      en: matched.flatMap((g) => g.en),
      es: matched.flatMap((g) => g.es),
    });
    i += length;
  }
  return out;
}

function dedupe(alternatives: string[][]): string[][] {
  const seen = new Set<string>();
  return alternatives.filter((a) => {
    const k = a.join(' ');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Search queries for a question: its own words (typos fixed), then the way English pages and
 * Spanish pages say the same. Kept short: retrieval ranks by its few rarest words, so one long
 * query of every synonym would be ranked by whichever synonyms happen to be rarest.
 */
export function searchQueries(
  question: string,
  extra: { en: readonly string[]; es: readonly string[] } = { en: [], es: [] },
): string[] {
  const concepts = questionConcepts(question);
  const queries = [
    correctTypos(words(question)).join(' '),
    [...concepts.flatMap((c) => c.en), ...extra.en].join(' '),
    [...concepts.flatMap((c) => c.es), ...extra.es].join(' '),
  ];
  return [...new Set(queries.filter((q) => q.trim() !== ''))];
}
