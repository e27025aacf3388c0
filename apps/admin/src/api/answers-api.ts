import type { WireHelpContacts, WireHelpSettings, WireTryResult } from '@amicus/protocol/admin';
import type { AdminApi } from './admin-api.js';

// Calls of the Answers and Try it pages, on the shared AdminApi (its session, CSRF token and errors).

export function helpSettings(api: AdminApi): Promise<WireHelpSettings> {
  return api.request('GET', '/settings/help');
}

export function saveHelpSettings(api: AdminApi, help: WireHelpContacts): Promise<WireHelpSettings> {
  return api.request('PUT', '/settings/help', help);
}

/** Asks the live assistant one question and returns its answer with the reasons behind it. */
export function tryQuestion(api: AdminApi, question: string): Promise<WireTryResult> {
  return api.request('POST', '/try', { question });
}
