import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type Block, LIST_INDENT, type ParsedDocument } from './chunking.js';
import { openHtml } from './html-document.js';
import {
  BLOCK_TAGS,
  boldHeading,
  clean,
  contentsEntry,
  DISCLOSURE,
  type DomNode,
  INLINE_TAGS,
  linksAFile,
  NESTED_BLOCKS,
  navigationRole,
  onlyALink,
  SKIP_TAGS,
  teaserOfAPage,
  textOf,
} from './html-nodes.js';

export interface HtmlDocument extends ParsedDocument {
  /** Every `href` of the page (raw, unresolved): the crawler follows them. */
  links: string[];
  /** `<meta name="robots" content="nofollow">` or `noindex` asked for. */
  robots: { noindex: boolean; nofollow: boolean };
}

/** Below this much text, Readability probably kept the wrong part of the page. */
const MIN_MAIN_TEXT = 200;

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

  const walked: Block[] = [];
  const stack = [] as HeadingStack;
  if (root) walk(root, walked, stack);
  headedOnly(walked);
  const blocks = withoutLinkLists(walked);
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
    const inHeading = button.closest(HEADINGS);
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
type HeadingStack = { level: number; text: string; pseudo?: boolean }[] & {
  /** The list item being read, if any (see pushText). */
  item?: OpenItem | undefined;
};

/** A list item with more than a line of text: its depth (0 in a list that is not nested) and whether its line is written. */
type OpenItem = { depth: number; opened: boolean };

const HEADINGS = 'h1,h2,h3,h4,h5,h6';

function walk(node: DomNode, blocks: Block[], stack: HeadingStack): void {
  walkNodes(node.childNodes, blocks, stack);
}

/** Text or inline markup (a link, bold words, a line break), read with its neighbours as one paragraph. */
function inline(node: DomNode): boolean {
  if (node.nodeType === 3) return true;
  if (node.nodeType !== 1) return false;
  const tag = node.nodeName.toUpperCase();
  return tag === 'BR' || (INLINE_TAGS.has(tag) && !node.querySelector?.(NESTED_BLOCKS));
}

/**
 * The children of a container, in order. Text and inline markup between its blocks read as one
 * paragraph ("Mail it to:<br>Civil Rights Division<br>950 Pennsylvania Avenue" before a list, "Find
 * your number <b>on the top right</b>" before a nested list), not as a paragraph per piece.
 */
function walkNodes(children: ArrayLike<DomNode>, blocks: Block[], stack: HeadingStack): void {
  let run = '';
  const flush = () => {
    const text = clean(run);
    run = '';
    if (text) pushText(blocks, stack, text);
  };
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (inline(child)) {
      run += textOf(child);
      continue;
    }
    flush();
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
      // Inside a list item, bold words open a paragraph of the item ("More secure:"), not a section.
      if ((tag === 'P' || tag === 'DIV') && !stack.item && boldHeading(child, text)) {
        // Below the last real heading; a bold heading after another is its sibling. Kept in place
        // as a paragraph too, until it is known to head something (see headedOnly).
        while (stack.at(-1)?.pseudo) stack.pop();
        pushText(blocks, stack, text);
        BOLD_HEADINGS.add(blocks.at(-1)!);
        stack.push({ level: (stack.at(-1)?.level ?? 0) + 1, text, pseudo: true });
        continue;
      }
      if (text) {
        pushText(blocks, stack, tag === 'LI' ? `- ${text}` : text);
        if (
          tag === 'LI' &&
          !linksAFile(child) &&
          (onlyALink(child, text) || teaserOfAPage(child) || contentsEntry(child, text))
        )
          LINK_ITEMS.add(blocks.at(-1)!);
      }
      continue;
    }
    const from = blocks.length;
    if (tag === 'LI' && !child.querySelector?.(HEADINGS)) {
      // An item holding paragraphs or a nested list: its first text is the item's line, the rest is
      // written under it, one level deeper (see pushText). An item holding a heading is a section
      // laid out as a list (an FAQ whose entries are items), read as sections.
      const outer = stack.item;
      stack.item = { depth: outer ? outer.depth + 1 : 0, opened: false };
      walk(child, blocks, stack);
      stack.item = outer;
    } else walk(child, blocks, stack);
    if (tag === 'LI' && !linksAFile(child) && teaserOfAPage(child))
      for (const b of blocks.slice(from)) LINK_ITEMS.add(b);
  }
  flush();
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

/** List items that only link to another page of the site or to a part of this one, while the page is read. */
const LINK_ITEMS = new WeakSet<Block>();

/**
 * A list of links to other pages of the site ("Related articles", a help centre's menu) only repeats
 * the titles of pages indexed themselves: quoted, it answers with a menu. It is dropped, unless it is
 * all the page has (a list of the court's judges, each linking to a biography), which stays.
 */
function withoutLinkLists(blocks: Block[]): Block[] {
  const kept = blocks.filter((b) => !LINK_ITEMS.has(b));
  return kept.some((b) => b.kind !== 'text' || b.text.trim() !== '') ? kept : blocks;
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

/**
 * A block of text under the current heading path. Inside a list item that holds more than a line
 * (steps with a paragraph or a nested list under them), the item's first text is its line ("- Create
 * your password."), and what follows in it is written under that line, indented one level as
 * Markdown nests: a paragraph ("  Choose an email address…") or a nested item ("  - Unique
 * phrases"). An answer can then quote a how-to's steps as steps, each with its details.
 */
function pushText(blocks: Block[], stack: HeadingStack, text: string): void {
  const item = stack.item;
  let line = text;
  if (item) {
    const bulleted = text.startsWith('- ');
    line =
      !item.opened && !bulleted
        ? `${LIST_INDENT.repeat(item.depth)}- ${text}`
        : `${LIST_INDENT.repeat(item.depth + 1)}${text}`;
    item.opened = true;
  }
  blocks.push({ kind: 'text', headings: stack.map((s) => s.text), text: line });
}
