// @vitest-environment happy-dom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { linkHref, MAX_RENDERED_CHARS, renderMarkdown, safeHref } from './markdown';

const COURT = new Set(['court.example']);

function html(
  source: string,
  marker?: Parameters<typeof renderMarkdown>[1],
  hosts: ReadonlySet<string> = COURT,
): HTMLElement {
  const el = document.createElement('div');
  render(<div>{renderMarkdown(source, marker, hosts)}</div>, el);
  return el.firstElementChild as HTMLElement;
}

describe('renderMarkdown', () => {
  it('renders paragraphs, line breaks, bold and italic', () => {
    const el = html('First **bold** and *it* or _it2_\nnext line\n\nSecond');
    expect(el.querySelectorAll('p')).toHaveLength(2);
    expect(el.querySelector('strong')?.textContent).toBe('bold');
    expect([...el.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['it', 'it2']);
    expect(el.querySelectorAll('br')).toHaveLength(1);
  });

  it('renders bulleted and numbered lists', () => {
    const el = html('Steps:\n\n1. Find your citation\n2. Pay online\n\n- Cash\n- Card');
    expect([...el.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual([
      'Find your citation',
      'Pay online',
    ]);
    expect(el.querySelectorAll('ul li')).toHaveLength(2);
  });

  it('nests a list indented under an item, as answers quote a nested list, with what is written under an item', () => {
    const el = html(
      'To create an account:\n\n- Enter your email address.\n  - Use one you check often.\n  - Confirm it.\n    Check your inbox for the link.\n- Create a strong password. [Source 1]',
    );
    const outer = el.querySelector('ul') as HTMLElement;
    expect(outer.parentElement).toBe(el);
    const items = [...outer.children];
    expect(items.map((li) => li.tagName)).toEqual(['LI', 'LI']);
    expect(items[1]?.textContent).toBe('Create a strong password. [Source 1]');
    const inner = items[0]?.querySelector(':scope > ul') as HTMLElement;
    expect([...inner.children].map((li) => li.textContent)).toEqual([
      'Use one you check often.',
      'Confirm it.Check your inbox for the link.',
    ]);
    expect(inner.querySelector('br')).not.toBeNull();
    expect(el.textContent).not.toContain('- ');
  });

  it('nests a level at a time however deep the indentation, a numbered list keeping its bulleted sub-list', () => {
    const el = html(
      '1. File the form\n        - Deeper than one level\n   - Sibling\n2. Pay the fee\n- New list',
    );
    const lists = [...el.children];
    expect(lists.map((l) => l.tagName)).toEqual(['OL', 'UL']);
    const steps = [...(lists[0] as HTMLElement).children];
    expect(steps).toHaveLength(2);
    expect([...(steps[0]?.querySelectorAll(':scope > ul > li') ?? [])].map((li) => li.textContent)).toEqual([
      'Deeper than one level',
      'Sibling',
    ]);
    const deep = `- top\n${Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i + 1)}- item ${i}`).join('\n')}`;
    const started = performance.now();
    const nested = html(deep);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(nested.querySelectorAll('li')).toHaveLength(201);
    expect(nested.querySelectorAll('ul ul ul ul ul ul')).toHaveLength(0);
  });

  it('leaves snake_case and lone asterisks alone', () => {
    expect(html('file_name_here and 2 * 3').querySelector('em')).toBeNull();
  });

  it('opens safe links in a new tab without opener or referrer', () => {
    const a = html('[Pay online](https://court.example/pay)').querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://court.example/pay');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '/relative/path',
  ])('renders a link to %j as plain text', (href) => {
    const el = html(`[click me](${href})`);
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toContain('click me');
  });

  it('shows a link to a host the court does not allow as text, with its address visible (phishing)', () => {
    const el = html('Pay at the [official payment portal](https://evil.example/pay) today.');
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toBe('Pay at the official payment portal (https://evil.example/pay) today.');
  });

  it('allows links only to the given hosts, port included, and shows none without any', () => {
    const hosts = new Set(['court.example', '127.0.0.1:8080']);
    expect(linkHref('https://court.example/pay?x=1', hosts)).toBe('https://court.example/pay?x=1');
    expect(linkHref('http://127.0.0.1:8080/a', hosts)).toBe('http://127.0.0.1:8080/a');
    expect(linkHref('http://127.0.0.1:9090/a', hosts)).toBeNull();
    expect(linkHref('https://court.example.evil.example/', hosts)).toBeNull();
    expect(linkHref('https://user@evil.example/court.example', hosts)).toBeNull();
    expect(linkHref('javascript:alert(1)', hosts)).toBeNull();
    expect(html('[Pay](https://court.example/pay)', undefined, new Set()).querySelector('a')).toBeNull();
    expect(renderMarkdown('[Pay](https://court.example/pay)')).toHaveLength(1);
  });

  it('allows mailto and tel links', () => {
    expect(safeHref('mailto:clerk@court.example')).toBe('mailto:clerk@court.example');
    expect(safeHref('tel:+15555550100')).toBe('tel:+15555550100');
    expect(linkHref('mailto:clerk@court.example', new Set())).toBe('mailto:clerk@court.example');
    expect(html('[Call us](tel:+15555550100)').querySelector('a')?.getAttribute('href')).toBe(
      'tel:+15555550100',
    );
  });

  it('shows HTML in the text as text, never as elements', () => {
    const el = html(
      '<img src=x onerror=alert(1)> <script>alert(1)</script> <b>hi</b> ![img](https://x.example/a.png)',
    );
    expect(el.querySelector('img, script, b')).toBeNull();
    expect(el.textContent).toContain('<script>alert(1)</script>');
  });

  it('renders huge and adversarial input quickly and caps its length', () => {
    const huge = `${'**a '.repeat(50_000)}${'[['.repeat(50_000)}${'*_'.repeat(50_000)}`;
    const started = performance.now();
    const blocks = renderMarkdown(huge);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(blocks.length).toBeGreaterThan(0);
    const el = html('x'.repeat(MAX_RENDERED_CHARS + 500));
    expect(el.textContent?.length).toBe(MAX_RENDERED_CHARS + 1);
  });

  it('shows one marker per source per paragraph or list, the first, without the space before a repeat', () => {
    const seen: number[] = [];
    const el = html(
      'A [Source 1]. B [Source 2]. C [Source 1].\n\nD [Source 1].\n\n- E [Source 2]\n- F [Source 2]',
      (n) => {
        seen.push(n);
        return `<${n}>`;
      },
    );
    expect(seen).toEqual([1, 2, 1, 2]);
    expect([...el.children].map((b) => b.textContent)).toEqual(['A <1>. B <2>. C.', 'D <1>.', 'E <2>F']);
  });

  it('hands [Source N] markers to the marker renderer', () => {
    const seen: number[] = [];
    const el = html('Pay online [Source 1] or by mail [Source 7].', (n) => {
      seen.push(n);
      return <button type="button">S{n}</button>;
    });
    expect(seen).toEqual([1, 7]);
    expect(el.querySelectorAll('button')).toHaveLength(2);
  });
});
