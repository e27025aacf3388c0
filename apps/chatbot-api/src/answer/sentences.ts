import { LIST_INDENT } from '../knowledge/chunking.js';
import { NON_ENDING_ABBREVIATIONS, withoutAnswerLabel } from '../language/answer-words.js';

/** One quotable piece of a passage: a sentence of prose, one list item or one table row. */
export interface TextUnit {
  text: string;
  /** List items and table rows: rendered as bullets when several are quoted. */
  listItem: boolean;
  /** Position inside the passage, to keep the passage's own order in the answer. */
  position: number;
  /** Which block (paragraph, list item or row) of the passage the unit comes from. */
  paragraph?: number;
  /**
   * How deep in a list the unit sits, when it is under a list item: 1 for an item of a list nested
   * in an item, or a paragraph written under an item; absent at the top.
   */
  depth?: number;
}

const BULLET = /^\s*(?:[-*•‣◦]|\d{1,2}[.)])\s+/;
const CELL_SEPARATOR = ' | ';
/** Between a quoted row's table name and the row itself (see tableRow). */
const TABLE_NAME_END = ' — ';
// A sentence ends at . ! ? followed by space and something that starts a sentence. Abbreviations such
// as "a.m." or "St." split wrongly now and then; the answer stays readable because units are kept whole.
// Abbreviations that are usually followed by a capital without ending the sentence ("the U.S.
// Department of Justice", data/language/answer-words.json) are excluded by the look-behind.
// Before a number, a short capitalized abbreviation or initials do not end one either ("E.O. 12866",
// "9th Cir. 1998", "Sec. 3"); before a parenthesis, nor does "p.m." ("by 5 p.m. (Eastern time)").
const SENTENCE_END = new RegExp(
  `(?<=[.!?])(?<!\\b(?:${NON_ENDING_ABBREVIATIONS})\\.)(?:\\s+(?=[\\p{Lu}¿¡"“])|(?<!\\b\\p{Ll}\\.\\p{Ll}\\.)\\s+(?=\\()|(?<!\\b\\p{Lu}\\p{L}{0,3}\\.)\\s+(?=\\d))`,
  'u',
);
const MAX_UNIT = 400;

// Short unpunctuated lines are headings, except those carrying figures (phone numbers, hours, rooms).
function looksLikeHeading(line: string): boolean {
  return !/[.!?:;]$/.test(line) && !/\d/.test(line) && line.split(/\s+/).length <= 8;
}

function clip(text: string): string {
  if (text.length <= MAX_UNIT) return text;
  const cut = text.slice(0, MAX_UNIT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_UNIT / 2))}…`;
}

/** "Building open | Mon-Fri 7:30" under "Hall of Justice hours" → "Hall of Justice hours — Building open: Mon-Fri 7:30". */
function cellsOf(line: string): string[] {
  return line
    .split(CELL_SEPARATOR)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** A row that names columns ("Service | Hours"): short cells, no figures. It says nothing on its own. */
function headerLike(line: string): boolean {
  return cellsOf(line).every((c) => !/\d/.test(c) && c.split(/\s+/).length <= 4);
}

/**
 * "51 to 75 | 3 | 1" under the three columns "Total spaces | Accessible spaces | Van spaces" →
 * "51 to 75: Accessible spaces 3; Van spaces 1": a row quoted alone still says what its figures are.
 */
function tableRow(line: string, heading: string | null, columns: readonly string[] | null): string | null {
  const cells = cellsOf(line);
  if (cells.length < 2) return null;
  // Two columns read as "key: value" already; from three on, each figure needs its column's name.
  const named =
    columns && columns.length === cells.length && cells.length >= 3
      ? cells.slice(1).map((c, i) => `${columns[i + 1]!.replace(/:$/, '')}: ${c}`)
      : cells.slice(1);
  const row = `${cells[0]}: ${named.join('; ')}`;
  return heading ? `${heading}${TABLE_NAME_END}${row}` : row;
}

/** Whether a unit of text is a question (an FAQ's own "Can a center charge extra?"), not an answer. */
export function isQuestion(text: string): boolean {
  return /\?["”)]?$/.test(text.trim());
}

/** The table a row belongs to: "Fees" for "Fees — Filing: $75"; null for text that is no table row. */
export function tableName(text: string): string | null {
  const i = text.indexOf(TABLE_NAME_END);
  return i > 0 ? text.slice(0, i) : null;
}

/** A row of the table `table` without the table's name: "Filing: $75". */
export function rowWithoutTable(text: string, table: string): string {
  return text.slice(table.length + TABLE_NAME_END.length);
}

/**
 * Lines of a passage grouped into blocks: extracted HTML keeps one block per line, while wrapped
 * plain text continues a sentence on the next line, which then starts in lower case.
 */
function blocks(passage: string): { text: string; depth: number }[] {
  const out: { text: string; depth: number }[] = [];
  // Indentation nests a line under the list item before it, as Markdown does ("  - Unique phrases",
  // "  Choose an email address…"): LIST_INDENT a level, counted only under an item.
  let inList = false;
  for (const raw of passage.split(/\r?\n/)) {
    const line = raw.trim().replace(/^#+\s*/, '');
    const prev = out.at(-1)?.text;
    const indent = /^ */.exec(raw)![0].length;
    const bullet = BULLET.test(raw);
    const depth: number = inList ? Math.floor(indent / LIST_INDENT.length) : 0;
    if (line !== '') inList = bullet || depth > 0;
    if (
      line !== '' &&
      prev &&
      prev !== '' &&
      !/[.!?:;]$/.test(prev) &&
      /^\p{Ll}/u.test(line) &&
      !BULLET.test(raw) &&
      // Table rows are lines of their own, whatever their first cell starts with.
      !line.includes(CELL_SEPARATOR) &&
      !prev.includes(CELL_SEPARATOR)
    ) {
      out[out.length - 1]!.text = `${prev} ${line}`;
    } else {
      out.push({ text: bullet ? `\u0000${line.replace(BULLET, '').trim()}` : line, depth });
    }
  }
  return out;
}

/** Splits a passage into sentences, list items and table rows; headings are dropped (they repeat the title). */
export function splitUnits(passage: string): TextUnit[] {
  const units: TextUnit[] = [];
  let paragraph = 0;
  let depth = 0;
  const push = (text: string, listItem: boolean, at = paragraph, deep = depth) => {
    units.push({
      text: clip(text),
      listItem,
      position: units.length,
      paragraph: at,
      ...(deep > 0 && { depth: deep }),
    });
  };
  let heading: string | null = null;
  // A passage that starts with a table starts with its header row (see chunking.ts chunkTable).
  let columns: string[] | null = null;
  // A label just before an unpunctuated value: a term of a definition list ("Traffic" then
  // "(555) 010-0150") or a short lead-in ("By mail to:" then an address). Quoted alone, the value
  // would not say what it is.
  let label: string | null = null;
  let labelDepth = 0;
  const lines = blocks(passage).filter((b) => b.text !== '');
  const all = lines.map((b) => b.text);
  for (const [i, block] of all.entries()) {
    paragraph = i;
    depth = lines[i]!.depth;
    const previous = label;
    label = null;
    if (block.startsWith('\u0000')) {
      // A short lead-in ("Both of these must be true:") introduces the list that follows it.
      if (previous?.endsWith(':')) push(previous, false, i - 1, labelDepth);
      // An item longer than a unit is read as its first sentence, the rest written under it (an
      // example's paragraph set as an item), not cut short.
      const sentences = block.length > MAX_UNIT + 1 ? block.slice(1).split(SENTENCE_END) : [block.slice(1)];
      if (sentences[0]!.length > 2) push(sentences[0]!, true);
      for (const sentence of sentences.slice(1))
        if (sentence.trim().length >= 8) push(sentence.trim(), false, i, depth + 1);
      continue;
    }
    if (block.includes(CELL_SEPARATOR)) {
      // A table's first row names its columns when rows follow it and it reads as a header; a
      // passage that starts with a table always starts with its header (see chunking.ts chunkTable).
      const startsTable = !all[i - 1]?.includes(CELL_SEPARATOR) && all[i + 1]?.includes(CELL_SEPARATOR);
      if (startsTable && (i === 0 || headerLike(block))) {
        columns = cellsOf(block);
        continue;
      }
      const row = tableRow(block, heading, columns);
      if (row) push(row, true);
      continue;
    }
    // The last line labels nothing: it is content ("File with the Department of Transportation").
    if (looksLikeHeading(block) && i < all.length - 1) {
      heading = block;
      label = block;
      labelDepth = depth;
      continue;
    }
    if (previous !== null && !/[.!?]$/.test(block)) {
      push(`${previous.replace(/:$/, '')}: ${block}`, true);
      continue;
    }
    if (block.endsWith(':') && block.split(/\s+/).length <= 6) {
      label = block;
      labelDepth = depth;
      continue;
    }
    // An FAQ's "A:" says whose turn it is, not what the answer is.
    for (const sentence of withoutAnswerLabel(block).split(SENTENCE_END)) {
      const s = sentence.trim();
      const last = units.at(-1);
      // A fragment that leads into what follows ("… must be true. You:") ends the sentence before it.
      if (s.length < 8 && s.endsWith(':') && last !== undefined && last.paragraph === paragraph)
        last.text = `${last.text} ${s}`;
      else if (s.length >= 8) push(s, false);
    }
  }
  return units;
}
