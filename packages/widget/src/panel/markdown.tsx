import type { ComponentChildren, VNode } from 'preact';

// A small Markdown subset rendered straight to Preact nodes: paragraphs, line breaks, bold, italic,
// lists, links and `[Source N]` markers. Model text only ever becomes text nodes or the attributes
// below — never HTML — so `<script>` in an answer is just visible text.
// Every pattern is bounded (no nested unbounded quantifiers), keeping huge or hostile input linear.

export const MAX_RENDERED_CHARS = 100_000;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The link target if it is absolute and uses an allowed scheme; otherwise null (rendered as text). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export type RenderMarker = (n: number, raw: string) => ComponentChildren;

const INLINE =
  /\*\*([^\n]{1,300}?)\*\*|__([^\n]{1,300}?)__|(?<![\w*])\*([^\s*][^\n*]{0,300}?)\*|(?<![\w_])_([^\s_][^\n_]{0,300}?)_(?!\w)|\[([^\][\n]{1,500})\]\(([^()\s]{1,2000})\)|\[Source (\d{1,4})\]/g;

function inline(text: string, marker: RenderMarker, depth = 0): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = new RegExp(INLINE.source, 'g');
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    last = re.lastIndex;
    const [raw, b1, b2, i1, i2, label, href, n] = m;
    // Nesting is allowed but bounded, so a crafted answer cannot recurse deeply.
    const inner = (s: string) => (depth < 3 ? inline(s, marker, depth + 1) : [s]);
    if (b1 ?? b2) out.push(<strong>{inner((b1 ?? b2) as string)}</strong>);
    else if (i1 ?? i2) out.push(<em>{inner((i1 ?? i2) as string)}</em>);
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(
        safe ? (
          <a href={safe} target="_blank" rel="noopener noreferrer">
            {inner(label)}
          </a>
        ) : (
          label
        ),
      );
    } else if (n !== undefined) out.push(marker(Number(n), raw));
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Lines of a paragraph, joined by `<br>`. */
function lines(text: string, marker: RenderMarker): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  text.split('\n').forEach((line, i) => {
    if (i) out.push(<br />);
    out.push(...inline(line, marker));
  });
  return out;
}

const ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;

export function renderMarkdown(source: string, marker: RenderMarker = (_, raw) => raw): VNode[] {
  const text = source.length > MAX_RENDERED_CHARS ? `${source.slice(0, MAX_RENDERED_CHARS)}…` : source;
  const blocks: VNode[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (para.length) blocks.push(<p>{lines(para.join('\n'), marker)}</p>);
    para = [];
    if (list) {
      const items = list.items.map((item) => <li>{lines(item, marker)}</li>);
      blocks.push(list.ordered ? <ol>{items}</ol> : <ul>{items}</ul>);
    }
    list = null;
  };

  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const item = ITEM.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) flush();
    else if (item) {
      const ordered = /\d/.test(item[1] as string);
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[2] as string);
    } else if (heading) {
      flush();
      blocks.push(
        <p>
          <strong>{inline(heading[1] as string, marker)}</strong>
        </p>,
      );
    } else if (list) {
      // A line under a list item continues that item.
      const items: string[] = list.items;
      items[items.length - 1] += `\n${line.trim()}`;
    } else para.push(line);
  }
  flush();
  return blocks;
}
