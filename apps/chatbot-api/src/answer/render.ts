import { LIST_INDENT } from '../knowledge/chunking.js';
import { withoutJoiner } from '../language/answer-words.js';
import { rowWithoutTable, type TextUnit, tableName } from './sentences.js';

/*
 * How quoted units read in an answer: source text neutralised (no links, emphasis or fake markers),
 * sentences capitalised and closed, two or more list items kept as a list, one [Source N] marker per
 * paragraph or list.
 */

/** A unit as render() needs it. */
export interface Quotable {
  unit: TextUnit;
}

/** Source text must not smuggle links, emphasis or fake markers into the answer. */
export function neutralizeMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]\n]*)\]\(([^)\s]*)\)/g, (_m, label: string, url: string) =>
      label ? `${label} (${url})` : url,
    )
    .replace(/\[(Source|Fuente) (\d+)\]/gi, '($1 $2)')
    .replace(/\*\*|__|`/g, '')
    .replace(/[<>]/g, '');
}

function asSentence(text: string): string {
  const t = text.trim();
  const capital = t.charAt(0).toLocaleUpperCase() + t.slice(1);
  // A list item quoted as a sentence drops the connective that joined it to the next ("…, or").
  return /[.!?…:)"”]$/.test(capital) ? capital : `${withoutJoiner(capital.replace(/[;,]$/, ''))}.`;
}

/** The table every row of a list belongs to ("Fees — Filing: $75", "Fees — Copies: $1"), if any. */
function sharedTable(items: readonly string[]): string | null {
  const table = items.length >= 2 ? tableName(items[0]!) : null;
  return table !== null && items.every((t) => tableName(t) === table) ? table : null;
}

/** One line of a quoted list: an item, or a paragraph written under one; `depth` as it is quoted. */
interface ListLine {
  text: string;
  item: boolean;
  depth: number;
  paragraph: number | undefined;
}

/** Paragraphs and lists of the picked units; one marker per paragraph or list, at its end. */
export function render(picked: readonly Quotable[], marker: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: ListLine[] = [];
  // The depth in the passage of the list's first line: a nested list quoted alone is not indented.
  let base = 0;
  // Rows of one table quoted together name their table once, as a lead-in, not on every row.
  const flushList = () => {
    const table = sharedTable(list.map((l) => l.text));
    if (table !== null) blocks.push(`${table}:`);
    const lines = list.map((l) => {
      const text = table === null ? l.text : rowWithoutTable(l.text, table);
      return `${LIST_INDENT.repeat(l.depth)}${l.item ? '- ' : ''}${text}`;
    });
    blocks.push(`${lines.join('\n')}${marker}`);
    list = [];
  };
  // What is written under a quoted item (a nested list's item, a paragraph) is written under it, as
  // Markdown nests, never deeper than one level below the line before it.
  const addLine = (u: Quotable) => {
    const depth = u.unit.depth ?? 0;
    if (list.length === 0) base = depth;
    const prev = list.at(-1);
    const item = u.unit.listItem;
    const deepest = prev ? prev.depth + (prev.item ? 1 : 0) : 0;
    const at = Math.max(0, Math.min(depth - base, deepest));
    // The sentences of one paragraph under an item are one line.
    if (!item && prev && !prev.item && prev.paragraph !== undefined && prev.paragraph === u.unit.paragraph)
      prev.text = `${prev.text} ${asSentence(u.unit.text)}`;
    else
      list.push({
        text: item ? u.unit.text.trim() : asSentence(u.unit.text),
        item,
        depth: at,
        paragraph: u.unit.paragraph,
      });
  };
  const asList = picked.filter((u) => u.unit.listItem).length >= 2;
  for (const [i, u] of picked.entries()) {
    // Under a quoted item, what is written under it (a paragraph as much as a nested item).
    if (list.length > 0 && (u.unit.depth ?? 0) > base) {
      addLine(u);
      continue;
    }
    // One item after its lead-in ("You must be:") is still a list item.
    const afterLead =
      u.unit.listItem && (list.length > 0 || /:$/.test(picked[i - 1]?.unit.text.trim() ?? ''));
    if ((asList || afterLead) && u.unit.listItem) {
      // A lead-in and its list read as one block: the list's marker closes both.
      if (paragraph.length > 0) blocks.push(paragraph.join(' '));
      paragraph = [];
      addLine(u);
    } else {
      if (list.length > 0) flushList();
      paragraph.push(asSentence(u.unit.text));
    }
  }
  if (list.length > 0) flushList();
  if (paragraph.length > 0) blocks.push(`${paragraph.join(' ')}${marker}`);
  return blocks;
}
