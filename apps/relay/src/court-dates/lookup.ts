import type { CourtHearing } from '@amicus/protocol';
import type { SchedulingClient } from '../scheduling/client.js';
import type { CourtDatesConfig } from './config.js';
import { isPast, publishedHearing } from './hearing.js';

export interface CaseHearings {
  hearings: CourtHearing[];
  /** Provider event uuids, same order; never sent to the browser. */
  eventUuids: string[];
}

const NONE: CaseHearings = { hearings: [], eventUuids: [] };

/** Upper case, no surrounding spaces: how case numbers are compared and hashed. */
export function normalizeCaseNumber(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Exact case-number look-up of upcoming hearings. A case with any event of a confidential type answers
 * exactly as an unknown one, and before any further request, so it also takes as long as one.
 */
export async function findHearings(
  client: SchedulingClient,
  config: CourtDatesConfig,
  caseNumber: string,
  fallbackZone: string,
): Promise<CaseHearings> {
  const events = (await client.eventsByCaseNumber(caseNumber)).filter(
    (e) =>
      typeof e.case_number === 'string' &&
      normalizeCaseNumber(e.case_number) === caseNumber &&
      !e.archived_at &&
      !e.deleted_at,
  );
  if (events.length === 0) return NONE;
  if (events.some((e) => config.confidentialTypes.includes((e.type ?? '').trim().toLowerCase()))) return NONE;
  const details = await Promise.all(events.map((e) => client.event(e.uuid)));
  const upcoming = details
    .filter((d) => !isPast(d) && !config.confidentialTypes.includes((d.type ?? '').trim().toLowerCase()))
    .map((d) => ({ uuid: d.uuid, hearing: publishedHearing(d, fallbackZone) }))
    .sort((a, b) =>
      `${a.hearing.date} ${a.hearing.time ?? ''}`.localeCompare(`${b.hearing.date} ${b.hearing.time ?? ''}`),
    );
  return { hearings: upcoming.map((u) => u.hearing), eventUuids: upcoming.map((u) => u.uuid) };
}
