/*
 * What one node of a parsed HTML page is and says, for the walk in html-extract.ts: which tags are
 * blocks, inline markup or page furniture, the text of a node as it reads, and the node shapes that
 * are not content as they stand (a bold paragraph standing as a heading, a lone link, a footnote
 * reference, a "back to top" link, navigation).
 */

export const BLOCK_TAGS = new Set([
  'P',
  'LI',
  'PRE',
  'BLOCKQUOTE',
  'DT',
  'DD',
  'FIGCAPTION',
  'SUMMARY',
  'ADDRESS',
  'CAPTION',
]);
export const INLINE_TAGS = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CITE',
  'CODE',
  'DATA',
  'DFN',
  'EM',
  'I',
  'KBD',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
  'WBR',
  'LABEL',
  'FONT',
]);
export const SKIP_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'NAV',
  'FORM',
  'BUTTON',
  'IFRAME',
]);
export const NESTED_BLOCKS =
  'p,ul,ol,li,dl,dt,dd,table,tr,pre,blockquote,h1,h2,h3,h4,h5,h6,div,section,article,aside,details,summary,figure,figcaption,address,header,footer,main';
/** A button that shows and hides a panel (`aria-expanded` / `aria-controls`): an accordion's. */
export const DISCLOSURE = 'button[aria-expanded], button[aria-controls]';
// Minimal structural view of linkedom's nodes, enough for the walk below.
export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  querySelector?(sel: string): DomNode | null;
  querySelectorAll?(sel: string): ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  matches?(selector: string): boolean;
  ownerDocument?: { getElementById?(id: string): unknown; querySelector?(sel: string): unknown } | null;
}

/**
 * An element that says it is navigation or a search box (`role="navigation"`, `role="search"`: a
 * breadcrumb or an "On this page" list built from a `<div>`) is skipped like a `<nav>` or a `<form>`.
 */
export function navigationRole(node: DomNode): boolean {
  const role = node.getAttribute?.('role');
  return role === 'navigation' || role === 'search';
}

/** Words a bold paragraph may have to be read as a heading; a question ("May I …?") may have more. */
const BOLD_HEADING_WORDS = 12;
const BOLD_QUESTION_WORDS = 25;

/**
 * A paragraph that is nothing but bold text, short, and not a sentence or a lead-in ("In person",
 * "Exception for preexisting social media posts", "How do I apply?"), is the heading that sites
 * edited without heading levels use: it heads what follows, up to the next heading. Bold text
 * ending like a sentence or a lead-in ("All of these must be true:", "Do not mail cash.") is
 * emphasis, and stays a paragraph.
 */
export function boldHeading(node: DomNode, text: string): boolean {
  const limit = text.endsWith('?') ? BOLD_QUESTION_WORDS : BOLD_HEADING_WORDS;
  if (text === '' || text.split(' ').length > limit || /[.:;,!]$/.test(text)) return false;
  if (!/\p{L}/u.test(text)) return false;
  const bold = (n: DomNode): boolean => {
    // Every piece of text is inside <strong> or <b>; a link inside the bold text is not a heading.
    if (n.nodeType === 3) return clean(n.textContent ?? '') === '';
    if (n.nodeType !== 1) return true;
    const tag = n.nodeName.toUpperCase();
    if (tag === 'STRONG' || tag === 'B') return !n.querySelector?.('a');
    if (tag === 'BR') return true;
    return INLINE_TAGS.has(tag) && tag !== 'A' && Array.from(n.childNodes).every(bold);
  };
  return Array.from(node.childNodes).every(bold);
}

/**
 * A paragraph that is nothing but a relative link to another page of the site ("Back to the FOIA
 * glossary", "See all topics") is navigation, not content: quoted, it ends answers with page
 * furniture. A link elsewhere ("File with Department of Transportation"), into the page itself, or
 * to a phone number or an email address says what to do, and stays.
 */
export function onlyALink(node: DomNode, text: string): boolean {
  const link = soleLink(node, text);
  return link !== null && toASitePage(link);
}

/** The one link a block says nothing but (its text is the link's, a final "." or ":" aside), or null. */
function soleLink(node: DomNode, text: string): DomNode | null {
  const links = node.querySelectorAll?.('a') ?? [];
  if (links.length !== 1 || text === '') return null;
  const link = links[0]!;
  return text.replace(/[.:]$/, '') === clean(textOf(link)) ? link : null;
}

/**
 * A list item that is only a link into the page itself, to a part of it that is there (`<a
 * href="#SEC2">Sec. 2. Requirements</a>`): an entry of the page's table of contents. The part it
 * names is read where it stands, under its own heading; quoted, the contents answer with a menu.
 */
export function contentsEntry(node: DomNode, text: string): boolean {
  const href = (soleLink(node, text)?.getAttribute?.('href') ?? '').trim();
  if (!/^#./.test(href)) return false;
  let id = href.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // An id written with a stray "%" is looked up as written.
  }
  const doc = node.ownerDocument;
  return Boolean(
    doc?.getElementById?.(id) ?? (CSS_NAME.test(id) ? doc?.querySelector?.(`a[name="${id}"]`) : null),
  );
}
/** An anchor name safe to put in a selector as it stands. */
const CSS_NAME = /^[\w-]+$/;

/** A relative link to another page of the site (not into this page, not elsewhere, not a phone number). */
function toASitePage(link: DomNode): boolean {
  const href = (link.getAttribute?.('href') ?? '').trim();
  return !(href === '' || href.startsWith('#') || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href));
}

/**
 * A teaser of another page of the site: a list item led by a link to that page on a line of its own,
 * its title, with a line of description below (`<li><a href="/jury/">Jury service</a><br>Postpone
 * or be excused.</li>`, a card of "Related pages"). It sums up a page that is indexed itself; a link
 * inside a sentence ("<a>Pay online</a> with a card") is not on a line of its own, and stays.
 */
export function teaserOfAPage(node: DomNode): boolean {
  const parts = Array.from(node.childNodes).filter(
    (c) => c.nodeType === 1 || clean(c.textContent ?? '') !== '',
  );
  const [first, second] = parts;
  if (!first || !second || first.nodeType !== 1 || first.nodeName.toUpperCase() !== 'A') return false;
  if (!toASitePage(first) || clean(textOf(first)) === '') return false;
  const next = second.nodeType === 1 ? second.nodeName.toUpperCase() : '';
  return next === 'BR' || next === 'P' || next === 'DIV';
}

/**
 * A link to a file (a form, a PDF), not a page: a list of them ("Request to postpone (PDF)") names
 * the forms to download, where a list of links to pages ("Related articles", a help centre's menu)
 * only repeats the titles of pages that are indexed themselves.
 */
export function linksAFile(node: DomNode): boolean {
  const href = (node.querySelector?.('a')?.getAttribute?.('href') ?? '').trim();
  const path = href.split(/[?#]/)[0]!;
  const ext = /\.([a-z0-9]{1,5})$/i.exec(path)?.[1]?.toLowerCase();
  return ext !== undefined && !PAGE_EXTENSIONS.has(ext);
}

/** Extensions of web pages (a link to one is a link to a page, not to a file). */
const PAGE_EXTENSIONS = new Set(['html', 'htm', 'shtml', 'php', 'asp', 'aspx', 'jsp', 'cfm']);

/**
 * A footnote reference (`<sup><a href="#fn:2">2</a></sup>`, `<sup>[3]</sup>`) is not part of the
 * sentence: kept, it glues to the period ("technologies.2. Even where …") and splits no sentence.
 */
function footnoteReference(node: DomNode, tag: string): boolean {
  if (tag !== 'SUP') return false;
  const text = clean(node.textContent ?? '');
  if (!/^\[?(?:\d{1,3}|[*†‡§])\]?$/.test(text)) return false;
  // A bare number is a footnote only as a link into the page ("m<sup>2</sup>" is a square metre).
  const link = node.querySelector?.('a');
  if (link) return (link.getAttribute?.('href') ?? '').startsWith('#');
  return !/^\d+$/.test(text);
}

/** A link back to the top of its own page ("Back to top", "Volver al inicio"): navigation, not content. */
function backToTop(node: DomNode, tag: string): boolean {
  return tag === 'A' && /^#(top)?$/i.test((node.getAttribute?.('href') ?? '').trim());
}

/** Text of an element with line breaks and cells kept apart ("Lake Avenue<br>Northfield" → two words). */
export function textOf(node: DomNode, buttons = false): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const tag = node.nodeName.toUpperCase();
  if (tag === 'BR') return ' ';
  if (
    (SKIP_TAGS.has(tag) && !(buttons && tag === 'BUTTON')) ||
    navigationRole(node) ||
    footnoteReference(node, tag) ||
    backToTop(node, tag)
  )
    return '';
  let out = '';
  const children = node.childNodes;
  for (let i = 0; i < children.length; i++) out += textOf(children[i]!, buttons);
  return INLINE_TAGS.has(tag) || tag === 'BUTTON' ? out : ` ${out} `;
}

export function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
