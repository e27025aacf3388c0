import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Block, ParsedDocument } from './chunking.js';
import { openHtml } from './html-document.js';

export interface HtmlDocument extends ParsedDocument {
  /** Every `href` of the page (raw, unresolved): the crawler follows them. */
  links: string[];
  /** `<meta name="robots" content="nofollow">` or `noindex` asked for. */
  robots: { noindex: boolean; nofollow: boolean };
}

const BLOCK_TAGS = new Set([
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
const INLINE_TAGS = new Set([
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
const SKIP_TAGS = new Set([
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
const NESTED_BLOCKS =
  'p,ul,ol,li,dl,dt,dd,table,tr,pre,blockquote,h1,h2,h3,h4,h5,h6,div,section,article,aside,details,summary,figure,figcaption,address,header,footer,main';
/** A button that shows and hides a panel (`aria-expanded` / `aria-controls`): an accordion's. */
const DISCLOSURE = 'button[aria-expanded], button[aria-controls]';
/** Below this much text, Readability probably kept the wrong part of the page. */
const MIN_MAIN_TEXT = 200;

// Minimal structural view of linkedom's nodes, enough for the walk below.
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  querySelector?(sel: string): DomNode | null;
  querySelectorAll?(sel: string): ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  matches?(selector: string): boolean;
}

/**
 * Main content of an HTML page as heading-aware blocks, without the page chrome (header,
 * navigation, footer): the page's own `<main>` when it has exactly one, else Readability's pick,
 * else `<article>` / `<body>`. Navigation, forms and scripts inside are skipped. Headings are kept
 * as each block's path.
 */
export function extractHtml(
  html: string,
  { readability = true }: { readability?: boolean } = {},
): HtmlDocument {
  const { document, source } = openHtml(html);
  const h1 = clean(document.querySelector('h1')?.textContent ?? '');
  const title = clean(document.querySelector('title')?.textContent ?? '') || h1;
  const links = [...document.querySelectorAll('a[href], link[rel~="alternate"][href]')]
    .map((a) => a.getAttribute('href') ?? '')
    .filter((h) => h.length > 0);
  const robotsMeta = (
    document.querySelector('meta[name="robots" i]')?.getAttribute('content') ?? ''
  ).toLowerCase();
  const robots = { noindex: robotsMeta.includes('noindex'), nofollow: robotsMeta.includes('nofollow') };

  // A page that marks its main content (one <main> or role="main") has said what it is, and
  // reading it directly is about five times faster than Readability's scoring passes.
  const marked = document.querySelectorAll('main, [role="main"]');
  let root: DomNode | null = marked.length === 1 ? (marked[0] as unknown as DomNode) : null;
  if (!root && readability) root = readabilityRoot(source);
  if (!root)
    root = (document.querySelector('main, [role="main"], article') ??
      document.body) as unknown as DomNode | null;

  const blocks: Block[] = [];
  const stack: HeadingStack = [];
  if (root) walk(root, blocks, stack);
  headedOnly(blocks);
  // Readability often removes the page's <h1> (it duplicates the title): put it back as the top heading.
  if (h1 && blocks.length > 0 && !blocks.some((b) => b.headings[0] === h1)) {
    for (const b of blocks) (b as { headings: readonly string[] }).headings = [h1, ...b.headings];
  }
  return { title, blocks, links, robots };
}

/**
 * Readability drops buttons and hidden elements, so an accordion would lose its questions and its
 * (initially hidden) answers: the panels a disclosure button controls are shown, a heading holding
 * such a button keeps its text, and a button outside a heading becomes a paragraph of its text.
 */
function openDisclosures(document: ReturnType<typeof parseHTML>['document']): void {
  for (const button of [...document.querySelectorAll(DISCLOSURE)]) {
    for (const id of (button.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean)) {
      document.getElementById(id)?.removeAttribute('hidden');
    }
    const inHeading = button.closest('h1, h2, h3, h4, h5, h6');
    if (inHeading) {
      inHeading.textContent = clean(inHeading.textContent ?? '');
      continue;
    }
    const paragraph = document.createElement('p');
    paragraph.textContent = clean(button.textContent ?? '');
    button.replaceWith(paragraph);
  }
}

/** Readability's pick of the main content, or null when it finds too little or fails. */
function readabilityRoot(html: string): DomNode | null {
  try {
    // Readability mutates the document it reads, so it gets its own copy.
    const { document } = parseHTML(html);
    openDisclosures(document);
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
    if (!article?.content || clean(article.textContent ?? '').length < MIN_MAIN_TEXT) return null;
    return parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document
      .body as unknown as DomNode;
  } catch {
    // Readability can throw on pathological markup; the structural fallback still works.
    return null;
  }
}

/**
 * The heading path as it is read: a real heading (`<h2>`), or a paragraph set in bold standing as
 * one (`pseudo`, see boldHeading).
 */
type HeadingStack = { level: number; text: string; pseudo?: boolean }[];

function walk(node: DomNode, blocks: Block[], stack: HeadingStack): void {
  walkNodes(node.childNodes, blocks, stack);
}

function walkNodes(children: ArrayLike<DomNode>, blocks: Block[], stack: HeadingStack): void {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.nodeType === 3) {
      const text = clean(textOf(child));
      if (text) pushText(blocks, stack, text);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const tag = child.nodeName.toUpperCase();
    if (tag === 'BUTTON' && child.matches?.(DISCLOSURE)) {
      // An accordion's button outside a heading ("Can I use a passport?") is read like a <summary>:
      // a paragraph before the panel it opens.
      const text = clean(textOf(child, true));
      if (text) pushText(blocks, stack, text);
      continue;
    }
    if (SKIP_TAGS.has(tag) || navigationRole(child)) continue;
    if (tag === 'DETAILS') {
      walkDisclosure(child, blocks, stack);
      continue;
    }
    if (tag === 'DL') {
      walkDefinitionList(child, blocks, stack);
      continue;
    }
    const heading = /^H([1-6])$/.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      // A button inside a heading is its label (the accordion pattern of USWDS and Bootstrap).
      const text = clean(textOf(child, true));
      if (!text) continue;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text });
      continue;
    }
    if (tag === 'TR') {
      const cells = [...Array.from(child.childNodes)]
        .filter((c) => c.nodeType === 1)
        .map((c) => clean(textOf(c)));
      const text = cells.filter(Boolean).join(' | ');
      if (text) pushText(blocks, stack, text);
      continue;
    }
    // A leaf block, or any container holding only inline markup, is one paragraph.
    if (!child.querySelector?.(NESTED_BLOCKS) || (BLOCK_TAGS.has(tag) && tag !== 'LI')) {
      const text = clean(textOf(child));
      if (tag === 'P' && onlyALink(child, text)) continue;
      if ((tag === 'P' || tag === 'DIV') && boldHeading(child, text)) {
        // Below the last real heading; a bold heading after another is its sibling. Kept in place
        // as a paragraph too, until it is known to head something (see headedOnly).
        while (stack.at(-1)?.pseudo) stack.pop();
        pushText(blocks, stack, text);
        BOLD_HEADINGS.add(blocks.at(-1)!);
        stack.push({ level: (stack.at(-1)?.level ?? 0) + 1, text, pseudo: true });
        continue;
      }
      if (text) pushText(blocks, stack, tag === 'LI' ? `- ${text}` : text);
      continue;
    }
    walk(child, blocks, stack);
  }
}

/**
 * A `<details>` element is labelled by its `<summary>` ("Q7. What questions can staff ask?"): the
 * label heads the disclosed content, one level below the heading it sits under, as an accordion's
 * heading does, so a page of disclosures is a page of sections (an FAQ entry is then a section
 * headed by its question). The label heads nothing after the element ends.
 */
function walkDisclosure(details: DomNode, blocks: Block[], stack: HeadingStack): void {
  const children = Array.from(details.childNodes);
  const summary = children.find((c) => c.nodeType === 1 && c.nodeName.toUpperCase() === 'SUMMARY');
  const label = summary ? clean(textOf(summary, true)) : '';
  if (!summary || label === '') {
    walkNodes(children, blocks, stack);
    return;
  }
  const outer = stack.slice();
  stack.push({ level: (stack.at(-1)?.level ?? 0) + 1, text: label });
  walkNodes(
    children.filter((c) => c !== summary),
    blocks,
    stack,
  );
  stack.splice(0, stack.length, ...outer);
}

/**
 * An element that says it is navigation or a search box (`role="navigation"`, `role="search"`: a
 * breadcrumb or an "On this page" list built from a `<div>`) is skipped like a `<nav>` or a `<form>`.
 */
function navigationRole(node: DomNode): boolean {
  const role = node.getAttribute?.('role');
  return role === 'navigation' || role === 'search';
}

/** The paragraphs read as bold headings (see boldHeading), while the page is read. */
const BOLD_HEADINGS = new WeakSet<Block>();

/**
 * A bold heading is a heading when the block after it is under it; one that heads nothing (bold
 * text closing a section, "Offices are closed on holidays") stays a paragraph, so no text is lost.
 */
function headedOnly(blocks: Block[]): void {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i]!;
    if (!BOLD_HEADINGS.has(b) || b.kind !== 'text') continue;
    const next = blocks[i + 1];
    if (next && next.headings.length > b.headings.length && next.headings[b.headings.length] === b.text) {
      blocks.splice(i, 1);
    }
  }
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
function boldHeading(node: DomNode, text: string): boolean {
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
function onlyALink(node: DomNode, text: string): boolean {
  const links = node.querySelectorAll?.('a') ?? [];
  if (links.length !== 1) return false;
  const link = links[0]!;
  const href = (link.getAttribute?.('href') ?? '').trim();
  if (href === '' || href.startsWith('#') || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) return false;
  return text !== '' && text.replace(/[.:]$/, '') === clean(textOf(link));
}

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
function textOf(node: DomNode, buttons = false): string {
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

/** Descriptions this short (in words), each one plain paragraph, make a definition list a list of pairs. */
const PAIR_WORDS = 15;

/**
 * A definition list (`<dl>`). Of short pairs ("Traffic" / "(555) 010-0150"), a list whose items
 * keep their term ("- Traffic: (555) 010-0150"), as table rows keep their column names. Otherwise
 * (a glossary) a list of sections: each term (`<dt>`, or terms given together) heads the
 * descriptions (`<dd>`) after it, one level below the heading the list sits under, as a
 * disclosure's label does, and the terms head nothing after the list ends. `<div>` groups of terms
 * are read through.
 */
function walkDefinitionList(dl: DomNode, blocks: Block[], stack: HeadingStack): void {
  const outer = stack.slice();
  const level = (outer.at(-1)?.level ?? 0) + 1;
  const items = Array.from(dl.childNodes)
    .flatMap((c) => (c.nodeType === 1 && c.nodeName.toUpperCase() === 'DIV' ? Array.from(c.childNodes) : [c]))
    .filter((c) => c.nodeType === 1);
  const descriptions = items.filter((c) => c.nodeName.toUpperCase() === 'DD');
  const pairs =
    descriptions.length > 0 &&
    descriptions.every(
      (d) => !d.querySelector?.(NESTED_BLOCKS) && clean(textOf(d)).split(' ').length <= PAIR_WORDS,
    );
  if (pairs) {
    let term = '';
    for (const item of items) {
      const text = clean(textOf(item, true));
      if (item.nodeName.toUpperCase() === 'DT') term = text;
      else if (text) pushText(blocks, stack, `- ${term ? `${term.replace(/:$/, '')}: ` : ''}${text}`);
    }
    return;
  }
  let terms: string[] = [];
  let described = false;
  for (const item of items) {
    const tag = item.nodeName.toUpperCase();
    if (tag === 'DT') {
      const term = clean(textOf(item, true));
      if (described) terms = [];
      described = false;
      if (term) terms.push(term);
      stack.splice(0, stack.length, ...outer);
      if (terms.length > 0) stack.push({ level, text: terms.join(', ') });
    } else {
      described ||= tag === 'DD';
      // A description holding paragraphs or a list is read as they are; a plain one is a paragraph.
      if (tag === 'DD' && item.querySelector?.(NESTED_BLOCKS)) walk(item, blocks, stack);
      else walkNodes([item], blocks, stack);
    }
  }
  stack.splice(0, stack.length, ...outer);
}

function pushText(blocks: Block[], stack: HeadingStack, text: string): void {
  blocks.push({ kind: 'text', headings: stack.map((s) => s.text), text });
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
