/**
 * Builds the held-out Vote.gov fixture (eval/sites/vote) from a git copy of github.com/usagov/vote-gov
 * (the Hugo site behind vote.gov before its move to Drupal).
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-vote-site.ts <git-dir> <commit> <out-dir>
 *
 * The site's text lives in `content/<lang>/` (HTML and Markdown with TOML front matter; each state's
 * page is front matter only) and in `data/translations/<lang>/*.json`, the strings its templates fill
 * in. This script fills the same strings from the same data into plain HTML pages, following the
 * templates' logic for the four registration types; none of the site's code, styles or images is kept.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { escapeHtml, renderMarkdown } from './mini-markdown.js';

const { outDir, show, list } = fixtureSource('build-vote-site.ts');

type Lang = 'en' | 'es';
type Strings = Record<string, string>;

/** `+++`-fenced TOML front matter of flat `key = "value"` lines (all the site uses) and the body. */
function readPage(file: string): { fm: Strings; body: string } {
  const m = /^\+\+\+\n([\s\S]*?)\n\+\+\+\n?([\s\S]*)$/.exec(show(file).replace(/\r\n/g, '\n'));
  const fm: Strings = {};
  for (const line of (m?.[1] ?? '').split('\n')) {
    const kv = /^(\w+)\s*=\s*"(.*)"\s*$/.exec(line);
    if (kv?.[1]) fm[kv[1]] = (kv[2] ?? '').replace(/\\"/g, '"');
  }
  return { fm, body: m?.[2] ?? '' };
}
const strings = (lang: Lang, name: string): Strings =>
  JSON.parse(show(`data/translations/${lang}/${name}.json`));
const T = {
  en: { register: strings('en', 'register'), home: strings('en', 'homepage') },
  es: { register: strings('es', 'register'), home: strings('es', 'homepage') },
};

/** States and territories that also get their Spanish page: the largest Spanish-speaking populations and one of each registration type. */
const SPANISH_STATES = new Set([
  'az',
  'ca',
  'co',
  'fl',
  'ga',
  'il',
  'ma',
  'nc',
  'nd',
  'nj',
  'nm',
  'nv',
  'ny',
  'pa',
  'pr',
  'tx',
  'vi',
  'wa',
  'wy',
]);

interface Page {
  path: string;
  title: string;
  lang: Lang;
  section: string;
  body: string;
}
const pages: Page[] = [];
const link = (href: string | undefined, text: string): string =>
  href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;

function statePage(lang: Lang, file: string): Page {
  const { fm } = readPage(file);
  const r = T[lang].register;
  const name = fm.state_name ?? '';
  const fill = (s: string | undefined, linkHtml = ''): string =>
    (s ?? '')
      .replace(/%link%/g, linkHtml)
      .replace(/%state_name%/g, name)
      .trim();
  const linkText = (key: string) => fill(r[key]);
  const href = (key: string) => fm[`${key}_override`] ?? fm[key];
  const type = fm.registration_type ?? 'online';
  const out: string[] = [`<h1>${escapeHtml(fill(r.heading))}</h1>`];
  if (type === 'online') {
    out.push(`<h2>${escapeHtml(fill(r.online__h2_question1))}</h2>`);
    out.push(
      `<p>${fill(r.online__answer1, link(href('registration_link'), linkText('online__answer1_link')))}</p>`,
    );
    out.push(
      `<p>${fill(r.online__answer2, link(href('more_info_link'), linkText('online__answer2_link')))}</p>`,
    );
  } else {
    const intro =
      { 'by-mail': 'by_mail', 'in-person': 'in_person', 'not-needed': 'not_needed' }[type] ?? 'by_mail';
    out.push(`<h2>${escapeHtml(fill(r.heading2))}</h2>`);
    out.push(
      `<p>${fill(r[`${intro}__intro`], link(href('more_info_link') ?? href('hp_link'), linkText(`${intro}__link`)))}</p>`,
    );
  }
  if (type !== 'not-needed') {
    const deadlines: [string, string | undefined][] = [
      [r.dates__byonline_deadline ?? '', fm.default_online_deadline],
      [r.dates__bymail_deadline ?? '', fm.default_mail_postmarked_deadline],
      [r.dates__bymail_deadline ?? '', fm.default_mail_received_deadline],
      [r.dates__inperson_deadline ?? '', fm.default_ip_deadline],
    ];
    out.push(`<h2>${escapeHtml(fill(r.dates__heading))}</h2>`);
    out.push(
      `<ul>${deadlines
        .filter(([, v]) => v)
        .map(([label, v]) => `<li><strong>${escapeHtml(label)}</strong> ${escapeHtml(v ?? '')}</li>`)
        .join('')}</ul>`,
    );
    const confirm = href('confirm_registration_link');
    if (confirm) {
      const wy = name === 'Wyoming' && r.confirm_registration__intro_WY;
      out.push(`<h2>${escapeHtml(fill(r.confirm_registration__heading))}</h2>`);
      out.push(
        `<p>${fill(
          wy ? r.confirm_registration__intro_WY : r.confirm_registration__intro,
          link(confirm, linkText(wy ? 'confirm_registration__link_WY' : 'confirm_registration__link')),
        )}</p>`,
      );
    }
  }
  if (fm.national_voter_registration_form_accepted !== 'false') {
    out.push(`<h2>${escapeHtml(fill(r.other_language_selection__heading))}</h2>`);
    out.push(`<p>${escapeHtml(r.other_language_selection__label ?? '')}</p>`);
  }
  const folder = lang === 'en' ? 'register' : 'es/registrar';
  return {
    path: `/${folder}/${fm.state_abbreviation}/`,
    title: fill(r.heading),
    lang,
    section: lang === 'en' ? 'Register to vote' : 'Inscríbase para votar',
    body: out.join('\n'),
  };
}

for (const lang of ['en', 'es'] as const) {
  const folder = lang === 'en' ? 'content/en/register' : 'content/es/registrar';
  for (const file of list(folder).filter((f) => f.endsWith('.md'))) {
    const abbr = /(\w+)\.md$/.exec(file)?.[1] ?? '';
    if (lang === 'es' && !SPANISH_STATES.has(abbr)) continue;
    pages.push(statePage(lang, file));
  }
}

/** Shortcodes in the HTML pages; the PDFs they link to are not carried, so they point at the real site. */
function shortcodes(html: string, lang: Lang): string {
  return html
    .replace(/\{\{<\s*homepath\s*>\}\}/g, lang === 'en' ? '/' : '/es/')
    .replace(/\{\{<\s*inenglish\s*>\}\}/g, lang === 'en' ? '' : '(en inglés)')
    .replace(/\{\{<\s*assetpath src=`([^`]*)`\s*>\}\}/g, 'https://vote.gov$1');
}

/** The "about" pages; the modernization brief goes under /modernizing/, which robots.txt disallows. */
const ABOUT: [string, string, Lang][] = [
  ['content/en/about-us.html', '/about-us/', 'en'],
  ['content/en/accessibility.html', '/accessibility/', 'en'],
  ['content/en/promoting-access-to-voting.html', '/modernizing/promoting-access-to-voting/', 'en'],
  ['content/es/acerca-de-votegov.html', '/es/acerca-de-votegov/', 'es'],
  ['content/es/compromiso-con-la-accesibilidad.html', '/es/compromiso-con-la-accesibilidad/', 'es'],
  ['content/es/promoviendo-acceso-al-voto.html', '/modernizing/promoviendo-acceso-al-voto/', 'es'],
];
for (const [file, path, lang] of ABOUT) {
  const { fm, body } = readPage(file);
  const title = fm.title ?? '';
  pages.push({
    path,
    title,
    lang,
    section: lang === 'en' ? 'About Vote.gov' : 'Acerca de Vote.gov',
    body: `<h1>${escapeHtml(title)}</h1>\n${fm.meta_description ? `<p>${escapeHtml(fm.meta_description)}</p>\n` : ''}${shortcodes(body, lang).trim()}`,
  });
}

/** Home pages: the state list, the "Vote.gov helps you" accordion (as headed sections) and the "Already registered?" links. */
function homePage(lang: Lang): Page {
  const h = T[lang].home;
  const states = pages
    .filter((p) => p.lang === lang && /^\/(es\/registrar|register)\//.test(p.path))
    .sort((a, b) => a.title.localeCompare(b.title));
  const accordion = readPage(`content/${lang}/accordion/index.md`).fm.title ?? '';
  const items = list(`content/${lang}/accordion`)
    .filter((f) => /homepage-\d+\.md$/.test(f))
    .sort()
    .map((f) => {
      const { fm, body } = readPage(f);
      return `<h3>${escapeHtml(fm.title ?? '')}</h3>\n${renderMarkdown(shortcodes(body, lang))}`;
    });
  const resources = (h.registered__resources_intro ?? '')
    .replace(
      '%link%',
      link(h.registered__resources_link_url, escapeHtml(h.registered__resources_link_text ?? '')),
    )
    .replace(/%(USA\.gov)%/, '$1');
  const more = ['electionday', 'absentee', 'voterid', 'process']
    .map(
      (k) =>
        `<li>${link(h[`registered_links__${k}_url`], escapeHtml(h[`registered_links__${k}`] ?? ''))}</li>`,
    )
    .join('');
  return {
    path: lang === 'en' ? '/' : '/es/',
    title: h.header ?? 'Vote.gov',
    lang,
    section: lang === 'en' ? 'Home' : 'Inicio',
    body: [
      `<h1>${escapeHtml(h.header ?? '')}</h1>`,
      `<p>${escapeHtml(h.state_selection__heading ?? '')}</p>`,
      `<ul>${states.map((p) => `<li><a href="${p.path}">${escapeHtml(p.title)}</a></li>`).join('')}</ul>`,
      `<h2>${escapeHtml(accordion)}</h2>`,
      ...items,
      `<h2>${escapeHtml(h.registered__header ?? '')}</h2>`,
      `<p>${resources}</p>`,
      `<ul>${more}</ul>`,
    ].join('\n'),
  };
}
pages.push(homePage('en'), homePage('es'));

const known = new Set(pages.map((p) => p.path));
/** Site-relative links to pages this fixture does not carry go to the real site, so the only broken link is the planted one. */
function relink(html: string): string {
  return html.replace(/href="(\/[^"#?]*)([^"]*)"/g, (_m, path: string, rest: string) => {
    const withSlash = path.endsWith('/') ? path : `${path}/`;
    return known.has(withSlash) ? `href="${withSlash}${rest}"` : `href="https://vote.gov${path}${rest}"`;
  });
}

function layout(p: Page): string {
  const en = p.lang === 'en';
  const nav: [string, string][] = en
    ? [
        ['/', 'Register to vote'],
        ['/about-us/', 'About Vote.gov'],
        ['/es/', 'Español'],
      ]
    : [
        ['/es/', 'Inscríbase para votar'],
        ['/es/acerca-de-votegov/', 'Acerca de Vote.gov'],
        ['/', 'English'],
      ];
  return `<!DOCTYPE html>
<html lang="${p.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.title)} | Vote.gov</title>
</head>
<body>
<a class="skip" href="#main">${en ? 'Skip to main content' : 'Saltar al contenido principal'}</a>
<div class="banner">${escapeHtml(T[p.lang].home.banner__banner_text ?? '')}</div>
<header><a class="logo" href="${en ? '/' : '/es/'}">Vote.gov</a>
<nav aria-label="${en ? 'Primary' : 'Principal'}"><ul>${nav.map(([h, l]) => `<li><a href="${h}">${l}</a></li>`).join('')}</ul></nav></header>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="${en ? '/' : '/es/'}">${en ? 'Home' : 'Inicio'}</a></li><li>${escapeHtml(p.section)}</li></ol></nav>
<main id="main">
${relink(p.body)}
</main>
<footer>
<p>${en ? 'Vote.gov is a service of the U.S. General Services Administration, in partnership with the U.S. Election Assistance Commission.' : 'Vote.gov es un servicio de la Administración de Servicios Generales de EE. UU., en colaboración con la Comisión de Asistencia Electoral.'}</p>
<ul><li><a href="${en ? '/about-us/' : '/es/acerca-de-votegov/'}">${en ? 'About Vote.gov' : 'Acerca de Vote.gov'}</a></li><li><a href="${en ? '/accessibility/' : '/es/compromiso-con-la-accesibilidad/'}">${en ? 'Accessibility' : 'Accesibilidad'}</a></li><li><a href="/modernizing/promoting-access-to-voting/">${en ? 'Modernizing Vote.gov' : 'Vote.gov se moderniza'}</a></li><li><a href="/register/archive/">${en ? 'Past election deadlines' : 'Plazos de elecciones anteriores'}</a></li></ul>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  '/modernizing/',
);
