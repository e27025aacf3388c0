import { parseHTML } from 'linkedom';
import { ParseError } from '../ingest/parsers/parse-error.js';

/*
 * Untrusted HTML opened as a document that the extraction (html-extract.ts) can read: a fragment is
 * given a page around it, and a page nested too deep to read is refused before anything walks it.
 */

/**
 * Elements nested deeper than this are no page a person reads (browsers stop laying out at about
 * 500 levels): selector matching and the extraction's walk recurse per level, and a few thousand
 * levels exhaust the stack.
 */
export const MAX_NESTING = 1_000;

interface Node {
  nodeType: number;
  childNodes: ArrayLike<Node>;
}

/**
 * The parsed document, and the HTML it was parsed from (the page built around a fragment). Throws a
 * ParseError for a page nested deeper than MAX_NESTING.
 */
export function openHtml(html: string): {
  document: ReturnType<typeof parseHTML>['document'];
  source: string;
} {
  let source = html;
  let { document } = parseHTML(source);
  // A fragment ("<p>…</p>", or text with no tag at all) has no <html> element, and linkedom then no
  // body: read it as the body of a page.
  if (document.documentElement?.nodeName !== 'HTML') {
    source = `<!doctype html><html><head></head><body>${html}</body></html>`;
    ({ document } = parseHTML(source));
  }
  if (nestingDepth(document as unknown as Node) > MAX_NESTING) {
    throw new ParseError(
      `The content could not be read: its elements are nested more than ${MAX_NESTING.toLocaleString('en-US')} levels deep.`,
    );
  }
  return { document, source };
}

/** How deep elements nest under `root`, counted without recursion. */
function nestingDepth(root: Node): number {
  let deepest = 0;
  const pending: [Node, number][] = [[root, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_NESTING) break;
    const children = node.childNodes;
    for (let i = 0; i < children.length; i++) {
      if (children[i]!.nodeType === 1) pending.push([children[i]!, depth + 1]);
    }
  }
  return deepest;
}
