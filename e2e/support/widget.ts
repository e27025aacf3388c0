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

/** A citation as the upstream (chatbot-api) sends it, for `plantedAnswers`. */
export interface UpstreamCitation {
  source_index: number;
  document_id: string;
  source_filename: string;
  chunk_index: number;
  text_preview: string;
  score: number;
  title?: string;
}

/**
 * A stand-in for the upstream's answer, injected as the relay's `fetch`: while an answer is planted, the
 * relay's next answer stream is that answer, in the upstream's wire format (deltas of a few words, the done
 * frame with its citations, `[DONE]`); every other request reaches the real chatbot-api. It lets a test fix
 * the exact text a page could make an answer quote, and still run the real relay and widget.
 */
export function plantedAnswers() {
  const planted: { content: string; citations: UpstreamCitation[]; hold?: Promise<void> | undefined }[] = [];
  const fetchWithPlants: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const next = init?.method === 'POST' && /\/conversations\/[^/]+\/messages$/.test(url) && planted.shift();
    if (!next) return fetch(input, init);
    const cid = url.split('/').at(-2) ?? '';
    const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
    const words = next.content.match(/\S+\s*/g) ?? [];
    const deltas: string[] = [];
    for (let i = 0; i < words.length; i += 4)
      deltas.push(frame({ conversation_id: cid, delta: { content: words.slice(i, i + 4).join('') } }));
    const done = frame({
      conversation_id: cid,
      message: { role: 'assistant', content: next.content, citations: next.citations },
      done: true,
    });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const half = next.hold ? Math.ceil(deltas.length / 2) : deltas.length;
        controller.enqueue(encoder.encode(deltas.slice(0, half).join('')));
        await next.hold;
        controller.enqueue(encoder.encode(`${deltas.slice(half).join('')}${done}data: [DONE]\n\n`));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return {
    fetch: fetchWithPlants,
    /**
     * The next answer the relay streams is `content` citing `citations`; with `hold`, the first half of its
     * text streams at once, and the rest and the done frame (which brings the citations) wait for `hold`.
     */
    plant(content: string, citations: UpstreamCitation[] = [], hold?: Promise<void>) {
      planted.push({ content, citations, hold });
    },
  };
}
