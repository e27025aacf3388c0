// Hash routing (`/admin/#/documents`) so every screen is reachable by URL without the relay needing a
// catch-all for deep links, and reloads never 404.

export type Route =
  | { name: 'upload' }
  | { name: 'crawl' }
  | { name: 'jobs' }
  | { name: 'job'; kind: 'ingest' | 'crawl'; id: string }
  | { name: 'documents' }
  | { name: 'document'; id: string }
  | { name: 'try' }
  | { name: 'answers' }
  | { name: 'insights' }
  | { name: 'embed' }
  | { name: 'court-dates' }
  | { name: 'audit' };

export const NAV_ITEMS = [
  { name: 'upload', label: 'Upload', href: '#/upload' },
  { name: 'crawl', label: 'Crawl', href: '#/crawl' },
  { name: 'jobs', label: 'Jobs', href: '#/jobs' },
  { name: 'documents', label: 'Documents', href: '#/documents' },
  { name: 'try', label: 'Try it', href: '#/try' },
  { name: 'answers', label: 'Answers', href: '#/answers' },
  { name: 'insights', label: 'What people ask', href: '#/insights' },
  { name: 'embed', label: 'Embed', href: '#/embed' },
  { name: 'court-dates', label: 'Court dates and reminders', href: '#/court-dates' },
  { name: 'audit', label: 'Audit log', href: '#/audit' },
] as const;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const [head, a, b] = parts;
  switch (head) {
    case 'crawl':
      return { name: 'crawl' };
    case 'jobs':
      if ((a === 'ingest' || a === 'crawl') && b) return { name: 'job', kind: a, id: b };
      return { name: 'jobs' };
    case 'documents':
      return a ? { name: 'document', id: a } : { name: 'documents' };
    case 'insights':
      return { name: 'insights' };
    case 'try':
      return { name: 'try' };
    case 'answers':
      return { name: 'answers' };
    case 'embed':
      return { name: 'embed' };
    case 'court-dates':
      return { name: 'court-dates' };
    case 'audit':
      return { name: 'audit' };
    default:
      return { name: 'upload' };
  }
}

export function jobHref(kind: 'ingest' | 'crawl', id: string): string {
  return `#/jobs/${kind}/${encodeURIComponent(id)}`;
}

export function documentHref(id: string): string {
  return `#/documents/${encodeURIComponent(id)}`;
}

/** Which nav item is current for a route (detail views belong to their list). */
export function navNameOf(route: Route): string {
  if (route.name === 'job') return 'jobs';
  if (route.name === 'document') return 'documents';
  return route.name;
}
