// Callbacks passed to page.evaluate run in the browser: they need the DOM types (e2e/tsconfig has only ES libs).
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Locator, Page } from 'playwright-core';

// One place that knows how the widget looks to a user, by role and accessible name (English and Spanish),
// so journeys read like what a visitor does. Playwright's locators pierce the widget's open shadow root.

export interface WidgetDriver {
  /** The `<amicus-widget>` host element; every locator below is scoped to it. */
  host: Locator;
  launcher: Locator;
  dialog: Locator;
  input: Locator;
  send: Locator;
  /** Assistant messages, oldest first. */
  answers: Locator;
  /** Open the panel with the launcher and wait until the question box is ready. */
  open(): Promise<void>;
  /** Type a question and send it with Enter (the panel must be open). */
  ask(text: string): Promise<void>;
  /** Wait until the last answer has finished streaming; returns it. */
  lastAnswerDone(timeoutMs?: number): Promise<Locator>;
  /** The inline `[Source n]` button of an answer (its name is "Source n: <title>"). */
  citation(answer: Locator, n: number): Locator;
  /**
   * Starts watching the panel (open it first). The returned function reports whether an answer was seen in
   * its streaming state (`aria-busy="true"`) and how many distinct text lengths it showed while streaming.
   */
  watchStreaming(): Promise<() => Promise<StreamingSeen>>;
}

export interface StreamingSeen {
  sawStreaming: boolean;
  /** Distinct partial lengths rendered while streaming; above 1 means the text grew in steps. */
  steps: number;
}

export function widget(page: Page): WidgetDriver {
  const host = page.locator('amicus-widget');
  const launcher = host.getByRole('button', { name: /^(Ask a question|Haga una pregunta)$/ });
  const dialog = host.getByRole('dialog');
  const input = dialog.getByRole('textbox', { name: /^(Your question|Su pregunta)$/ });
  const send = dialog.locator('form button[type="submit"]');
  const answers = dialog.locator('.msg.bot');
  return {
    host,
    launcher,
    dialog,
    input,
    send,
    answers,
    async open() {
      await launcher.click();
      await input.waitFor({ state: 'visible' });
    },
    async ask(text) {
      await input.fill(text);
      await input.press('Enter');
    },
    async lastAnswerDone(timeoutMs = 30_000) {
      const last = answers.last();
      await last.waitFor({ state: 'visible', timeout: timeoutMs });
      // The answer carries aria-busy="true" while tokens arrive.
      await dialog.locator('.msg.bot[aria-busy="false"]').last().waitFor({ timeout: timeoutMs });
      await page.waitForFunction(
        () =>
          !document.querySelector('amicus-widget')?.shadowRoot?.querySelector('.msg.bot[aria-busy="true"]'),
        undefined,
        { timeout: timeoutMs },
      );
      return answers.last();
    },
    async watchStreaming() {
      const handle = await page.evaluateHandle(() => {
        const root = document.querySelector('amicus-widget')?.shadowRoot;
        if (!root) throw new Error('the widget has no shadow root yet: open it first');
        const seen = { busy: false, lengths: new Set<number>() };
        const observer = new MutationObserver(() => {
          const streaming = root.querySelector('.msg.bot[aria-busy="true"]');
          if (!streaming) return;
          seen.busy = true;
          seen.lengths.add(streaming.textContent?.length ?? 0);
        });
        observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
        return { seen, observer };
      });
      return async () => {
        const result = await handle.evaluate(({ seen, observer }) => {
          observer.disconnect();
          return { sawStreaming: seen.busy, steps: seen.lengths.size };
        });
        await handle.dispose();
        return result;
      };
    },
    citation(answer, n) {
      return answer.getByRole('button', { name: new RegExp(`^(Source|Fuente) ${n}:`) }).first();
    },
  };
}
