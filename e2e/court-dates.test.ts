/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import {
  launchBrowser,
  STRICT_CSP,
  type Stack,
  startStack,
  type TestSchedulingApi,
  trackPageErrors,
} from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 13's journey on the demo court site, in Chromium, against the real relay and the real scheduling-api
// (seeded with the demo hearings): a visitor asks about their court date with a case number, sees the
// hearing and downloads it for their calendar, opts in to text reminders with the code the provider's outbox
// shows, sees the reminder attached to the hearing at the provider, and stops them again — by keyboard
// only, with axe clean in every state. Then the "Find my court date" action in Spanish at 320 px, and a
// warrant question.

const SEEDED = 'EX-2026-CR-000789';
const PHONE = '(555) 010-0142';
const E164 = '+15550100142';

async function providerGet<T>(api: TestSchedulingApi, path: string): Promise<T> {
  const token = await fetch(`${api.serverUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: api.clientId,
      client_secret: api.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await fetch(`${api.serverUrl}${path}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return (await res.json()) as T;
}

/** The code in the newest message the provider's outbox holds for `to`. */
async function codeSentTo(api: TestSchedulingApi, to: string, not?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [last] = await providerGet<{ content: string }[]>(
        api,
        `/_local/outbox?to=${encodeURIComponent(to)}&limit=1`,
      );
      code = /\b(\d{6})\b/.exec(last?.content ?? '')?.[1];
      return code !== undefined && code !== not;
    })
    .toBe(true);
  return code as string;
}

const attached = (api: TestSchedulingApi) =>
  providerGet<{ client: string }[]>(api, `/v1/events/${SEEDED}-H1/attached`);

/** Keyboard only: focus moves with Tab in a real visit; here the control is focused, then activated by key. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

/** The accessible text of whatever has focus inside the widget. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('amicus-widget')?.shadowRoot?.activeElement as HTMLElement | null;
    return el
      ? `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.id ?? ''}:${el.textContent ?? ''}`
      : '';
  });

describe('court dates and reminders in the widget', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('finds a seeded hearing, adds it to the calendar, opts in by text with the code, and stops', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/court-dates/`);
    const w = widget(page);
    await press(w.launcher);
    await w.input.waitFor();
    await w.input.pressSequentially(`When is my court date? My case number is ${SEEDED.toLowerCase()}`);
    await w.input.press('Enter');

    // A card instead of a knowledge-base answer: what the court publishes about the hearing.
    const card = w.dialog.locator('.card');
    await card.getByRole('heading', { name: 'Your court date' }).waitFor();
    await expect.poll(() => card.textContent()).toContain(`Case ${SEEDED}`);
    const terms = await card.locator('dt').allTextContents();
    expect(terms).toEqual(expect.arrayContaining(['Date', 'Time', 'Place', 'How to join']));
    expect(await card.getByRole('link', { name: 'https://video.court.example/dept12' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'amicus-widget');

    // "Add to calendar": an .ics made in the page, downloaded by keyboard.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(card.getByRole('link', { name: 'Add to calendar' })),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^court-date-${SEEDED}-\\d{4}-\\d{2}-\\d{2}\\.ics$`),
    );
    const ics = readFileSync((await download.path()) as string, 'utf8').replace(/\r\n /g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain(`SUMMARY:Pretrial conference – ${SEEDED}`);

    // The reminder form: the disclosure first, then the unticked box it describes.
    await press(card.getByRole('button', { name: 'Get reminders' }));
    const form = card.locator('.reminders form');
    await form.waitFor();
    expect(await focused(page)).toContain('Text or e-mail reminders');
    const disclosure = form.locator('.disclosure');
    const disclosed = (await disclosure.textContent()) ?? '';
    for (const part of ['Superior Court of Example County', 'STOP', 'HELP'])
      expect(disclosed).toContain(part);
    expect(disclosed.toLowerCase()).toContain('message and data rates may apply');
    const box = form.getByRole('checkbox');
    expect(await box.isChecked()).toBe(false);
    expect(
      await form.evaluate((f) => {
        const d = f.querySelector('.disclosure');
        const c = f.querySelector('[type="checkbox"]');
        return !!d && !!c && !!(d.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    await expectNoAxeViolations(page, 'amicus-widget');

    await form.getByRole('textbox', { name: 'Mobile phone number' }).focus();
    await page.keyboard.type(PHONE);
    await press(box, 'Space');
    expect(await box.isChecked()).toBe(true);
    await press(form.getByRole('button', { name: 'Send me a code' }));

    // Code entry: focus is in the code box; nothing is attached at the provider before the code is back.
    const codeBox = card.getByRole('textbox', { name: '6-digit code' });
    await codeBox.waitFor();
    await expect.poll(() => focused(page)).toMatch(/^input:/);
    expect(await attached(stack.schedulingApi)).toEqual([]);
    await expectNoAxeViolations(page, 'amicus-widget');
    const code = await codeSentTo(stack.schedulingApi, E164);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await card.getByRole('heading', { name: 'Reminders are on' }).waitFor();
    await expect.poll(async () => (await attached(stack.schedulingApi)).length).toBe(1);
    await expectNoAxeViolations(page, 'amicus-widget');

    // Stop, confirmed with a new code the same way.
    await press(card.getByRole('button', { name: 'Stop reminders' }));
    await codeBox.waitFor();
    const stopCode = await codeSentTo(stack.schedulingApi, E164, code);
    await codeBox.focus();
    await page.keyboard.type(stopCode);
    await page.keyboard.press('Enter');
    await card.getByRole('heading', { name: 'Reminders stopped' }).waitFor();
    await expect.poll(async () => (await attached(stack.schedulingApi)).length).toBe(0);
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens from "Find my court date" in Spanish at 320 px; an unknown case explains and names the clerk', async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/es/`);
    const w = widget(page);
    await press(w.launcher);
    await w.input.waitFor();
    await press(w.dialog.getByRole('button', { name: 'Buscar la fecha de mi audiencia' }));
    const card = w.dialog.locator('.card');
    const caseBox = card.getByRole('textbox', { name: 'Número de caso' });
    await caseBox.waitFor();
    // The action moved focus into the card's case-number box.
    await expect.poll(() => focused(page)).toMatch(/^input:/);
    await expectNoAxeViolations(page, 'amicus-widget');
    await page.keyboard.type('EX-2026-TR-999999');
    await page.keyboard.press('Enter');
    await card.getByRole('heading', { name: 'No encontramos una audiencia' }).waitFor();
    expect(await card.getAttribute('lang')).toBe('es');
    expect(await card.getByRole('heading', { name: 'Comuníquese con la secretaría' }).count()).toBe(1);
    // Nothing sideways at 320 px: the card fits the sheet.
    const sideways = () => card.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'amicus-widget');

    // Another case, found: the hearing and the Spanish reminder form fit too, the disclosure in Spanish.
    await press(card.getByRole('button', { name: 'Buscar otro caso' }));
    await caseBox.fill('');
    await caseBox.focus();
    await page.keyboard.type(SEEDED);
    await page.keyboard.press('Enter');
    await card.getByRole('heading', { name: 'La fecha de su audiencia' }).waitFor();
    await press(card.getByRole('button', { name: 'Recibir recordatorios' }));
    await card.getByRole('checkbox', { name: 'Acepto recibir estos mensajes.' }).waitFor();
    expect(await card.locator('.disclosure').textContent()).toContain('STOP');
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a warrant question with general information, not a look-up', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/court-dates/`);
    const w = widget(page);
    await w.open();
    await w.ask('Do I have a warrant?');
    const card = w.dialog.locator('.card');
    await card.getByRole('heading', { name: 'How to resolve a warrant' }).waitFor();
    expect(await card.locator('li').count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
    await page.close();
  });
  it('downloads the .ics under the strict Content-Security-Policy, with no violation', async () => {
    const strict = await startStack({ demoCsp: STRICT_CSP });
    try {
      const context = await browser.newContext({ acceptDownloads: true });
      // DevTools init scripts are not subject to the page's CSP: record every violation from the start.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as { __cspViolations?: string[] }).__cspViolations = seen;
        document.addEventListener(
          'securitypolicyviolation',
          (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`),
          true,
        );
      });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await page.goto(`${strict.demoUrl}/court-dates/`);
      const w = widget(page);
      await w.open();
      await w.ask(`When is my court date? ${SEEDED}`);
      const card = w.dialog.locator('.card');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        press(card.getByRole('link', { name: 'Add to calendar' })),
      ]);
      expect(readFileSync((await download.path()) as string, 'utf8')).toContain('BEGIN:VEVENT');
      // The card is styled (its sheet adopted) although <style> is forbidden.
      expect(
        await card.evaluate((el) => getComputedStyle(el.querySelector('a.act') as Element).display),
      ).toBe('inline-flex');
      expect(await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations)).toEqual(
        [],
      );
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await strict.close();
    }
  });

  it('offers no "Find my court date" where the relay has no scheduling service', async () => {
    const off = await startStack({
      relay: {
        env: {
          SCHEDULING_SERVER_URL: undefined,
          SCHEDULING_CLIENT_ID: undefined,
          SCHEDULING_CLIENT_SECRET: undefined,
        },
      },
    });
    try {
      for (const [site, relay, name] of [
        [off.demoUrl, off.relayUrl, 'Find my court date'],
        [stack.demoUrl, stack.relayUrl, 'Find my court date'],
      ] as const) {
        const page = await browser.newPage();
        const errors = trackPageErrors(page);
        // The widget learns it from the relay's manifest, which the panel asks for at start-up.
        const manifest = page.waitForResponse(`${relay}/widget.json`);
        await page.goto(`${site}/`);
        const w = widget(page);
        await w.open();
        const { courtDates } = (await (await manifest).json()) as { courtDates: boolean };
        expect(courtDates).toBe(relay === stack.relayUrl);
        const action = w.dialog.getByRole('button', { name });
        if (courtDates) await action.waitFor();
        else {
          // The answer has been read and drawn (the transcript's greeting is there): still no action.
          await page.waitForTimeout(200);
          expect(await action.count()).toBe(0);
          await expectNoAxeViolations(page, 'amicus-widget');
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    } finally {
      await off.close();
    }
  });
});
