/// <reference lib="dom" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 14's feedback, the visitor's side: thumbs up / down under each answer (named toggle buttons with
// their pressed state), an optional labelled comment, and a polite "Thanks" — by keyboard, against the real
// relay, which accepts the rating only for an answer of the visitor's own conversation (so a 204 here also
// proves the answer's position is the relay's).

const status = (page: import('playwright-core').Page) =>
  page.evaluate(
    () =>
      document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.panel > [role="status"]')
        ?.textContent,
  );

describe('answer feedback in the widget', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('rates the second answer down with a comment, announced politely, by keyboard', async () => {
    const page = await browser.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/traffic/`);
    const w = widget(page);
    await w.open();
    await w.ask('How do I pay a traffic ticket?');
    await w.lastAnswerDone();
    await w.ask('Where is the courthouse?');
    const answer = await w.lastAnswerDone();

    const group = answer.getByRole('group', { name: 'Was this answer helpful?' });
    const up = group.getByRole('button', { name: 'Helpful', exact: true });
    const down = group.getByRole('button', { name: 'Not helpful' });
    await down.waitFor();
    expect([await up.getAttribute('aria-pressed'), await down.getAttribute('aria-pressed')]).toEqual([
      'false',
      'false',
    ]);
    await expectNoAxeViolations(page, 'amicus-widget');

    const rated = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
    await down.focus();
    await page.keyboard.press('Enter');
    const response = await rated;
    expect(response.status()).toBe(204);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      message_index: 3,
      rating: 'down',
    });
    expect(await down.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => status(page)).toBe('Thank you for your feedback.');

    const comment = answer.getByRole('textbox', { name: 'Tell us more (optional)' });
    await comment.focus();
    await page.keyboard.type('The courthouse address is missing.');
    const commented = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect((await commented).status()).toBe(204);
    expect(JSON.parse((await commented).request().postData() ?? '{}')).toMatchObject({
      message_index: 3,
      rating: 'down',
      comment: 'The courthouse address is missing.',
    });
    await comment.waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('speaks Spanish on the Spanish pages', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.demoUrl}/es/`);
    const w = widget(page);
    await w.open();
    await w.ask('¿Cómo pago una multa de tránsito?');
    const answer = await w.lastAnswerDone();
    const group = answer.getByRole('group', { name: '¿Le sirvió esta respuesta?' });
    await group.getByRole('button', { name: 'Me sirvió', exact: true }).waitFor();
    expect(await group.getByRole('button', { name: 'No me sirvió' }).count()).toBe(1);
    await page.close();
  });
});
