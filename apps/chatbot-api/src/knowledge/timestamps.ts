/** RFC 3339 UTC with six fractional digits, as the contract writes `created_at` (millisecond precision). */
export function rfc3339(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000Z`;
}
