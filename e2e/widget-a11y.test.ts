/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 5: axe-core finds zero WCAG 2.1 A/AA violations in every state of the widget, on the real stack.
// The relay's upstream fetch is wrapped with a gate so a test can hold an answer mid-stream and scan the
// streaming state deterministically (the chatbot-api itself answers in well under a second).

const QUESTION = 'How do I pay a traffic ticket?';

/** Holds upstream event streams after their first chunk until `release()`: a real answer, paused. */
function streamGate() {
  let held: Promise<void> | null = null;
  let open = () => {};
  const gatedFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!held || !res.body || !res.headers.get('content-type')?.includes('event-stream')) return res;
    const reader = res.body.getReader();
    const gate = held;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!first) await gate;
        first = false;
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return {
    gatedFetch,
    hold() {
      held = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
      held = null;
    },
  };
}

describe('widget accessibility (axe, WCAG 2.1 AA)', () => {
  const gate = streamGate();
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  }

  /** The widget alone, then the whole page: the widget must not add violations to its host either. */
  async function scan(page: Page): Promise<void> {
    await expectNoAxeViolations(page, 'amicus-widget');
    await expectNoAxeViolations(page);
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ relay: { fetch: gate.gatedFetch } }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  it('has no violations closed, open, streaming, answered, with a citation open, and in dark mode', async () => {
    const page = await newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/traffic/`);
    const w = widget(page);
    await w.launcher.waitFor();
    await scan(page); // closed

    await w.open();
    expect(await w.dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await scan(page); // open, with greeting, suggestions and disclaimer

    gate.hold();
    await w.ask(QUESTION);
    await w.dialog.locator('.msg.bot[aria-busy="true"]').waitFor();
    await w.dialog
      .getByRole('status')
      .getByText(/Answering/)
      .waitFor({ state: 'attached' });
    await w.dialog.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await scan(page); // streaming
    gate.release();

    const answer = await w.lastAnswerDone();
    await answer.getByText(/^Sources \(\d+\)$/).waitFor();
    await scan(page); // answered with citations

    await w.citation(answer, 1).click();
    await scan(page); // citation open

    await page.emulateMedia({ colorScheme: 'dark' });
    await scan(page); // dark mode, citation still open
    // Forced colours: the widget only (the browser repaints the host page too, which axe then misjudges).
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'active' });
    await expectNoAxeViolations(page, 'amicus-widget');
    expect(errors).toEqual([]);
  });

  it('has no violations in Spanish, with lang set on the widget', async () => {
    const page = await newPage();
    await page.goto(`${stack.demoUrl}/es/`);
    const w = widget(page);
    expect(await w.host.getAttribute('lang')).toBe('es');
    await w.open();
    await w.dialog.getByRole('heading', { name: /Ayuda/ }).waitFor();
    await scan(page);
    await w.ask('¿Cómo pago una multa de tránsito?');
    const answer = await w.lastAnswerDone();
    await answer.getByText(/^Fuentes \(\d+\)$/).waitFor();
    await w.citation(answer, 1).click();
    await scan(page);
  });

  for (const width of [375, 320]) {
    it(`has no violations as a full-screen sheet at ${width} px`, async () => {
      const page = await newPage({ viewport: { width, height: 640 }, isMobile: true, hasTouch: true });
      await page.goto(`${stack.demoUrl}/`);
      const w = widget(page);
      await w.launcher.waitFor();
      await scan(page);
      await w.launcher.tap();
      await w.input.waitFor({ state: 'visible' });
      await scan(page);
      await w.ask(QUESTION);
      const answer = await w.lastAnswerDone();
      await w.citation(answer, 1).tap();
      await scan(page);
    });
  }

  it('moves focus into the dialog on open and back to the launcher on Escape, by keyboard alone', async () => {
    const page = await newPage();
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.launcher.focus();
    // Focus triggered the panel download. Wait until its shell is drawn (the loader gets the panel's
    // handle right after): only then does a press open the panel itself rather than the skeleton the
    // loader shows while the panel starts up. The bundle alone having run is not enough.
    await page.waitForFunction(
      () => document.querySelector('amicus-widget')?.shadowRoot?.querySelector('#amicus-panel') != null,
    );
    await page.keyboard.press('Enter');
    const focused = () =>
      page.evaluate(() => {
        const root = document.querySelector('amicus-widget')?.shadowRoot;
        const el = root?.activeElement;
        return el ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ''}` : null;
      });
    expect(await focused()).toBe('textarea');
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await w.dialog.waitFor({ state: 'hidden' });
    expect(await focused()).toBe('button.launcher');
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('false');
  });

  it('never moves focus asynchronously: opened before panel.js arrives, the panel keeps the focused box', async () => {
    const page = await newPage();
    // A slow network: panel.js is held back until the visitor has opened the widget and started typing.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/panel\.[0-9a-f]+\.js$/, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.launcher.waitFor();
    type Marked = Window & { focusedOnClick?: Element | null };
    // Activate and read focus in the same task: where focus is when the click handler returns.
    const onClick = await page.evaluate(() => {
      const root = document.querySelector('amicus-widget')?.shadowRoot;
      root?.querySelector<HTMLButtonElement>('button.launcher')?.click();
      const el = root?.activeElement ?? null;
      (window as Marked).focusedOnClick = el;
      return {
        tag: el?.tagName,
        name: el?.getAttribute('aria-label'),
        busy: el?.closest('[role="dialog"]')?.getAttribute('aria-busy'),
        loaded: (window as { __amicusPanel?: unknown }).__amicusPanel !== undefined,
      };
    });
    expect(onClick).toEqual({ tag: 'TEXTAREA', name: 'Ask a question', busy: 'true', loaded: false });
    await expectNoAxeViolations(page, 'amicus-widget');
    await page.keyboard.type('Where do I park');

    release();
    await w.input.waitFor({ state: 'visible' });
    await page.keyboard.type('?');
    const same = await page.evaluate(
      () =>
        document.querySelector('amicus-widget')?.shadowRoot?.activeElement ===
        (window as Marked).focusedOnClick,
    );
    expect(same).toBe(true);
    expect(await w.input.inputValue()).toBe('Where do I park?');
    expect(await w.dialog.getAttribute('aria-busy')).toBeNull();
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('true');
    await scan(page);
  });

  it('closes on Escape before panel.js arrives too: focus back on the launcher, and it stays closed', async () => {
    const page = await newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/panel\.[0-9a-f]+\.js$/, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.launcher.focus();
    await page.keyboard.press('Enter');
    const skeleton = w.host.locator('[role="dialog"][aria-busy="true"]');
    await expect.poll(() => skeleton.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => skeleton.isVisible()).toBe(false);
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(
        () => document.querySelector('amicus-widget')?.shadowRoot?.activeElement?.className,
      ),
    ).toBe('launcher');
    // The open and the close are replayed in order when the panel arrives: it stays closed.
    release();
    // The panel's shell is drawn once its handle is back, and the queued calls replay right after.
    await page.waitForFunction(
      () => !!document.querySelector('amicus-widget')?.shadowRoot?.querySelector('#amicus-panel'),
    );
    expect(await w.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await w.dialog.isVisible()).toBe(false);
  });
});
