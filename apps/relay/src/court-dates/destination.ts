import type { ReminderChannel } from '@amicus/protocol';

/** A destination in one canonical form, so the same phone typed two ways has one lookup hash. */
export function normalizeDestination(channel: ReminderChannel, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 254) return undefined;
  const text = value.trim();
  if (channel === 'email') {
    // Deliberately simple: one @, a dot in the domain, no spaces. The code message proves the rest.
    return /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(text) ? text.toLowerCase() : undefined;
  }
  if (!/^\+?[\d\s().-]{7,24}$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  // E.164: up to 15 digits. Ten digits without a country code are read as North American (+1).
  if (text.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : undefined;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}
