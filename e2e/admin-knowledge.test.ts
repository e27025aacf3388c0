// Reused from the chatbot-api's tests: real PDF, OOXML and email files generated in memory.
import { makeDocx, makeEml, makePdf, makeXlsx } from '@amicus/chatbot-api/fixtures';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 6's knowledge-base journey, as court staff do it in the admin app: sign in, upload one file of
// every allowed type plus a fake PDF, check the Try-it widget cites the new PDF, delete it, check it is
// no longer cited, and find every action in the audit log. axe runs on every page on the way.

const ADMIN_PASSWORD = 'test-admin-password'; // startTestRelay's default ADMIN_PASSWORD
const FACT = 'The Zephyrine courthouse ferry leaves Pier Nine at 7:15 every weekday morning.';
const QUESTION = 'When does the Zephyrine courthouse ferry leave Pier Nine?';

interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function makeFiles(): Promise<UploadFile[]> {
  const text = (name: string, mimeType: string, body: string) => ({
    name,
    mimeType,
    buffer: Buffer.from(body),
  });
  return [
    {
      name: 'ferry-timetable.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf([['Ferry timetable', FACT]]),
    },
    {
      name: 'jury-duty.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: makeDocx([
        { heading: 1, text: 'Jury duty' },
        { text: 'Jurors are paid 15 dollars a day from the second day.' },
      ]),
    },
    {
      name: 'filing-fees.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await makeXlsx({
        Fees: [
          ['Filing', 'Fee'],
          ['Small claim', 75],
          ['Appeal', 120],
        ],
      }),
    },
    {
      name: 'clerk-notice.eml',
      mimeType: 'message/rfc822',
      buffer: makeEml('Clerk hours', 'The clerk office closes at 4 pm on Fridays.'),
    },
    text('parking.csv', 'text/csv', 'lot,spaces\nElm Street,40\nOak Avenue,25\n'),
    text('holidays.md', 'text/markdown', '# Court holidays\n\nThe court is closed on Founders Day.\n'),
    text('notes.txt', 'text/plain', 'Interpreters can be requested ten days before a hearing.\n'),
    text(
      'security.htm',
      'text/html',
      '<html><head><title>Security</title></head><body><p>Bags are screened at the north entrance.</p></body></html>',
    ),
    text(
      'lost-found.html',
      'text/html',
      '<html><head><title>Lost and found</title></head><body><p>Lost items are kept for 30 days.</p></body></html>',
    ),
    text('scanned-order.pdf', 'application/pdf', 'This is a plain text file pretending to be a PDF.'),
  ];
}

async function signIn(page: Page, relayUrl: string): Promise<void> {
  await page.goto(`${relayUrl}/admin/`);
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Upload files' }).waitFor();
}

async function go(page: Page, relayUrl: string, hash: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${relayUrl}/admin/#/${hash}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Opens Try it (allowing the admin origin for the widget on first use) and asks `question`. */
async function askTryIt(page: Page, relayUrl: string, question: string) {
  await go(page, relayUrl, 'try', 'Try it');
  const allow = page.getByRole('button', { name: 'Allow the chat on this admin site' });
  const open = page.getByRole('button', { name: 'Open the chat' });
  await Promise.race([allow.waitFor(), open.waitFor()]);
  if (await allow.isVisible()) await allow.click();
  await open.click({ timeout: 15_000 });
  const w = widget(page);
  await w.input.waitFor({ state: 'visible' });
  await w.ask(question);
  return { w, answer: await w.lastAnswerDone() };
}

async function citationNames(answer: ReturnType<Page['locator']>): Promise<string[]> {
  const buttons = answer.getByRole('button', { name: /^(Source|Fuente) \d+:/ });
  const names: string[] = [];
  for (let i = 0; i < (await buttons.count()); i++)
    names.push(
      (await buttons.nth(i).getAttribute('aria-label')) ?? (await buttons.nth(i).textContent()) ?? '',
    );
  return names;
}

describe('admin: fill the knowledge base and check the answers', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = trackPageErrors(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('uploads one file of each allowed type; the fake PDF is refused with its reason, the rest become ready', async () => {
    await signIn(page, stack.relayUrl);
    // Drag and drop: a file dropped on the drop zone joins the list like a picked one.
    const dropped = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['dropped'], 'dropped-note.txt', { type: 'text/plain' }));
      return dt;
    });
    await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByRole('row', { name: /dropped-note\.txt.*Ready to upload/ }).waitFor();
    await page.getByRole('button', { name: 'Remove dropped-note.txt' }).click();

    await page.setInputFiles('#file-input', await makeFiles());

    const bad = page.getByRole('row', { name: /scanned-order\.pdf/ });
    await bad.getByText(/not a PDF document/).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Upload 9 files' }).click();
    const refused = page.locator('.form-error');
    await Promise.race([
      page.getByRole('heading', { level: 1, name: 'Upload job' }).waitFor(),
      refused.waitFor(),
    ]);
    if (await refused.count()) {
      const rows = await page.locator('.row-rejected').allInnerTexts();
      throw new Error(`upload refused: ${await refused.textContent()} ${rows.join(' | ')}`);
    }
    const files = page.getByRole('table', { name: 'Files in this upload' });
    await expect
      .poll(async () => files.getByRole('row').filter({ hasText: 'Ready' }).count(), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(9);
    await expect
      .poll(() => page.locator('.job-status').textContent(), { timeout: 30_000 })
      .toMatch(/^Completed/);
    await expectNoAxeViolations(page);
  });

  it('answers from the uploaded PDF in the Try-it widget, citing it', async () => {
    const { answer } = await askTryIt(page, stack.relayUrl, QUESTION);
    expect(await answer.textContent()).toMatch(/7:15/);
    expect((await citationNames(answer)).join('\n')).toMatch(/ferry/i);
    await expectNoAxeViolations(page);
  });

  it('builds the embed snippet from the options, copies it, and previews the real widget', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.relayUrl });
    await go(page, stack.relayUrl, 'embed', 'Embed the chat');
    await page.getByLabel('Title').fill('Clerk help desk');
    await page.getByLabel('Suggested questions').fill('How do I pay a fine?\nWhere do I park?');
    await page.getByLabel('Position').selectOption('left');
    const snippet = page.locator('#snippet-code');
    await expect.poll(() => snippet.textContent()).toMatch(/data-title="Clerk help desk"/);
    const code = (await snippet.textContent()) ?? '';
    expect(code).toContain(`src="${stack.relayUrl}/widget.js"`);
    expect(code).toContain('data-position="left"');
    expect(code).toContain('data-suggestions="How do I pay a fine?|Where do I park?"');

    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByText('Snippet copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const preview = page.frameLocator('iframe[title="Preview of the chat on a court page"]');
    await preview.locator('amicus-widget').getByText('Clerk help desk').waitFor();
    await preview.locator('amicus-widget').getByRole('button', { name: 'Where do I park?' }).waitFor();
    await expectNoAxeViolations(page);

    // Allowed sites: a court adds the address where it pastes the snippet, and the relay honours it.
    const court = 'https://www.example-court.gov';
    await page.getByLabel('Add a site').fill(court);
    await page.getByRole('button', { name: 'Add site' }).click();
    await page.getByText(`Added ${court}.`).waitFor();
    await page.getByRole('button', { name: `Remove ${court}` }).waitFor();
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.relayUrl}/api/sessions`, {
            method: 'POST',
            headers: { origin: court },
          });
          return res.status;
        },
        { timeout: 15_000 },
      )
      .toBe(201);
  });

  it('deletes the PDF after confirmation, reporting the passages removed; it is cited no more', async () => {
    await go(page, stack.relayUrl, 'documents', 'Documents');
    await page.getByLabel('Name contains').fill('ferry');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('row', { name: /ferry-timetable\.pdf/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Delete ferry-timetable.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/Deleted 1 document and its [1-9]\d* indexed passages/).waitFor();

    const { answer } = await askTryIt(page, stack.relayUrl, QUESTION);
    expect((await citationNames(answer)).join('\n')).not.toMatch(/ferry/i);
  });

  it('deletes several documents at once, reporting the total passages removed', async () => {
    await go(page, stack.relayUrl, 'documents', 'Documents');
    await page.getByRole('checkbox', { name: 'Select notes.txt' }).check();
    await page.getByRole('checkbox', { name: 'Select holidays.md' }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 documents?' });
    await dialog.getByText('notes.txt').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/Deleted 2 documents and [1-9]\d* indexed passages/).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /notes\.txt|holidays\.md/ }).count()).toBe(0);
  });

  it('shows every action in the audit log, read-only and filterable', async () => {
    await go(page, stack.relayUrl, 'audit', 'Audit log');
    const log = page.getByRole('table');
    for (const action of [
      'Signed in',
      'Uploaded files',
      'Changed allowed sites',
      'Deleted a document',
      'Deleted documents',
    ]) {
      await log
        .getByRole('cell', { name: new RegExp(`^${action}`) })
        .first()
        .waitFor();
    }
    await expectNoAxeViolations(page);
    await page.getByLabel('Action').selectOption({ label: 'Deleted a document' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => log.getByRole('row').count()).toBe(2); // header + the one delete
    expect(await page.getByRole('button', { name: /delete|edit/i }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
