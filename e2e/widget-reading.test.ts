/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { plantedAnswers, type UpstreamCitation, widget } from './support/widget.js';

// Reading an answer, as a visitor sees it in Chromium (issues 11 §3 and 14). Answers come from a stand-in
// for the upstream, carried by the real relay and widget, so each test fixes the text it reads.

const cite = (n: number, path: string, title: string, preview = `Text of ${title}.`): UpstreamCitation => ({
  source_index: n,
  document_id: `doc-${path}`,
  source_filename: `https://court.example/${path}`,
  chunk_index: 0,
  text_preview: preview,
  score: 0.9,
  title,
});

describe('reading an answer', () => {
  const answers = plantedAnswers();
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function visitor(path = '/', options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}${path}`);
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

  it('gives each message its own lang, with citation labels in that language (WCAG 3.1.2)', async () => {
    const page = await visitor('/');
    const errors = trackPageErrors(page);
    const w = widget(page);
    await w.open();
    answers.plant('Puede pagar la multa en línea o por correo [Source 1].', [cite(1, 'pagos', 'Pagos')]);
    await w.ask('¿Cómo pago una multa de tránsito?');
    let answer = await w.lastAnswerDone();
    await answer.getByText('Fuentes (1)').waitFor();
    await answer.getByRole('button', { name: /^Fuente 1: Pagos$/ }).waitFor();

    answers.plant('You can pay online or by mail [Source 1].', [cite(1, 'pay', 'Pay a ticket')]);
    await w.ask('And how do I pay it by mail?');
    answer = await w.lastAnswerDone();
    await answer.getByText('Sources (1)').waitFor();
    const langs = await w.dialog
      .locator('.msg')
      .evaluateAll((els) => els.map((el) => el.getAttribute('lang')));
    expect(langs).toEqual(['es', 'es', 'en', 'en']);
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
  });

  it('shows one marker per source per paragraph and opens the source in view, focused, from a marker', async () => {
    const page = await visitor('/', { viewport: { width: 1024, height: 700 } });
    const w = widget(page);
    await w.open();
    const filler = 'The court explains every step on its pages and staff can help at the counter.';
    answers.plant(
      [
        `You can pay online [Source 1]. ${filler} [Source 1]. ${filler} [Source 2]. ${filler} [Source 1].`,
        '',
        `${filler} [Source 2]. ${filler}`.repeat(3),
      ].join('\n'),
      [
        cite(
          1,
          'pay',
          'Pay a ticket | Superior Court of Example County',
          '- Online\n- By mail\n- **In person**',
        ),
        { ...cite(2, 'pay', 'Pay a ticket | Superior Court of Example County'), chunk_index: 3 },
      ],
    );
    await w.ask('How do I pay a ticket?');
    const answer = await w.lastAnswerDone();
    const markers = answer.locator('p button.cite');
    // Paragraph one: Source 1 once and Source 2 once; paragraph two: Source 2 once.
    expect(await markers.allTextContents()).toEqual([
      'Source 1: Pay a ticket',
      'Source 2: Pay a ticket',
      'Source 2: Pay a ticket',
    ]);
    // Both numbers are the same page: listed once, without the site's name.
    expect(await answer.locator('.source').allTextContents()).toEqual(['Source 1: Pay a ticket']);

    const marker = markers.first();
    await marker.click();
    const detail = answer.locator('.detail:not([hidden])');
    await detail.waitFor();
    expect(await marker.getAttribute('aria-expanded')).toBe('true');
    expect(await markers.nth(1).getAttribute('aria-expanded')).toBe('false');
    expect(await answer.locator('.source').getAttribute('aria-expanded')).toBe('false');
    // Focus moved to the detail, which is in view inside the transcript.
    expect(await detail.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    const inView = await detail.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const view = (el.closest('.transcript') as HTMLElement).getBoundingClientRect();
      return box.top >= view.top - 1 && box.top < view.bottom;
    });
    expect(inView).toBe(true);
    // The preview is text with its list, not Markdown bullets.
    expect(await detail.locator('li').allTextContents()).toEqual(['Online', 'By mail', 'In person']);
    expect(await detail.textContent()).not.toMatch(/- Online|\*\*/);
    await expectNoAxeViolations(page, 'amicus-widget');
  });

  it('keeps the citations and the sources list of a stopped answer', async () => {
    const page = await visitor('/');
    const w = widget(page);
    await w.open();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answers.plant(
      'You can pay online [Source 1]. Or by mail [Source 2].',
      [cite(1, 'pay', 'Pay'), cite(2, 'mail', 'Mail')],
      held,
    );
    await w.ask('How do I pay a ticket?');
    const answer = w.answers.last();
    await answer.getByText('Or by').waitFor();
    await w.dialog.getByRole('button', { name: 'Stop', exact: true }).click();
    await answer.getByText('You stopped this answer.').waitFor();
    expect(await answer.textContent()).not.toContain('[Source');
    release();
    await answer.getByText('Sources (2)').waitFor();
    await w.citation(answer, 2).click();
    await answer.locator('.detail:not([hidden])').getByText('Text of Mail.').waitFor();
    expect(await answer.textContent()).not.toContain('[Source');
    await expectNoAxeViolations(page, 'amicus-widget');
  });

  it('shows a new answer from its start with the question in view, and follows only a reader at the bottom', async () => {
    const page = await visitor('/', { viewport: { width: 1024, height: 700 } });
    const w = widget(page);
    await w.open();
    answers.plant('You can pay online [Source 1].', [cite(1, 'pay', 'Pay')]);
    await w.ask('How do I pay a ticket?');
    await w.lastAnswerDone();

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = Array.from({ length: 40 }, (_, i) => `Step ${i + 1}: read the page and follow it.`).join(
      '\n\n',
    );
    answers.plant(`${long} [Source 1]`, [cite(1, 'steps', 'Steps')], held);
    await w.ask('What are all the steps?');
    await w.answers.last().getByText('Step 3:').waitFor();
    const transcript = w.dialog.locator('.transcript');
    const view = () =>
      transcript.evaluate((el) => {
        const asked = [...el.querySelectorAll('.user')].pop() as HTMLElement;
        const top = asked.getBoundingClientRect().top - el.getBoundingClientRect().top;
        return { questionTop: top, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < 2 };
      });
    // The question sits at the top of the view, its answer below it: the view did not run to the end.
    let seen = await view();
    expect(seen.questionTop).toBeGreaterThanOrEqual(0);
    expect(seen.questionTop).toBeLessThan(40);
    expect(seen.atBottom).toBe(false);

    // A reader who goes to the bottom is followed as the rest arrives.
    await transcript.evaluate(async (el) => {
      el.scrollTop = el.scrollHeight;
      // The scroll event (which tells the widget where the reader is) comes with the next frame.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    });
    expect((await view()).atBottom).toBe(true);
    release();
    await w.lastAnswerDone();
    await w.answers.last().getByText('Step 40:').waitFor();
    seen = await view();
    expect(seen.atBottom).toBe(true);
  });

  it('keeps bringing the question up when its own scroll is reported after the answer grew', async () => {
    const page = await visitor('/', { viewport: { width: 1024, height: 700 } });
    const w = widget(page);
    await w.open();
    answers.plant('You can pay online [Source 1].', [cite(1, 'pay', 'Pay')]);
    await w.ask('How do I pay a ticket?');
    await w.lastAnswerDone();
    const transcript = w.dialog.locator('.transcript');
    // The race, made certain: the scroll event for the position the widget set comes a frame later,
    // and a fast answer may have grown the transcript by then. A capturing listener runs before the
    // widget's own and grows the transcript (its padding) at the first such event.
    await transcript.evaluate((el) => {
      const root = el.getRootNode() as ShadowRoot;
      const grow = (event: Event) => {
        if (event.target !== el) return;
        root.removeEventListener('scroll', grow, true);
        el.style.paddingBottom = '400px';
      };
      root.addEventListener('scroll', grow, true);
    });
    const long = Array.from({ length: 30 }, (_, i) => `Step ${i + 1}: read the page and follow it.`).join(
      '\n\n',
    );
    answers.plant(`${long} [Source 1]`, [cite(1, 'steps', 'Steps')]);
    await w.ask('What are all the steps?');
    await w.lastAnswerDone();
    await w.answers.last().getByText('Step 30:').waitFor();
    // Let the last frame's placement happen.
    await transcript.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
    );
    const questionTop = await transcript.evaluate((el) => {
      const asked = [...el.querySelectorAll('.user')].pop() as HTMLElement;
      return asked.getBoundingClientRect().top - el.getBoundingClientRect().top;
    });
    expect(questionTop).toBeGreaterThanOrEqual(0);
    expect(questionTop).toBeLessThan(40);
  });

  it('at 320 px: a compact header without broken words, a labelled question box, Clear asks first, and the launcher clear of the page end', async () => {
    const page = await visitor('/', {
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    const w = widget(page);
    await w.launcher.waitFor();
    // At the end of the page, the last line is above the launcher, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const overlap = await page.evaluate(() => {
      const last = [...document.querySelectorAll('footer p')].pop() as HTMLElement;
      const launcher = document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.launcher');
      const a = last.getBoundingClientRect();
      const b = (launcher as HTMLElement).getBoundingClientRect();
      return a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
    });
    expect(overlap).toBe(false);

    await w.open();
    const head = w.dialog.locator('.head');
    expect(await head.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(72);
    // Each word of the title is on one line (no mid-word break).
    const broken = await w.dialog.locator('h2').evaluate((h2) => {
      const text = h2.firstChild as Text;
      const words: string[] = [];
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index ?? 0);
        range.setEnd(text, (m.index ?? 0) + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) words.push(m[0]);
      }
      return words;
    });
    expect(broken).toEqual([]);
    expect(await w.input.getAttribute('placeholder')).toBe('Your question');

    answers.plant('You can pay online [Source 1].', [cite(1, 'pay', 'Pay')]);
    await w.ask('How do I pay a ticket?');
    await w.lastAnswerDone();
    const clear = w.dialog.getByRole('button', { name: 'Clear conversation' });
    page.once('dialog', (dialog) => void dialog.dismiss());
    await clear.click();
    expect(await w.answers.count()).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await clear.click();
    await expect.poll(() => w.answers.count()).toBe(0);
    await expectNoAxeViolations(page, 'amicus-widget');
  });

  it('announces the rate-limit countdown when it starts and when it ends, and clearing does not reset it', async () => {
    const page = await visitor('/');
    const w = widget(page);
    await w.open();
    let retryAfter = '2';
    await page.route(/\/api\/conversations\/[^/]+\/messages$/, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': retryAfter, 'content-type': 'application/json' },
        body: JSON.stringify({
          // In the body: a fulfilled cross-origin response exposes no Retry-After header to the page.
          error: {
            code: 'rate_limited',
            message: 'slow down',
            retryable: true,
            retryAfter: Number(retryAfter),
          },
        }),
      }),
    );
    const status = w.dialog.getByRole('status');
    await w.ask('How do I pay a ticket?');
    await status.getByText('You can ask again in 2 seconds.').waitFor({ state: 'attached' });
    await status.getByText('You can ask again now.').waitFor({ state: 'attached', timeout: 5000 });
    expect(await w.send.getAttribute('aria-disabled')).toBe('false');

    retryAfter = '30';
    await w.input.press('Enter');
    await w.dialog
      .getByText(/You can ask again in \d+ seconds\./)
      .first()
      .waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await w.dialog.getByRole('button', { name: 'Clear conversation' }).click();
    await status.getByText('Conversation cleared.').waitFor({ state: 'attached' });
    await w.dialog
      .locator('.wait')
      .getByText(/You can ask again in \d+ seconds\./)
      .waitFor();
    expect(await w.send.getAttribute('aria-disabled')).toBe('true');
    await expectNoAxeViolations(page, 'amicus-widget');
  });

  it('draws a quoted nested list as lists inside their items, as the accessibility tree reads it (WCAG 1.3.1)', async () => {
    const page = await visitor('/');
    const w = widget(page);
    await w.open();
    answers.plant(
      [
        'To create an account:',
        '',
        '- Enter your email address.',
        '  - Use an address you check often.',
        '  - Confirm it from the message we send.',
        '    The link expires after 24 hours.',
        '- Create a strong password. [Source 1]',
      ].join('\n'),
      [cite(1, 'account', 'Create an account')],
    );
    await w.ask('How do I create an account?');
    const answer = await w.lastAnswerDone();
    const steps = answer.getByRole('list').first().locator(':scope > li');
    expect(await steps.count()).toBe(2);
    const subSteps = steps.first().getByRole('list').getByRole('listitem');
    expect(await subSteps.allTextContents()).toEqual([
      'Use an address you check often.',
      'Confirm it from the message we send.The link expires after 24 hours.',
    ]);
    expect(await answer.textContent()).not.toContain('- ');
    await expectNoAxeViolations(page, 'amicus-widget');
  });
});
