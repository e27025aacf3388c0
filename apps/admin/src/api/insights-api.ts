// The relay's "What people ask" report (GET /admin/api/insights) and its CSV export, and the public
// link staff can give a document (PUT /admin/api/documents/{id}/link). Wire shapes as on the network.
import type { AdminApi } from './admin-api.js';

export type InsightsBucket = 'day' | 'week';

export interface WireCitedPage {
  documentId: string;
  title: string;
  url: string | null;
}

export interface WireInsights {
  from: string;
  to: string;
  bucket: InsightsBucket;
  transcripts: boolean;
  totals: { declined: number; down: number; up: number };
  series: { period: string; declined: number; down: number; up: number }[];
  pages: (WireCitedPage & { down: number; up: number })[];
  groups: {
    label: string;
    count: number;
    declined: number;
    down: number;
    questions: string[];
    comments: string[];
    pages: WireCitedPage[];
    last: string;
  }[];
}

export interface InsightsQuery {
  days: number;
  bucket: InsightsBucket;
}

const search = (q: InsightsQuery) =>
  `?days=${encodeURIComponent(q.days)}&bucket=${encodeURIComponent(q.bucket)}`;

export function getInsights(api: AdminApi, q: InsightsQuery): Promise<WireInsights> {
  return api.request('GET', `/insights${search(q)}`);
}

/** Where the browser downloads the CSV (a plain GET with the session cookie; the relay audits it). */
export function insightsCsvHref(api: AdminApi, q: InsightsQuery): string {
  return `${api.base}/insights/export${search(q)}`;
}

export interface WireDocumentLink {
  document_id: string;
  url: string | null;
  title: string | null;
}

export function saveDocumentLink(
  api: AdminApi,
  id: string,
  link: { url: string | null; title: string | null },
): Promise<WireDocumentLink> {
  return api.request('PUT', `/documents/${encodeURIComponent(id)}/link`, link);
}
