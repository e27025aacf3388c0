/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Stack, startStack } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 5, mobile: below 640 px the panel is a full-screen sheet sized to the visual viewport, the input
// does not trigger iOS zoom (font ≥ 16 px), targets are at least 44 px, the page behind does not scroll,
// and nothing overflows at 320 px. A 1280×720 laptop at 200 % zoom (640×360 CSS px) gets the sheet too.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('widget on small screens', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function phone(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    contexts.push(context);
    return context.newPage();
  }

  const geometry = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('amicus-widget')?.shadowRoot;
      const box = (el: Element | null | undefined) => {
        const r = el?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
      };
      const panel = root?.querySelector('.panel');
      const input = root?.querySelector('textarea');
      const small = [...(root?.querySelectorAll('.panel button, .panel a') ?? [])]
        .filter((el) => !el.classList.contains('cite') && el.getClientRects().length > 0)
        .map((el) => ({ name: el.textContent, ...box(el) }))
        .filter((b) => (b.height ?? 0) < 44 || (b.width ?? 0) < 44);
      return {
        panel: box(panel),
        input: box(input),
        inputFont: input ? Number.parseFloat(getComputedStyle(input).fontSize) : 0,
        overflowX: panel ? panel.scrollWidth - panel.clientWidth : -1,
        pageOverflow: getComputedStyle(document.documentElement).overflow,
        viewport: { width: window.visualViewport?.width ?? 0, height: window.visualViewport?.height ?? 0 },
        launcherVisible: (root?.querySelector('.launcher')?.getClientRects().length ?? 0) > 0,
        modal: panel?.getAttribute('aria-modal'),
        small,
      };
    });

  function expectFullScreen(panel: Box | null, viewport: { width: number; height: number }): void {
    expect(panel).not.toBeNull();
    expect(panel?.x).toBe(0);
    expect(panel?.y).toBe(0);
    expect(Math.round(panel?.width ?? 0)).toBe(viewport.width);
    expect(Math.round(panel?.height ?? 0)).toBe(Math.round(viewport.height));
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  for (const [width, height] of [
    [375, 667],
    [320, 568],
  ] as const) {
    it(`opens as a full-screen, modal sheet at ${width} px and locks the page behind it`, async () => {
      const page = await phone(width, height);
      await page.goto(`${stack.demoUrl}/`);
      const w = widget(page);
      await w.launcher.tap();
      await w.input.waitFor({ state: 'visible' });
      const open = await geometry(page);
      expectFullScreen(open.panel, open.viewport);
      expect(open.modal).toBe('true');
      expect(open.inputFont).toBeGreaterThanOrEqual(16);
      expect(open.pageOverflow).toBe('hidden');
      expect(open.launcherVisible).toBe(false);
      expect(open.small).toEqual([]);
      expect(open.overflowX).toBeLessThanOrEqual(0);

      await w.ask('How do I pay a traffic ticket?');
      const answer = await w.lastAnswerDone();
      await w.citation(answer, 1).tap();
      const answered = await geometry(page);
      expect(answered.small).toEqual([]);
      expect(answered.overflowX).toBeLessThanOrEqual(0);
      // The input stays inside the visible viewport.
      expect((answered.input?.y ?? 0) + (answered.input?.height ?? 0)).toBeLessThanOrEqual(
        answered.viewport.height,
      );

      await w.dialog.getByRole('button', { name: 'Close chat' }).tap();
      const closed = await geometry(page);
      expect(closed.pageOverflow).not.toBe('hidden');
      expect(closed.launcherVisible).toBe(true);
    });
  }

  it('follows the visual viewport when it shrinks (on-screen keyboard)', async () => {
    const page = await phone(375, 667);
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.launcher.tap();
    await w.input.waitFor({ state: 'visible' });
    // Headless Chromium has no on-screen keyboard; shrinking the viewport fires the same visualViewport
    // resize the keyboard does.
    await page.setViewportSize({ width: 375, height: 400 });
    await expect.poll(async () => Math.round((await geometry(page)).panel?.height ?? 0)).toBe(400);
    const g = await geometry(page);
    expect((g.input?.y ?? 0) + (g.input?.height ?? 0)).toBeLessThanOrEqual(400);
  });

  it('keeps Tab inside the sheet', async () => {
    const page = await phone(375, 667);
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.launcher.tap();
    await w.input.waitFor({ state: 'visible' });
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const root = document.querySelector('amicus-widget')?.shadowRoot;
        return !!root?.activeElement && !!root.querySelector('.panel')?.contains(root.activeElement);
      });
      expect(inside).toBe(true);
    }
  });

  it('gives a 200 % zoomed laptop (640×360 CSS px) the full-screen sheet', async () => {
    const context = await browser.newContext({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.open();
    const g = await geometry(page);
    expectFullScreen(g.panel, g.viewport);
    await w.ask('Where is the courthouse?');
    await w.lastAnswerDone();
  });
});
