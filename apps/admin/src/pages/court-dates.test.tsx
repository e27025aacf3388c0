// @vitest-environment happy-dom

import type { WireCourtDatesStatus, WireOutbox } from '@amicus/protocol/admin';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi, submit, typeInto } from '../../test/render.js';
import { parseRoute } from '../routing/routes.js';
import { CourtDatesPage } from './court-dates.js';

let cleanup = () => {};
afterEach(() => cleanup());

const consent = (language: 'en' | 'es', version: number, text: string) => ({
  language,
  version,
  text,
  created_at: null,
  created_by: null,
});

const STATUS: WireCourtDatesStatus = {
  enabled: true,
  server_url: 'http://127.0.0.1:8789',
  check: { ok: true, error: null },
  status: {
    token_ok: true,
    token_expires_at: '2026-11-23T23:00:00.000Z',
    last_error: null,
    last_error_at: null,
    retry_after: null,
  },
  court_name: 'Superior Court of Example County',
  case_number_pattern: '[A-Z]{2}-\\d{4}-[A-Z]{2}-\\d{6}',
  confidential_types: ['juvenile', 'family', 'sealed'],
  consent: { en: consent('en', 3, 'I agree to reminders from {court}.'), es: consent('es', 1, 'Acepto.') },
  counts: {
    lookups: { today: 7, last_30_days: 40 },
    codes_sent: { today: 2, last_30_days: 9 },
    opt_ins: { today: 1, last_30_days: 6 },
    opt_outs: { today: 0, last_30_days: 1 },
  },
  subscribed_destinations: 5,
};

const OUTBOX: WireOutbox = {
  available: true,
  data: [
    {
      uuid: 'm1',
      to: '+15550100123',
      content: 'Superior Court of Example County: your code is 123456.',
      last_status: 'sent',
      origin: 'oneoff',
      scheduled_at: '2026-11-23 14:00:00',
    },
  ],
};

const settle = () =>
  act(async () => {
    await new Promise((res) => setTimeout(res, 0));
  });

describe('CourtDatesPage', () => {
  it('is reachable at #/court-dates', () => {
    expect(parseRoute('#/court-dates')).toEqual({ name: 'court-dates' });
  });

  it('shows the integration, the settings, the counts, the consent versions and the outbox', async () => {
    const r = await renderWithApi(<CourtDatesPage />, {
      'GET /court-dates/status': STATUS,
      'GET /court-dates/outbox': OUTBOX,
    });
    cleanup = r.cleanup;
    await settle();
    await settle(); // the outbox loads once the page knows court dates are on
    const text = r.root.textContent ?? '';
    expect(text).toContain('Working: the token was accepted just now');
    expect(text).toContain('[A-Z]{2}-\\d{4}-[A-Z]{2}-\\d{6}');
    expect(text).toContain('juvenile, family, sealed');
    const rows = [...r.root.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows).toContain('Look-ups740');
    expect(rows).toContain('Confirmed opt-ins16');
    expect(r.root.querySelector('label[for="consent-en"]')?.textContent).toContain('version 3');
    expect((r.root.querySelector('#consent-es') as HTMLTextAreaElement).value).toBe('Acepto.');
    expect(r.root.querySelector('#consent-es')?.getAttribute('lang')).toBe('es');
    expect(text).toContain('your code is 123456');
    expect(r.root.querySelector('a[download]')?.getAttribute('href')).toBe(
      '/admin/api/court-dates/consent-log',
    );
  });

  it('says what is wrong when the scheduling service refuses', async () => {
    const r = await renderWithApi(<CourtDatesPage />, {
      'GET /court-dates/status': { ...STATUS, check: { ok: false, error: 'token request answered 401' } },
      'GET /court-dates/outbox': { available: false, data: [] },
    });
    cleanup = r.cleanup;
    await settle();
    await settle();
    expect(r.root.textContent).toContain('Failing: token request answered 401');
    expect(r.root.textContent).toContain('not the embedded one');
  });

  it('saves a consent text as a new version', async () => {
    const r = await renderWithApi(<CourtDatesPage />, {
      'GET /court-dates/status': STATUS,
      'GET /court-dates/outbox': OUTBOX,
      'PUT /court-dates/consent': consent('es', 2, 'Acepto recordatorios.'),
    });
    cleanup = r.cleanup;
    await settle();
    await typeInto(r.root.querySelector('#consent-es'), 'Acepto recordatorios.');
    await submit(r.root.querySelectorAll('form')[1] ?? null);
    const put = r.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/admin/api/court-dates/consent');
    expect(put?.body).toEqual({ language: 'es', text: 'Acepto recordatorios.' });
    expect(r.root.textContent).toContain('Saved the Spanish text as version 2.');
  });

  it('refuses an empty consent text before sending it', async () => {
    const r = await renderWithApi(<CourtDatesPage />, {
      'GET /court-dates/status': STATUS,
      'GET /court-dates/outbox': OUTBOX,
    });
    cleanup = r.cleanup;
    await settle();
    await typeInto(r.root.querySelector('#consent-en'), '   ');
    await submit(r.root.querySelectorAll('form')[0] ?? null);
    expect(r.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(r.root.querySelector('#consent-en')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes a destination and reports what was deleted', async () => {
    const r = await renderWithApi(<CourtDatesPage />, {
      'GET /court-dates/status': STATUS,
      'GET /court-dates/outbox': OUTBOX,
      'POST /court-dates/forget': {
        destination_hash: 'ab',
        detached: 1,
        deleted: { destinations: 1, consent_log: 2 },
      },
    });
    cleanup = r.cleanup;
    await settle();
    await typeInto(r.root.querySelector('#forget-destination'), '(555) 010-0123');
    await submit(r.root.querySelector('#forget-destination')?.closest('form') ?? null);
    const post = r.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ channel: 'sms', destination: '(555) 010-0123' });
    expect(r.root.textContent).toContain(
      'Deleted 1 stored copies and 2 consent-log rows. Removed from 1 hearing at the scheduling service.',
    );
  });

  it('explains how to turn court dates on when they are off', async () => {
    const r = await renderWithApi(<CourtDatesPage />, { 'GET /court-dates/status': { enabled: false } });
    cleanup = r.cleanup;
    await settle();
    expect(r.root.textContent).toContain('Court dates are off');
    expect(r.calls.some((c) => c.url.includes('/outbox'))).toBe(false);
  });
});
