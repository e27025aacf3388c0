import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type Stack, type StackOptions, startStack, trackPageErrors } from './stack.js';

/** startTestRelay's default ADMIN_PASSWORD. */
export const ADMIN_PASSWORD = 'test-admin-password';

export interface AdminSession {
  stack: Stack;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Signs the page in to the admin app with the test password and waits for its first page. */
export async function signInAdmin(page: Page, relayUrl: string): Promise<void> {
  await page.goto(`${relayUrl}/admin/`);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Upload files' }).waitFor();
}

/** The whole stack, a desktop-sized browser page signed in to the admin app, and one close(). */
export async function startAdminSession(options?: StackOptions): Promise<AdminSession> {
  const [stack, browser] = await Promise.all([startStack(options), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await signInAdmin(page, stack.relayUrl);
  return {
    stack,
    browser,
    context,
    page,
    errors,
    async close() {
      await context.close();
      await browser.close();
      await stack.close();
    },
  };
}
