/// <reference lib="dom" />
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, STRICT_CSP, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 5's strict-CSP proof: the demo site served with
// `default-src 'self'; script-src 'self' <relay>; connect-src <relay>; style-src 'self'`, and the widget
// works end to end — launcher, panel, streamed answer, citation, mobile scroll lock, clearing — with no
// `securitypolicyviolation` event and no console error. Styles go through constructable stylesheets.

describe('widget under a strict Content-Security-Policy', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ demoCsp: STRICT_CSP }), launchBrowser()]);
    context = await browser.newContext();
    // DevTools init scripts are not subject to the page's CSP: record every violation from the start.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener(
        'securitypolicyviolation',
        (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        true,
      );
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.close();
  });

  it('answers with citations and clears, with no CSP violation', async () => {
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const response = await page.goto(`${stack.demoUrl}/traffic/`);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    const w = widget(page);
    await w.open();
    await w.ask('How do I pay a traffic ticket?');
    const answer = await w.lastAnswerDone();
    const citation = w.citation(answer, 1);
    await citation.click();
    expect(await citation.getAttribute('aria-expanded')).toBe('true');

    // The panel is styled (constructable stylesheets applied) although <style> is forbidden.
    const styled = await page.evaluate(() => {
      const root = document.querySelector('amicus-widget')?.shadowRoot;
      const panel = root?.querySelector('.panel');
      return {
        sheets: root?.adoptedStyleSheets.length ?? 0,
        position: panel ? getComputedStyle(panel).position : '',
        styleElements: root?.querySelectorAll('style').length ?? 0,
        styleAttributes:
          (root?.querySelectorAll('[style]').length ?? 0) +
          document.querySelectorAll('amicus-widget[style]').length,
      };
    });
    expect(styled.sheets).toBeGreaterThanOrEqual(2);
    expect(styled.position).toBe('fixed');
    expect(styled.styleAttributes).toBe(0);
    expect(styled.styleElements).toBe(0);

    // Clearing asks first (it cannot be undone): the visitor confirms.
    page.once('dialog', (dialog) => void dialog.accept());
    await w.dialog.getByRole('button', { name: 'Clear conversation' }).click();
    await expect.poll(() => w.answers.count()).toBe(0);

    expect(await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('locks the page behind the mobile sheet without inline styles', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflow()).not.toBe('hidden');
    await w.open();
    expect(await overflow()).toBe('hidden');
    await page.keyboard.press('Escape');
    expect(await overflow()).not.toBe('hidden');
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
    const violations = () => page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations);
    expect(await violations()).toEqual([]);

    // The recorder itself works: an inline style element, which is what the widget avoids, is reported.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body{color:red}';
      document.head.append(style);
    });
    await expect.poll(async () => (await violations())?.length).toBe(1);
  });
});
