/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 5, errors: a 429 from the real relay (one message per visitor per minute here) gives a
// plain-language countdown with Send disabled and the draft kept; offline, 5xx, a timeout and a stream cut
// mid-answer each get their own message, the cut answer is kept, marked incomplete, with a retry; Stop aborts.
// Offline uses the browser's own offline mode; the 5xx and the cut stream replace the relay's response for
// that one request (`page.route`), since the healthy relay will not produce them on demand.

const QUESTION = 'How do I pay a traffic ticket?';
const MESSAGES = /\/api\/conversations\/[^/]+\/messages$/;

describe('widget error states', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A new context is a new visitor (a fresh token), with a fresh message budget. */
  async function visitor(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}/`);
    return page;
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ relay: { env: { LIMIT_MESSAGES_PER_VISITOR_PER_MINUTE: '1' } } }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  it('counts down after a 429, keeps the draft and disables Send until the wait is over', async () => {
    const page = await visitor();
    const errors: string[] = trackPageErrors(page);
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.lastAnswerDone();

    const second = 'Where do I park at the courthouse?';
    const refused = page.waitForResponse((res) => MESSAGES.test(res.url()) && res.status() === 429);
    await w.ask(second);
    const response = await refused;
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);

    await w.dialog
      .getByRole('alert')
      .getByText(/many questions/)
      .waitFor();
    // The visible countdown; the status region says the same once, when it starts (widget-reading tests the end).
    const countdown = w.dialog.locator('.wait').getByText(/You can ask again in \d+ seconds?\./);
    await countdown.waitFor();
    await w.dialog
      .getByRole('status')
      .getByText(/You can ask again in \d+ seconds?\./)
      .waitFor({ state: 'attached' });
    expect(await w.input.inputValue()).toBe(second);
    expect(await w.send.getAttribute('aria-disabled')).toBe('true');
    const seconds = async () => Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    const first = await seconds();
    await expect.poll(seconds, { timeout: 5000 }).toBeLessThan(first);

    // Send stays refused: no request leaves while the countdown runs.
    let sent = 0;
    page.on('request', (req) => {
      if (MESSAGES.test(req.url())) sent++;
    });
    await w.input.press('Enter');
    // Playwright refuses to click an aria-disabled button; a visitor's click still reaches it.
    await w.send.dispatchEvent('click');
    await page.waitForTimeout(300);
    expect(sent).toBe(0);
    expect(await w.answers.count()).toBe(1);

    await expectNoAxeViolations(page, 'amicus-widget');
    // The 429 itself is logged by Chromium as a failed resource; nothing else may be.
    expect(errors.filter((e) => !/status of 429/.test(e))).toEqual([]);
  });

  it('says the visitor is offline, and keeps the question', async () => {
    const page = await visitor();
    const w = widget(page);
    await w.open();
    await page.context().setOffline(true);
    await w.ask(QUESTION);
    await w.dialog
      .getByRole('alert')
      .getByText(/You seem to be offline/)
      .waitFor();
    expect(await w.input.inputValue()).toBe(QUESTION);
    expect(await w.answers.count()).toBe(0);
    await page.context().setOffline(false);
  });

  it('has its own message for a server error', async () => {
    const page = await visitor();
    await page.route(MESSAGES, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'upstream_unavailable', message: 'down', retryable: true, retryAfter: null },
        }),
      }),
    );
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.dialog
      .getByRole('alert')
      .getByText(/having a problem/)
      .waitFor();
    expect(await w.input.inputValue()).toBe(QUESTION);
  });

  it('has its own message when the answer never comes, and lets the visitor send it again', async () => {
    // The relay accepts the question, then nothing arrives: not a header, not a `: ping`. The widget gives up
    // after its 20 s first-byte timeout (45 s of silence once streaming); Playwright's clock jumps past it,
    // so the test needs no test-only option in the product and does not wait 20 real seconds.
    const page = await visitor();
    await page.clock.install();
    await page.reload();
    const stalled = new Promise<void>((resolve) => {
      void page.route(MESSAGES, () => resolve());
    });
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await stalled;
    await page.clock.fastForward(21_000);
    await w.dialog
      .getByRole('alert')
      .getByText(/took too long to answer/)
      .waitFor();
    // Nothing came back, so the question returns to the box and Send is the way to try again.
    expect(await w.input.inputValue()).toBe(QUESTION);
    expect(await w.answers.count()).toBe(0);
    expect(await w.send.getAttribute('aria-disabled')).toBe('false');
    await w.dialog.getByRole('button', { name: 'Send', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'amicus-widget');

    await page.unroute(MESSAGES);
    await w.input.press('Enter');
    const answer = await w.lastAnswerDone();
    await w.citation(answer, 1).waitFor();
    expect(await w.dialog.getByRole('alert').textContent()).toBe('');
  });

  it('keeps a cut answer, marked incomplete, and retries it', async () => {
    const page = await visitor();
    let cut = true;
    await page.route(MESSAGES, async (route) => {
      if (!cut) return route.continue();
      cut = false;
      // The relay's start and first delta, then the connection ends without `done`.
      await route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'event: start\ndata: {"conversationId":"x"}\n\nevent: delta\ndata: {"text":"You can pay your ticket"}\n\n',
      });
    });
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    const partial = w.answers.last();
    await partial.getByText('This answer is incomplete.').waitFor();
    expect(await partial.textContent()).toContain('You can pay your ticket');
    await w.dialog.getByRole('alert').waitFor();
    await expectNoAxeViolations(page, 'amicus-widget');

    await partial.getByRole('button', { name: 'Try again' }).click();
    const answer = await w.lastAnswerDone();
    await w.citation(answer, 1).waitFor();
    expect(await w.dialog.getByText('This answer is incomplete.').count()).toBe(0);
  });

  it('stops an answer with the Stop button', async () => {
    const page = await visitor();
    // Hold the relay's answer back so there is time to press Stop.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(MESSAGES, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.dialog.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await w.dialog.getByRole('button', { name: 'Stop', exact: true }).click();
    await w.dialog.getByText('You stopped this answer.').waitFor();
    await w.dialog.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await w.dialog.getByRole('alert').textContent()).toBe('');
    release();
  });
});
