import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, startAdminSession } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import type { Stack } from './support/stack.js';

// Issue 14's admin polish and public links, as court staff meet them: a re-crawl of an unchanged site
// completes with its pages reported unchanged; an uploaded file gets a public address and title that the
// widget's citations then link to; deleting a document leaves focus on the outcome. axe on every view.

const FACT = 'The Quillfeather small-claims form QF-12 is filed at window seven of the annex.';
const PUBLIC_URL = 'https://court.example/forms/qf-12.pdf';

async function crawl(page: Page, stack: Stack, namespace: { existing: boolean; name: string }) {
  await page.goto(`${stack.relayUrl}/admin/#/crawl`);
  await page.getByRole('heading', { level: 1, name: 'Crawl a website' }).waitFor();
  if (namespace.existing) {
    await page.getByLabel('Put the documents in').selectOption({ label: namespace.name });
  } else {
    await page.getByLabel('Put the documents in').selectOption({ label: 'New namespace…' });
    await page.getByLabel('New namespace name').fill(namespace.name);
  }
  await page.getByLabel('Start addresses').fill(`${stack.demoUrl}/`);
  await page.getByLabel('Page limit').fill('3');
  await page.getByLabel('Speed (pages per second)').fill('10');
  await page.getByRole('button', { name: 'Start crawl' }).click();
  await page.getByRole('heading', { level: 1, name: 'Crawl job' }).waitFor();
  await expect
    .poll(() => page.locator('.job-status').textContent(), { timeout: 60_000, interval: 500 })
    .not.toMatch(/Processing/);
  return (await page.locator('.job-status').textContent()) ?? '';
}

/** Asks the widget API as a visitor of the demo site; the answer's citations as the widget gets them. */
async function citationsFor(stack: Stack, question: string) {
  const post = (path: string, token: string | null, body?: unknown) =>
    fetch(`${stack.relayUrl}${path}`, {
      method: 'POST',
      headers: {
        origin: stack.demoUrl,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const { token } = (await (await post('/api/sessions', null)).json()) as { token: string };
  const { id } = (await (await post('/api/conversations', token)).json()) as { id: string };
  await (await post(`/api/conversations/${id}/messages`, token, { content: question })).text();
  const view = await fetch(`${stack.relayUrl}/api/conversations/${id}`, {
    headers: { origin: stack.demoUrl, authorization: `Bearer ${token}` },
  });
  const body = (await view.json()) as { messages: { citations: { title: string; url: string | null }[] }[] };
  return body.messages[1]?.citations ?? [];
}

describe('admin: re-crawls, public links and focus after deleting', () => {
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

  it('completes a re-crawl of an unchanged site, its pages reported unchanged, not failed', async () => {
    expect(await crawl(page, stack, { existing: false, name: 'again' })).toMatch(/Completed/);
    const second = await crawl(page, stack, { existing: true, name: 'again' });
    const main = (await page.locator('main').textContent()) ?? '';
    expect(second, main).toMatch(/Completed/);
    expect(main).not.toMatch(/no page could be indexed/i);
    await page.getByText(/\d+ pages? (was|were) unchanged since/).waitFor();
    expect(main).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    await expectNoAxeViolations(page);
  });

  it('gives an uploaded file a public address and title; its citations link there', async () => {
    await page.goto(`${stack.relayUrl}/admin/#/upload`);
    await page.setInputFiles('#file-input', [
      { name: 'qf-12-scan.txt', mimeType: 'text/plain', buffer: Buffer.from(`Form QF-12.\n\n${FACT}\n`) },
    ]);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await page.getByRole('heading', { level: 1, name: 'Upload job' }).waitFor();
    const files = page.getByRole('table', { name: 'Files in this upload' });
    await files.getByRole('row').filter({ hasText: 'Ready' }).first().waitFor({ timeout: 60_000 });
    await files.getByRole('link', { name: 'qf-12-scan.txt' }).click();
    await page.getByRole('heading', { level: 2, name: 'Public link' }).waitFor();
    await page.getByLabel('Public address (URL)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save link' }).click();
    // Refused before sending, focus on the field, its message tied to it.
    await page.getByLabel('Public address (URL)').and(page.locator(':focus')).waitFor();
    expect(await page.getByLabel('Public address (URL)').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Public address (URL)').fill(PUBLIC_URL);
    await page.getByLabel('Title shown to the public').fill('Small-claims form QF-12');
    await page.getByRole('button', { name: 'Save link' }).click();
    await page.getByText('Saved. Citations of this file now link to its public address.').waitFor();
    await expectNoAxeViolations(page);

    const citations = await citationsFor(stack, 'Where is the Quillfeather form QF-12 filed?');
    expect(citations).toContainEqual(
      expect.objectContaining({ url: PUBLIC_URL, title: 'Small-claims form QF-12' }),
    );

    // The documents table shows the link beside the file name.
    await page.goto(`${stack.relayUrl}/admin/#/documents`);
    await page
      .getByRole('row', { name: /qf-12-scan\.txt/ })
      .getByText(`Public link: ${PUBLIC_URL}`)
      .waitFor();
  });

  it('lands focus on the outcome after deleting a document', async () => {
    await page.getByRole('link', { name: 'qf-12-scan.txt' }).click();
    await page.getByRole('button', { name: 'Delete document' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this document?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Deleted\. \d+ indexed passages were removed/);
    await expectNoAxeViolations(page);
    await page.goto(`${stack.relayUrl}/admin/#/audit`);
    const row = page.getByRole('row').filter({ hasText: 'Deleted a document' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('qf-12-scan.txt');
    expect(errors).toEqual([]);
  });
});
