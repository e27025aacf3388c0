/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Stack, startStack, trackPageErrors } from './support/stack.js';
import { widget } from './support/widget.js';

// Issue 5: the JS API works before the panel has loaded, the conversation follows the visitor across
// pages (sessionStorage by default, localStorage on opt-in), "Clear conversation" deletes it at the relay,
// the widget talks to no host but the relay, and loading it causes no layout shift and no long task.
// Variants of the embed use the demo site's own pages with `window.AmicusConfig` set by an init script
// (the documented alternative to data- attributes): a page fulfilled by `page.route` would count as a
// public address space and Chromium would refuse its requests to the loopback relay.

const QUESTION = 'How do I pay a traffic ticket?';

describe('widget JS API, persistence and host-page impact', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    contexts.push(context);
    return context;
  }

  /** Sets `window.AmicusConfig` before any page script of this context runs. */
  async function withConfig(context: BrowserContext, config: Record<string, unknown>): Promise<void> {
    await context.addInitScript((c) => {
      (window as { AmicusConfig?: unknown }).AmicusConfig = c;
    }, config);
  }

  const stored = (page: Page, storage: 'sessionStorage' | 'localStorage') =>
    page.evaluate((kind) => {
      const raw = window[kind].getItem('amicus:conversation');
      return raw ? (JSON.parse(raw) as { id: string; messages: unknown[] }) : null;
    }, storage);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  it('queues open, ask and on() made before the panel loads, then reports open and message', async () => {
    const context = await newContext();
    // Runs the moment the loader defines window.Amicus: the panel cannot have loaded yet.
    await context.addInitScript((question) => {
      const w = window as unknown as Record<string, unknown>;
      const events: unknown[] = [];
      w.__events = events;
      let api: unknown;
      Object.defineProperty(window, 'Amicus', {
        configurable: true,
        get: () => api,
        set(value: { on(n: string, f: (d: unknown) => void): void; ask(t: string): void }) {
          api = value;
          w.__panelLoadedAtCall = w.__amicusPanel !== undefined;
          for (const name of ['open', 'close', 'message', 'error'])
            value.on(name, (detail) => events.push([name, JSON.parse(JSON.stringify(detail ?? null))]));
          value.ask(question);
        },
      });
    }, QUESTION);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.demoUrl}/`);
    expect(await page.evaluate(() => (window as { __panelLoadedAtCall?: boolean }).__panelLoadedAtCall)).toBe(
      false,
    );
    const w = widget(page);
    await w.dialog.waitFor({ state: 'visible' });
    await w.lastAnswerDone();
    type Events = [string, { citations?: unknown[]; role?: string } | null][];
    const events = () => page.evaluate(() => (window as unknown as { __events: Events }).__events);
    await expect.poll(async () => (await events()).map(([name]) => name)).toEqual(['open', 'message']);
    const message = (await events())[1]?.[1];
    expect(message?.role).toBe('assistant');
    expect(message?.citations?.length).toBeGreaterThan(0);

    await page.evaluate(() => (window as unknown as { Amicus: { close(): void } }).Amicus.close());
    await w.dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => (window as unknown as { Amicus: { open(): void } }).Amicus.open());
    await w.dialog.waitFor({ state: 'visible' });
    expect((await events()).map(([name]) => name)).toEqual(['open', 'message', 'close', 'open']);
    expect(errors).toEqual([]);
  });

  it('resumes the conversation on another page, and not in another tab by default', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}/traffic/`);
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.lastAnswerDone();
    expect((await stored(page, 'sessionStorage'))?.messages).toHaveLength(2);
    expect(await stored(page, 'localStorage')).toBeNull();

    await page.goto(`${stack.demoUrl}/jury/`);
    const again = widget(page);
    await again.open();
    await again.dialog.getByText(QUESTION, { exact: true }).waitFor();
    await again.citation(again.answers.last(), 1).waitFor();

    // sessionStorage is per tab: a shared computer's next visitor in a new tab starts afresh.
    const other = await context.newPage();
    await other.goto(`${stack.demoUrl}/jury/`);
    const fresh = widget(other);
    await fresh.open();
    await fresh.dialog.getByRole('list', { name: 'Suggested questions' }).waitFor();
    expect(await fresh.answers.count()).toBe(0);
  });

  it('keeps the conversation in localStorage when the site opts in, and opens without taking focus', async () => {
    const context = await newContext();
    await withConfig(context, { storage: 'local', open: true });
    const url = `${stack.demoUrl}/small-claims/`;
    const page = await context.newPage();
    await page.goto(url);
    const w = widget(page);
    await w.dialog.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await w.ask(QUESTION);
    await w.lastAnswerDone();
    expect(await stored(page, 'localStorage')).not.toBeNull();
    expect(await stored(page, 'sessionStorage')).toBeNull();

    const other = await context.newPage();
    await other.goto(url);
    const again = widget(other);
    await again.dialog.getByText(QUESTION, { exact: true }).waitFor();
  });

  it('clears the conversation here and at the relay', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${stack.demoUrl}/`);
    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.lastAnswerDone();
    const saved = await stored(page, 'sessionStorage');
    expect(saved?.id).toBeTruthy();

    // Clearing asks first (it cannot be undone): the visitor confirms.
    page.once('dialog', (dialog) => void dialog.accept());
    await w.dialog.getByRole('button', { name: 'Clear conversation' }).click();
    await expect.poll(() => w.answers.count()).toBe(0);
    await w.dialog.getByRole('list', { name: 'Suggested questions' }).waitFor();
    expect(await stored(page, 'sessionStorage')).toBeNull();
    // The relay no longer has it, even for the token that created it.
    const status = await page.evaluate(
      async ({ relay, id }) => {
        const session = JSON.parse(sessionStorage.getItem('amicus:session') ?? '{}') as { token?: string };
        await new Promise((r) => setTimeout(r, 200));
        const res = await fetch(`${relay}/api/conversations/${id}`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        return res.status;
      },
      { relay: stack.relayUrl, id: saved?.id ?? '' },
    );
    expect(status).toBe(404);
  });

  it('loads with no layout shift, no long task and no request to any host but the relay', async () => {
    const context = await newContext();
    // Long animation frames (LoAF) attribute blocking work to scripts, so a long task can be pinned on
    // the widget — or not — even when a busy CI machine slows the host page itself.
    await context.addInitScript(() => {
      type Frame = PerformanceEntry & {
        blockingDuration: number;
        scripts: { sourceURL: string; duration: number }[];
      };
      const perf = { cls: 0, widgetLongTasks: [] as string[] };
      (window as { __perf?: typeof perf }).__perf = perf;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) perf.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries() as Frame[]) {
          for (const script of frame.scripts) {
            if (/\/(widget|panel[.\w]*)\.js/.test(script.sourceURL) && script.duration > 50)
              perf.widgetLongTasks.push(`${script.sourceURL} ${Math.round(script.duration)} ms`);
          }
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    });
    const perf = (page: Page) =>
      page.evaluate(
        () => (window as unknown as { __perf: { cls: number; widgetLongTasks: string[] } }).__perf,
      );
    // Script durations are wall-clock time: on a shared CI machine another process can stretch any script
    // past 50 ms. A widget that blocks would do so on every load, so one clean load out of three is the bar.
    const runs: { cls: number; widgetLongTasks: string[] }[] = [];
    let page: Page | undefined;
    const hosts = new Set<string>();
    for (let attempt = 0; attempt < 3; attempt++) {
      await page?.close();
      page = await context.newPage();
      page.on('request', (req) => hosts.add(new URL(req.url()).origin));
      await page.goto(`${stack.demoUrl}/`);
      // The panel loads on first intent (pointer over the launcher); wait for it and for its mount to settle.
      await widget(page).launcher.hover();
      await page.waitForFunction(() => (window as { __amicusPanel?: unknown }).__amicusPanel !== undefined);
      await page.waitForTimeout(500);
      runs.push(await perf(page));
      if (runs.at(-1)?.widgetLongTasks.length === 0) break;
    }
    if (!page) throw new Error('no page');
    expect(runs.every((r) => r.cls === 0)).toBe(true);
    expect(runs.at(-1)).toEqual({ cls: 0, widgetLongTasks: [] });

    const w = widget(page);
    await w.open();
    await w.ask(QUESTION);
    await w.lastAnswerDone();
    // The panel is position: fixed: opening it and streaming into it shift nothing on the page either.
    expect((await perf(page)).cls).toBe(0);
    expect([...hosts].sort()).toEqual([stack.demoUrl, stack.relayUrl].sort());
  });
});
