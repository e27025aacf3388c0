import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import type { Stack } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 11, sections 4 and 6, as court staff meet them: on the Answers page they say who can help, in
// English and Spanish; the public's chat then names that contact when it cannot answer; on Try it they
// ask a question and see why it was answered so. axe runs on every screen on the way.

describe('admin: who can help, and why an answer', () => {
  let session: AdminSession;
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    session = await startAdminSession();
    ({ stack, context, page, errors } = session);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('saves the contacts on the Answers page and shows the phrases the assistant will use', async () => {
    await page.getByRole('link', { name: 'Answers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Answers' }).waitFor();
    await expectNoAxeViolations(page);

    // A mistake is tied to its field and nothing is saved.
    await page.getByLabel('Phone').fill('(555) 010-0100');
    await page.getByRole('button', { name: 'Save contacts' }).click();
    const name = page.getByLabel('Name (English)');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await name.fill("the Clerk's Office");
    await page.getByLabel('Name (Spanish)').fill('la Secretaría del Tribunal');
    await page.getByLabel('Web page').fill('https://court.example/contact');
    await page.getByLabel('Hours (English)').fill('Monday to Friday 8 a.m. to 4 p.m.');
    await page.getByLabel('Self-help centre (English)').fill('the Self-Help Center (Room 120)');
    await page.getByLabel('Lawyer referral (English)').fill('the County Bar lawyer referral service');
    await page.getByRole('button', { name: 'Save contacts' }).click();
    await page.getByText('Saved. New conversations use these contacts.').waitFor();
    await page
      .getByText(
        "the Clerk's Office, (555) 010-0100, Monday to Friday 8 a.m. to 4 p.m., https://court.example/contact",
      )
      .waitFor();
    expect(await page.locator('dd[lang="es"]').first().textContent()).toContain('la Secretaría del Tribunal');
    await expectNoAxeViolations(page);
  });

  it("names the saved contact in a visitor's chat when the question is out of scope", async () => {
    const visitor = await context.newPage();
    await visitor.goto(`${stack.demoUrl}/`);
    const w = widget(visitor);
    await w.open();
    await w.ask('how do I renew my passport');
    const answer = await w.lastAnswerDone();
    expect(await answer.textContent()).toContain("the Clerk's Office, (555) 010-0100");
    await visitor.close();
  });

  it('explains an answer on Try it: passages with scores, intent, concepts and the reason', async () => {
    await page.getByRole('link', { name: 'Try it' }).click();
    await page.getByRole('heading', { level: 1, name: 'Try it' }).waitFor();
    await page.getByLabel('Question', { exact: true }).fill('What should I bring for jury duty?');
    await page.getByRole('button', { name: 'Explain the answer' }).click();
    await page.getByRole('heading', { name: 'Why', exact: true }).waitFor();
    await page.getByText('Answered from the knowledge base').waitFor();
    const passages = page.getByRole('table', { name: 'Passages retrieved' });
    expect(await passages.getByRole('row').count()).toBeGreaterThan(1);
    expect((await passages.getByRole('row').nth(1).textContent()) ?? '').toMatch(/jury/i);
    const concepts = page.getByRole('table', { name: 'Concepts of the question' });
    expect(await concepts.getByRole('row').count()).toBeGreaterThan(1);
    // The quoted page's other sections, with their scores, open from the keyboard.
    const others = passages.locator('summary').first();
    await others.focus();
    await page.keyboard.press('Enter');
    const sections = passages.locator('details[open] li');
    expect(await sections.count()).toBeGreaterThan(0);
    expect((await sections.first().textContent()) ?? '').toMatch(/score \d\.\d{3}, coverage \d+ %/);
    await expectNoAxeViolations(page);

    // Declined: the reason and the configured contact.
    await page.getByLabel('Question', { exact: true }).fill('how do I renew my passport');
    await page.getByRole('button', { name: 'Explain the answer' }).click();
    await page.getByText('Declined: not found in the knowledge base').waitFor();
    await page
      .locator('.try-answer')
      .getByText(/the Clerk's Office/)
      .waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
