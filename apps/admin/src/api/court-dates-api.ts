import type {
  WireConsentText,
  WireCourtDatesStatus,
  WireForgetResult,
  WireOutbox,
} from '@amicus/protocol/admin';
import type { AdminApi } from './admin-api.js';

// Calls of the "Court dates and reminders" page, on the shared AdminApi (its session, CSRF token and errors).

export function courtDatesStatus(api: AdminApi): Promise<WireCourtDatesStatus> {
  return api.request('GET', '/court-dates/status');
}

/** Saves a new version of the consent text of one language. */
export function saveConsentText(
  api: AdminApi,
  language: 'en' | 'es',
  text: string,
): Promise<WireConsentText> {
  return api.request('PUT', '/court-dates/consent', { language, text });
}

export function courtDatesOutbox(api: AdminApi): Promise<WireOutbox> {
  return api.request('GET', '/court-dates/outbox');
}

/** Deletes what the relay keeps of one phone or e-mail (sealed copies and consent-log rows). */
export function forgetDestination(
  api: AdminApi,
  channel: 'sms' | 'email',
  destination: string,
): Promise<WireForgetResult> {
  return api.request('POST', '/court-dates/forget', { channel, destination });
}

/** Where the consent-log CSV downloads from (a plain link: the session cookie goes with it). */
export function consentLogUrl(api: AdminApi): string {
  return `${api.base}/court-dates/consent-log`;
}
