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

const ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
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
  let list: { ordered: boolean; items: string[] } | null = null;
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

  const flush = () => {
    if (para.length) blocks.push(<p>{lines(para.join('\n'))}</p>);
    para = [];
    if (list) {
      const items = list.items.map((item) => <li>{lines(item)}</li>);
      blocks.push(list.ordered ? <ol>{items}</ol> : <ul>{items}</ul>);
    }
    list = null;
    seen = new Set();
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
          <strong>{inline(heading[1] as string)}</strong>
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
