import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { startStackScript } from './support/start-script.js';
import { widget } from './support/widget.js';

// Issue 2's journey: a visitor on the demo court site asks the widget a question, gets a streamed answer
// grounded in the site with a [Source N] citation, opens it, and finds the conversation on the next page.

const QUESTION = 'How do I pay a traffic ticket?';

describe('first path: ask the court site a question', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    context = await browser.newContext();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('streams a cited answer, opens its source and keeps the conversation across pages', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);

    await w.open();
    const streaming = await w.watchStreaming();
    const reply = page.waitForResponse(
      (res) => res.request().method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(res.url()),
    );
    await w.ask(QUESTION);

    // Streamed: the relay answers with an event stream (the body itself is not readable through DevTools for
    // a streamed fetch), and the widget showed the answer in its streaming state before it was complete.
    const response = await reply;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    const answer = await w.lastAnswerDone();
    expect((await streaming()).sawStreaming).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText() is the visible text, the point here.
    const answerText = await answer.innerText();
    expect(answerText).toMatch(/traffic|ticket/i);

    // At least one citation, rendered as a named button, opened with a click (never hover).
    const citation = w.citation(answer, 1);
    await citation.waitFor();
    expect(await citation.getAttribute('aria-expanded')).toBe('false');
    await citation.click();
    expect(await citation.getAttribute('aria-expanded')).toBe('true');

    const detailId = await citation.getAttribute('aria-controls');
    expect(detailId).toBeTruthy();
    const detail = w.dialog.locator(`[id="${detailId}"]`);
    await detail.waitFor({ state: 'visible' });
    // The button's accessible name is "Source 1: <page title>"; the opened source shows that name and a
    // preview of the cited passage.
    const title = ((await citation.textContent()) ?? '').replace(/^Source 1:\s*/, '').trim();
    expect(title).toMatch(/traffic/i);
    const shownTitle = detail.locator('.detail-title');
    await shownTitle.waitFor({ state: 'visible' });
    expect((await shownTitle.textContent())?.trim()).toBe(title);
    const preview = detail.locator('.preview');
    await preview.waitFor({ state: 'visible' });
    expect(((await preview.textContent()) ?? '').trim().length).toBeGreaterThan(20);

    // Another page of the same site: the conversation is still there.
    await page.goto(`${stack.demoUrl}/jury/`);
    const again = widget(page);
    await again.open();
    await again.dialog.getByText(QUESTION, { exact: true }).waitFor();
    const restored = again.answers.last();
    await restored.waitFor();
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    // biome-ignore lint/performance/useDomNodeTextContent: visible text, as above.
    expect(squash(await restored.innerText())).toBe(squash(answerText));
    await again.citation(restored, 1).waitFor();

    expect(errors).toEqual([]);
  });
});

describe('npm start: the zero-configuration stack script', () => {
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    [browser, dataDir] = await Promise.all([launchBrowser(), mkdtemp(join(tmpdir(), 'amicus-start-'))]);
  });

  afterAll(async () => {
    await browser?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Generous timeout: two cold starts of three servers (the first one seeds) on a shared 2-core machine.
  it('starts everything, answers with a citation, stops on Ctrl-C and reuses its data next time', {
    timeout: 240_000,
  }, async () => {
    const first = await startStackScript(dataDir);
    try {
      expect(first.output()).toContain('› first start');
      expect(first.output()).toContain(`${first.demoUrl}/`);
      expect(first.output()).toContain(`${first.relayUrl}/admin`);
      const upstreamFile = join(dataDir, 'upstream.json');
      // The file holds the upstream keys: readable by its owner only.
      expect((await stat(upstreamFile)).mode & 0o777).toBe(0o600);
      const upstream = JSON.parse(await readFile(upstreamFile, 'utf8')) as Record<string, string>;
      expect(upstream.base_url).toBe(`${first.chatbotApiUrl}/v1`);
      expect(upstream.chat_key).toMatch(/^svc_sk_\S{59}$/);
      // The generated admin password: in a file only its owner can read; the banner shows the path, the
      // output (which ends up in logs) never the password.
      const passwordFile = join(dataDir, 'admin-password');
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      const adminPassword = (await readFile(passwordFile, 'utf8')).trim();
      expect(adminPassword).toMatch(/^[\w-]{24}$/);
      expect(first.output()).toContain(`Admin user "admin": password in ${passwordFile}`);
      expect(first.output()).not.toContain(adminPassword);

      const page = await browser.newPage();
      await page.goto(`${first.demoUrl}/traffic/`);
      const w = widget(page);
      await w.open();
      await w.ask(QUESTION);
      const answer = await w.lastAnswerDone();
      await w.citation(answer, 1).waitFor();
      // Seeded under the demo site's real address, so the source links to the page itself.
      await w.citation(answer, 1).click();
      const link = w.dialog.getByRole('link', { name: /Open the page/ }).first();
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${first.demoUrl}/`));
      await page.close();
    } finally {
      expect(await first.stop('SIGINT')).toBe(0);
    }

    const second = await startStackScript(dataDir);
    try {
      expect(second.output()).not.toContain('› first start');
      expect(second.output()).not.toContain('› seeding');
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });
});
