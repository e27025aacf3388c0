// The relay's "What people ask" report (`GET /admin/api/insights?days=&bucket=`; apps/relay/docs/admin-api.md,
// "What people ask"). Its CSV export (`/insights/export`) is a file, not JSON.

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
