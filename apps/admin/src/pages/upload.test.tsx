// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test/render.js';
import { UploadPage } from './upload.js';

let cleanup = () => {};
afterEach(() => cleanup());

async function pick(input: Element | null, files: File[]) {
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await act(async () => {
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  // Content checks read the files asynchronously.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

const file = (name: string, content: BlobPart, type = '') => new File([content], name, { type });

describe('UploadPage', () => {
  it('gives every rejected file its own reason and counts only the files that will go', async () => {
    const r = await renderWithApi(<UploadPage />);
    cleanup = r.cleanup;
    await pick(r.root.querySelector('#file-input'), [
      file('rules.pdf', '%PDF-1.4\n%%EOF'),
      file('fake.pdf', 'this is not a pdf'),
      file('photo.jpg', 'x'),
      file('empty.txt', ''),
      file('notes.md', '# Notes'),
    ]);
    const rows = [...r.root.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');
    expect(rows[0]).toMatch(/rules\.pdf.*Ready to upload/);
    expect(rows[1]).toMatch(/fake\.pdf.*not a PDF/);
    expect(rows[2]).toMatch(/photo\.jpg.*\(".jpg"\) cannot be added/);
    expect(rows[3]).toMatch(/empty\.txt.*empty/);
    expect(rows[4]).toMatch(/notes\.md.*Ready to upload/);
    expect(r.root.textContent).toMatch(/2 files will be uploaded; 3 cannot be added/);
    expect(r.root.querySelector('button[type="submit"]')?.textContent).toBe('Upload 2 files');
  });

  it('refuses a 21st file with a reason naming the limit', async () => {
    const r = await renderWithApi(<UploadPage />);
    cleanup = r.cleanup;
    const files = Array.from({ length: 21 }, (_, i) => file(`f${i}.txt`, 'text'));
    await pick(r.root.querySelector('#file-input'), files);
    const last = [...r.root.querySelectorAll('tbody tr')].at(-1)?.textContent;
    expect(last).toMatch(/At most 20 files per upload/);
  });
});
