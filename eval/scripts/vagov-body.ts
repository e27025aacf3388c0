/**
 * The body of a vagov-content page (Markdown mixed with presentational HTML) as clean HTML: the
 * wrappers are taken off, accordions become headed sections, HTML lists are kept, and the Markdown
 * between them is read by `markdown` of jekyll-source.ts (build-va-site.ts).
 */
import { inline, markdown } from './jekyll-source.js';

/** Inline and one-line clean-ups before the body is read line by line. */
function prepare(body: string): string {
  return (
    body
      .replace(/\r\n/g, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^\s*\[comment\]: <>.*$/gm, '')
      .replace(/\]\(\s+/g, '](')
      .replace(/\\\*/g, '&#42;')
      .replace(/<(script|style|nav)\b[\s\S]*?<\/\1>/gi, '')
      // Expander toggles ("Find out how to get support anytime day or night.") open hidden text kept below.
      .replace(/<a\b[^>]*\bonClick=[^>]*>[\s\S]*?<\/a>\.?/gi, '')
      .replace(/<i\b[^>]*>\s*<\/i>/gi, '')
      .replace(/<img\b[^>]*>/gi, '')
      // Accordion buttons are the questions of the sections they open.
      .replace(
        /<button\b[^>]*>([\s\S]*?)<\/button>/gi,
        (_m, t: string) => `\n\n### ${t.replace(/\s+/g, ' ').trim()}\n\n`,
      )
      .replace(
        /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi,
        (_m, n: string, t: string) =>
          `\n\n${'#'.repeat(Number(n))} ${t
            .replace(/<br\s*\/?>/gi, ' ')
            .replace(/\s+/g, ' ')
            .trim()}\n\n`,
      )
      .replace(/<\/h[1-6]>/gi, '')
      .replace(/<[a-z][^>]*>/gi, (tag) =>
        tag.replace(
          /\s(itemprop|itemscope|itemtype|markdown|onClick|target)(=("[^"]*"|“[^”]*”|'[^']*'))?/gi,
          '',
        ),
      )
      // Wrappers on their own lines, so the text inside them is read as Markdown.
      .replace(/<\/?(div|section)\b[^>]*>/gi, (tag) => `\n${tag}\n`)
      // Paragraph tags around (or across) lines: the text is read as Markdown paragraphs.
      .replace(/<p\b[^>]*>|<\/p>/gi, '\n\n')
      .replace(/<span\b[^>]*>/gi, '')
      .replace(/<\/span>\s*$/gim, '\n')
      .replace(/<\/span>/gi, '')
      .replace(/&#8211;/g, '–')
  );
}

/**
 * The Markdown reader strips attributes from HTML blocks by pattern (` class`, ` id`, ` type`…),
 * which would also take those words out of the text around the tags; a marker keeps them.
 */
const guardWords = (md: string): string =>
  md.replace(
    /(^|>)([^<]*)/g,
    (_m, lead: string, text: string) =>
      lead +
      text.replace(/(\s)(?=(class|id|style|type|role|hidden|aria-[a-z]+|data-[a-z-]+)\b)/g, '$1\uE000'),
  );

const TAG_ONLY = /^\s*(<\/?[a-z][a-z0-9]*\b[^>]*>\s*)+$/i;
const INLINE_START = /^\s*<(strong|b|em|i|a|abbr|br|code|sup|sub|u)\b/i;
const ONE_LINE_ITEM = /^\s*<li\b[^>]*>([\s\S]*)<\/li>\s*$/i;

/**
 * Lines holding only tags are structure: `div`, `section`, `span` and `p` wrappers are dropped
 * (they separate Markdown blocks), lists are kept, and the accordions' unstyled list is dropped
 * (its items became headed sections). The Markdown between them is rendered on its own.
 */
export function renderBody(body: string): string {
  const out: string[] = [];
  let segment: string[] = [];
  const flush = () => {
    const md = segment.join('\n');
    if (md.trim()) out.push(markdown(guardWords(md)).replace(/[\uE000\uE001]/g, ''));
    segment = [];
  };
  const lists: boolean[] = []; // true: a list that is kept
  for (const line of prepare(body).split('\n')) {
    if (/^\s*<br\s*\/?>\s*$/i.test(line)) {
      flush();
      continue;
    }
    if (TAG_ONLY.test(line)) {
      flush();
      for (const m of line.matchAll(/<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
        const [, close, rawName = '', attrs = ''] = m;
        const name = rawName.toLowerCase();
        if (name === 'ul' || name === 'ol') {
          if (close) {
            if (lists.pop()) out.push(`</${name}>`);
          } else {
            const keep = !/usa-unstyled-list|usa-accordion/.test(attrs);
            lists.push(keep);
            if (keep) out.push(`<${name}>`);
          }
        } else if (name === 'li') {
          if (lists[lists.length - 1] !== false) out.push(close ? '</li>' : '<li>');
        } else if (name === 'hr') {
          out.push('<hr>');
        }
      }
      continue;
    }
    const item = ONE_LINE_ITEM.exec(line);
    if (item) {
      flush();
      out.push(`<li>${inline((item[1] ?? '').trim())}</li>`);
      continue;
    }
    // A line opening with an inline tag is text: the Markdown reader would take it (and the lines
    // after it, lists included) as one HTML block.
    segment.push(INLINE_START.test(line) ? `\uE001${line.trimStart()}` : line);
  }
  flush();
  return out.join('\n');
}

/** Attributes off, empty paragraphs and dangling line breaks gone. */
export function tidy(html: string): string {
  return html
    .replace(/<[a-z][^>]*>/gi, (tag) =>
      tag.replace(/\s(class|id|style|role|aria-[a-z]+|data-[a-z-]+)(="[^"]*"|='[^']*')?(?=[\s>/])/gi, ''),
    )
    .replace(/<(p|li)>\s*(<br\s*\/?>\s*)*/gi, '<$1>')
    .replace(/(\s*<br\s*\/?>)+\s*<\/(p|li)>/gi, '</$2>')
    .replace(/<p>\s*<\/p>/g, '')
    .replace(/<(ul|ol)>\s*<\/\1>/g, '')
    .replace(/\n{2,}/g, '\n');
}
