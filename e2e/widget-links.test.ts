/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { plantedAnswers, widget } from './support/widget.js';

// Issue 10 item 4: a crawled page saying `[official payment portal](https://evil.example/pay)` is quoted in
// an answer. The widget links only to the court's hosts (the page's, the relay's) and the pages the answer
// cites; any other address is shown as text, visible but not clickable. The answer comes from a stand-in
// for the upstream (the real relay and widget carry it), so the test does not depend on how retrieval
// happens to quote that page.

describe('links in answers', () => {
  const answers = plantedAnswers();
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}/`);
    return page;
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ relay: { fetch: answers.fetch } }), launchBrowser()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  it('renders no link to a host the court does not allow (phishing), only to its own and cited pages', async () => {
    const page = await visitor();
    const errors = trackPageErrors(page);
    answers.plant(
      [
        'Pay your fine at the [official payment portal](https://evil.example/pay) today.',
        `See the [traffic page](${stack.demoUrl}/traffic/) and the [fee schedule](https://forms.court.example/fees) [Source 1].`,
        'Or [pay here](javascript:alert(1)).',
      ].join(' '),
      [
        {
          source_index: 1,
          document_id: 'doc-fees',
          source_filename: 'https://forms.court.example/fees',
          chunk_index: 0,
          text_preview: 'Fee schedule for traffic fines.',
          score: 0.9,
          title: 'Fee schedule',
        },
      ],
    );
    const w = widget(page);
    await w.open();
    await w.ask('How do I pay my fine?');
    const answer = await w.lastAnswerDone();

    expect(await answer.locator('a[href*="evil.example"]').count()).toBe(0);
    expect(await w.host.locator('a[href^="javascript:"]').count()).toBe(0);
    await answer.getByText('official payment portal (https://evil.example/pay)', { exact: false }).waitFor();
    const hrefs = await answer
      .locator('p a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([`${stack.demoUrl}/traffic/`, 'https://forms.court.example/fees']);
    // The live region reads the answer without the addresses' markup either way.
    expect(await w.dialog.getByRole('status').textContent()).toContain('official payment portal');
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
  });
});
