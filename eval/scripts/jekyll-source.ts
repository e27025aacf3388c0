/**
 * Just enough of a Jekyll site's source formats for the Login.gov fixture (build-logingov-site.ts):
 * the YAML of front matter and data files, kramdown as the site writes it, and the Liquid tags its
 * pages use. Not general parsers: the sources are known and a dependency would outlive its use.
 */
import { escapeHtml } from './mini-markdown.js';

// ---------------------------------------------------------------------------------------------
// YAML: the subset the site's front matter and data files use (maps, sequences, plain, quoted and
// block scalars, multi-line plain scalars).

export type Yaml = string | number | boolean | null | Yaml[] | { [k: string]: Yaml };

export function parseYaml(src: string): Yaml {
  const lines = src.replace(/\r\n/g, '\n').replace(/\t/g, '  ').split('\n');
  const indentOf = (l: string) => l.length - l.trimStart().length;
  const blank = (l: string | undefined) => l === undefined || l.trim() === '' || /^\s*#/.test(l);
  const KEY = /^\s*("[^"]*"|'[^']*'|[^:'"\s-][^:]*?):(?:\s+(.*)|\s*)$/;
  let i = 0;
  const skipBlank = () => {
    while (i < lines.length && blank(lines[i])) i++;
  };

  function scalar(first: string, ind: number): string {
    const parts = [first.trim()];
    while (i < lines.length && (lines[i]?.trim() === '' || indentOf(lines[i] ?? '') > ind)) {
      // A blank line inside a multi-line plain scalar is a line break; trailing blanks end it.
      let j = i;
      while (j < lines.length && lines[j]?.trim() === '') j++;
      if (j >= lines.length || indentOf(lines[j] ?? '') <= ind) break;
      if (j > i) parts.push('\n');
      parts.push((lines[j] ?? '').trim());
      i = j + 1;
    }
    const text = parts
      .join(' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();
    if (/^".*"$/s.test(text))
      return text.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    if (/^'.*'$/s.test(text)) return text.slice(1, -1).replace(/''/g, "'");
    return text;
  }

  function blockScalar(style: string, ind: number): string {
    const body: string[] = [];
    while (i < lines.length && (lines[i]?.trim() === '' || indentOf(lines[i] ?? '') > ind))
      body.push(lines[i++] ?? '');
    while (body.length > 0 && body[body.length - 1]?.trim() === '') body.pop();
    const min = Math.min(...body.filter((l) => l.trim() !== '').map(indentOf));
    const raw = body.map((l) => l.slice(Number.isFinite(min) ? min : 0));
    if (style.startsWith('|')) return raw.join('\n');
    // Folded: single line breaks become spaces, blank lines become line breaks; more-indented lines stay.
    let out = '';
    for (let k = 0; k < raw.length; k++) {
      const l = raw[k] ?? '';
      const prev = raw[k - 1];
      if (k === 0) out = l;
      else if (l.trim() === '') out += '\n';
      else if (prev === undefined || prev.trim() === '' || /^\s/.test(l) || /^\s/.test(prev)) out += `\n${l}`;
      else out += ` ${l}`;
    }
    return out;
  }

  function value(rest: string, ind: number): Yaml {
    const r = rest.trim();
    if (r === '') {
      skipBlank();
      const next = lines[i];
      if (next === undefined) return null;
      const ni = indentOf(next);
      if (ni > ind && !/^\s*-(\s|$)/.test(next) && !KEY.test(next)) return scalar('', ind);
      if (ni > ind || (ni === ind && /^\s*-(\s|$)/.test(next))) return node(ni);
      return null;
    }
    if (/^[>|][-+]?$/.test(r)) return blockScalar(r, ind);
    if (r === 'true' || r === 'false') return r === 'true';
    if (/^-?\d+$/.test(r) && !/\n/.test(r)) return Number(r);
    if (r === '[]') return [];
    if (/^\[.*\]$/.test(r))
      return r
        .slice(1, -1)
        .split(',')
        .map((s) => s.trim().replace(/^["']|["']$/g, ''));
    return scalar(r, ind);
  }

  function node(ind: number): Yaml {
    skipBlank();
    const first = lines[i] ?? '';
    if (/^\s*-(\s|$)/.test(first)) {
      const seq: Yaml[] = [];
      while (i < lines.length) {
        skipBlank();
        const l = lines[i];
        if (l === undefined || indentOf(l) !== ind || !/^\s*-(\s|$)/.test(l)) break;
        const rest = l.trimStart().slice(1);
        if (/^\s*[\w-]+:(\s|$)/.test(rest)) {
          // "- key: value": a map whose keys sit two columns in.
          lines[i] = `${' '.repeat(ind + 1)}${rest}`;
          seq.push(node(ind + 1 + (rest.length - rest.trimStart().length)));
        } else {
          i++;
          seq.push(value(rest, ind));
        }
      }
      return seq;
    }
    const map: Record<string, Yaml> = {};
    while (i < lines.length) {
      skipBlank();
      const l = lines[i];
      if (l === undefined || indentOf(l) !== ind) break;
      const m = KEY.exec(l);
      if (!m) break;
      i++;
      map[(m[1] ?? '').replace(/^["']|["']$/g, '')] = value(m[2] ?? '', ind);
    }
    return map;
  }

  skipBlank();
  return i < lines.length ? node(indentOf(lines[i] ?? '')) : {};
}

export const asMap = (y: Yaml | undefined): Record<string, Yaml> =>
  y && typeof y === 'object' && !Array.isArray(y) ? y : {};
export const asString = (y: Yaml | undefined): string => (typeof y === 'string' ? y : '');

// ---------------------------------------------------------------------------------------------
// Markdown (kramdown as the site writes it): headings, paragraphs, nested lists, tables,
// block quotes, HTML blocks (cleaned of buttons, images and attributes), links and emphasis.

function cleanHtml(html: string): string {
  return html
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<img\b[^>]*>/g, '')
    .replace(/<\/?button\b[^>]*>/g, '')
    .replace(/\s(class|id|style|type|role|hidden|aria-[a-z]+|data-[a-z-]+)(="[^"]*")?(?=[\s>/])/g, '')
    .replace(/\n\s*\n/g, '\n')
    .replace(/>\s+</g, '>\n<')
    .trim();
}

export function inline(s: string): string {
  return s
    .replace(/\{:[^}]*\}/g, '')
    .replace(/`([^`]+)`/g, (_m, c: string) => `<code>${escapeHtml(c)}</code>`)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/<((?:https?:|mailto:)[^>\s]+)>/g, '<a href="$1">$1</a>')
    .replace(/\[((?:[^[\]]|\[[^\]]*\])+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
}

const LIST_ITEM = /^(\s*)([-*+]|\d+\.)\s+/;

export function markdown(src: string): string {
  const lines = src
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((l) => !/^\s*\{:.*\}\s*$/.test(l));
  const out: string[] = [];
  let i = 0;
  const isBlank = (l: string | undefined) => (l ?? '').trim() === '';
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (/^\s{0,3}<(div|section|details|ul|ol|p|table|h\d|blockquote|dl|strong|span|a|em|br)\b/i.test(line)) {
      const block: string[] = [];
      if (/^\s{0,3}<(div|section|details)\b/i.test(line)) {
        let depth = 0;
        do {
          const l = lines[i++] ?? '';
          depth += (l.match(/<(div|section|details)\b/gi) ?? []).length;
          depth -= (l.match(/<\/(div|section|details)>/gi) ?? []).length;
          block.push(l);
        } while (depth > 0 && i < lines.length);
      } else {
        while (i < lines.length && !isBlank(lines[i])) block.push(lines[i++] ?? '');
      }
      const html = cleanHtml(block.join('\n'));
      out.push(
        /^<(ul|ol|p|table|h\d|div|section|details|blockquote|dl)\b/i.test(html)
          ? html
          : `<p>${inline(html)}</p>`,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*(\{#[^}]*\})?\s*$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 2;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i] ?? '')) {
        const cells = (lines[i++] ?? '')
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
        if (cells.every((c) => /^:?-{2,}:?$/.test(c))) continue;
        rows.push(cells);
      }
      const [head, ...body] = rows;
      out.push(
        `<table>\n<thead><tr>${(head ?? []).map((c) => `<th>${inline(c.replace(/^\*\*(.*)\*\*$/, '$1'))}</th>`).join('')}</tr></thead>\n<tbody>\n${body
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('\n')}\n</tbody>\n</table>`,
      );
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i] ?? ''))
        quote.push((lines[i++] ?? '').replace(/^\s*>\s?/, ''));
      out.push(`<blockquote>${markdown(quote.join('\n'))}</blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const base = item[1]?.length ?? 0;
      const ordered = /\d/.test(item[2] ?? '');
      const items: { first: string; rest: string[] }[] = [];
      while (i < lines.length) {
        const l = lines[i] ?? '';
        if (isBlank(l)) {
          // A blank line ends the list unless the list (or an item's body) carries on after it.
          let j = i;
          while (j < lines.length && isBlank(lines[j])) j++;
          const next = lines[j] ?? '';
          const m = LIST_ITEM.exec(next);
          const nextIndent = next.length - next.trimStart().length;
          if (j >= lines.length || (!(m && (m[1]?.length ?? 0) >= base) && nextIndent <= base)) break;
          items[items.length - 1]?.rest.push('');
          i = j;
          continue;
        }
        const m = LIST_ITEM.exec(l);
        if (m && (m[1]?.length ?? 0) <= base + 1) {
          items.push({ first: l.slice(m[0].length), rest: [] });
        } else {
          items[items.length - 1]?.rest.push(l);
        }
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(
        `<${tag}>${items
          .map(({ first, rest }) => {
            const min = Math.min(
              ...rest.filter((r) => !isBlank(r)).map((r) => r.length - r.trimStart().length),
            );
            const body = rest.map((r) => r.slice(Number.isFinite(min) ? min : 0)).join('\n');
            // Lines right under the item's first line that are not a list are the same paragraph.
            const bodyLines = body.split('\n');
            let n = 0;
            while (n < bodyLines.length && !isBlank(bodyLines[n]) && !LIST_ITEM.test(bodyLines[n] ?? '')) n++;
            const text = n > 0 ? `${first} ${bodyLines.slice(0, n).join(' ')}` : first;
            const sub = bodyLines.slice(n).join('\n');
            return `<li>${inline(text.trim())}${sub.trim() ? `\n${markdown(sub)}` : ''}</li>`;
          })
          .join('\n')}</${tag}>`,
      );
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      !isBlank(lines[i]) &&
      !/^(#{1,6}\s|\s*\||\s*>)/.test(lines[i] ?? '') &&
      !(para.length > 0 && LIST_ITEM.test(lines[i] ?? ''))
    )
      para.push((lines[i++] ?? '').trim());
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Liquid: captures, the alert and icon-list includes, `{% link %}`; everything else is dropped.

export function liquid(
  body: string,
  fm: Record<string, Yaml>,
  permalinkOf: (file: string) => string,
): string {
  const captures: Record<string, string> = {};
  return body
    .replace(
      /\{%-?\s*capture\s+(\w+)\s*-?%\}([\s\S]*?)\{%-?\s*endcapture\s*-?%\}/g,
      (_m, name: string, text: string) => {
        captures[name] = text;
        return '';
      },
    )
    .replace(/\{%-?\s*include\s+alert\.html[^%]*content=(\w+)[^%]*%\}/g, (_m, name: string) => {
      return `\n<div class="alert">\n${markdown(captures[name] ?? '')}\n</div>\n`;
    })
    .replace(
      /\{%-?\s*include\s+components\/[\w-]*list\.html[^%]*items=page\.(\w+)[^%]*%\}/g,
      (_m, key: string) => {
        const items = fm[key];
        if (!Array.isArray(items)) return '';
        return `\n<ul>${items.map((it) => `<li>${inline(asString(it))}</li>`).join('')}</ul>\n`;
      },
    )
    .replace(/\{%-?\s*link\s+(\S+)\s*-?%\}/g, (_m, file: string) => permalinkOf(`content/${file}`))
    .replace(/\{\{\s*site\.baseurl\s*\}\}/g, '')
    .replace(/\{%[\s\S]*?%\}/g, '')
    .replace(/\{\{[\s\S]*?\}\}/g, '');
}

/** Front matter that is page furniture, not text. */
const META = new Set([
  'layout',
  'title',
  'permalink',
  'redirect_from',
  'redirect_to',
  'order',
  'category',
  'class',
  'twitter_card',
  'image',
  'scripts',
  'styles',
  'sidenav',
  'child',
  'children',
  'hero',
  'one_account_banner',
  'already_have_an_account_banner',
  'meta_title',
  'keywords',
  'translations',
  'idp_translations_file',
  'description',
  'id',
  'alt',
  'icon',
  'url',
  'col_class1',
  'col_class2',
  'col_class3',
]);

/** Landing and partner pages keep their text in front matter: render it in file order. */
export function renderFrontMatter(y: Yaml): string {
  if (typeof y === 'string') {
    if (/\.(png|svg|jpe?g|gif)$/i.test(y.trim())) return '';
    return /\n|^\s*(#{1,6}|\*|-|\d+\.)\s/.test(y) ? markdown(y) : `<p>${inline(y)}</p>`;
  }
  if (Array.isArray(y))
    return y.every((v) => typeof v === 'string')
      ? `<ul>${y.map((v) => `<li>${inline(asString(v))}</li>`).join('')}</ul>`
      : y.map(renderFrontMatter).join('\n');
  if (y && typeof y === 'object') {
    const title = asString(y.title);
    return [
      title ? `<h3>${inline(title)}</h3>` : '',
      ...Object.entries(y)
        .filter(([k]) => !META.has(k))
        .map(([, v]) => renderFrontMatter(v)),
    ]
      .filter((s) => s.length > 0)
      .join('\n');
  }
  return '';
}

/** A source file's YAML front matter and body. */
export function splitFrontMatter(src: string): { fm: Record<string, Yaml>; body: string } {
  const text = src.replace(/\r\n/g, '\n');
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  return { fm: asMap(parseYaml(m?.[1] ?? '')), body: m?.[2] ?? text };
}
