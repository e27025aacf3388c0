// @vitest-environment happy-dom

import type { WireHelpSettings } from '@amicus/protocol/admin';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, submit, typeInto } from '../../test/render.js';
import { AdminApi } from '../api/admin-api.js';
import { JobTracker } from '../api/job-tracker.js';
import { Services } from '../app-context.js';
import { AnswersPage, checkHelp, fieldId } from './answers.js';

let cleanup = () => {};
afterEach(() => cleanup());

const STORED: WireHelpSettings = {
  contact: {
    name: { en: "the Clerk's Office", es: 'la Secretaría' },
    phone: '(555) 010-0100',
    url: 'https://court.example/contact',
    hours: { en: '', es: '' },
  },
  referral: { self_help: { en: 'the Self-Help Center', es: '' }, lawyer_referral: { en: '', es: '' } },
  rendered: {
    help_contact: "the Clerk's Office, (555) 010-0100, https://court.example/contact",
    help_contact_es: 'la Secretaría, (555) 010-0100, https://court.example/contact',
    legal_referral: 'the Self-Help Center',
    legal_referral_es: 'the Self-Help Center',
  },
  updated_at: '2026-11-23T10:00:00.000Z',
  updated_by: 'admin',
};

const value = (root: Element, path: string) =>
  (root.querySelector(`#${fieldId(path)}`) as HTMLInputElement).value;

describe('AnswersPage', () => {
  it('shows the stored contacts and the phrases the assistant uses, Spanish marked as Spanish', async () => {
    const r = await renderWithApi(<AnswersPage />, { 'GET /settings/help': STORED });
    cleanup = r.cleanup;
    await act(async () => {
      await new Promise((res) => setTimeout(res, 0));
    });
    expect(value(r.root, 'contact.name.en')).toBe("the Clerk's Office");
    expect(value(r.root, 'contact.phone')).toBe('(555) 010-0100');
    expect(r.root.querySelector(`#${fieldId('contact.name.es')}`)?.getAttribute('lang')).toBe('es');
    expect(r.root.querySelector(`#${fieldId('contact.name.es')}-help span[lang="es"]`)?.textContent).toBe(
      'la Secretaría del Tribunal',
    );
    const spanish = [...r.root.querySelectorAll('dd[lang="es"]')].map((d) => d.textContent);
    expect(spanish).toContain('la Secretaría, (555) 010-0100, https://court.example/contact');
  });

  it('sends every field as the API names it and shows that it saved', async () => {
    const r = await renderWithApi(<AnswersPage />, {
      'GET /settings/help': STORED,
      'PUT /settings/help': STORED,
    });
    cleanup = r.cleanup;
    await act(async () => {
      await new Promise((res) => setTimeout(res, 0));
    });
    await typeInto(r.root.querySelector(`#${fieldId('contact.hours.en')}`), 'Monday to Friday 8 to 4');
    await typeInto(
      r.root.querySelector(`#${fieldId('referral.lawyer_referral.es')}`),
      'el Colegio de Abogados',
    );
    await submit(r.root.querySelector('form'));
    const put = r.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/admin/api/settings/help');
    expect(put?.body).toEqual({
      contact: { ...STORED.contact, hours: { en: 'Monday to Friday 8 to 4', es: '' } },
      referral: {
        self_help: { en: 'the Self-Help Center', es: '' },
        lawyer_referral: { en: '', es: 'el Colegio de Abogados' },
      },
    });
    expect(r.root.querySelector('[role="status"]')?.textContent).toMatch(/Saved/);
  });

  it('ties a refusal by the relay to the field it names', async () => {
    const fetchFn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        return new Response(
          JSON.stringify({
            error: {
              code: 'invalid_request',
              message: 'contact.phone must be a phone number.',
              param: 'contact.phone',
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response(JSON.stringify(STORED), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const api = new AdminApi({ fetch: fetchFn });
    const root = document.createElement('div');
    document.body.append(root);
    await act(async () => {
      render(
        <Services.Provider value={{ api, tracker: new JobTracker(api), username: 'admin' }}>
          <AnswersPage />
        </Services.Provider>,
        root,
      );
    });
    cleanup = () => {
      render(null, root);
      root.remove();
    };
    await act(async () => {
      await new Promise((res) => setTimeout(res, 0));
    });
    await submit(root.querySelector('form'));
    const phone = root.querySelector(`#${fieldId('contact.phone')}`);
    expect(phone?.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector(`#${fieldId('contact.phone')}-error`)?.textContent).toMatch(/phone number/);
  });

  it('asks for the English name before sending other contact details', async () => {
    const r = await renderWithApi(<AnswersPage />, {
      'GET /settings/help': { ...STORED, contact: { ...STORED.contact, name: { en: '', es: '' } } },
    });
    cleanup = r.cleanup;
    await act(async () => {
      await new Promise((res) => setTimeout(res, 0));
    });
    await submit(r.root.querySelector('form'));
    expect(r.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(r.root.querySelector(`#${fieldId('contact.name.en')}`)?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('checkHelp', () => {
  it('accepts everything empty (the assistant then uses general wording)', () => {
    const empty = structuredClone(STORED);
    empty.contact = { name: { en: '', es: '' }, phone: '', url: '', hours: { en: '', es: '' } };
    expect(checkHelp(empty)).toBeNull();
  });

  it('refuses a web page that is not an http(s) address', () => {
    const bad = structuredClone(STORED);
    bad.contact.url = 'court.example/contact';
    expect(checkHelp(bad)?.path).toBe('contact.url');
  });
});
