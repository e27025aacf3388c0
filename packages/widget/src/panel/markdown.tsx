import type { ComponentChildren, VNode } from 'preact';

// A small Markdown subset rendered straight to Preact nodes: paragraphs, line breaks, bold, italic,
// lists, links and `[Source N]` markers. Model text only ever becomes text nodes or the attributes
// below — never HTML — so `<script>` in an answer is just visible text.
// Every pattern is bounded (no nested unbounded quantifiers), keeping huge or hostile input linear.
// Answers quote crawled pages, so a link is live only on a host the court stands behind (see `hosts`):
// `[official payment portal](https://evil.example/pay)` shows its label and its address as plain text.

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

/**
 * Hosts (`URL.host`) whose pages may be linked: the host page's, the relay's and the cited sources'.
 * `mailto:` and `tel:` have no host and stay links.
 */
export type LinkHosts = ReadonlySet<string>;

/** `raw` as a link target, or null when it must be shown as text. */
export function linkHref(raw: string, hosts: LinkHosts): string | null {
  const href = safeHref(raw);
  return href && (!/^https?:/.test(href) || hosts.has(new URL(href).host)) ? href : null;
}

export type RenderMarker = (n: number, raw: string) => ComponentChildren;

const INLINE =
  /\*\*([^\n]{1,300}?)\*\*|__([^\n]{1,300}?)__|(?<![\w*])\*([^\s*][^\n*]{0,300}?)\*|(?<![\w_])_([^\s_][^\n_]{0,300}?)_(?!\w)|\[([^\][\n]{1,500})\]\(([^()\s]{1,2000})\)|\[Source (\d{1,4})\]/g;

const ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+(.*)$/;
/** Levels of nested lists below the outermost one: deeper items are drawn at this depth. */
const MAX_DEPTH = 4;
/** A list item: its text, and the list nested in it. */
type MdItem = [string, MdItem[]?];
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;

/**
 * Blocks of `source`. A source cited again in the same paragraph or list keeps only its first marker:
 * answers often cite it after every sentence, which reads as noise (issue 14). Keeping the first, not the
 * last, means no marker ever disappears while the answer streams in.
 */
export function renderMarkdown(
  source: string,
  marker: RenderMarker = (_, raw) => raw,
  hosts: LinkHosts = new Set(),
): VNode[] {
  const text = source.length > MAX_RENDERED_CHARS ? `${source.slice(0, MAX_RENDERED_CHARS)}…` : source;
  const blocks: VNode[] = [];
  let para: string[] = [];
  // The open list of each depth, outermost first (none when empty): two spaces of indentation are a
  // level, as answers nest their lists, and an item opens a list inside the last item of the level above.
  let open: MdItem[][] = [];
  // Whether the outermost open list is numbered.
  let ordered = false;
  let seen = new Set<number>();

  const inline = (text: string, depth = 0): ComponentChildren[] => {
    const out: ComponentChildren[] = [];
    const re = new RegExp(INLINE.source, 'g');
    let last = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index > last) out.push(text.slice(last, m.index));
      last = re.lastIndex;
      const [raw, b1, b2, i1, i2, label, href, n] = m;
      // Nesting is allowed but bounded, so a crafted answer cannot recurse deeply.
      const inner = (s: string) => (depth < 3 ? inline(s, depth + 1) : [s]);
      if (b1 ?? b2) out.push(<strong>{inner((b1 ?? b2) as string)}</strong>);
      else if (i1 ?? i2) out.push(<em>{inner((i1 ?? i2) as string)}</em>);
      else if (label !== undefined && href !== undefined) {
        const safe = linkHref(href, hosts);
        if (safe)
          out.push(
            <a href={safe} target="_blank" rel="noopener noreferrer">
              {inner(label)}
            </a>,
          );
        // Not clickable, but where it points stays visible.
        else out.push(...inner(label), ` (${href})`);
      } else if (n !== undefined) {
        if (!seen.has(+n)) out.push(marker(+n, raw));
        // A repeat goes, with the space before it ("online [Source 1]." → "online.").
        else if (typeof out[out.length - 1] === 'string') out.push((out.pop() as string).trimEnd());
        seen.add(+n);
      }
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  };

  /** Lines of a paragraph, joined by `<br>`. */
  const lines = (text: string): ComponentChildren[] =>
    text.split('\n').flatMap((line, i) => (i ? [<br />, ...inline(line)] : inline(line)));

  /** Items, each with the list nested in it (nested lists are bulleted). */
  const nest = (items: MdItem[]): VNode[] =>
    items.map(([text, sub]) => (
      <li>
        {lines(text)}
        {sub && <ul>{nest(sub)}</ul>}
      </li>
    ));

  const flush = () => {
    if (para.length) blocks.push(<p>{lines(para.join('\n'))}</p>);
    para = [];
    if (open[0]) blocks.push(ordered ? <ol>{nest(open[0])}</ol> : <ul>{nest(open[0])}</ul>);
    open = [];
    seen = new Set();
  };

  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const item = ITEM.exec(line);
    const heading = HEADING.exec(line);
    if (!line.trim()) flush();
    else if (item) {
      const numbered = /\d/.test(item[2] as string);
      // Never more than one level below the item before it, nor deeper than MAX_DEPTH.
      const depth = Math.min((item[1] as string).length >> 1, open.length, MAX_DEPTH);
      if (para.length || (open[0] && !depth && ordered !== numbered)) flush();
      if (!open[0]) {
        ordered = numbered;
        open = [[]];
      }
      if (depth) open[depth] = ((open[depth - 1] as MdItem[]).at(-1) as MdItem)[1] ??= [];
      open.length = depth + 1;
      (open[depth] as MdItem[]).push([item[3] as string]);
    } else if (heading) {
      flush();
      blocks.push(
        <p>
          <strong>{inline(heading[1] as string)}</strong>
        </p>,
      );
    } else if (open[0]) {
      // A line under a list item continues that item.
      ((open.at(-1) as MdItem[]).at(-1) as MdItem)[0] += `\n${line.trim()}`;
    } else para.push(line);
  }
  flush();
  return blocks;
}
