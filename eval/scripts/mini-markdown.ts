/**
 * Just enough Markdown for the fixture sources (headings, paragraphs, lists, fenced/indented code,
 * links, emphasis). Inline HTML passes through. Not a general renderer: the fixture's sources are
 * short and plain, and a dependency for them would outlive its use.
 */
export function renderMarkdown(src: string): string {
  const lines = src.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 2;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
      i++;
      continue;
    }
    if (/^```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i++;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const code: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i] ?? '') || (lines[i] ?? '').trim() === '')) {
        code.push((lines[i] ?? '').replace(/^( {4}|\t)/, ''));
        i++;
      }
      out.push(`<pre><code>${escapeHtml(code.join('\n').trim())}</code></pre>`);
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trim() !== '') {
        const l = lines[i] ?? '';
        if (/^\s*([-*+]|\d+\.)\s+/.test(l)) items.push(l.replace(/^\s*([-*+]|\d+\.)\s+/, ''));
        else items[items.length - 1] = `${items[items.length - 1] ?? ''} ${l.trim()}`;
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((it) => `<li>${inline(it)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() !== '' && !/^(#{1,6}\s|```)/.test(lines[i] ?? '')) {
      para.push((lines[i] ?? '').trim());
      i++;
    }
    const text = para.join(' ');
    out.push(/^<(ul|ol|div|p|table|h\d)\b/i.test(text) ? text : `<p>${inline(text)}</p>`);
  }
  return out.join('\n');
}

function inline(s: string): string {
  return s
    .replace(/`([^`]+)`/g, (_m, c: string) => `<code>${escapeHtml(c)}</code>`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
