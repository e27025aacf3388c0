// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, submit, typeInto } from '../../test/render.js';
import { AdminApi } from '../api/admin-api.js';
import { JobTracker } from '../api/job-tracker.js';
import { Services } from '../app-context.js';
import { checkPublicUrl } from '../components/public-link-form.js';
import { DocumentDetailPage } from './document-detail.js';

let cleanup = () => {};
afterEach(() => cleanup());

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const ID = '11111111-1111-4111-8111-111111111111';
const upload = {
  id: ID,
  filename: 'fw-001_scan.pdf',
  status: 'ready',
  source_type: 'upload',
  namespace: 'general',
  public_link: null,
};

describe('DocumentDetailPage: public link of an uploaded file', () => {
  it('saves the public address and title staff enter', async () => {
    const url = 'https://court.example/forms/fw-001.pdf';
    const r = await renderWithApi(<DocumentDetailPage id={ID} />, {
      [`GET /documents/${ID}`]: upload,
      [`PUT /documents/${ID}/link`]: { document_id: ID, url, title: 'Fee waiver form' },
    });
    cleanup = r.cleanup;
    await settle();
    await typeInto(r.root.querySelector('#link-url'), url);
    await typeInto(r.root.querySelector('#link-title'), 'Fee waiver form');
    await submit(r.root.querySelector('section[aria-labelledby="public-link-h"] form'));
    expect(r.calls.find((c) => c.method === 'PUT')?.body).toEqual({ url, title: 'Fee waiver form' });
    expect(r.root.textContent).toContain('Saved. Citations of this file now link to its public address.');
  });

  it('refuses an address that is not http(s) before sending it, and focuses the field with its error', async () => {
    const r = await renderWithApi(<DocumentDetailPage id={ID} />, { [`GET /documents/${ID}`]: upload });
    cleanup = r.cleanup;
    await settle();
    await typeInto(r.root.querySelector('#link-url'), 'javascript:alert(1)');
    await submit(r.root.querySelector('section[aria-labelledby="public-link-h"] form'));
    await settle();
    expect(r.calls.some((c) => c.method === 'PUT')).toBe(false);
    const field = r.root.querySelector('#link-url');
    expect(field?.getAttribute('aria-invalid')).toBe('true');
    expect(r.root.querySelector('#link-url-error')?.textContent).toContain('https://');
    expect(document.activeElement).toBe(field);
  });

  it("shows the relay's refusal on the field it names", async () => {
    const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body =
        init?.method === 'PUT'
          ? {
              error: {
                code: 'invalid_request',
                message: 'title may have at most 200 characters.',
                param: 'title',
              },
            }
          : upload;
      return new Response(JSON.stringify(body), {
        status: init?.method === 'PUT' ? 400 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const api = new AdminApi({ fetch: fetchFn });
    const root = document.createElement('div');
    document.body.append(root);
    cleanup = () => {
      render(null, root);
      root.remove();
    };
    await act(async () => {
      render(
        <Services.Provider value={{ api, tracker: new JobTracker(api), username: 'admin' }}>
          <DocumentDetailPage id={ID} />
        </Services.Provider>,
        root,
      );
    });
    await settle();
    await typeInto(root.querySelector('#link-title'), 'A title');
    await submit(root.querySelector('section[aria-labelledby="public-link-h"] form'));
    await settle();
    expect(root.querySelector('#link-title-error')?.textContent).toContain('at most 200 characters');
    expect(document.activeElement).toBe(root.querySelector('#link-title'));
  });

  it('is not offered for crawled pages, which link to their own address', async () => {
    const r = await renderWithApi(<DocumentDetailPage id={ID} />, {
      [`GET /documents/${ID}`]: { ...upload, source_type: 'crawl', source_url: 'https://court.example/fees' },
    });
    cleanup = r.cleanup;
    await settle();
    expect(r.root.querySelector('#link-url')).toBeNull();
  });
});

describe('DocumentDetailPage: deleting', () => {
  it('moves focus to the outcome once the Delete button is gone', async () => {
    const r = await renderWithApi(<DocumentDetailPage id={ID} />, {
      [`GET /documents/${ID}`]: upload,
      [`DELETE /documents/${ID}`]: { id: ID, deleted: true, chunks_deleted: 4 },
    });
    cleanup = r.cleanup;
    await settle();
    const open = [...r.root.querySelectorAll('button')].find((b) => b.textContent === 'Delete document');
    await act(async () => open?.click());
    await act(async () => r.root.querySelector<HTMLButtonElement>('dialog .button.danger')?.click());
    await settle();
    await settle();
    expect(document.activeElement?.textContent).toContain('Deleted. 4 indexed passages were removed');
  });
});

describe('checkPublicUrl', () => {
  it('accepts http(s) addresses and empty, refuses the rest', () => {
    expect(checkPublicUrl('')).toBeNull();
    expect(checkPublicUrl('https://court.example/a.pdf')).toBeNull();
    expect(checkPublicUrl('http://court.example/a.pdf')).toBeNull();
    expect(checkPublicUrl('ftp://court.example/a.pdf')).toMatch(/https/);
    expect(checkPublicUrl('court.example/a.pdf')).toMatch(/full web address/);
    expect(checkPublicUrl('https://u:p@court.example/')).toMatch(/password/);
  });
});
