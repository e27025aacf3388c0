// Questions the public asks a court website, with the pages that answer them, shared by the answer
// evaluation test (eval.test.ts) and the benchmark that prints per-question results
// (bench/answer-eval.ts). Phrasing is deliberately informal: lower case, typos, missing accents,
// words the pages never use ("courthouse", "juzgado"), and Spanish questions whose only answer is an
// English page.

export interface EvalCase {
  question: string;
  /** Paths of the pages whose citation counts as a hit; empty = the site does not cover it. */
  expected: readonly string[];
  language: 'en' | 'es';
}

const en = (question: string, ...expected: string[]): EvalCase => ({ question, expected, language: 'en' });
const es = (question: string, ...expected: string[]): EvalCase => ({ question, expected, language: 'es' });

/** The demo court site, apps/demo-site/public. */
export const DEMO_SITE_CASES: readonly EvalCase[] = [
  en('how do i pay my ticket', '/traffic/'),
  en('where do i park', '/locations/', '/jury/'),
  en('Where is the courthouse?', '/locations/', '/contact/'),
  en('jury duty excuse', '/jury/'),
  en('what time does the court open', '/locations/'),
  en('can i get an interpreter', '/locations/', '/forms/'),
  en('how much does it cost to file for divorce', '/family/'),
  en('how much to file a small claims case', '/small-claims/'),
  en('i got a jury summons what do i do??', '/jury/'),
  en('can i do traffic school instead of paying', '/traffic/'),
  en('how do I fight my speeding ticket', '/traffic/'),
  en('child custody', '/family/'),
  en('what form do i need to start a divorce', '/family/', '/forms/'),
  en('phone number for the clerk', '/contact/', '/locations/'),
  en('can i bring a pocket knife', '/locations/'),
  en('how much do jurors get paid', '/jury/'),
  en("i can't afford the filing fee", '/forms/', '/small-claims/', '/family/'),
  en('is the court open on saturday', '/locations/'),
  en('how do I postpone jury duty', '/jury/'),
  en('whats the most i can sue for in small claims', '/small-claims/'),
  en('is the building wheelchair accessible', '/locations/'),
  en('can I email my documents to the court', '/contact/'),
  en('how do i pay my trafic tiket online', '/traffic/'),
  es('¿Dónde está el juzgado?', '/es/ubicaciones-y-horario/', '/locations/'),
  es('cuanto cuesta presentar un reclamo menor', '/small-claims/'),
  es('como pago una multa de transito', '/es/multas-de-transito/'),
  es('necesito un interprete', '/es/ubicaciones-y-horario/', '/es/', '/locations/'),
  es('me llego una citacion para jurado, como pido que me dispensen', '/es/servicio-de-jurado/'),
  es('a que hora abre la corte', '/es/ubicaciones-y-horario/'),
  es('donde me estaciono', '/es/ubicaciones-y-horario/', '/es/servicio-de-jurado/'),
  es('cuanto cuesta el divorcio', '/family/'),
  es('¿Cuánto les pagan a los jurados?', '/es/servicio-de-jurado/'),
  en('how do I patent an invention'),
  en('how do i renew my passport'),
  en('where can i get a fishing license'),
  es('¿cómo registro una marca comercial?'),
];

/** The ADA.gov fixture site, /work/shared/fixtures/ada-site: a second, real corpus for the benchmark. */
export const ADA_SITE_CASES: readonly EvalCase[] = [
  en('how do i file an ada complaint', '/file-a-complaint/'),
  en(
    'can a restaurant refuse my service dog',
    '/topics/service-animals/',
    '/resources/service-animals-faqs/',
  ),
  en(
    'how many accessible parking spaces are required',
    '/topics/parking/',
    '/resources/restriping-parking-spaces/',
  ),
  en('what is the ada information line phone number', '/infoline/'),
  en('can i use a segway in a store', '/topics/mobility-devices/'),
  es('¿Cómo presento una queja?', '/es/presente-una-queja/', '/es/file-a-complaint/'),
  es('animales de servicio', '/es/topics/service-animals/'),
  en('how do I patent an invention'),
];

/** Wire shapes of the non-streaming answer the evaluation reads. */
export interface EvalCitation {
  source_index: number;
  source_filename: string;
}

export interface EvalOutcome {
  case: EvalCase;
  content: string;
  citations: EvalCitation[];
  /** Path of the first citation, or null. */
  topPath: string | null;
  hit: boolean;
  /** Readability and consistency problems; empty when the answer is fine. */
  problems: string[];
}

const BOILERPLATE = /skip to main content|saltar al contenido|staff sign-in|a fictional court website/i;
const MAX_CHARS = 900;
const NOT_COVERED_ES = /^No encontré/;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Scores one answer: the hit, and whatever makes it unreadable or inconsistent with its citations. */
export function judge(c: EvalCase, content: string, citations: EvalCitation[]): EvalOutcome {
  const first = citations[0];
  const topPath = first ? pathOf(first.source_filename) : null;
  const covered = c.expected.length > 0;
  const hit = covered ? topPath !== null && c.expected.includes(topPath) : citations.length === 0;
  const problems: string[] = [];
  const indexes = new Set(citations.map((x) => x.source_index));
  for (const m of content.matchAll(/\[Source (\d+)\]/g)) {
    if (!indexes.has(Number(m[1]))) problems.push(`marker ${m[0]} has no citation`);
  }
  if (covered && citations.length === 0) problems.push('no citation');
  if (!covered && citations.length > 0) problems.push('cited sources for an uncovered question');
  if (citations.length === 0 && c.language === 'es' && !NOT_COVERED_ES.test(content)) {
    problems.push('not-covered text not in Spanish');
  }
  if (BOILERPLATE.test(content)) problems.push('navigation boilerplate');
  if (content.length > MAX_CHARS) problems.push(`${content.length} characters`);
  for (const line of content.split('\n')) {
    const text = line.replace(/^- /, '');
    // A quoted sentence starting in lower case was cut mid-sentence (list items may start lower case).
    if (!line.startsWith('- ') && /^\p{Ll}/u.test(text)) problems.push(`fragment: "${text.slice(0, 40)}"`);
  }
  return { case: c, content, citations, topPath, hit, problems };
}

/** Asks one question over HTTP, non-streaming, as a widget would. */
export async function askChatbot(api: { url: string; chatKey: string }, c: EvalCase): Promise<EvalOutcome> {
  const res = await fetch(`${api.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.chatKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: c.question }] }),
  });
  if (!res.ok) throw new Error(`${c.question}: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    choices: { message: { content: string; citations: EvalCitation[] | null } }[];
  };
  const message = body.choices[0]!.message;
  return judge(c, message.content, message.citations ?? []);
}

/** Share of covered questions whose first citation is an expected page. */
export function hitRate(outcomes: readonly EvalOutcome[]): number {
  const covered = outcomes.filter((o) => o.case.expected.length > 0);
  return covered.filter((o) => o.hit).length / Math.max(1, covered.length);
}
