/**
 * Wagtail StreamField blocks of ustaxcourt/website-wagtail's pages rendered as its templates do
 * (`home/templates/home/enhanced_standard_page.html` and its includes), from the Python literals the
 * seed files hold (build-taxcourt-site.ts). Documents and videos are not carried: their titles stay.
 */
import { escapeHtml } from './mini-markdown.js';
import { Call, type Py, toStr, Unknown } from './python-literals.js';

export const asObj = (v: Py): Record<string, Py> =>
  v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Call) && !(v instanceof Unknown)
    ? (v as Record<string, Py>)
    : {};
export const asList = (v: Py): Py[] => (Array.isArray(v) ? v : []);

export function renderRibbon(links: { title: string; url: string }[]): string {
  return `<nav class="blue-page-links-bar" aria-label="In this guide"><ul>${links
    .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`)
    .join('')}</ul></nav>`;
}

function renderLinks(value: Py): string {
  const items = asList(asObj(value).links ?? null).map((l) => {
    const o = asObj(l);
    const title = escapeHtml(toStr(o.title ?? null));
    // Documents and videos are not carried: their titles stay, as text.
    if (o.document || o.video || o.text_only || !o.url) return `<li>${title}</li>`;
    return `<li><a href="${escapeHtml(toStr(o.url))}">${title}</a></li>`;
  });
  return `<ul class="links">${items.join('')}</ul>`;
}

function renderList(value: Py): string {
  const o = asObj(value);
  const tag = o.list_type === 'ordered' ? 'ol' : 'ul';
  const items = asList(o.items ?? null).map((it) => {
    const i = asObj(it);
    return `<li>${toStr(i.text ?? null)}${asList(i.nested_list ?? null)
      .map(renderList)
      .join('')}</li>`;
  });
  return `<${tag}>${items.join('')}</${tag}>`;
}

function renderTable(value: Py): string {
  const o = asObj(value);
  const head = asList(o.columns ?? null).map(
    (c) => `<th scope="col">${toStr(asObj(c).heading ?? null)}</th>`,
  );
  const rows = asList(o.rows ?? null).map(
    (r) =>
      `<tr>${asList(asObj(r).values ?? null)
        .map((v) => `<td>${toStr(v)}</td>`)
        .join('')}</tr>`,
  );
  return `<table><thead><tr>${head.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A rich-text answer, or (on raw-HTML pages) an object holding one. */
function answerHtml(a: Py): string {
  return typeof a === 'string' ? a : toStr(asObj(a).rich_text ?? null);
}

/**
 * A StreamField block as the site's templates render it. `snippetText` gives a named snippet's text
 * (the clinics' contact blocks).
 */
export function blockRenderer(snippetText: (name: string) => string): (block: Py) => string {
  const renderBlock = (block: Py): string => {
    const { type, value = null } = asObj(block) as { type?: Py; value?: Py };
    const o = asObj(value);
    switch (type) {
      case 'h2':
      case 'h3':
      case 'h4':
        return `<${type}>${escapeHtml(toStr(value))}</${type}>`;
      case 'heading': {
        const level = /^h[2-5]$/.test(toStr(o.level ?? null)) ? toStr(o.level ?? null) : 'h2';
        const id = toStr(o.id ?? null);
        return `<${level}${id ? ` id="${escapeHtml(id)}"` : ''}>${escapeHtml(toStr(o.text ?? null))}</${level}>`;
      }
      case 'h2WithAnchorTag':
        return `<h2 id="${escapeHtml(toStr(o.anchortag ?? null))}">${escapeHtml(toStr(o.text ?? null))}</h2>`;
      case 'paragraph':
        return `<p>${toStr(value)}</p>`;
      case 'hr':
        return '<hr>';
      case 'alert':
        return `<div class="alert ${escapeHtml(toStr(o.alert_type ?? null))}">${toStr(o.content ?? null)}</div>`;
      case 'snippet':
        return value instanceof Call ? snippetText(toStr(value.kwargs.name ?? null)) : '';
      case 'table':
      case 'unstyled_table':
        return renderTable(value);
      case 'links':
        return renderLinks(value);
      case 'list':
        return renderList(value);
      case 'clickableButton':
        return `<p><a class="usa-button" href="${escapeHtml(toStr(o.url ?? null))}">${escapeHtml(toStr(o.text ?? null))}</a></p>`;
      case 'questionanswers': {
        const qs = asList(value).map(asObj);
        const index = qs
          .map(
            (q) =>
              `<li><a href="#${escapeHtml(toStr(q.anchortag ?? null))}">${escapeHtml(toStr(q.question ?? null))}</a></li>`,
          )
          .join('');
        const answers = qs
          .map(
            (q) =>
              `<h3 id="${escapeHtml(toStr(q.anchortag ?? null))}">${escapeHtml(toStr(q.question ?? null))}</h3>\n<div>${answerHtml(q.answer ?? null)}</div>\n<hr>`,
          )
          .join('\n');
        return `<ul class="links indented">${index}</ul>\n<hr>\n${answers}`;
      }
      case 'columns':
        return asList(o.column ?? null)
          .map((col) => `<div class="grid-col">${asList(col).map(renderBlock).join('\n')}</div>`)
          .join('\n');
      case 'card':
        return asList(value)
          .map(asObj)
          .map(
            (c) =>
              `<div class="info-card"><h2>${escapeHtml(toStr(c.title ?? null))}</h2>${toStr(c.description ?? null)}</div>`,
          )
          .join('\n');
      case 'embedded_video':
        return `<h2>${escapeHtml(toStr(o.title ?? null))}</h2>\n<p>${toStr(o.description ?? null)}</p>`;
      case 'photo_dedication':
        return `<h2>${escapeHtml(toStr(o.title ?? null))}</h2>\n${toStr(o.paragraph_text ?? null)}`;
      case 'directory':
        return asList(value).map(renderBlock).join('\n');
      case 'DirectoryEntry':
        return asList(value)
          .map(asObj)
          .map(
            (e) =>
              `<p>${toStr(e.description ?? null)}</p>${e.phone_number ? `<p>${escapeHtml(toStr(e.phone_number))}</p>` : ''}`,
          )
          .join('\n');
      default:
        // h1 (the template has no case for it; the page title is the heading), images, iframes.
        return '';
    }
  };
  return renderBlock;
}
