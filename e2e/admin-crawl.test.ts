import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';

// Issue 6's crawl journey on a 320 px wide screen, keyboard first: crawl the demo court site, watch the
// counts, find the broken link reported as HTTP 404, and check every admin page passes axe without
// sideways scrolling.

const ADMIN_PASSWORD = 'test-admin-password'; // startTestRelay's default ADMIN_PASSWORD
const PAGES = [
  ['upload', 'Upload files'],
  ['crawl', 'Crawl a website'],
  ['jobs', 'Jobs'],
  ['documents', 'Documents'],
  ['try', 'Try it'],
  ['embed', 'Embed the chat'],
  ['audit', 'Audit log'],
] as const;

async function fitsWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('admin: crawl the court site on a small screen', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 320, height: 720 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('signs in with the keyboard alone', async () => {
    await page.goto(`${stack.relayUrl}/admin/`);
    await page.getByLabel('User name').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Upload files' }).waitFor();
  });

  it('every page passes axe and fits 320 px without sideways scrolling', async () => {
    for (const [hash, heading] of PAGES) {
      await page.goto(`${stack.relayUrl}/admin/#/${hash}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      // Measure with the data on screen: wide tables are what could push the page sideways.
      await expect
        .poll(
          () =>
            page
              .locator('main')
              .getByText(/^Loading/)
              .count(),
          { timeout: 30_000 },
        )
        .toBe(0);
      await expectNoAxeViolations(page);
      expect(await fitsWidth(page), `#/${hash} is wider than the screen`).toBeLessThanOrEqual(320);
    }
  });

  it('validates the crawl form against the contract ranges before sending', async () => {
    await page.goto(`${stack.relayUrl}/admin/#/crawl`);
    const pages = page.getByLabel('Page limit');
    await pages.fill('501');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    // Focus goes to the first field in error; the message is tied to its field.
    await page.getByLabel('Start addresses').and(page.locator(':focus')).waitFor();
    expect(await pages.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await pages.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent();
    expect(message).toMatch(/from 1 to 500/);
    await expectNoAxeViolations(page);
  });

  it('crawls the demo site: live counts, time against the budget, and the 404 in the problem table', async () => {
    const errors = trackPageErrors(page);
    await page.goto(`${stack.relayUrl}/admin/#/crawl`);
    await page.getByLabel('Put the documents in').selectOption({ label: 'New namespace…' });
    await page.getByLabel('New namespace name').fill('site-crawl');
    await page.getByLabel('Start addresses').fill(`${stack.demoUrl}/forms/\n${stack.demoUrl}/`);
    await page.getByLabel('Page limit').fill('40');
    await page.getByLabel('Link depth').fill('2');
    await page.getByLabel('Speed (pages per second)').fill('10');
    // Submitted from the keyboard: Enter in a single-line field submits the form.
    await page.getByLabel('Speed (pages per second)').press('Enter');

    const refused = page.locator('.form-error, .field-error');
    await Promise.race([
      page.getByRole('heading', { level: 1, name: 'Crawl job' }).waitFor(),
      refused.first().waitFor(),
    ]);
    if (await refused.count())
      throw new Error(`crawl refused: ${(await refused.allInnerTexts()).join(' | ')}`);
    await page.getByText(/of 10 min limit/).waitFor();
    await expect
      .poll(() => page.locator('.job-status').textContent(), { timeout: 90_000, interval: 1000 })
      .not.toMatch(/Processing/);
    const outcome = (await page.locator('main').textContent()) ?? '';
    expect(await page.locator('.job-status').textContent(), outcome).toMatch(/Completed/);

    // Counts from the upstream job status, shown as term/definition pairs.
    const counts = await page.locator('.facts .fact-row').allInnerTexts();
    expect(counts.some((c) => /\d/.test(c) && !/Started|Time used|Last checked|Namespace/.test(c))).toBe(
      true,
    );

    const problems = page.getByRole('table', { name: /Pages failed or skipped/ });
    await problems.getByRole('row').filter({ hasText: 'HTTP 404' }).first().waitFor();
    // /staff/ is linked from the home page and disallowed by the demo site's robots.txt.
    await problems
      .getByRole('row')
      .filter({ hasText: /staff\/.*Skipped.*robots\.txt/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBeLessThanOrEqual(320);

    await page.goto(`${stack.relayUrl}/admin/#/jobs`);
    await page
      .getByRole('link', { name: /^Crawl of / })
      .first()
      .waitFor();
    await page.goto(`${stack.relayUrl}/admin/#/audit`);
    await page
      .getByRole('cell', { name: /^Started a crawl/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a failed crawl as failed, with the reason, in the job view and the jobs list', async () => {
    await page.goto(`${stack.relayUrl}/admin/#/crawl`);
    // One page only, and it is missing: nothing can be indexed, so the whole crawl fails.
    await page.getByLabel('Start addresses').fill(`${stack.demoUrl}/no-such-page/`);
    await page.getByLabel('Page limit').fill('1');
    await page.getByRole('button', { name: 'Start crawl' }).click();
    await page.getByRole('heading', { level: 1, name: 'Crawl job' }).waitFor();
    await expect
      .poll(() => page.locator('.job-status').textContent(), { timeout: 60_000, interval: 1000 })
      .not.toMatch(/Processing/);
    expect(
      await page.locator('.job-status').textContent(),
      (await page.locator('main').textContent()) ?? undefined,
    ).toMatch(/Failed/);
    await page.getByText(/Why it failed:/).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: /no-such-page.*HTTP 404/ })
      .waitFor();

    await page.goto(`${stack.relayUrl}/admin/#/jobs`);
    const row = page.getByRole('row').filter({ hasText: /no-such-page/ });
    await row.getByText('Failed', { exact: true }).waitFor();
    expect(await row.locator('.cell-error').textContent()).not.toBe('');
    await expectNoAxeViolations(page);
  });

  it('signs out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByText('You have signed out.').waitFor();
  });
});
