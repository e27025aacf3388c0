import { type Browser, chromium, type Page } from 'playwright-core';

// Debian's Chromium, not a Playwright download: the team installs no browsers through npm, and CI
// (`.ci/run`) installs the `chromium` package. The flags keep it from reaching the network on its own.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Records uncaught page errors, console errors and CSP violations from the moment it is called, so a test can
 * assert that a journey produced none. Returns the live list.
 */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" does not name the resource; the location does.
    const where = message.location().url;
    errors.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  return errors;
}
