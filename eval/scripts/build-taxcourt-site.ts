/**
 * Builds the U.S. Tax Court fixture (eval/sites/taxcourt) from a git copy of
 * github.com/ustaxcourt/website-wagtail (the Wagtail site behind ustaxcourt.gov).
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-taxcourt-site.ts <git-dir> <commit> <out-dir>
 *
 * The site's pages live in a database; the repository seeds it from Python: one initializer per page
 * under `website/home/management/commands/pages/`, whose literals (strings, lists, dicts) are the
 * page's title and StreamField body. This script reads those literals with a small evaluator of the
 * Python expression subset they use — nothing is executed — and renders each body block the way the
 * site's templates do (`home/templates/home/enhanced_standard_page.html` and its includes), inside
 * the header, navigation and footer of `app/templates/`. None of the site's code, styles, scripts,
 * images or PDFs is kept: links to documents are unwrapped to their text.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { escapeHtml } from './mini-markdown.js';
import { Call, evalExpression, type Py, readPython as readPythonSource, toStr } from './python-literals.js';
import { asList, asObj, blockRenderer, renderRibbon } from './wagtail-blocks.js';

const { outDir, show, list } = fixtureSource('build-taxcourt-site.ts');
const SEED = 'website/home/management/commands';
const REAL = 'https://www.ustaxcourt.gov';

/** A seed file's bindings and recorded calls (see python-literals.ts). */
const readPython = (file: string, imported: Record<string, Py> = {}) =>
  readPythonSource(show(file), imported);

// ---------------------------------------------------------------------------------------------
// Pages

interface Page {
  path: string;
  title: string;
  section: string;
  body: string;
  description?: string;
}
const pages: Page[] = [];
const PAGE_MODELS = new Set(['EnhancedStandardPage', 'EnhancedRawHTMLPage', 'DirectoryIndex']);

/** Snippets the pages name: the clinics' contact text and the navigation ribbons. */
const commonText = new Map<string, string>();
const ribbons = new Map<string, { title: string; url: string }[]>();
/** The snippets' names, which pages import (`from …snippets.dawson_faqs_ribbon import dawson_faqs_ribbon_name`). */
const snippetNames: Record<string, Py> = {};
for (const file of list(`${SEED}/snippets`).filter((f) => f.endsWith('.py'))) {
  const { env, calls } = readPython(file);
  for (const c of calls.filter((c) => c.name === 'CommonText'))
    commonText.set(toStr(c.kwargs.name ?? null), toStr(c.kwargs.text ?? null));
  for (const [k, v] of Object.entries(env))
    if (/_name$/.test(k) && typeof v === 'string') snippetNames[k] = v;
  const name = Object.entries(env).find(([k]) => /_name$/.test(k))?.[1];
  if (typeof name === 'string')
    ribbons.set(
      name,
      asList(env.links ?? null).map((l) => ({
        title: toStr(asObj(l).title ?? null),
        url: toStr(asObj(l).url ?? null),
      })),
    );
}

const renderBlock = blockRenderer((name) => commonText.get(name) ?? '');

/** Where each section's pages sit in the primary navigation (from `pages/navigation.py`). */
const SECTION_OF: Record<string, string> = {
  about_the_court: 'About the Court',
  rules_and_guidance: 'Rules & Guidance',
  orders_and_opinions: 'Orders & Opinions',
  efiling_and_case_maintenance: 'eFiling & Case Maintenance',
};
/** Children of the Employment page; every other page is a child of the home page. */
const EMPLOYMENT_CHILDREN = new Set(['law-clerk-program', 'internship-programs', 'judges-recruiting']);
/** Page initializers left out: long lists of PDF links (opinions, orders, release notes) with little text. */
const LEFT_OUT = new Set([
  'reports-and-statistics',
  'jcdp-orders-issued',
  'find-an-opinion',
  'find-an-order',
]);

for (const folder of Object.keys(SECTION_OF)) {
  for (const file of list(`${SEED}/pages/${folder}`).filter((f) => f.endsWith('.py'))) {
    const { env, calls } = readPython(file, snippetNames);
    const page = calls.find((c) => PAGE_MODELS.has(c.name));
    if (!page) continue;
    // An initializer that updates its page in place sets `page.body` (and the ribbon) afterwards.
    for (const field of ['body', 'navigation_ribbon'])
      if (!(field in page.kwargs) && env[`page.${field}`] !== undefined)
        page.kwargs[field] = env[`page.${field}`] ?? null;
    if (!('body' in page.kwargs)) continue;
    const slug = toStr(page.kwargs.slug ?? null) || toStr(env['self.slug'] ?? null);
    if (!slug || LEFT_OUT.has(slug)) continue;
    const ribbon = page.kwargs.navigation_ribbon;
    const ribbonName = ribbon instanceof Call ? toStr(ribbon.kwargs.name ?? null) : '';
    pages.push({
      path: EMPLOYMENT_CHILDREN.has(slug) ? `/employment/${slug}/` : `/${slug}/`,
      title: toStr(page.kwargs.title ?? null),
      section: SECTION_OF[folder] ?? '',
      description: toStr(page.kwargs.search_description ?? null),
      body: [
        ribbonName ? renderRibbon(ribbons.get(ribbonName) ?? []) : '',
        ...asList(page.kwargs.body ?? null).map(renderBlock),
        ...asList(page.kwargs.raw_html_body ?? null).map(renderBlock),
      ].join('\n'),
    });
  }
}

// DAWSON: the page's text, its sign-in card and the dedication to Judge Howard A. Dawson, Jr.
{
  const { env, calls } = readPython(`${SEED}/pages/efiling_and_case_maintenance/dawson_page.py`);
  const card = calls.find((c) => c.name === 'FancyCard');
  const dedication = calls.find((c) => c.name === 'PhotoDedication');
  pages.push({
    path: '/dawson/',
    title: 'DAWSON',
    section: SECTION_OF.efiling_and_case_maintenance ?? '',
    body: [
      `<p>${toStr(env.body_content ?? null)}</p>`,
      `<p><a href="${escapeHtml(toStr(card?.kwargs.url ?? null))}">Log in to DAWSON</a></p>\n<p>${toStr(card?.kwargs.text ?? null)}</p>`,
      `<h2>${escapeHtml(toStr(dedication?.kwargs.title ?? null))}</h2>\n<p>${toStr(dedication?.kwargs.paragraph_text ?? null)}</p>`,
    ].join('\n'),
  });
}

// The judges: an index of the judge collections and one profile page per judge, as the JudgeIndex
// template links them (`/judges/<id>/<last name>`; ids follow the initializer's order).
{
  const { env } = readPython(`${SEED}/pages/about_the_court/judges_page.py`);
  const judges = asList(env.all_judges ?? null).map(asObj);
  const profiles = judges.map((j, n) => ({
    path: `/judges/${n + 1}/${toStr(j.last_name ?? null)
      .toLowerCase()
      .replace(/[^a-z]/g, '')}/`,
    name: toStr(j.display_name ?? null),
    title: toStr(j.title ?? null),
    phone: toStr(j.chambers_telephone ?? null),
    bio: toStr(j.bio ?? null),
  }));
  for (const p of profiles) {
    pages.push({
      path: p.path,
      title: p.name,
      section: 'About the Court',
      body: `<p>${escapeHtml(p.title)}</p>\n${p.phone ? `<p>Chambers telephone: ${escapeHtml(p.phone)}</p>\n` : ''}<p>${p.bio}</p>`,
    });
  }
  const groups = new Map<string, typeof profiles>();
  for (const p of profiles) groups.set(p.title, [...(groups.get(p.title) ?? []), p]);
  pages.push({
    path: '/judges/',
    title: 'Judges',
    section: 'About the Court',
    body: [...groups]
      .map(
        ([title, js]) =>
          `<h2>${escapeHtml(title)}${title.endsWith('s') ? '' : 's'}</h2>\n<ul>${js
            .map((j) => `<li><a href="${j.path}">${escapeHtml(j.name)}</a></li>`)
            .join('')}</ul>`,
      )
      .join('\n'),
  });
}

// Places of trial: the cities by state, with each permanent courtroom's address.
{
  const { env, calls } = readPython(`${SEED}/pages/efiling_and_case_maintenance/places_of_trial_page.py`);
  const call = calls.find((c) => c.name === 'PlacesOfTrialPage');
  const states = asList(env.all_dpt_cities ?? null).map(asObj);
  pages.push({
    path: '/dpt-cities/',
    title: toStr(call?.kwargs.title ?? null) || 'Places Of Trial',
    section: SECTION_OF.efiling_and_case_maintenance ?? '',
    body: states
      .map(
        (s) =>
          `<h2>${escapeHtml(toStr(s.state ?? null))}</h2>\n<ul>${asList(s.cities ?? null)
            .map(asObj)
            .map(
              (c) =>
                `<li><strong>${escapeHtml(toStr(c.name ?? null))}</strong>${[c.address, c.note]
                  .map((v) => toStr(v ?? null).trim())
                  .filter(Boolean)
                  .map((v) => ` — ${escapeHtml(v)}`)
                  .join('')}</li>`,
            )
            .join('')}</ul>`,
      )
      .join('\n'),
  });
}

// Case related forms: the forms table (name, number, whether each kind of filer may eFile it).
{
  const { env } = readPython(`${SEED}/pages/efiling_and_case_maintenance/case_related_forms_page.py`);
  const rows = asList(env.forms_data ?? null)
    .map(asObj)
    .map(
      (f) =>
        `<tr><td>${escapeHtml(toStr(f.formName ?? null))}${f.formNameNote ? ` <em>${toStr(f.formNameNote)}</em>` : ''}</td><td>${escapeHtml(toStr(f.number ?? null))}</td><td>${escapeHtml(toStr(f.eligibleForEFilingByPetitioners ?? null))}</td><td>${escapeHtml(toStr(f.eligibleForEFilingByPractitioners ?? null))}</td></tr>`,
    );
  pages.push({
    path: '/case-related-forms/',
    title: 'Case Related Forms',
    section: SECTION_OF.efiling_and_case_maintenance ?? '',
    body: `<table><thead><tr><th scope="col">Form</th><th scope="col">Form Number</th><th scope="col">Eligible for eFiling by Petitioners</th><th scope="col">Eligible for eFiling by Practitioners</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
  });
}

// The navigation menu (`pages/navigation.py`): sections of titled links to pages or external URLs.
interface NavSection {
  title: string;
  url?: string;
  links: { title: string; href: string }[];
}
const nav: NavSection[] = (() => {
  const src = show(`${SEED}/pages/navigation.py`).replace(/self\.get_page\(("[^"]*")\)/g, '"/" + $1');
  const start = src.indexOf('return [', src.indexOf('def get_default_menu_items'));
  return asList(evalExpression(src.slice(start + 'return '.length))).map((entry) => {
    const v = asObj(asList(entry)[1] ?? null);
    return {
      title: toStr(v.title ?? null),
      ...(v.external_url ? { url: toStr(v.external_url) } : {}),
      links: asList(v.sub_links ?? null)
        .map(asObj)
        .map((l) => ({ title: toStr(l.title ?? null), href: toStr(l.external_url ?? l.page ?? null) })),
    };
  });
})();

// Home: the current announcements (entries with no end date) and the navigation's sections.
{
  const { calls } = readPython(`${SEED}/pages/home_page.py`);
  const entries = calls.filter(
    (c) => c.name === 'HomePageEntry.objects.create' && c.kwargs.end_date === null,
  );
  pages.push({
    path: '/',
    title: 'United States Tax Court',
    section: 'Home',
    description: 'Official Site of the United States Tax Court',
    body: [
      ...entries.map((e) => {
        const title = toStr(e.kwargs.title ?? null);
        const body = toStr(e.kwargs.body ?? null);
        return `<section class="home-entry">${title ? `<h2>${escapeHtml(title)}</h2>\n` : ''}${body.startsWith('<p>') ? body : `<p>${body}</p>`}</section>`;
      }),
      ...nav
        .filter((s) => s.links.length > 0)
        .map(
          (s) =>
            `<h2>${escapeHtml(s.title)}</h2>\n<ul>${s.links.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a></li>`).join('')}</ul>`,
        ),
    ].join('\n'),
  });
}

// ---------------------------------------------------------------------------------------------
// Links and layout

const known = new Set(pages.map((p) => p.path));
/** Document links unwrap to their text; site links go to the fixture's page, else to the real site. */
function relink(html: string): string {
  return html.replace(
    /<a\b([^>]*?)\bhref=(["'])(.*?)\2([^>]*)>([\s\S]*?)<\/a>/gi,
    (_m, pre: string, _q: string, href: string, post: string, text: string) => {
      if (href.startsWith('DOC:') || href === '') return text;
      const local = /^(?:https?:\/\/(?:www\.)?ustaxcourt\.gov)?(\/[^#?]*)?([#?].*)?$/.exec(href);
      if (!local || href.startsWith('//')) return `<a${pre}href="${href}"${post}>${text}</a>`;
      const path = local[1] ?? '';
      const withSlash = path.endsWith('/') ? path : `${path}/`;
      const target = !path
        ? href
        : known.has(withSlash)
          ? `${withSlash}${local[2] ?? ''}`
          : `${REAL}${path}${local[2] ?? ''}`;
      return `<a${pre}href="${escapeHtml(target)}"${post}>${text}</a>`;
    },
  );
}

/** The footer's two texts, as its `update()` (run on every deploy) last sets them. */
const FOOTER = readPython(`${SEED}/pages/footer.py`).env;

function layout(p: Page): string {
  const menu = nav
    .map((s) =>
      s.url
        ? `<li class="navigation-header"><a class="link" href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a></li>`
        : `<li class="navigation-header"><button class="link" aria-expanded="false">${escapeHtml(s.title)}</button><ul class="navigation-list">${s.links
            .map(
              (l) => `<li class="nav-link"><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a></li>`,
            )
            .join('')}</ul></li>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(p.title)}${p.path === '/' ? '' : ' | United States Tax Court'}</title>
${p.description ? `<meta name="description" content="${escapeHtml(p.description)}">\n` : ''}<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<a class="usa-skipnav" href="#main-content">Skip to main content</a>
<section class="usa-banner" aria-label="Official website of the United States government"><p>An official website of the United States government. Here’s how you know: official websites use .gov; secure .gov websites use HTTPS.</p></section>
<header id="top-navigation">
<div class="blue-banner"><a id="logo-link" href="/">United States Tax Court</a>
<form class="search-form" action="/search/" method="get"><input type="text" name="query" placeholder="Search..." aria-label="Search"><button type="submit">Search</button></form>
<a href="https://dawson.ustaxcourt.gov/" class="dawson-link">DAWSON</a></div>
<nav class="navigation-bar" aria-label="Primary"><ul class="navigation">${relink(menu)}</ul></nav>
</header>
<main id="main-content">
<h1>${escapeHtml(p.title)}</h1>
<hr>
${relink(p.body)}
</main>
<footer id="app-footer">
<div class="main">
<h2>Technical Questions?</h2>
<p>${relink(toStr(FOOTER['footer.technicalQuestions'] ?? null))}</p>
<h2>Other Questions?</h2>
<p>${relink(toStr(FOOTER['footer.otherQuestions'] ?? null))}</p>
<ul class="footer-links"><li><a href="/employment/">Employment</a></li><li><a href="/employment/law-clerk-program/">Law Clerk Program</a></li><li><a href="/press-releases/archives/">Press release archives</a></li></ul>
</div>
<div class="footer-address">
<p class="font-heading">United States Tax Court</p>
<p>400 Second Street, NW, Washington, DC 20217 | <span class="phone">(202) 521-0700</span></p>
</div>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  '/employment/',
);
