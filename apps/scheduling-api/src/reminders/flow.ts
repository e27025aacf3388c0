import type { Db } from '../db/database.js';

/** One reminder of a flow: `days_before` the event's date, at `at` (HH:MM) agency time. */
export interface FlowStep {
  /** Stable name of the step, stored with each scheduled reminder. */
  step: string;
  days_before: number;
  at: string;
}

/** Reminder text per language; `{court}`, `{type}`, `{date}`, `{time}`, `{place}`, `{join}` are filled in. */
export interface FlowTemplates {
  subject: string;
  sms: string;
  email: string;
}

export interface Flow {
  steps: FlowStep[];
  templates: Record<string, FlowTemplates>;
}

/** The steps and texts of a flow (stored as JSON), or null for an unknown flow. */
export function flowOf(db: Db, uuid: string | null): Flow | null {
  if (uuid === null) return null;
  const row = db.prepare('SELECT steps FROM flows WHERE uuid = ?').get(uuid) as { steps: string } | undefined;
  return row ? (JSON.parse(row.steps) as Flow) : null;
}
