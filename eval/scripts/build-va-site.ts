/**
 * Builds the VA.gov fixture (eval/sites/va) from a git copy of
 * github.com/department-of-veterans-affairs/vagov-content (the "interim CMS" that held VA.gov's
 * benefit pages as Markdown with Jekyll-style front matter before they moved to Drupal).
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-va-site.ts <git-dir> <commit> <out-dir>
 *
 * Use the commit 0cbd99b2… (2019-04-17), the last one that still holds the health care pages. Seven
 * benefit hubs are kept (health care, pension, burials and memorials, housing assistance, life
 * insurance, records, decision reviews): every page of theirs that has a body (redirect stubs and
 * React application shells left out), at its folder path. The pages mix Markdown and presentational
 * HTML; the wrappers are taken off, accordions become headed sections, and the Markdown between them
 * is read by `markdown` of jekyll-source.ts. Hub pages get their link lists (front matter) written
 * out. Every page gets one header, nav, breadcrumb and footer outside <main>; none of the site's
 * code, styles, scripts or images is kept.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { asMap, asString, parseYaml, splitFrontMatter, type Yaml } from './jekyll-source.js';
import { escapeHtml } from './mini-markdown.js';
import { renderBody, tidy } from './vagov-body.js';

const { outDir, commit, commitDate, show, list } = fixtureSource('build-va-site.ts');

/** The benefit hubs kept, in the order of the site's nav. */
const HUBS = [
  'health-care',
  'pension',
  'burials-memorials',
  'housing-assistance',
  'life-insurance',
  'records',
  'decision-reviews',
];
/** robots.txt disallows this folder: two pages of the VA.gov team's playbook. */
const DISALLOWED = '/playbook/';
const PLAYBOOK: [string, string][] = [
  ['pages/playbook/index.html', '/playbook/'],
  ['pages/playbook/editorial.html', '/playbook/editorial/'],
];
/** The one deliberately broken link (footer). */
const BROKEN = '/health-care/archive/';

interface Page {
  path: string;
  title: string;
  hub: string;
  fm: Record<string, Yaml>;
  body: string;
}

const pathOf = (file: string): string =>
  `/${file.replace(/^pages\//, '').replace(/(\/?index)?\.(md|html)$/, '')}/`.replace(/\/+/g, '/');

const sources: Page[] = [];
for (const hub of HUBS) {
  for (const file of list(`pages/${hub}`, { recursive: true }).filter((f) => f.endsWith('.md'))) {
    const { fm, body } = splitFrontMatter(show(file));
    // Redirect stubs (`href:` to another site, no body) and React application shells are left out.
    if (asString(fm.href) || asString(fm.layout) === 'page-react.html') continue;
    // Hub pages carry their content in front matter (link lists); other pages need a body.
    if (!fm.hublinks && body.replace(/\s+/g, '').length < 200) continue;
    sources.push({ path: pathOf(file), title: asString(fm.title), hub, fm, body });
  }
}
for (const [file, path] of PLAYBOOK) {
  const { fm, body } = splitFrontMatter(show(file));
  sources.push({ path, title: asString(fm.title), hub: 'playbook', fm, body });
}
const known = new Set(['/', ...sources.map((s) => s.path)]);

/** Links to kept pages are made local; other site-relative and VA.gov links go to the real site. */
function relink(html: string): string {
  return html.replace(/href="([^"]*)"/g, (_m, href: string) => {
    const local = href.replace(/^https?:\/\/(www\.)?va\.gov(?=\/)/i, '');
    if (!local.startsWith('/')) return `href="${href}"`;
    const [raw = '', hash] = local.split('#');
    const path = raw.endsWith('/') || /\.[a-z0-9]+$/i.test(raw) ? raw : `${raw}/`;
    if (known.has(path)) return `href="${path}${hash ? `#${hash}` : ''}"`;
    return `href="https://www.va.gov${local}"`;
  });
}

// ---------------------------------------------------------------------------------------------
// Front matter link lists (hub pages, related links).

const stripTags = (s: string): string => s.replace(/<[^>]*>/g, '').trim();

function linkList(group: Yaml, level: number): string {
  const g = asMap(group);
  const heading = stripTags(asString(g.heading) || asString(g.title));
  const links = (Array.isArray(g.links) ? g.links : []).map(asMap);
  if (links.length === 0) return '';
  const items = links
    .map((l) => {
      const label = stripTags(asString(l.label) || asString(l.title));
      const url = asString(l.url);
      const description = stripTags(asString(l.description));
      const a = url ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` : escapeHtml(label);
      return `<li>${a}${description ? `<br>${escapeHtml(description)}` : ''}</li>`;
    })
    .join('\n');
  const id = asString(g.id);
  return `${heading ? `<h${level}${id ? ` id="${escapeHtml(id)}"` : ''}>${escapeHtml(heading)}</h${level}>\n` : ''}<ul>\n${items}\n</ul>`;
}

/** The hub's "Ask questions" box: the phone numbers and where to send a question. */
function askQuestions(social: Yaml): string {
  const out: string[] = [];
  for (const box of (Array.isArray(social) ? social : []).map(asMap)) {
    if (!/ask questions/i.test(asString(box.heading))) continue;
    out.push(`<h2>${escapeHtml(asString(box.heading))}</h2>`);
    for (const sub of (Array.isArray(box.subsections) ? box.subsections : []).map(asMap)) {
      out.push(`<h3>${escapeHtml(asString(sub.subhead))}</h3>`);
      const items = (Array.isArray(sub.links) ? sub.links : []).map(asMap).map((l) => {
        const title = asString(l.title);
        const number = asString(l.number);
        const url = asString(l.url);
        const label = asString(l.label);
        if (number)
          return `<li>${escapeHtml(title)} <a href="${escapeHtml(url)}">${escapeHtml(number)}</a></li>`;
        if (label) return `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`;
        return `<li>${escapeHtml(title)}</li>`;
      });
      out.push(`<ul>${items.join('')}</ul>`);
    }
  }
  return out.join('\n');
}

const hubTitle = new Map<string, string>();
for (const s of sources) {
  if (s.path === `/${s.hub}/`) hubTitle.set(s.hub, asString(s.fm.display_title) || s.title);
}
hubTitle.set('playbook', 'Playbook');

function pageBody(p: Page): string {
  const groups = (key: string, level: number) =>
    (Array.isArray(p.fm[key]) ? (p.fm[key] as Yaml[]) : []).map((g) => linkList(g, level)).join('\n');
  const parts = [`<h1>${escapeHtml(p.title)}</h1>`, tidy(renderBody(p.body))];
  parts.push(groups('majorlinks', 2), groups('hublinks', 2), groups('crosslinks', 2));
  parts.push(askQuestions(p.fm.social ?? null));
  if (p.path === `/${p.hub}/` && p.hub !== 'playbook') {
    const inSection = sources
      .filter((s) => s.hub === p.hub && s.path !== p.path)
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((s) => `<li><a href="${s.path}">${escapeHtml(s.title)}</a></li>`)
      .join('\n');
    parts.push(`<h2>In this section</h2>\n<ul>\n${inSection}\n</ul>`);
  }
  const related = groups('relatedlinks', 3);
  if (related) parts.push(`<h2>Related pages</h2>\n${related}`);
  return relink(parts.filter((x) => x.trim()).join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Home page, from the site's hub cards (fragments/home/hubs.yml), kept hubs only.

const cards = (parseYaml(show('fragments/home/hubs.yml')) as Yaml[]).map(asMap);
const home: Page = {
  path: '/',
  title: 'VA.gov Home',
  hub: '',
  fm: {},
  body: '',
};
const homeBody = [
  '<h1>Veterans Affairs</h1>',
  '<p>Access and manage your VA benefits and health care.</p>',
  '<h2>Explore VA benefits and health care</h2>',
  '<ul>',
  ...cards
    .filter((c) => known.has(asString(c.url)))
    .map(
      (c) =>
        `<li><a href="${escapeHtml(asString(c.url))}">${escapeHtml(asString(c.heading))}</a><br>${escapeHtml(asString(c.description))}</li>`,
    ),
  // Kept hubs without a home page card (decision reviews).
  ...HUBS.filter((h) => !cards.some((c) => asString(c.url) === `/${h}/`)).map(
    (h) => `<li><a href="/${h}/">${escapeHtml(hubTitle.get(h) ?? h)}</a></li>`,
  ),
  '</ul>',
].join('\n');

function layout(p: Page, main: string): string {
  const crumbs = [
    '<li><a href="/">Home</a></li>',
    ...(p.path !== '/' && p.path !== `/${p.hub}/`
      ? [`<li><a href="/${p.hub}/">${escapeHtml(hubTitle.get(p.hub) ?? '')}</a></li>`]
      : []),
    ...(p.path !== '/' ? [`<li>${escapeHtml(asString(p.fm.display_title) || p.title)}</li>`] : []),
  ].join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.path === '/' ? 'VA.gov Home | Veterans Affairs' : `${p.title} | Veterans Affairs`)}</title>
${asString(p.fm.description) ? `<meta name="description" content="${escapeHtml(asString(p.fm.description))}">\n` : ''}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<div class="banner">An official website of the United States government</div>
<header><a class="logo" href="/">VA | U.S. Department of Veterans Affairs</a>
<nav aria-label="Primary"><ul>${HUBS.map((h) => `<li><a href="/${h}/">${escapeHtml(hubTitle.get(h) ?? h)}</a></li>`).join('')}</ul></nav></header>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${crumbs}</ol></nav>
<main id="main">
${main}
</main>
<footer>
<ul><li><a href="https://www.veteranscrisisline.net/">Veterans Crisis Line: Call 1-800-273-8255 and press 1</a></li><li><a href="https://www.va.gov/find-locations/">Find a VA location</a></li><li><a href="${BROKEN}">Archived health care pages</a></li><li><a href="/playbook/">VA.gov playbook</a></li><li><a href="/playbook/editorial/">Editorial guide</a></li></ul>
<p>U.S. Department of Veterans Affairs | 810 Vermont Avenue, NW Washington DC 20420</p>
</footer>
</body>
</html>
`;
}

const pages = [
  { path: '/', html: layout(home, homeBody) },
  ...sources.map((s) => ({ path: s.path, html: layout(s, pageBody(s)) })),
];
writeStaticSite(outDir, pages, DISALLOWED);

const count = (hub: string) => sources.filter((s) => s.hub === hub).length;
writeFileSync(
  join(outDir, 'README.md'),
  `# VA.gov static site fixture

A static, crawlable copy of real U.S. government web content: VA.gov, the U.S. Department of
Veterans Affairs' site for Veterans, service members and their families — how to apply for and
manage VA health care, pension, burial and memorial benefits, home loans and housing grants, life
insurance, records (benefit letters, Veteran ID cards, military service records) and decision
reviews (appeals) — for the answer-quality eval (\`npm run eval\`). A development set.

## Source and license

- Repository: https://github.com/department-of-veterans-affairs/vagov-content (VA.gov's "interim
  CMS": the benefit pages as Markdown and HTML with YAML front matter, published by the
  vets-website build before the pages moved to Drupal).
- Commit: \`${commit}\` (${commitDate}), the last commit holding the
  health care pages (the next one, "Remove all drupal-conflicting pages", deleted them). Figures
  (rates, limits, phone numbers) are those of that date.
- License: the repository's \`LICENSE\` is the CC0 1.0 Universal public domain dedication. It was
  the repository's first file (commit \`31e3572d\`, 2016-07-05), was dropped when the branch was
  regenerated from vets-website (\`83ed4266\`, 2018-10-11; so the pinned commit itself carries no
  licence file) and was added back, CC0 1.0 Universal again, in \`210d1be8\` (2022-04-25; present
  at HEAD). The pages are also a work of the U.S. Department of Veterans Affairs, a work of the
  United States Government, in the public domain in the United States (17 U.S.C. § 105).

## How it was made

\`eval/scripts/build-va-site.ts\` (our own script; none of the site's code, styles, scripts or
images is kept):

    pnpm --filter @amicus/eval exec tsx scripts/build-va-site.ts <git-dir> ${commit.slice(0, 8)}… sites/va

- Seven hubs of \`pages/\`, every page with a body, at its folder path (\`pages/x/y.md\` →
  \`/x/y/\`, \`index.md\` → its folder):
  ${HUBS.map((h) => `\`${h}\` (${count(h)})`).join(', ')}.
  Left out: redirect stubs (front matter \`href:\` only) and the React application shells
  (\`layout: page-react.html\`).
- Presentational HTML (\`div\`, \`section\`, \`span\` wrappers, icons, scripts, expander toggles) is
  taken off; accordion buttons become \`###\` headings over the text they open; HTML lists are
  kept; the Markdown between (headings, lists, tables, links, emphasis) is rendered by
  \`markdown\` of \`eval/scripts/jekyll-source.ts\`.
- Hub pages (\`template: level2-index\`) also get their front matter's link lists written out
  (\`hublinks\`, \`crosslinks\`, and the "Ask questions" phone numbers of \`social\`), and an
  "In this section" list of the hub's kept pages; \`majorlinks\` and \`relatedlinks\` of other
  pages are written out too.
- The home page \`/\` is written for the fixture from \`fragments/home/hubs.yml\` (the kept hubs'
  cards), plus a link to the decision reviews hub, which has no card.
- Links to kept pages are local; other site-relative and \`va.gov\` links point to
  \`https://www.va.gov/…\`.
- Every page has one generic banner, header (nav of the seven hubs), breadcrumb and footer, all
  outside \`<main>\`.

## Layout

- ${pages.length} HTML pages, \`folder/index.html\` style, all English (some pages carry a short Spanish
  note of the source).
- \`robots.txt\` disallows \`${DISALLOWED}\` (2 pages: \`/playbook/\` and \`/playbook/editorial/\`, from
  \`pages/playbook/index.html\` and \`editorial.html\`, the VA.gov team's playbook). Both are linked
  from every page's footer, so a crawler finds them and must skip them.
- \`sitemap.xml\` lists the ${pages.length - PLAYBOOK.length} allowed pages.
- One deliberately broken link: the footer's "Archived health care pages", \`${BROKEN}\`
  (HTTP 404).
- \`robots.txt\` and \`sitemap.xml\` use the origin \`http://localhost:8000\`; serve from this folder
  and rewrite that origin (the eval's static server does).
`,
);
