// Callbacks passed to page.evaluate run in the browser: they need the DOM types (e2e/tsconfig has only ES libs).
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What to scan: a CSS selector, or selectors to include and exclude. A string array is a path through shadow
 * roots, e.g. `['amicus-widget', '.panel']`. Serializable on purpose: it crosses into the page.
 */
export type AxeScope = string | { include?: Array<string | string[]>; exclude?: Array<string | string[]> };

/** The bar the issues set: WCAG 2.1 A and AA (what the ADA Title II web rule requires). */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeCheckOptions {
  /** Rule tags to run; default WCAG 2.1 A and AA. Add `best-practice` for a stricter scan. */
  tags?: string[];
  /** Rule ids to skip. Each use deserves a comment at the call site saying why. */
  disableRules?: string[];
}

/**
 * Runs axe-core in the page (open shadow roots included, so the widget is scanned) and throws a readable
 * list of violations when there are any.
 *
 * axe is injected with `page.evaluate` rather than a `<script>` tag: DevTools evaluation is not subject to the
 * page's Content-Security-Policy, so this also works on the strict-CSP page without `bypassCSP`.
 */
export async function expectNoAxeViolations(
  page: Page,
  context?: AxeScope,
  options: AxeCheckOptions = {},
): Promise<void> {
  const results = await runAxe(page, context, options);
  if (results.violations.length > 0) {
    throw new Error(
      `axe found ${results.violations.length} violation(s) on ${page.url()}:\n${formatViolations(results.violations)}`,
    );
  }
}

export async function runAxe(
  page: Page,
  context?: AxeScope,
  options: AxeCheckOptions = {},
): Promise<AxeResults> {
  const injected = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  // Results cross back as a JSON string: Playwright's structural typing of AxeResults is too deep for tsc.
  const json = await page.evaluate(
    async ({ scope, tags, rules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run((scope as import('axe-core').ElementContext | null) ?? document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return JSON.stringify(results);
    },
    { scope: (context ?? null) as unknown, tags: options.tags ?? WCAG21_AA_TAGS, rules },
  );
  return JSON.parse(json) as AxeResults;
}

export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    at ${JSON.stringify(n.target)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    …and ${v.nodes.length - 5} more` : '';
      return `- ${v.id} (${v.impact ?? 'unknown impact'}): ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}
