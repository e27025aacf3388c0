import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Stack, startStack } from './support/stack.js';
import { widget } from './support/widget.js';

// The questions the demo site suggests in its widget (data-suggestions on its English and Spanish
// pages) must be answered right: the page that answers them cited, and the fact a visitor needs in
// the answer. Each is asked by pressing the suggestion, as a visitor would, in a fresh visit.
const CASES = [
  { page: '/', question: 'How do I pay a traffic ticket?', cited: '/traffic/', phrase: /online/i },
  { page: '/', question: 'What should I bring for jury duty?', cited: '/jury/', phrase: /photo ID/i },
  {
    page: '/',
    question: 'Where do I park at the courthouse?',
    cited: '/locations/',
    phrase: /150 Main Street/,
  },
  {
    page: '/es/',
    question: '¿Cómo pago una multa de tránsito?',
    cited: '/es/multas-de-transito/',
    phrase: /tarjeta|internet|correo/i,
  },
  {
    page: '/es/',
    question: '¿Qué debo llevar al servicio de jurado?',
    cited: '/es/servicio-de-jurado/',
    phrase: /identificación con foto/i,
  },
  {
    page: '/es/',
    question: '¿Dónde me estaciono?',
    cited: '/es/ubicaciones-y-horario/',
    phrase: /150 Main Street/,
  },
];

describe("the demo site's suggested questions", () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const c of CASES) {
    it(`answers "${c.question}" from ${c.cited}`, async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${stack.demoUrl}${c.page}`);
        const w = widget(page);
        await w.open();
        await w.dialog.getByRole('button', { name: c.question }).click();
        const answer = await w.lastAnswerDone();
        // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a visitor reads.
        expect(await answer.innerText()).toMatch(c.phrase);
        const links = await answer
          .locator('a[href]')
          .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        expect(links).toContain(c.cited);
      } finally {
        await context.close();
      }
    });
  }
});
