/**
 * Builds the held-out Login.gov help fixture (eval/sites/logingov) from a git copy of
 * github.com/GSA-TTS/identity-site (the Jekyll site behind www.login.gov).
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-logingov-site.ts <git-dir> <commit> <out-dir>
 *
 * The site's text lives in Markdown files with YAML front matter (content/_help, _policy,
 * _landing, _partners) and in `_data/<lang>/settings.yml`. This script reads just enough YAML,
 * Liquid and kramdown to turn those into plain HTML pages; none of the site's code, styles or
 * images is kept.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import {
  asMap,
  asString,
  inline,
  liquid,
  markdown,
  parseYaml,
  renderFrontMatter,
  splitFrontMatter,
  type Yaml,
} from './jekyll-source.js';
import { escapeHtml } from './mini-markdown.js';

const { outDir, show, list } = fixtureSource('build-logingov-site.ts');
const listTree = (dir: string): string[] => list(dir, { recursive: true });

type Lang = 'en' | 'es';
interface Source {
  file: string;
  fm: Record<string, Yaml>;
  body: string;
  permalink: string;
}
function readSource(file: string): Source {
  const { fm, body } = splitFrontMatter(show(file));
  return { file, fm, body, permalink: asString(fm.permalink) };
}

const sources = ['content/_help', 'content/_policy', 'content/_landing', 'content/_partners']
  .flatMap(listTree)
  .filter((f) => /\._(en|es)\.md$/.test(f))
  .map(readSource);
const byFile = new Map(sources.map((s) => [s.file, s]));
const permalinkOf = (file: string) => byFile.get(file)?.permalink ?? '/';

// Spanish versions kept: the pages the public most often needs, so some Spanish questions have a
// Spanish page and others only an English one.
const SPANISH = new Set([
  'verify-your-identity/overview',
  'verify-your-identity/accepted-id-type',
  'verify-your-identity/verify-your-identity-in-person',
  'verify-your-identity/find-a-participating-post-office',
  'verify-your-identity/how-to-take-photos-to-verify-your-identity',
  'verify-your-identity/issues-verifying-my-personal-information',
  'verify-your-identity/phone-number',
  'trouble-signing-in/forgot-your-password',
  'trouble-signing-in/why-is-my-account-locked',
  'trouble-signing-in/how-to-sign-in',
  'trouble-signing-in/authentication/issues-with-text-sms-phone-call',
  'manage-your-account/delete-your-account',
  'manage-your-account/change-your-phone-number',
  'manage-your-account/deactivated',
  'create-account/how-do-i-create-an-account',
  'fraud-concerns/common-scams',
  'specific-agencies/ssa',
  'specific-agencies/irs',
]);

const POLICY = [
  'about-us',
  'accessibility',
  'how_does_it_work',
  'index',
  'messaging',
  'privacy',
  'rules-of-use',
];
const LANDING = ['what_is_login', 'who_uses_login', 'create_an_account'];
/** Partner-facing pages: kept under /partners/, which robots.txt disallows. */
const PARTNERS = ['faq', 'determining-your-assurance-level'];

interface Page {
  source?: Source;
  path: string;
  title: string;
  lang: Lang;
  section: string;
  body: string;
}
const pages: Page[] = [];
const settings = {
  en: asMap(asMap(parseYaml(show('_data/en/settings.yml'))).help_page),
  es: asMap(asMap(parseYaml(show('_data/es/settings.yml'))).help_page),
};
const categoryTitle = (lang: Lang, slug: string): string =>
  asString(
    (Array.isArray(settings[lang].categories) ? settings[lang].categories : [])
      .map(asMap)
      .find((c) => c.slug === slug)?.title,
  ) || slug;

for (const s of sources) {
  const lang: Lang = s.file.endsWith('._es.md') ? 'es' : 'en';
  const rel = s.file.replace(/^content\/_\w+\//, '').replace(/\._(en|es)\.md$/, '');
  const folder = /^content\/_(\w+)\//.exec(s.file)?.[1] ?? '';
  let section: string;
  if (folder === 'help') {
    if (lang === 'es' && !SPANISH.has(rel)) continue;
    section = categoryTitle(lang, asString(s.fm.category));
  } else if (folder === 'policy' && lang === 'en' && POLICY.includes(rel)) section = 'Privacy & security';
  else if (folder === 'landing' && lang === 'en' && LANDING.includes(rel)) section = 'About Login.gov';
  else if (folder === 'partners' && lang === 'en' && PARTNERS.includes(rel)) section = 'Partners';
  else continue;
  if (!s.permalink) continue;
  pages.push({ source: s, path: s.permalink, title: asString(s.fm.title), lang, section, body: '' });
}

// Home pages and the help centre's index, written from the same data files.
const home = readSource('content/_landing/index._en.md');
pages.push({
  path: '/',
  title: 'Login.gov',
  lang: 'en',
  section: 'Home',
  body: [
    `<h1>${inline(asString(home.fm.title))}</h1>`,
    `<p>${inline(asString(home.fm.description))}</p>`,
    renderFrontMatter(asMap(home.fm.three_col)),
  ].join('\n'),
});
function helpIndex(lang: Lang): string {
  const popular = (
    Array.isArray(settings[lang].popular_topics_links) ? settings[lang].popular_topics_links : []
  ).map(asMap);
  const cats = (Array.isArray(settings[lang].categories) ? settings[lang].categories : []).map(asMap);
  return [
    `<h2>${inline(asString(settings[lang].popular_topics))}</h2>`,
    `<ul>${popular.map((p) => `<li><a href="${asString(p.url)}">${inline(asString(p.title))}</a></li>`).join('')}</ul>`,
    ...cats.map((c) => {
      const members = pages
        .filter((p) => p.lang === lang && p.source?.fm.category === c.slug)
        .sort((a, b) => Number(a.source?.fm.order ?? 99) - Number(b.source?.fm.order ?? 99));
      return `<h2><a href="${asString(c.url)}">${inline(asString(c.title))}</a></h2>\n<p>${inline(asString(c.description))}</p>\n<ul>${members
        .map((p) => `<li><a href="${p.path}">${inline(p.title)}</a></li>`)
        .join('')}</ul>`;
    }),
  ].join('\n');
}
pages.push({
  path: '/help/',
  title: 'Help',
  lang: 'en',
  section: 'Help',
  body: `<h1>Help</h1>\n${helpIndex('en')}`,
});
pages.push({
  path: '/es/',
  title: 'Ayuda de Login.gov en español',
  lang: 'es',
  section: 'Ayuda',
  body: `<h1>Ayuda de Login.gov en español</h1>\n${helpIndex('es')}`,
});

const known = new Set(pages.map((p) => p.path));
/** Links to pages this fixture does not carry go to the real site, so the only broken link is the planted one. */
function relink(html: string, lang: Lang): string {
  return html.replace(/href="([^"]*)"/g, (_m, href: string) => {
    const abs = /^https?:\/\/(www\.)?login\.gov(\/[^"]*)?$/.exec(href);
    const local = abs ? (abs[2] ?? '/') : href;
    if (!local.startsWith('/')) return `href="${href}"`;
    const path = local.replace(/[#?].*$/, '');
    const withSlash = path.endsWith('/') ? path : `${path}/`;
    if (known.has(withSlash)) return `href="${withSlash}${local.slice(path.length)}"`;
    if (lang === 'es' && known.has(withSlash.replace(/^\/es\//, '/')))
      return `href="${withSlash.replace(/^\/es\//, '/')}"`;
    return `href="https://www.login.gov${local}"`;
  });
}

for (const p of pages) {
  if (!p.source) continue;
  const s = p.source;
  const text = markdown(liquid(s.body, s.fm, permalinkOf));
  const plain = text.replace(/<[^>]+>/g, '').trim();
  const fromFm = plain.length < 200 ? renderFrontMatter(Object.fromEntries(Object.entries(s.fm))) : '';
  const description = asString(s.fm.description);
  p.body = [
    `<h1>${inline(p.title)}</h1>`,
    description ? `<p>${inline(description)}</p>` : '',
    fromFm.replace(/^<h3>[^\n]*<\/h3>\n?/, ''),
    text,
  ]
    .filter((x) => x.length > 0)
    .join('\n');
}

const NAV: Record<Lang, [string, string][]> = {
  en: [
    ['/', 'Home'],
    ['/help/', 'Help'],
    ['/what-is-login/', 'What is Login.gov?'],
    ['/policy/', 'Privacy & security'],
    ['/es/', 'Español'],
  ],
  es: [
    ['/es/', 'Ayuda'],
    ['/', 'English'],
  ],
};

function layout(p: Page): string {
  const en = p.lang === 'en';
  const nav = NAV[p.lang].map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('');
  return `<!DOCTYPE html>
<html lang="${p.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title.replace(/<[^>]+>/g, ''))} | Login.gov</title>
</head>
<body>
<a class="skip" href="#main">${en ? 'Skip to main content' : 'Saltar al contenido principal'}</a>
<div class="banner">${en ? 'An official website of the United States government' : 'Un sitio oficial del Gobierno de Estados Unidos'}</div>
<header><a class="logo" href="${en ? '/' : '/es/'}">Login.gov</a>
<nav aria-label="${en ? 'Primary' : 'Principal'}"><ul>${nav}</ul></nav></header>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="${en ? '/' : '/es/'}">${en ? 'Home' : 'Inicio'}</a></li><li>${escapeHtml(p.section)}</li></ol></nav>
<main id="main">
${relink(p.body, p.lang)}
</main>
<footer>
<p>${en ? 'Login.gov is a service of the U.S. General Services Administration.' : 'Login.gov es un servicio de la Administración de Servicios Generales de EE. UU.'}</p>
<ul><li><a href="/help/archive/">${en ? 'Archived help articles' : 'Artículos de ayuda archivados'}</a></li><li><a href="/partners/faq/">${en ? 'For agency partners' : 'Para agencias asociadas'}</a></li><li><a href="/partners/determining-your-assurance-level/">${en ? 'Assurance levels' : 'Niveles de seguridad'}</a></li><li><a href="/policy/rules-of-use/">${en ? 'Rules of use' : 'Reglas de uso'}</a></li><li><a href="/accessibility/">${en ? 'Accessibility' : 'Accesibilidad'}</a></li></ul>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  '/partners/',
);
