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

/** Paragraphs and lists of the picked units; one marker per paragraph or list, at its end. */
export function render(picked: readonly Quotable[], marker: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  // Rows of one table quoted together name their table once, as a lead-in, not on every row.
  const flushList = () => {
    const table = sharedTable(list);
    if (table !== null) blocks.push(`${table}:`);
    const items = table === null ? list : list.map((t) => rowWithoutTable(t, table));
    blocks.push(`${items.map((t) => `- ${t}`).join('\n')}${marker}`);
    list = [];
  };
  const asList = picked.filter((u) => u.unit.listItem).length >= 2;
  for (const [i, u] of picked.entries()) {
    // One item after its lead-in ("You must be:") is still a list item.
    const afterLead =
      u.unit.listItem && (list.length > 0 || /:$/.test(picked[i - 1]?.unit.text.trim() ?? ''));
    if ((asList || afterLead) && u.unit.listItem) {
      // A lead-in and its list read as one block: the list's marker closes both.
      if (paragraph.length > 0) blocks.push(paragraph.join(' '));
      paragraph = [];
      list.push(u.unit.text.trim());
    } else {
      if (list.length > 0) flushList();
      paragraph.push(asSentence(u.unit.text));
    }
  }
  if (list.length > 0) flushList();
  if (paragraph.length > 0) blocks.push(`${paragraph.join(' ')}${marker}`);
  return blocks;
}
