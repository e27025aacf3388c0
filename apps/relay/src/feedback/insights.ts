import type { InsightsBucket, WireInsights } from '@amicus/protocol/admin';
import type { SqlClient } from '../storage/sql.js';
import type { CitedDocument } from './feedback-store.js';
import { groupBySimilarity } from './similar-questions.js';

/** One thing staff may want to act on: a declined question or a rated answer. */
export interface InsightEvent {
  kind: 'declined' | 'down' | 'up';
  at: string;
  question: string | null;
  comment: string | null;
  cited: CitedDocument[];
}

// A page of the admin shows the recent past; far more rows would say nothing more.
const MAX_EVENTS = 20_000;
const MAX_GROUP_TEXTS = 20;
const MAX_GROUPS = 100;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const parseCited = (value: unknown): CitedDocument[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as CitedDocument[]) : [];
};

/** The events of `[from, to)`, oldest first. */
export async function loadEvents(sql: SqlClient, from: Date, to: Date): Promise<InsightEvent[]> {
  const ratings = await sql.query<{
    rating: 'up' | 'down';
    created_at: Date | string;
    question: string | null;
    comment: string | null;
    cited: unknown;
  }>(
    `SELECT rating, created_at, question, comment, cited FROM feedback_ratings
     WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC LIMIT ${MAX_EVENTS}`,
    [from.toISOString(), to.toISOString()],
  );
  const declined = await sql.query<{ created_at: Date | string; question: string | null }>(
    `SELECT created_at, question FROM feedback_declined
     WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC LIMIT ${MAX_EVENTS}`,
    [from.toISOString(), to.toISOString()],
  );
  const events: InsightEvent[] = [
    ...ratings.map((r) => ({
      kind: r.rating,
      at: iso(r.created_at),
      question: r.question,
      comment: r.comment,
      cited: parseCited(r.cited),
    })),
    ...declined.map((d) => ({
      kind: 'declined' as const,
      at: iso(d.created_at),
      question: d.question,
      comment: null,
      cited: [],
    })),
  ];
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** The start of the period `at` falls in, as `YYYY-MM-DD` (UTC; weeks start on Monday). */
export function periodOf(at: Date, bucket: InsightsBucket): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (bucket === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

function seriesOf(events: readonly InsightEvent[], from: Date, to: Date, bucket: InsightsBucket) {
  const series = new Map<string, { period: string; declined: number; down: number; up: number }>();
  const step = bucket === 'week' ? 7 : 1;
  for (let d = new Date(periodOf(from, bucket)); d < to; d.setUTCDate(d.getUTCDate() + step)) {
    const period = d.toISOString().slice(0, 10);
    series.set(period, { period, declined: 0, down: 0, up: 0 });
  }
  for (const e of events) {
    const row = series.get(periodOf(new Date(e.at), bucket));
    if (row) row[e.kind]++;
  }
  return [...series.values()];
}

function pagesOf(events: readonly InsightEvent[]): WireInsights['pages'] {
  const pages = new Map<string, WireInsights['pages'][number]>();
  for (const e of events) {
    if (e.kind === 'declined') continue;
    for (const doc of e.cited) {
      const key = doc.documentId || doc.url || doc.title;
      const page = pages.get(key) ?? {
        documentId: doc.documentId,
        title: doc.title,
        url: doc.url,
        down: 0,
        up: 0,
      };
      page[e.kind]++;
      pages.set(key, page);
    }
  }
  return [...pages.values()].sort((a, b) => b.down - a.down || b.up - a.up || a.title.localeCompare(b.title));
}

type TextEvent = InsightEvent & { question: string };

/** Declined and thumbs-down events with a question, grouped, each group with its most asked text. */
function labelledGroups(
  events: readonly InsightEvent[],
): { label: string; items: TextEvent[]; counts: [string, number][] }[] {
  const texts = events.filter((e): e is TextEvent => e.kind !== 'up' && e.question !== null);
  return groupBySimilarity(texts, (e) => e.question).map((group) => {
    const counts = new Map<string, number>();
    // Newest first, so among texts asked equally often the latest wording labels the group.
    for (const e of [...group.items].reverse()) counts.set(e.question, (counts.get(e.question) ?? 0) + 1);
    const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    return { label: byCount[0]?.[0] ?? '', items: group.items, counts: byCount };
  });
}

export function groupsOf(events: readonly InsightEvent[]): WireInsights['groups'] {
  const groups = labelledGroups(events).map(({ label, items, counts }) => {
    const pages = new Map<string, CitedDocument>();
    for (const e of items) for (const doc of e.cited) pages.set(doc.documentId || doc.title, doc);
    return {
      label,
      count: items.length,
      declined: items.filter((e) => e.kind === 'declined').length,
      down: items.filter((e) => e.kind === 'down').length,
      questions: counts.slice(0, MAX_GROUP_TEXTS).map(([text]) => text),
      comments: items
        .map((e) => e.comment)
        .filter((c): c is string => c !== null)
        .slice(-MAX_GROUP_TEXTS),
      pages: [...pages.values()],
      last: items.at(-1)?.at ?? '',
    };
  });
  return groups.sort((a, b) => b.count - a.count || b.last.localeCompare(a.last)).slice(0, MAX_GROUPS);
}

export function buildReport(
  events: readonly InsightEvent[],
  range: { from: Date; to: Date; bucket: InsightsBucket; transcripts: boolean },
): WireInsights {
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    bucket: range.bucket,
    transcripts: range.transcripts,
    totals: {
      declined: events.filter((e) => e.kind === 'declined').length,
      down: events.filter((e) => e.kind === 'down').length,
      up: events.filter((e) => e.kind === 'up').length,
    },
    series: seriesOf(events, range.from, range.to, range.bucket),
    pages: pagesOf(events),
    groups: groupsOf(events),
  };
}

const FORMULA = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180); a leading =, +, - or @ is defused so a spreadsheet never runs visitor text. */
export function csvField(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Every event as a CSV row, with the similarity group it belongs to. */
export function eventsCsv(events: readonly InsightEvent[]): string {
  const groupOf = new Map<InsightEvent, string>();
  for (const g of labelledGroups(events)) for (const e of g.items) groupOf.set(e, g.label);
  const rows = [['kind', 'at', 'question', 'comment', 'group', 'cited_titles', 'cited_urls']];
  for (const e of events) {
    rows.push([
      e.kind,
      e.at,
      e.question ?? '',
      e.comment ?? '',
      groupOf.get(e) ?? '',
      e.cited.map((d) => d.title).join(' | '),
      e.cited.map((d) => d.url ?? '').join(' | '),
    ]);
  }
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
