/**
 * Builds the held-out USAGov benefit finder fixture (eval/sites/benefits) from a git copy of
 * github.com/GSA-TTS/usagov-benefits-eligibility.
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-benefits-site.ts <git-dir> <commit> <out-dir>
 *
 * The site's text lives in translation files (locales/en, locales/es) referenced by the content
 * files' front matter; each benefit becomes a page with its summary, who may be eligible, how to
 * apply and its source agency. Only content is taken, none of the application's code.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { escapeHtml, renderMarkdown } from './mini-markdown.js';

const { outDir, show, list } = fixtureSource('build-benefits-site.ts');
const locale = (path: string): Record<string, string> => JSON.parse(show(path)) as Record<string, string>;

type Lang = 'en' | 'es';
const criteria: Record<Lang, Record<string, string>> = {
  en: locale('locales/en/criteria.json'),
  es: locale('locales/es/criteria.json'),
};
const disclaimer: Record<Lang, Record<string, string>> = {
  en: locale('locales/en/disclaimer.json'),
  es: locale('locales/es/disclaimer.json'),
};

interface Eligibility {
  criteriaKey: string;
  label?: string;
  values: string[];
}

interface Benefit {
  name: string;
  lifeEvents: string[];
  eligibility: Eligibility[];
}

function parseBenefit(name: string, src: string): Benefit {
  const fm = /^---\n([\s\S]*?)\n---/.exec(src)?.[1] ?? '';
  const lifeEvents = [
    ...(/lifeEvents:\n((?:\s+- .*\n)+)/.exec(`${fm}\n`)?.[1] ?? '').matchAll(/- (.+)/g),
  ].map((m) => (m[1] ?? '').trim());
  const block = (fm.split(/\neligibility:\n/)[1] ?? '').replace(/^\s*#.*$/gm, '');
  const eligibility = block
    .split(/\n\s*- criteriaKey:/)
    .map((chunk, i) => (i === 0 ? chunk.replace(/^\s*- criteriaKey:/, '') : chunk))
    .filter((chunk) => chunk.trim().length > 0)
    .map((chunk): Eligibility => {
      const criteriaKey = (chunk.trim().split('\n')[0] ?? '').trim();
      const label = /label:\s*(\S+)/.exec(chunk)?.[1];
      const values = (/acceptableValues:\s*\[([\s\S]*?)\]/.exec(chunk)?.[1] ?? '')
        .split(',')
        .map((v) => v.trim().replace(/^"|"$/g, ''))
        .filter((v) => v.length > 0);
      return { criteriaKey, ...(label ? { label } : {}), values };
    });
  return { name, lifeEvents, eligibility };
}

const AGE = {
  en: ['less than', 'more than', 'years ago', 'before', 'after'],
  es: ['hace menos de', 'hace más de', 'años', 'antes del', 'después del'],
};

/** `<18years` → "less than 18 years ago", `>01-20-2020` → "after 01/20/2020"; keys → their text. */
function valueText(v: string, texts: Record<string, string>, lang: Lang): string | null {
  if (v === 'true' || v === 'false') return null;
  if (texts[v] !== undefined) return texts[v] ?? null;
  const w = AGE[lang];
  const years = /^([<>])(\d+)years$/.exec(v);
  if (years) return `${years[1] === '<' ? w[0] : w[1]} ${years[2]} ${w[2]}`;
  const date = /^([<>])(\d\d)-(\d\d)-(\d{4})$/.exec(v);
  if (date) return `${date[1] === '<' ? w[3] : w[4]} ${date[2]}/${date[3]}/${date[4]}`;
  return v;
}

const benefits = list('content/benefits').map((file) =>
  parseBenefit(file.replace(/^.*\//, '').replace(/\.md$/, ''), show(file)),
);
const textsOf = (b: Benefit, lang: Lang): Record<string, string> | null => {
  try {
    return locale(`locales/${lang}/benefits/${b.name}.json`);
  } catch {
    return null;
  }
};

const SPANISH = new Set([
  'ssa-lump-sum-death-benefit',
  'ssa-retirement-benefits',
  'ssa-disability-insurance',
  'ssa-supplemental-security-income_adult',
  'ssa-survivor-benefits-spouse',
  'ssa-survivor-benefits-child',
  'ssa-extra-help',
  'ssa-ticket-to-work',
  'cms-medicaid',
  'cms-medicare-retirement',
  'dod-survivor-benefit-plan',
  'ssa-disability-insurance-spouse',
  'fema-covid-19-funeral-assistance',
  'va-life-insurance-for-survivors',
  'va-burial-allowance',
  'va-burial-flag',
  'va-burial-in-national-cemetery',
  'va-health-care-program-for-surviving-child',
  'va-dependency-and-indemnity-compensation-spouse',
  'hhs-temporary-assistance-for-needy-families',
]);

interface Page {
  path: string;
  title: string;
  body: string;
  lang: Lang;
  section: string;
}
const pages: Page[] = [];
const benefitPath = (name: string, lang: Lang) =>
  lang === 'en' ? `/benefits/${name}/` : `/es/beneficios/${name}/`;

const UI = {
  en: {
    who: 'Who may be eligible',
    apply: 'How to apply',
    source: 'Learn more and apply at',
    events: 'Related life events',
    benefits: 'Benefits',
  },
  es: {
    who: 'Quién puede ser elegible',
    apply: 'Cómo presentar su solicitud',
    source: 'Obtenga más información y presente su solicitud en',
    events: 'Acontecimientos de la vida relacionados',
    benefits: 'Beneficios',
  },
};

const lifeEventTexts: Record<string, Record<string, string>> = {};
for (const file of list('locales/en/life-events')) {
  lifeEventTexts[file.replace(/^.*\//, '').replace(/\.json$/, '')] = locale(file);
}

for (const lang of ['en', 'es'] as const) {
  for (const b of benefits) {
    if (lang === 'es' && !SPANISH.has(b.name)) continue;
    const t = textsOf(b, lang);
    if (!t) continue;
    const k = (key: string) => t[`${b.name}.${key}`] ?? '';
    const items = b.eligibility.map((e) => {
      const label =
        (e.label ? t[e.label] : undefined) ??
        criteria[lang][`criteria.${e.criteriaKey}.label`] ??
        e.criteriaKey;
      // An overriding label already states an age or date limit in words; a criterion's own label does not.
      const values = e.values
        .filter((v) => !(e.label && /^[<>]/.test(v)))
        .map((v) => valueText(v, t, lang))
        .filter((v): v is string => v !== null);
      const yesOnly = values.length === 1 && /^(yes|sí|si)$/i.test(values[0] ?? '');
      return `<li>${escapeHtml(label)}${values.length > 0 && !yesOnly ? ` ${escapeHtml(values.join(lang === 'en' ? ' or ' : ' o '))}` : ''}</li>`;
    });
    const events =
      lang === 'en'
        ? b.lifeEvents
            .filter((e) => lifeEventTexts[e])
            .map(
              (e) =>
                `<li><a href="/life-events/${e}/">${escapeHtml(lifeEventTexts[e]?.[`${e}.title`] ?? e)}</a></li>`,
            )
        : [];
    const d = disclaimer[lang];
    pages.push({
      path: benefitPath(b.name, lang),
      title: k('title').trim(),
      lang,
      section: UI[lang].benefits,
      body: [
        `<h1>${escapeHtml(k('title').trim())}</h1>`,
        `<p>${escapeHtml(k('summary'))}</p>`,
        `<h2>${UI[lang].who}</h2>`,
        `<ul>\n${items.join('\n')}\n</ul>`,
        `<h2>${UI[lang].apply}</h2>`,
        k('criticalApplicationInformation')
          ? `<p>${escapeHtml(k('criticalApplicationInformation'))}</p>`
          : '',
        `<p>${UI[lang].source} <a href="${escapeHtml(k('source.link'))}">${escapeHtml(k('source.name'))}</a>.</p>`,
        `<div class="notice"><p><strong>${escapeHtml(d['disclaimer.heading'] ?? '')}</strong></p><ul><li>${escapeHtml(d['disclaimer.bullet'] ?? '')}</li><li>${escapeHtml(d['disclaimer.bullet1'] ?? '')}</li></ul></div>`,
        events.length > 0 ? `<h2>${UI[lang].events}</h2>\n<ul>${events.join('')}</ul>` : '',
      ]
        .filter((s) => s.length > 0)
        .join('\n'),
    });
  }
}

const enTitle = (b: Benefit) => textsOf(b, 'en')?.[`${b.name}.title`]?.trim() ?? b.name;
const enSummary = (b: Benefit) => textsOf(b, 'en')?.[`${b.name}.summary`] ?? '';
for (const [slug, t] of Object.entries(lifeEventTexts)) {
  const members = benefits.filter((b) => b.lifeEvents.includes(slug));
  if (members.length === 0) continue;
  pages.push({
    path: `/life-events/${slug}/`,
    title: t[`${slug}.title`] ?? slug,
    lang: 'en',
    section: 'Life events',
    body: [
      `<h1>${escapeHtml(t[`${slug}.secondaryHeadline`] || t[`${slug}.title`] || slug)}</h1>`,
      `<p>${escapeHtml(t[`${slug}.summary`] ?? '')}</p>`,
      t[`${slug}.eligibilityCriteriaDescription`]
        ? `<p>${escapeHtml(t[`${slug}.eligibilityCriteriaDescription`] ?? '')}</p>`
        : '',
      `<h2>Benefits you may be able to get</h2>`,
      `<ul>\n${members.map((b) => `<li><a href="${benefitPath(b.name, 'en')}">${escapeHtml(enTitle(b))}</a>: ${escapeHtml(enSummary(b))}</li>`).join('\n')}\n</ul>`,
    ].join('\n'),
  });
}

for (const file of list('locales/en/agencies')) {
  const slug = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const t = locale(file);
  const title = t[`${slug}.title`] ?? slug;
  const members = benefits.filter(
    (b) => textsOf(b, 'en')?.[`${b.name}.source.name`]?.trim() === title.trim(),
  );
  pages.push({
    path: `/agencies/${slug}/`,
    title,
    lang: 'en',
    section: 'Agencies',
    body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(t[`${slug}.lede`] || t[`${slug}.summary`] || '')}</p>\n${
      members.length > 0
        ? `<h2>Benefits from this agency</h2>\n<ul>\n${members.map((b) => `<li><a href="${benefitPath(b.name, 'en')}">${escapeHtml(enTitle(b))}</a></li>`).join('\n')}\n</ul>`
        : ''
    }`,
  });
}

const landing = { en: locale('locales/en/landing-page.json'), es: locale('locales/es/landing-page.json') };
const steps = (l: Lang) =>
  ['value1', 'value2', 'value3']
    .map((v) => `<li>${escapeHtml(landing[l][`landing-page.processListSteps.${v}`] ?? '')}</li>`)
    .join('');
const lifeEventPages = pages.filter((p) => p.path.startsWith('/life-events/'));
pages.push({
  path: '/',
  title: landing.en['landing-page.title'] ?? 'Benefits',
  lang: 'en',
  section: 'Home',
  body: `<h1>${escapeHtml(landing.en['landing-page.title'] ?? '')}</h1>\n<p>${escapeHtml(landing.en['landing-page.summary'] ?? '')}</p>\n<ol>${steps('en')}</ol>\n<h2>Find benefits for a life event</h2>\n<ul>\n${lifeEventPages.map((p) => `<li><a href="${p.path}">${escapeHtml(p.title)}</a></li>`).join('\n')}\n</ul>\n<h2>Benefits by agency</h2>\n<ul>\n${pages
    .filter((p) => p.path.startsWith('/agencies/'))
    .map((p) => `<li><a href="${p.path}">${escapeHtml(p.title)}</a></li>`)
    .join('\n')}\n</ul>\n<p><a href="/es/" lang="es">Beneficios en español</a></p>`,
});
pages.push({
  path: '/es/',
  title: landing.es['landing-page.title'] ?? 'Beneficios',
  lang: 'es',
  section: 'Inicio',
  body: `<h1>${escapeHtml(landing.es['landing-page.title'] ?? '')}</h1>\n<p>${escapeHtml(landing.es['landing-page.summary'] ?? '')}</p>\n<ol>${steps('es')}</ol>\n<h2>Beneficios</h2>\n<ul>\n${pages
    .filter((p) => p.lang === 'es')
    .map((p) => `<li><a href="${p.path}">${escapeHtml(p.title)}</a></li>`)
    .join('\n')}\n</ul>`,
});

// Staff-only pages, linked from the footer and disallowed in robots.txt: the content editors' guide
// and the eligibility criteria table.
pages.push({
  path: '/editors/',
  title: 'Content editors: how benefit pages are written',
  lang: 'en',
  section: 'Editors',
  body: renderMarkdown(show('content/readme.md')),
});
pages.push({
  path: '/editors/criteria/',
  title: 'Eligibility criteria keys',
  lang: 'en',
  section: 'Editors',
  body: `<h1>Eligibility criteria keys</h1>\n<table><thead><tr><th>Key</th><th>Question shown to the public</th></tr></thead><tbody>\n${Object.entries(
    criteria.en,
  )
    .filter(([key, label]) => key.endsWith('.label') && label)
    .map(
      ([key, label]) =>
        `<tr><td>${escapeHtml(key.replace(/^criteria\.|\.label$/g, ''))}</td><td>${escapeHtml(label)}</td></tr>`,
    )
    .join('\n')}\n</tbody></table>`,
});

const NAV: Record<Lang, [string, string][]> = {
  en: [
    ['/', 'Home'],
    ['/life-events/death-of-a-loved-one/', 'Death of a loved one'],
    ['/life-events/disability/', 'Disability'],
    ['/life-events/retirement/', 'Retirement'],
    ['/es/', 'Español'],
  ],
  es: [
    ['/es/', 'Inicio'],
    ['/', 'English'],
  ],
};

function layout(p: Page): string {
  const nav = NAV[p.lang].map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('');
  const en = p.lang === 'en';
  return `<!DOCTYPE html>
<html lang="${p.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)} | USAGov</title>
</head>
<body>
<a class="skip" href="#main">${en ? 'Skip to main content' : 'Saltar al contenido principal'}</a>
<div class="banner">${en ? 'An official website of the United States government' : 'Un sitio oficial del Gobierno de Estados Unidos'}</div>
<header><a class="logo" href="${en ? '/' : '/es/'}">USAGov${en ? '' : ' en Español'}</a>
<nav aria-label="${en ? 'Primary' : 'Principal'}"><ul>${nav}</ul></nav></header>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="${en ? '/' : '/es/'}">${en ? 'Home' : 'Inicio'}</a></li><li>${escapeHtml(p.section)}</li></ol></nav>
<main id="main">
${p.body}
</main>
<footer>
<p>${en ? 'USAGov is the official guide to government information and services.' : 'USAGov en Español es la guía oficial de información y servicios del Gobierno.'}</p>
<ul><li><a href="/benefits/archive/">${en ? 'Archived benefits' : 'Beneficios archivados'}</a></li><li><a href="/editors/">${en ? 'For content editors' : 'Para editores'}</a></li><li><a href="/editors/criteria/">${en ? 'Criteria keys' : 'Claves de criterios'}</a></li><li><a href="https://www.usa.gov/privacy">${en ? 'Privacy policy' : 'Política de privacidad'}</a></li></ul>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  '/editors/',
);
