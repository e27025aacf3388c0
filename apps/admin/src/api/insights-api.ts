// The relay's "What people ask" report (GET /admin/api/insights) and its CSV export, and the public
// link staff can give a document (PUT /admin/api/documents/{id}/link). Wire shapes: @amicus/protocol/admin.
import type { InsightsBucket, WireDocumentLink, WireInsights } from '@amicus/protocol/admin';
import type { AdminApi } from './admin-api.js';

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

export function saveDocumentLink(
  api: AdminApi,
  id: string,
  link: { url: string | null; title: string | null },
): Promise<WireDocumentLink> {
  return api.request('PUT', `/documents/${encodeURIComponent(id)}/link`, link);
}
