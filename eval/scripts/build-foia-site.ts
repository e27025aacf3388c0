/**
 * Builds the FOIA.gov fixture (eval/sites/foia) from a git copy of github.com/usdoj/foia.gov.
 *
 *   pnpm --filter @amicus/eval exec tsx scripts/build-foia-site.ts <git-dir> <commit> <out-dir>
 *
 * Only the site's content is taken: Liquid tags, videos and scripts are dropped, links to pages
 * left out are unwrapped, and every page gets one generic header, nav and footer outside <main>.
 */
import { fixtureSource, writeStaticSite } from './fixture-kit.js';
import { escapeHtml, renderMarkdown } from './mini-markdown.js';

const { outDir, show, list } = fixtureSource('build-foia-site.ts');

/** Pages of the source and where they live in the fixture. */
const PAGE_MAP: Record<string, string> = {
  'about.html': '/about/',
  'how-to.html': '/how-to/',
  'faq.html': '/faq/',
  'index-es.html': '/es/',
  'foia-statute.html': '/foia-statute/',
  'how-wizard-works.html': '/how-wizard-works/',
  'developer/': '/developer/',
  'developer/agency-api/': '/developer/agency-api/',
};

interface Page {
  path: string;
  title: string;
  body: string;
  lang: 'en' | 'es';
  section: string;
}

function frontMatter(src: string): { data: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n?/.exec(src);
  if (!m) return { data: {}, body: src };
  const data: Record<string, string> = {};
  for (const line of (m[1] ?? '').split('\n')) {
    const kv = /^([A-Za-z_-]+):\s*"?(.*?)"?\s*$/.exec(line);
    if (kv?.[1]) data[kv[1]] = kv[2] ?? '';
  }
  return { data, body: src.slice(m[0].length) };
}

/** Liquid, videos and glossary pop-up spans out; links mapped to fixture paths or unwrapped. */
function cleanHtml(html: string): string {
  let h = html
    .replace(/\{%[\s\S]*?%\}/g, '')
    .replace(/\{\{\s*site\.baseurl\s*\}\}/g, '')
    .replace(/<iframe[\s\S]*?<\/iframe>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<img[^>]*>/g, '')
    .replace(/<span data-term="[^"]*">([\s\S]*?)<\/span>/g, '$1')
    // The FAQ is an accordion of buttons; without its script a reader sees headed answers.
    .replace(/<button class="usa-accordion-button"[^>]*>([\s\S]*?)<\/button>/g, '<h2>$1</h2>')
    .replace(/<\/a>(¿)/g, '$1');
  h = h.replace(
    /<a\s+([^>]*?)href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g,
    (_m, pre: string, href: string, post: string, text: string) => {
      const target = mapHref(href);
      return target === null ? text : `<a ${pre}href="${target}"${post}>${text}</a>`;
    },
  );
  return h.replace(/\{\{[\s\S]*?\}\}/g, '');
}

function mapHref(href: string): string | null {
  if (/^https?:\/\//.test(href)) return href;
  if (href.startsWith('#')) return href;
  if (href.startsWith('mailto:')) return null;
  const [path = '', hash] = href.replace(/^\//, '').split('#');
  const mapped = PAGE_MAP[path];
  if (mapped === undefined) return null;
  return hash ? `${mapped}#${hash}` : mapped;
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const pages: Page[] = [];

for (const [src, path] of Object.entries(PAGE_MAP)) {
  const file = src.endsWith('/') ? `www.foia.gov/${src}index.md` : `www.foia.gov/${src}`;
  const { data, body } = frontMatter(
    show(src === 'developer/agency-api/' ? 'www.foia.gov/developer/agency-api.md' : file),
  );
  const isMarkdown = file.endsWith('.md') || src === 'developer/agency-api/';
  const html = isMarkdown ? renderMarkdown(body.replace(/\{\{[\s\S]*?\}\}/g, '')) : body;
  const title = data.title ?? (/<h1>(.*?)<\/h1>/.exec(html)?.[1] || 'Agency API specification');
  pages.push({
    path,
    title,
    body: cleanHtml(html),
    lang: src === 'index-es.html' ? 'es' : 'en',
    section: path.startsWith('/developer/') ? 'Developer' : 'Learn',
  });
}

const glossary = list('www.foia.gov/_glossary_terms')
  .map((file) => {
    const { data, body } = frontMatter(show(file));
    const term = data.term ?? file;
    return { term, path: `/glossary/${slug(term)}/`, body: cleanHtml(renderMarkdown(body)) };
  })
  .sort((a, b) => a.term.localeCompare(b.term));
for (const g of glossary) {
  pages.push({
    path: g.path,
    title: g.term,
    body: `<h1>${g.term}</h1>\n${g.body}\n<p><a href="/glossary/">Back to the FOIA glossary</a></p>`,
    lang: 'en',
    section: 'Glossary',
  });
}
pages.push({
  path: '/glossary/',
  title: 'FOIA Glossary',
  body: `<h1>FOIA Glossary</h1>\n<p>Terms used in the Freedom of Information Act and in agencies' FOIA reports, in plain language.</p>\n<ul>\n${glossary
    .map((g) => `<li><a href="${g.path}">${g.term}</a></li>`)
    .join(
      '\n',
    )}\n</ul>\n<p>Looking for a term that was retired? See the <a href="/glossary/archived-terms/">archived glossary terms</a>.</p>`,
  lang: 'en',
  section: 'Glossary',
});

const requestSections = list('www.foia.gov/_request_form_sections').map((file) => {
  const { data, body } = frontMatter(show(file));
  const id = (data._id ?? file).replace(/_/g, '-');
  return { title: data.title ?? id, path: `/request/${id}/`, body: cleanHtml(renderMarkdown(body)) };
});
for (const r of requestSections) {
  pages.push({
    path: r.path,
    title: `${r.title} | Request form guide`,
    body: `<h1>${r.title}</h1>\n${r.body}\n<p><a href="/request/">All parts of the request form</a></p>`,
    lang: 'en',
    section: 'Request form guide',
  });
}
pages.push({
  path: '/request/',
  title: 'Request form guide',
  body: `<h1>What the FOIA request form asks</h1>\n<p>The request form on FOIA.gov is in parts. Each part below explains what to give and why.</p>\n<ol>\n${requestSections
    .map((r) => `<li><a href="${r.path}">${r.title}</a></li>`)
    .join(
      '\n',
    )}\n</ol>\n<p>New to the FOIA? Read <a href="/how-to/">how to make a FOIA request</a> first.</p>`,
  lang: 'en',
  section: 'Request form guide',
});
pages.push({
  path: '/',
  title: 'FOIA.gov - Freedom of Information Act',
  body: `<h1>Freedom of Information Act</h1>\n<p>The Freedom of Information Act (FOIA) gives you the right to request access to records from any federal agency. FOIA.gov is the government's central website for the FOIA.</p>\n<h2>Start here</h2>\n<ul>\n<li><a href="/about/">Learn about the FOIA</a></li>\n<li><a href="/how-to/">How to make a FOIA request</a></li>\n<li><a href="/request/">What the request form asks</a></li>\n<li><a href="/faq/">Frequently asked questions</a></li>\n<li><a href="/glossary/">FOIA glossary</a></li>\n<li><a href="/foia-statute/">Read the FOIA statute</a></li>\n<li><a href="/how-wizard-works/">How the FOIA search tool works</a></li>\n<li><a href="/es/" lang="es">Información en español</a></li>\n</ul>`,
  lang: 'en',
  section: 'Home',
});

const NAV: [string, string][] = [
  ['/', 'Home'],
  ['/about/', 'Learn'],
  ['/how-to/', 'How to make a request'],
  ['/request/', 'Request form guide'],
  ['/faq/', 'FAQ'],
  ['/glossary/', 'Glossary'],
  ['/es/', 'Español'],
];

function layout(p: Page): string {
  const nav = NAV.map(
    ([href, label]) =>
      `<li><a href="${href}"${href === p.path ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('');
  const plainTitle = p.title.replace(/<[^>]+>/g, '');
  return `<!DOCTYPE html>
<html lang="${p.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(plainTitle)}${p.path === '/' ? '' : ' | FOIA.gov'}</title>
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<div class="banner">An official website of the United States government. Here's how you know: official websites use .gov.</div>
<header class="site-header">
<a class="logo" href="/">FOIA.gov</a>
<form class="search" action="/search/" role="search"><label for="q">Search FOIA.gov</label><input id="q" name="q"><button>Search</button></form>
<nav aria-label="Primary"><ul>${nav}</ul></nav>
</header>
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li>${escapeHtml(p.section)}</li></ol></nav>
<main id="main">
${p.body.includes('<h1') || p.body.includes('<h2') ? '' : `<h1>${plainTitle}</h1>\n`}${p.body}
</main>
<section class="feedback" aria-label="Feedback"><p>Was this page helpful? <a href="/faq/">Yes</a> <a href="/faq/">No</a></p></section>
<footer class="site-footer">
<h2>FOIA.gov</h2>
<ul class="contact"><li>Office of Information Policy (OIP)</li><li>U.S. Department of Justice</li><li>441 G St, NW, 6th Floor</li><li>Washington, DC 20530</li></ul>
<ul class="links"><li><a href="/faq/">Frequently Asked Questions</a></li><li><a href="/developer/">Developer Resources</a></li><li><a href="/developer/agency-api/">Agency API Spec</a></li>
<li><a href="https://www.justice.gov/accessibility/accessibility-information">Accessibility</a></li><li><a href="https://www.justice.gov/doj/privacy-policy">Privacy policy</a></li><li><a href="https://www.usa.gov">USA.gov</a></li></ul>
</footer>
</body>
</html>
`;
}

writeStaticSite(
  outDir,
  pages.map((p) => ({ path: p.path, html: layout(p) })),
  '/developer/',
);
