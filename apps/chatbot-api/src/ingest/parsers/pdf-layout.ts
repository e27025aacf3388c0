import type { Block } from '../../knowledge/chunking.js';

/*
 * A PDF's structure read back from its layout. A PDF's text layer is positioned glyph runs, with no
 * paragraphs, headings or lists; answers are quoted from one section, and a list must stay a list,
 * so they are recovered from what the eye uses:
 * - a line set clearly larger than the document's body text (by the share of characters, so an
 *   icon or an empty run does not count) is a heading, its size its level (larger sizes above
 *   smaller ones), even with a bullet before it (a list of questions set as headings);
 *   consecutive lines of one heading are one;
 * - a line opening with a bullet glyph (or Word's "o" and Symbol-font bullets) starts a list item,
 *   and the lines after it, indented to its text or close below it, continue it; a line opening
 *   with "1." / "a)" / "(iv)" after a finished sentence starts a numbered item;
 * - a vertical gap clearly larger than the document's line spacing, or a change of text size, ends
 *   a paragraph; a sentence that runs over a page break continues on the next page;
 * - page numbers ("3", "Page 3 of 7") at the top or foot of a page, and running headers and
 *   footers (a page's first or last line, set apart from its text, found on half the pages or more,
 *   or with only its numbers changing) are left out.
 * With no heading anywhere, each page's text sits under `Page N`, as citations of a scan-like
 * document still need a place to point at.
 */

/** One positioned run of text, as pdf.js reports it (its transform read into position and size). */
export interface PdfTextRun {
  str: string;
  /** Left edge and baseline, in PDF points from the page's bottom-left corner. */
  x: number;
  y: number;
  /** Width of the run in points (0 when unknown). */
  width: number;
  /** Font size in points (the text matrix's vertical scale). */
  size: number;
  /** pdf.js: a line ends after this run. */
  eol: boolean;
}

export interface PdfLine {
  text: string;
  x: number;
  y: number;
  size: number;
  page: number;
}

/** Text this much larger than the body text (or more) is a heading's (PDF and Word alike). */
export const HEADING_RATIO = 1.15;
/** Longer lines are never headings: a large-print paragraph is not a title. */
const MAX_HEADING_CHARS = 160;
/** A gap between lines this many times the usual line spacing ends a paragraph. */
const PARAGRAPH_GAP = 1.35;
/** A size change of this share of the body size ends a paragraph (a footnote, a caption). */
const SIZE_CHANGE = 0.12;
/** Running headers and footers: the same line on at least this share of the pages, and on 3 or more. */
const REPEATED_SHARE = 0.5;

const BULLET = /^(?:[•◦▪▫‣⁃●○■□◆◇►▶➢➤✓✔❖∙·\uf000-\uf8ff]|[-–—*](?=\s))\s*/u;
/** Word's list bullet in a symbol or monospace font: a run that is only "o" (or "§"). */
const LETTER_BULLET = /^[o§]$/;
const NUMBERED = /^(?:\(?\d{1,2}[.)]|\(?[a-z][.)]|\((?:[ivx]{1,4}|[a-z]|\d{1,2})\))\s+\S/;
const PAGE_NUMBER =
  /^(?:-\s*)?(?:(?:page|p[aá]gina|p\.)\s*)?\d{1,4}(?:\s*(?:of|de|\/)\s*\d{1,4})?(?:\s*-)?$/i;
const SENTENCE_END = /[.!?:;]["'”’)\]]*$/;
const HAS_LETTER = /\p{L}/u;

/** The lines of one page, in the order pdf.js gives the runs (reading order for most PDFs). */
export function linesOfPage(runs: readonly PdfTextRun[], page: number): PdfLine[] {
  const lines: PdfLine[] = [];
  let current: PdfTextRun[] = [];
  const finish = () => {
    const line = lineOf(current, page);
    if (line) lines.push(line);
    current = [];
  };
  for (const run of runs) {
    const last = current.at(-1);
    // A new baseline without an end-of-line mark is still a new line.
    if (last && Math.abs(run.y - last.y) > Math.max(run.size, last.size) * 0.5) finish();
    current.push(run);
    if (run.eol) finish();
  }
  finish();
  return lines;
}

function lineOf(runs: readonly PdfTextRun[], page: number): PdfLine | null {
  const visible = runs.filter((r) => r.str.trim() !== '');
  if (visible.length === 0) return null;
  let text = '';
  let previous: PdfTextRun | null = null;
  for (const r of runs) {
    // Runs placed apart without a space between them are separate words ("Step 1" set as two runs).
    const gap = previous && previous.width > 0 ? r.x - (previous.x + previous.width) : 0;
    if (previous && gap > Math.min(r.size, previous.size) * 0.25 && !/\s$/.test(text) && !/^\s/.test(r.str))
      text += ' ';
    text += r.str;
    previous = r;
  }
  const first = visible[0]!;
  // Word's "o" bullet is a run of its own in a symbol font, then the item's text.
  if (LETTER_BULLET.test(first.str.trim()) && visible.length > 1) text = `• ${text.trim().slice(1)}`;
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    x: first.x,
    y: first.y,
    size: dominantSize(visible),
    page,
  };
}

/** The size most of the characters of some runs are set in (rounded to half points; the smaller on a tie). */
export function dominantSize(runs: readonly { str: string; size: number }[]): number {
  const chars = new Map<number, number>();
  for (const r of runs) {
    const size = Math.round(r.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + r.str.trim().length);
  }
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) {
    if (n > most || (n === most && size < best)) {
      best = size;
      most = n;
    }
  }
  return best;
}

/** The text's usual line spacing: the median gap between consecutive body lines of a page. */
function lineSpacing(pages: readonly PdfLine[][], body: number): number {
  // Sizes pdf.js cannot tell: no gap can be judged, a page's lines run on as one paragraph.
  if (body <= 0) return Number.POSITIVE_INFINITY;
  const gaps: number[] = [];
  for (const lines of pages) {
    for (let i = 1; i < lines.length; i++) {
      const [a, b] = [lines[i - 1]!, lines[i]!];
      const gap = a.y - b.y;
      if (a.size === body && b.size === body && gap > 0 && gap < body * 3) gaps.push(gap);
    }
  }
  if (gaps.length === 0) return body * 1.2;
  gaps.sort((a, b) => a - b);
  // The lower median: with as many paragraph gaps as line gaps, the line gap.
  return gaps[Math.floor((gaps.length - 1) / 2)]!;
}

/** A header or footer stands this many line spacings apart from the page's text. */
const MARGIN_GAP = 2;

/**
 * Running headers and footers: the first or last line of a page, set apart from the rest of it,
 * whose text is on many pages, or, set no larger than the body text, whose text with its numbers
 * left out is ("Guide — 3", "Guide — 4"); a heading that numbers its sections ("Section 2") is never
 * one.
 */
function runningLines(pages: readonly PdfLine[][], body: number, spacing: number): Set<PdfLine> {
  const out = new Set<PdfLine>();
  if (pages.length < 3) return out;
  const apart = (a: PdfLine | undefined, b: PdfLine | undefined) =>
    a === undefined || b === undefined || Math.abs(a.y - b.y) > spacing * MARGIN_GAP;
  const margins = pages.map((lines) => {
    const [first, second] = [lines[0], lines[1]];
    const [last, before] = [lines.at(-1), lines.at(-2)];
    return [
      ...(first && apart(first, second) ? [first] : []),
      ...(last && last !== first && apart(last, before) ? [last] : []),
    ];
  });
  const keys = (l: PdfLine) => (l.size <= body ? [l.text, `#${l.text.replace(/\d+/g, '#')}`] : [l.text]);
  const onPages = new Map<string, Set<number>>();
  for (const l of margins.flat()) {
    for (const key of keys(l)) {
      if (!onPages.has(key)) onPages.set(key, new Set());
      onPages.get(key)!.add(l.page);
    }
  }
  const repeated = (key: string) => {
    const seen = onPages.get(key)?.size ?? 0;
    return seen >= 3 && seen >= pages.length * REPEATED_SHARE;
  };
  for (const l of margins.flat()) if (keys(l).some(repeated)) out.add(l);
  return out;
}

export interface PdfLayout {
  blocks: Block[];
  /** The first heading, when the document has headings: its title as a reader sees it. */
  title: string | null;
}

/** Blocks (paragraphs and list items under their heading path) of a document's pages of lines. */
export function layoutBlocks(pages: readonly PdfLine[][]): PdfLayout {
  // A page number sits at the top or the foot of its page; a number alone elsewhere is content (a
  // table's cell).
  const numbered = pages.map((lines) =>
    lines.filter((l, i) => !(PAGE_NUMBER.test(l.text) && (i < 2 || i >= lines.length - 2))),
  );
  if (numbered.every((lines) => lines.length === 0)) return { blocks: [], title: null };
  const body = dominantSize(numbered.flat().map((l) => ({ str: l.text, size: l.size })));
  const spacing = lineSpacing(numbered, body);
  const running = runningLines(numbered, body, spacing);
  const kept = numbered.map((lines) => lines.filter((l) => !running.has(l)));
  const all = kept.flat();
  // Text whose size pdf.js cannot tell (0) is read without headings.
  const isHeading = (l: PdfLine) =>
    body > 0 &&
    l.size >= body * HEADING_RATIO &&
    l.text.length <= MAX_HEADING_CHARS &&
    HAS_LETTER.test(l.text);
  // Heading levels: the largest heading size is level 1.
  const levels = [...new Set(all.filter(isHeading).map((l) => l.size))].sort((a, b) => b - a);
  const structured = levels.length > 0;

  const blocks: Block[] = [];
  const stack: { level: number; text: string }[] = [];
  let paragraph: { lines: string[]; item: boolean; x: number; last: PdfLine } | null = null;
  let heading: { text: string; level: number; last: PdfLine } | null = null;
  const headings = (page: number) => (structured ? stack.map((s) => s.text) : [`Page ${page}`]);
  let paragraphPage = 1;
  let title: string | null = null;

  // A page's footnotes wait for the paragraph that runs over the page break to end.
  let footnotes: string[] = [];
  const endParagraph = () => {
    if (paragraph) {
      const text = joinLines(paragraph.lines);
      if (text)
        blocks.push({
          kind: 'text',
          headings: headings(paragraphPage),
          text: paragraph.item ? `- ${text}` : text,
        });
    }
    paragraph = null;
    for (const note of footnotes)
      blocks.push({ kind: 'text', headings: headings(paragraphPage), text: note });
    footnotes = [];
  };
  const endHeading = () => {
    if (heading) {
      while (stack.length > 0 && stack.at(-1)!.level >= heading.level) stack.pop();
      stack.push({ level: heading.level, text: heading.text });
      title ??= heading.text;
    }
    heading = null;
  };

  for (const page of kept) {
    const notes = footnotesOf(page, body);
    for (const line of page.slice(0, page.length - notes.length)) layOut(line);
    if (notes.length === 0) continue;
    // Notes after a paragraph that ended with the page follow it at once.
    if (paragraph === null || SENTENCE_END.test((paragraph as { lines: string[] }).lines.at(-1)!))
      endParagraph();
    footnotes.push(...notes);
  }
  endParagraph();
  // A heading with nothing under it (the last line of the document) heads nothing.
  endHeading();
  return { blocks, title };

  function layOut(line: PdfLine): void {
    if (structured && isHeading(line)) {
      endParagraph();
      const level = levels.indexOf(line.size) + 1;
      const h = heading as { text: string; level: number; last: PdfLine } | null;
      // The next line of the same heading: the same size, right below it on the same page.
      if (h && h.level === level && h.last.page === line.page && h.last.y - line.y <= line.size * 1.8) {
        h.text = `${h.text} ${withoutBullet(line.text)}`;
        h.last = line;
      } else {
        endHeading();
        heading = { text: withoutBullet(line.text), level, last: line };
      }
      return;
    }
    endHeading();
    const bullet = BULLET.exec(line.text);
    const text = bullet ? line.text.slice(bullet[0].length) : line.text;
    const p = paragraph as { lines: string[]; item: boolean; x: number; last: PdfLine } | null;
    const samePage = p !== null && p.last.page === line.page;
    const gap = p && samePage ? p.last.y - line.y : 0;
    const finished = p !== null && SENTENCE_END.test(p.lines.at(-1)!);
    const numbered = NUMBERED.test(line.text) && (p === null || finished);
    const startsItem = bullet !== null || numbered;
    const continues =
      p !== null &&
      !startsItem &&
      Math.abs(line.size - p.last.size) <= body * SIZE_CHANGE &&
      (samePage
        ? gap > 0 && gap <= spacing * PARAGRAPH_GAP && (!p.item || line.x >= p.x - 1)
        : // Over a page break only an unfinished sentence carries on.
          !finished);
    if (continues) {
      p.lines.push(text);
      p.last = line;
      return;
    }
    endParagraph();
    paragraph = { lines: [text], item: startsItem, x: line.x, last: line };
    paragraphPage = line.page;
  }
}

/** A heading's text without the bullet a list of headings sets before it ("• What is the FOIA?"). */
function withoutBullet(text: string): string {
  return text.replace(BULLET, '');
}

/**
 * The footnotes at the foot of a page: the lines after its last line of body text, set smaller,
 * each note opening with its number ("1 See 42 U.S.C. …"); none on a page without body text.
 */
function footnotesOf(page: readonly PdfLine[], body: number): string[] {
  let start = page.length;
  while (start > 0 && page[start - 1]!.size < body * (1 - SIZE_CHANGE)) start--;
  if (start === 0 || start === page.length) return [];
  const notes: string[] = [];
  for (const line of page.slice(start)) {
    if (notes.length === 0 || /^\d{1,3}\s/.test(line.text)) notes.push(line.text);
    else notes[notes.length - 1] = joinLines([notes.at(-1)!, line.text]);
  }
  return notes;
}

/** A paragraph's lines as one text; a line ending in a hyphen runs on without a space ("self-" "help"). */
function joinLines(lines: readonly string[]): string {
  const parts: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0) parts.push(/\p{Ll}-$/u.test(lines[i - 1]!) && /^\p{Ll}/u.test(line) ? '' : ' ');
    parts.push(line);
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}
