// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test/render.js';
import { DocumentsPage } from './documents.js';

let cleanup = () => {};
afterEach(() => cleanup());

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function click(el: Element | null | undefined) {
  if (!(el instanceof HTMLElement)) throw new Error('nothing to click');
  await act(async () => el.click());
  await settle();
}

const button = (root: Element, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);

describe('DocumentsPage', () => {
  const list = {
    data: [
      { id: 'd1', filename: 'a.pdf', status: 'ready', namespace: 'general', bytes: 2048 },
      { id: 'd2', filename: 'b.txt', status: 'failed', error: 'Not valid UTF-8.' },
    ],
    has_more: false,
    next_cursor: null,
  };

  it('shows each document with its status and error', async () => {
    const r = await renderWithApi(<DocumentsPage />, { 'GET /documents': list });
    cleanup = r.cleanup;
    await settle();
    const rows = [...r.root.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows[0]).toMatch(/a\.pdf.*Ready.*general.*2 KiB/);
    expect(rows[1]).toMatch(/b\.txt.*Failed.*Not valid UTF-8/);
  });

  it('bulk-deletes after confirmation and reports passages removed and any failure', async () => {
    const result = {
      results: [
        { id: 'd1', deleted: true, chunks_deleted: 3 },
        { id: 'd2', deleted: false, error: { code: 'not_found', message: 'Already deleted.' } },
      ],
      chunks_deleted: 3,
    };
    const r = await renderWithApi(<DocumentsPage />, {
      'GET /documents': list,
      'POST /documents/bulk-delete': result,
    });
    cleanup = r.cleanup;
    await settle();
    for (const box of r.root.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]'))
      await click(box);
    await click(button(r.root, 'Delete selected (2)'));
    expect(r.root.querySelector('dialog h2')?.textContent).toBe('Delete 2 documents?');
    await click(r.root.querySelector('dialog .button.danger'));

    expect(r.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['d1', 'd2'] });
    expect(r.root.textContent).toMatch(
      /Deleted 1 document and 3 indexed passages\. 1 could not be deleted: Already deleted\./,
    );
  });

  it('names crawled pages by title with their address, and lands focus on the outcome after a delete', async () => {
    const page = {
      data: [
        {
          id: 'p1',
          filename: 'https://court.example/fees/',
          title: 'Court fees',
          source_type: 'crawl',
          status: 'ready',
        },
      ],
      has_more: false,
      next_cursor: null,
    };
    const r = await renderWithApi(<DocumentsPage />, {
      'GET /documents': page,
      'DELETE /documents/p1': { id: 'p1', deleted: true, chunks_deleted: 2 },
    });
    cleanup = r.cleanup;
    await settle();
    const name = r.root.querySelector('tbody th');
    expect(name?.querySelector('a')?.textContent).toBe('Court fees');
    expect(name?.textContent).toContain('https://court.example/fees/');
    expect(r.root.textContent).not.toMatch(/p1/);
    await click(r.root.querySelector('button[aria-label="Delete Court fees"]'));
    await click(r.root.querySelector('dialog .button.danger'));
    await settle();
    expect(document.activeElement?.textContent).toBe('Deleted 1 document and its 2 indexed passages.');
  });
});
