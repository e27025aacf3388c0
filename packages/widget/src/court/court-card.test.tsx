// @vitest-environment happy-dom
import type { CourtDateLookupResponse, WarrantInfoResponse } from '@amicus/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, renderPart, type } from '../panel/test-part';
import { json } from '../panel/test-relay';
import CourtCard from './court-card';

const court = {
  name: 'Superior Court of Example County',
  clerk: {
    name: "Clerk's Office",
    phone: '(555) 010-0100',
    email: 'clerk@court.example',
    url: 'https://court.example/contact/',
    hours: 'Mon–Fri 8:00–16:00',
  },
};
const consent = {
  version: 3,
  language: 'en' as const,
  text: 'Superior Court of Example County: court date reminders, about 3 messages per hearing. Message and data rates may apply. Reply STOP to stop, HELP for help.',
  privacy_url: 'https://court.example/privacy/',
};
const found: CourtDateLookupResponse = {
  found: true,
  case_number: 'EX-2026-CR-000789',
  hearings: [
    {
      date: '2026-12-07',
      time: '09:00',
      time_zone: 'America/Los_Angeles',
      starts_at: '2026-12-07T17:00:00Z',
      ends_at: null,
      location_name: 'Example County Courthouse',
      location_notes: 'Department 3, Room 210',
      hearing_type: 'Arraignment',
      virtual: true,
      virtual_notes: 'Join at https://video.example/join/123 with passcode 555.',
    },
  ],
  court,
  message: 'Check your court papers too.',
  reminders_available: true,
  consent,
};
const notFound: CourtDateLookupResponse = {
  found: false,
  case_number: 'EX-2026-JV-000654',
  hearings: [],
  court,
  message: 'New cases can take a few days to appear. Contact the clerk.',
  reminders_available: false,
  consent: null,
};
const error = (status: number, code: string, param: string) =>
  json(status, { error: { code, message: 'x', param, retryable: false, retryAfter: null } });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('CourtCard', () => {
  it('asks for a case number, then shows date, time, place, how to join and an .ics download', async () => {
    const { $, $$, bodies, chat } = renderPart(
      CourtCard,
      { card: { kind: 'court_date' } },
      { 'POST /api/court-dates/lookup': () => json(200, found) },
    );
    const input = $<HTMLInputElement>('input')!;
    // Labelled, with its hint: the visitor knows where to find the number.
    expect($(`label[for="${input.id}"]`)?.textContent).toBe('Case number');
    expect(input.getAttribute('aria-describedby')).toContain($('.hint')!.id);
    await type(input, '  ex-2026-cr-000789 ');
    $('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('h3')?.textContent).toBe('Your court date'));
    expect(bodies('/api/court-dates/lookup')).toEqual([{ case_number: 'ex-2026-cr-000789', language: 'en' }]);
    const terms = $$('dt').map((d) => d.textContent);
    const values = $$('dd').map((d) => d.textContent);
    expect(terms).toEqual(['Date', 'Time', 'Place', 'Hearing', 'How to join']);
    expect(values[0]).toBe('Monday, December 7, 2026');
    expect(values[1]).toMatch(/^9:00\s?AM PST$/);
    expect(values[2]).toBe('Example County Courthouse\nDepartment 3, Room 210');
    expect($<HTMLAnchorElement>('dd a')?.href).toBe('https://video.example/join/123');
    const ics = $<HTMLAnchorElement>('a[download]')!;
    expect(ics.textContent).toBe('Add to calendar');
    expect(ics.getAttribute('download')).toBe('court-date-EX-2026-CR-000789-2026-12-07.ics');
    expect(ics.getAttribute('href')).toMatch(/^blob:/);
    expect(chat.status.value).toBe('Your court date');
  });

  it("looks up the case number the question held at once; not found gives the clerk's contact", async () => {
    const { $, bodies } = renderPart(
      CourtCard,
      { card: { kind: 'court_date', case_number: 'EX-2026-JV-000654' } },
      { 'POST /api/court-dates/lookup': () => json(200, notFound) },
    );
    await vi.waitFor(() => expect($('h3')?.textContent).toBe('No court date found'));
    expect(bodies('/api/court-dates/lookup')).toEqual([{ case_number: 'EX-2026-JV-000654', language: 'en' }]);
    expect($('section')?.textContent).toContain('New cases can take a few days to appear.');
    expect($<HTMLAnchorElement>('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:5550100100');
    expect($('a[href^="mailto:"]')?.textContent).toBe('clerk@court.example');
    expect($('.reminders')).toBeNull();
    expect($('a[download]')).toBeNull();
  });

  it('says what is wrong with a rejected case number, and that too many look-ups must wait', async () => {
    let status = 400;
    const { $ } = renderPart(
      CourtCard,
      { card: { kind: 'court_date' } },
      {
        'POST /api/court-dates/lookup': () =>
          status === 400 ? error(400, 'bad_request', 'case_number') : error(429, 'rate_limited', ''),
      },
    );
    await type($('input'), '12');
    $('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('[role="alert"]')?.textContent).toContain('Check the case number'));
    expect($('input')?.getAttribute('aria-invalid')).toBe('true');
    status = 429;
    $('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('[role="alert"]')?.textContent).toContain('Too many lookups'));
  });

  it('says court dates cannot be looked up when the relay has none configured (404)', async () => {
    const { $ } = renderPart(
      CourtCard,
      { card: { kind: 'court_date' } },
      { 'POST /api/court-dates/lookup': () => error(404, 'not_found', '') },
    );
    await type($('input'), 'EX-1');
    $('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() =>
      expect($('[role="alert"]')?.textContent).toBe(
        'Court dates cannot be looked up here. Please contact the clerk.',
      ),
    );
  });

  it('opts in only after the disclosure, the ticked box and the code; then stops the same way', async () => {
    let confirmed = 0;
    const { $, $$, bodies, chat } = renderPart(
      CourtCard,
      { card: { kind: 'court_date', case_number: 'EX-2026-CR-000789' } },
      {
        'POST /api/court-dates/lookup': () => json(200, found),
        'POST /api/reminders': () => json(202, { status: 'code_sent', expires_at: '2026-12-01T00:00:00Z' }),
        'POST /api/reminders/stop': () => json(202, { status: 'code_sent' }),
        'POST /api/reminders/confirm': () =>
          json(200, { status: confirmed++ ? 'stopped' : 'subscribed', case_number: found.case_number }),
      },
    );
    await vi.waitFor(() => expect($('.reminders button')?.textContent).toBe('Get reminders'));
    $<HTMLButtonElement>('.reminders button')!.click();
    await vi.waitFor(() => expect($('.reminders form')).not.toBeNull());

    // The disclosure (court, purpose, how many, rates, STOP, HELP, privacy) comes before the box, unticked.
    const form = $('.reminders form')!;
    const order = [...form.querySelectorAll('.disclosure, [type="checkbox"]')];
    expect(order.map((el) => el.tagName)).toEqual(['P', 'INPUT']);
    const disclosure = $('.disclosure')!;
    for (const part of [
      'Superior Court of Example County',
      'about 3 messages',
      'Message and data rates may apply',
      'STOP',
      'HELP',
    ])
      expect(disclosure.textContent).toContain(part);
    expect(disclosure.querySelector('a')?.getAttribute('href')).toBe('https://court.example/privacy/');
    const box = $<HTMLInputElement>('[type="checkbox"]')!;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBe(disclosure.id);
    const radios = $$<HTMLInputElement>('[type="radio"]');
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['sms', true],
      ['email', false],
    ]);
    expect($<HTMLInputElement>('.reminders input[type="tel"]')?.getAttribute('autocomplete')).toBe('tel');

    // Without the box ticked nothing is sent.
    await type($('.reminders input[type="tel"]'), '(555) 010-4477');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders [role="alert"]')?.textContent).toContain('tick the box'));
    expect(bodies('/api/reminders')).toEqual([]);

    await click(box);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders h4')?.textContent).toBe('Enter your code'));
    expect(bodies('/api/reminders')).toEqual([
      {
        case_number: 'EX-2026-CR-000789',
        channel: 'sms',
        destination: '(555) 010-4477',
        language: 'en',
        consent: true,
        consent_version: 3,
      },
    ]);
    const code = $<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
    expect(code.inputMode).toBe('numeric');
    await type(code, '123 456');
    $('.reminders form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders h4')?.textContent).toBe('Reminders are on'));
    expect(bodies('/api/reminders/confirm')).toEqual([{ code: '123456' }]);
    expect(chat.status.value).toBe('Reminders are on');

    [...$$<HTMLButtonElement>('.reminders button')].find((b) => b.textContent === 'Stop reminders')!.click();
    await vi.waitFor(() => expect($('.reminders h4')?.textContent).toBe('Enter your code'));
    expect(bodies('/api/reminders/stop')).toEqual([
      { case_number: 'EX-2026-CR-000789', channel: 'sms', destination: '(555) 010-4477', language: 'en' },
    ]);
    await type($('input[autocomplete="one-time-code"]'), '654321');
    $('.reminders form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders h4')?.textContent).toBe('Reminders stopped'));
  });

  it('tells a wrong code (type again) from an expired one (ask for a new code)', async () => {
    let gone = false;
    const { $, bodies } = renderPart(
      CourtCard,
      { card: { kind: 'court_date', case_number: 'EX-2026-CR-000789' } },
      {
        'POST /api/court-dates/lookup': () => json(200, found),
        'POST /api/reminders': () => json(202, { status: 'code_sent' }),
        'POST /api/reminders/confirm': () =>
          gone ? error(410, 'not_found', 'code') : error(400, 'bad_request', 'code'),
      },
    );
    await vi.waitFor(() => expect($('.reminders button')).not.toBeNull());
    $<HTMLButtonElement>('.reminders button')!.click();
    await vi.waitFor(() => expect($('.reminders form')).not.toBeNull());
    // E-mail this time: the field follows the channel.
    await click($('[type="radio"][value="email"]'));
    await vi.waitFor(() => expect($('.reminders input[type="email"]')).not.toBeNull());
    await type($('.reminders input[type="email"]'), 'me@example.org');
    await click($('[type="checkbox"]'));
    $('.reminders form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('input[autocomplete="one-time-code"]')).not.toBeNull());
    expect(bodies('/api/reminders')[0]).toMatchObject({ channel: 'email', destination: 'me@example.org' });
    await type($('input[autocomplete="one-time-code"]'), '000000');
    $('.reminders form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders [role="alert"]')?.textContent).toContain('not right'));
    gone = true;
    $('.reminders form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect($('.reminders [role="alert"]')?.textContent).toContain('new code'));
    expect($('.reminders h4')?.textContent).toBe('Enter your code');
  });

  it('speaks Spanish in a Spanish widget and asks the relay for Spanish text', async () => {
    const { $, bodies } = renderPart(
      CourtCard,
      { card: { kind: 'court_date', case_number: 'EX-2026-CR-000789' } },
      { 'POST /api/court-dates/lookup': () => json(200, found) },
      { lang: 'es-US' },
    );
    await vi.waitFor(() => expect($('h3')?.textContent).toBe('La fecha de su audiencia'));
    expect($('section')?.getAttribute('lang')).toBe('es');
    expect(bodies('/api/court-dates/lookup')[0]?.language).toBe('es');
    expect($('dd')?.textContent).toBe('lunes, 7 de diciembre de 2026');
    expect($('a[download]')?.textContent).toBe('Agregar al calendario');
    expect($('.reminders button')?.textContent).toBe('Recibir recordatorios');
  });

  it('answers a warrant question with general information and ways to resolve one, never a look-up', async () => {
    const info: WarrantInfoResponse = {
      language: 'en',
      title: 'Warrants: what to know',
      what_is_a_bench_warrant: 'A bench warrant is an order a judge signs when someone misses court.',
      lookup_note: 'This assistant cannot check whether you have a warrant.',
      how_to_resolve: [
        {
          kind: 'clerk',
          title: 'Contact the clerk',
          text: 'Ask for a new date.',
          phone: '555-0100',
          email: null,
          url: null,
        },
        {
          kind: 'public_defender',
          title: 'Public defender',
          text: 'Free help.',
          phone: null,
          email: null,
          url: 'https://pd.example/',
        },
      ],
      search_url: 'https://sheriff.example/warrants',
      search_label: "Sheriff's warrant search",
    };
    const { $, $$, bodies, chat } = renderPart(
      CourtCard,
      { card: { kind: 'warrant' } },
      { 'POST /api/warrants/info': () => json(200, info) },
    );
    await vi.waitFor(() => expect($('h3')?.textContent).toBe('Warrants: what to know'));
    expect(bodies('/api/warrants/info')).toEqual([{ language: 'en' }]);
    expect($$('li strong').map((s) => s.textContent)).toEqual(['Contact the clerk', 'Public defender']);
    expect($('a[href="https://sheriff.example/warrants"]')?.textContent).toBe("Sheriff's warrant search");
    expect(chat.status.value).toBe('Warrants: what to know');
  });
});
