import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import type { Stack } from './support/stack.js';

// Issue 13's staff side in Chromium: the "Court dates and reminders" admin page against the real relay and
// the real scheduling-api. axe runs at desktop width and at 320 px.

describe('admin: court dates and reminders', () => {
  let session: AdminSession;
  let stack: Stack;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startAdminSession();
    ({ stack, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows a working integration, the settings and the demo outbox, with no axe violations', async () => {
    await page.getByRole('link', { name: 'Court dates and reminders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Court dates and reminders' }).waitFor();
    await page.getByText('Working: the token was accepted just now').waitFor();
    expect(await page.getByText('juvenile, family, sealed').count()).toBe(1);
    expect(await page.getByLabel(/Spanish \(version 1\)/).getAttribute('lang')).toBe('es');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(errors).toEqual([]);
  });

  it('saves a new consent version and finds it in the audit log', async () => {
    const spanish = page.getByLabel(/Spanish \(version 1\)/);
    await spanish.fill('Acepto recibir recordatorios de {court}. Responda STOP para no recibir más.');
    await page.getByRole('button', { name: 'Save Spanish text' }).click();
    await page.getByText('Saved the Spanish text as version 2.').waitFor();
    await page.getByLabel(/Spanish \(version 2\)/).waitFor();
    await page.goto(`${stack.relayUrl}/admin/#/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.locator('td', { hasText: 'Changed the reminder consent text' }).first().waitFor();
    await expectNoAxeViolations(page);
  });

  it('tells the person deleting data what was deleted, and ties a bad address to its field', async () => {
    await page.goto(`${stack.relayUrl}/admin/#/court-dates`);
    await page.getByRole('heading', { level: 1, name: 'Court dates and reminders' }).waitFor();
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Not deleted:').waitFor();
    expect(await page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Phone number').fill('(555) 010-0123');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByText(/Deleted 0 stored copies and 0 consent-log rows\. Removed from 0 hearings/)
      .waitFor();
    await expectNoAxeViolations(page);
  });
});
