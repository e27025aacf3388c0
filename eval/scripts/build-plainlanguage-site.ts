/**
 * Builds the plainlanguage.gov fixture (eval/sites/plainlanguage) from a git copy of
 * github.com/GSA/plainlanguage.gov (Jekyll; the pages are Markdown under `_pages/`).
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-plainlanguage-site.ts <git-dir> <commit> <out-dir>
 *
 * Only the site's content is taken: Liquid tags are resolved (`{% link %}`, `relative_url`) or
 * dropped, links to pages left out are unwrapped, and every page gets one header, nav and footer
 * (the site's own wording) outside <main>.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { asString, markdown, splitFrontMatter } from './jekyll-source.js';
import { escapeHtml } from './mini-markdown.js';

const { outDir, show, list } = fixtureSource('build-plainlanguage-site.ts');

/** Source folders (under `_pages/`) whose pages are kept. */
const KEEP = [
  'about/',
  'guidelines/',
  'law/',
  'training/',
  'examples/index.md',
  'examples/before-and-after/',
  'resources/index.md',
  'resources/checklists/',
  'resources/content-types/',
  'resources/humor/how-to-write-good.md',
  'resources/humor/funny-headlines.md',
  'privacy.md',
];
/** robots.txt disallows this folder; it holds the two humor pages above. */
const DISALLOWED = '/resources/humor/';

interface Page {
  file: string;
  path: string;
  title: string;
  body: string;
  section: string;
}

const files = list('_pages', { recursive: true }).filter((f) => f.endsWith('.md'));

function permalinkOf(file: string, fm: Record<string, unknown>): string {
  const p = typeof fm.permalink === 'string' ? fm.permalink : '';
  if (p) return p.endsWith('/') ? p : `${p}/`;
  return `/${file.replace(/^_pages\//, '').replace(/(index)?\.md$/, '')}`.replace(/\/?$/, '/');
}

const sources = files.map((file) => {
  const { fm, body } = splitFrontMatter(show(file));
  return { file, fm, body, path: permalinkOf(file, fm) };
});
const pathOf = new Map(sources.map((s) => [s.file, s.path]));
/** Pages that are only a Liquid loop over data files. */
const SKIP = ['_pages/law/agency-programs.md'];
const kept = sources.filter(
  (s) => KEEP.some((k) => s.file.replace(/^_pages\//, '').startsWith(k)) && !SKIP.includes(s.file),
);
const keptPaths = new Set(kept.map((s) => s.path));
keptPaths.add('/');

/** Liquid resolved or dropped, block-level HTML wrappers (around Markdown) removed. */
function resolveLiquid(body: string): string {
  return (
    body
      .replace(/\{%\s*link\s+(\S+)\s*%\}/g, (_m, f: string) => pathOf.get(f) ?? `/${f}`)
      .replace(/\{\{\s*site\.baseurl\s*\}\}/g, '')
      .replace(/\{\{\s*site\.email\s*\}\}/g, 'info@plainlanguage.gov')
      .replace(/\{\{\s*'([^']*)'\s*\|\s*relative_url\s*\}\}/g, (_m, p: string) => `/${p.replace(/^\//, '')}`)
      .replace(/\{%[\s\S]*?%\}/g, '')
      .replace(/\{\{[\s\S]*?\}\}/g, '')
      .replace(/\[([^\]]*)\]\(\s*\)/g, '$1')
      // "* #### Before" (a heading as a list item, for the side-by-side examples) reads as a heading.
      .replace(/^\s*(?:[*-]\s+)?(#{1,6}\s.*)$/gm, '\n$1\n')
      .replace(/^\s*<\/?(div|section)\b[^>]*>\s*$/gm, '')
      .replace(/\\([#.\-*_|[\]()])/g, '$1')
  );
}

/** kramdown tables may leave out the outer pipes; the Markdown reader wants them. */
function pipeTables(src: string): string {
  const lines = src.split('\n');
  const pipe = (l: string) => (l.trim().startsWith('|') ? l : `| ${l.trim()} |`);
  for (let i = 1; i < lines.length; i++) {
    if (!/^\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/.test(lines[i] ?? '')) continue;
    if ((lines[i] ?? '').trim().startsWith('|')) continue;
    lines[i - 1] = pipe(lines[i - 1] ?? '');
    for (let j = i; j < lines.length && (lines[j] ?? '').includes('|'); j++) lines[j] = pipe(lines[j] ?? '');
  }
  return lines.join('\n');
}

function mapHref(href: string): string | null {
  if (/^(https?:|mailto:)/.test(href) || href.startsWith('#')) return href;
  const [raw = '', hash] = href.split('#');
  const path = `/${raw.replace(/^\//, '')}`.replace(/\/?$/, '/');
  if (!keptPaths.has(path)) return null;
  return hash ? `${path}#${hash}` : path;
}

function linkPages(html: string): string {
  return html.replace(
    /<a\s+([^>]*?)href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g,
    (_m, pre: string, href: string, post: string, text: string) => {
      const target = mapHref(href);
      return target === null ? text : `<a ${pre}href="${target}"${post}>${text}</a>`;
    },
  );
}

const SECTIONS: [string, string][] = [
  ['/law/', 'Law and requirements'],
  ['/guidelines/', 'Plain language guidelines'],
  ['/examples/', 'Examples'],
  ['/training/', 'Training'],
  ['/resources/', 'Resources'],
  ['/about/', 'About'],
];

const pages: Page[] = kept.map((s) => {
  const title = asString(s.fm.title as never) || s.path;
  const description = asString(s.fm.description as never);
  let body = markdown(pipeTables(resolveLiquid(s.body)));
  if (!/<h1\b/.test(body)) body = `<h1>${escapeHtml(title)}</h1>\n${body}`;
  if (description && !body.replace(/<[^>]+>/g, '').includes(description.slice(0, 40)))
    body = body.replace(/<\/h1>/, `</h1>\n<p>${description}</p>`);
  // Section landing pages list their pages, as the site's side navigation does.
  const children = kept
    .filter((c) => c.path !== s.path && c.path.startsWith(s.path) && !c.path.startsWith(DISALLOWED))
    .filter((c) => !c.path.slice(s.path.length, -1).includes('/'))
    .sort((a, b) => a.path.localeCompare(b.path));
  if (children.length > 0)
    body += `\n<h2>In this section</h2>\n<ul>\n${children
      .map((c) => `<li><a href="${c.path}">${escapeHtml(asString(c.fm.title as never) || c.path)}</a></li>`)
      .join('\n')}\n</ul>`;
  return {
    file: s.file,
    path: s.path,
    title,
    // The one deliberately broken link (added after unknown links are unwrapped).
    body:
      linkPages(body) +
      (s.path === '/examples/'
        ? '\n<p>Looking for examples we no longer feature? See the <a href="/examples/archive/">archived examples</a>.</p>'
        : ''),
    section: SECTIONS.find(([p]) => s.path.startsWith(p))?.[1] ?? 'Home',
  };
});

pages.push({
  file: '_pages/home.md',
  path: '/',
  title: 'plainlanguage.gov',
  section: 'Home',
  body: `<h1>Plain language makes it easier for the public to read, understand, and use government communications.</h1>
<p><a href="/about/definitions/">Learn more</a></p>
<ul>
<li><a href="/law/"><strong>Law and requirements</strong></a>: Learn about the Plain Writing Act, policy memos, and executive orders that require agencies to use plain language.</li>
<li><a href="/guidelines/"><strong>Plain language guidelines</strong></a>: Official writing guidelines for understanding your audience, being clear and concise, and testing your content.</li>
<li><a href="/training/"><strong>Training</strong></a>: Request in-person training for your federal agency, or use our videos and materials to create your own class.</li>
<li><a href="/examples/"><strong>Examples</strong></a>: See plain language in action in a variety of regulations, legal documents, handbooks, and publications.</li>
</ul>`,
});

function layout(p: Page): string {
  const nav = [['/', 'Home'] as [string, string], ...SECTIONS]
    .map(
      ([href, label]) =>
        `<li><a href="${href}"${href === p.path ? ' aria-current="page"' : ''}>${label}</a></li>`,
    )
    .join('');
  const plainTitle = p.title.replace(/<[^>]+>/g, '');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(plainTitle)}${p.path === '/' ? '' : ' | plainlanguage.gov'}</title>
</head>
<body>
<a class="usa-skipnav" href="#main-content">Skip to main content</a>
<section class="usa-banner" aria-label="Official website of the United States government"><p>An official website of the United States government. Here's how you know: official websites use .gov; secure .gov websites use HTTPS.</p></section>
<header class="usa-header usa-header-extended">
<div class="usa-logo"><a href="/" title="Home">plainlanguage.gov</a></div>
<nav aria-label="Primary navigation"><ul class="usa-nav-primary">${nav}</ul></nav>
<form class="usa-search" action="/search/" role="search"><label for="query">Search</label><input id="query" name="q" type="search"><button type="submit">Search</button></form>
</header>
<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li>${escapeHtml(p.section)}</li></ol></nav>
<main id="main-content">
${p.body}
</main>
<footer class="usa-footer">
<div class="usa-footer-primary-section">
<h2>Join the Plain Language Community of Practice</h2>
<p>Learn about upcoming events and training, plus get support and answers to Plain Language questions.</p>
<a href="https://www.digitalgov.gov/communities/plain-language/">Join the Plain Language Community</a>
</div>
<div class="usa-footer-secondary-section">
<p>Help us improve this site on <a href="https://github.com/GSA/plainlanguage.gov">GitHub</a></p>
<h4>Just for fun</h4>
<ul><li><a href="/resources/humor/how-to-write-good/">How to write good</a></li><li><a href="/resources/humor/funny-headlines/">Funny headlines</a></li></ul>
<h4>Contact us</h4>
<ul><li><a href="mailto:info@plainlanguage.gov">Email us</a></li><li><a href="https://www.facebook.com/plainlanguagegov-174397429237337/">Facebook</a></li><li><a href="https://twitter.com/govplainlang/">Twitter</a></li></ul>
</div>
<div class="usa-identifier">
<p>plainlanguage.gov — An official website of the <a href="https://www.gsa.gov">U.S. General Services Administration</a></p>
<ul><li><a href="https://www.gsa.gov/about-us">About GSA</a></li><li><a href="https://www.gsa.gov/website-information/accessibility-aids">Accessibility support</a></li><li><a href="https://www.gsa.gov/reference/freedom-of-information-act-foia">FOIA requests</a></li><li><a href="/privacy/">Privacy and security</a></li><li><a href="https://www.usa.gov/">USA.gov</a></li></ul>
</div>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  DISALLOWED,
);
